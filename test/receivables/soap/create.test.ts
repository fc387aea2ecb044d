// createSimpleInvoice (spec 000 § SOAP invoice service; real-product-facts § SOAP InvoiceService:
// element names and order, REST-to-SOAP names, result and application fault shape). It goes through
// the REST create path: every Invoices Create rule and error code applies (spec 000 § Invoices).
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_HEADER, SAMPLE_LINES } from '../../../src/engine/products/receivables/soap/examples.ts';
import { REST } from '../framework/support.ts';
import { serviceError, soapEnv, type SoapAnswer, type SoapEnv } from './helpers.ts';

let s: SoapEnv;
beforeEach(async () => {
  s = await soapEnv();
});

const INVOICES = `${REST}/receivablesInvoices`;
const idOf = (a: SoapAnswer) => String(a.doc.Envelope.Body.createSimpleInvoiceResponse.result.CustomerTrxId);
const count = async () => (await s.json(`${INVOICES}?limit=1&totalResults=true`)).body.totalResults as number;

describe('createSimpleInvoice: success', () => {
  it('answers 200 text/xml with result > CustomerTrxId, TransactionNumber, ServiceStatus SUCCESS in the declared namespaces and order', async () => {
    const a = await s.post(s.envelope());
    expect(a.status).toBe(200);
    expect(a.contentType).toBe('text/xml; charset=utf-8');
    const id = idOf(a);
    expect(id).toMatch(/^\d{15,18}$/);
    expect(a.text).toMatch(
      /<ns0:createSimpleInvoiceResponse xmlns:ns0="[^"]+\/invoiceService\/types\/" xmlns:ns1="[^"]+\/invoiceService\/"><ns0:result><ns1:CustomerTrxId>\d+<\/ns1:CustomerTrxId><ns1:TransactionNumber>INV-\d+<\/ns1:TransactionNumber><ns1:ServiceStatus>SUCCESS<\/ns1:ServiceStatus><\/ns0:result>/,
    );
    expect(a.doc.Envelope.Body.createSimpleInvoiceResponse.result.TransactionNumber).toBe(`INV-${id}`);
  });

  it('is visible in REST at once, with the REST names of the SOAP elements (TrxDate, BillToAccountNumber, BillToLocation, PaymentTermsName)', async () => {
    const a = await s.post(s.envelope({ ...SAMPLE_HEADER, TrxDate: '2026-03-01', BillToCustomerName: 'Acme Manufacturing Corp' }));
    expect(a.status).toBe(200);
    const { status, body } = await s.json(`${INVOICES}/${idOf(a)}?expand=receivablesInvoiceLines,receivablesInvoiceInstallments`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      BusinessUnit: 'US1 Business Unit', TransactionSource: 'Manual', TransactionType: 'Invoice', TransactionDate: '2026-03-01',
      BillToCustomerNumber: '10010', BillToCustomerName: 'Acme Manufacturing Corp', BillToSite: 'Acme Chicago HQ', PaymentTerms: '30 NET',
      InvoiceCurrencyCode: 'USD', InvoiceStatus: 'Complete', EnteredAmount: 3473, InvoiceBalanceAmount: 3473,
    });
    expect(body.receivablesInvoiceLines.map((l: any) => [l.LineNumber, l.Description, l.Quantity, l.UnitSellingPrice, l.LineAmount])).toEqual([ // any: REST JSON
      [1, 'Hydraulic pump assembly HP-200', 2, 1450, 2900],
      [2, 'On-site installation', 6, 95.5, 573],
    ]);
    expect(body.receivablesInvoiceInstallments).toHaveLength(1);
    expect(body.receivablesInvoiceInstallments[0].InstallmentDueDate).toBe('2026-03-31');
  });

  it('creates the same invoice as POST receivablesInvoices with the same content (one create path)', async () => {
    const a = await s.post(s.envelope());
    const rest = await s.json(INVOICES, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        BusinessUnit: 'US1 Business Unit', TransactionSource: 'Manual', TransactionType: 'Invoice', BillToCustomerNumber: '10010', BillToSite: 'Acme Chicago HQ',
        PaymentTerms: '30 NET', InvoiceCurrencyCode: 'USD',
        receivablesInvoiceLines: SAMPLE_LINES.map((l) => ({ LineNumber: l.LineNumber, Description: l.Description, Quantity: Number(l.Quantity), UnitSellingPrice: Number(l.UnitSellingPrice) })),
      }),
    });
    expect(rest.status).toBe(201);
    const soapInv = (await s.json(`${INVOICES}/${idOf(a)}?expand=all&onlyData=true`)).body;
    const restInv = (await s.json(`${INVOICES}/${rest.body.CustomerTransactionId}?expand=all&onlyData=true`)).body;
    const strip = (inv: any): unknown => JSON.parse(JSON.stringify(inv, (k, v) => (/(Id|TransactionNumber|LastUpdateDate)$/.test(k) ? undefined : v))); // any: REST JSON
    expect(strip(soapInv)).toEqual(strip(restInv));
  });

  it('is seen by incremental sync (LastUpdateDate watermark) like any created invoice', async () => {
    const before = (await s.json(`${INVOICES}?orderBy=LastUpdateDate:desc&limit=1`)).body.items[0].LastUpdateDate as string;
    const a = await s.post(s.envelope());
    const changed = await s.json(`${INVOICES}?q=${encodeURIComponent(`LastUpdateDate > '${before}'`)}`);
    expect(changed.body.items.map((i: { CustomerTransactionId: number }) => String(i.CustomerTransactionId))).toEqual([idOf(a)]);
  });

  it('accepts empty and xsi:nil elements as absent, dates with a time zone, and an empty SOAPAction', async () => {
    const nil = '\n        <inv:BillToCustomerName xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>\n        <inv:TrxDate>2026-03-02Z</inv:TrxDate>';
    const a = await s.post(s.envelope({ ...SAMPLE_HEADER, BillToLocation: '' }, SAMPLE_LINES, nil), { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' });
    expect(a.status).toBe(200);
    const inv = (await s.json(`${INVOICES}/${idOf(a)}`)).body;
    expect(inv.TransactionDate).toBe('2026-03-02');
    expect(inv.BillToSite).not.toBeNull(); // absent: the customer's first bill-to site, as in REST
  });

  it('reads values in CDATA and with entities exactly', async () => {
    const a = await s.post(s.envelope(SAMPLE_HEADER, [{ ...SAMPLE_LINES[0], Description: 'Pump & <valve> "A"' } as (typeof SAMPLE_LINES)[0]]).replace('<inv:InvoiceCurrencyCode>USD', '<inv:InvoiceCurrencyCode><![CDATA[USD]]>'));
    expect(a.status).toBe(200);
    const lines = (await s.json(`${INVOICES}/${idOf(a)}/child/receivablesInvoiceLines`)).body.items;
    expect(lines[0].Description).toBe('Pump & <valve> "A"');
  });
});

describe('createSimpleInvoice: application faults (HTTP 500, env:Server, ServiceErrorMessage with the REST code)', () => {
  it('AR-1010 for an unknown customer, naming BillToAccountNumber', async () => {
    const a = await s.post(s.envelope({ ...SAMPLE_HEADER, BillToAccountNumber: '99999', BillToLocation: '' }));
    expect(a.status).toBe(500);
    expect(a.fault?.faultcode).toBe('env:Server');
    expect(a.fault?.faultstring).toBe('AR-1010: No customer account with number 99999 exists.');
    const e = serviceError(a);
    expect(e.code).toBe('AR-1010');
    expect(a.text).toContain('<tns:ServiceErrorMessage xmlns:tns="http://xmlns.oracle.com/adf/svc/errors/">');
    expect(a.text).toContain('<tns:severity>SEVERITY_ERROR</tns:severity><tns:exceptionClassName>');
    expect(e.detail).toEqual([{ code: 'AR-1010', message: 'No customer account with number 99999 exists.', severity: 'SEVERITY_ERROR', attributeName: 'BillToAccountNumber', objectName: 'invoiceHeaderInformation' }]);
  });

  it('AR-1000 lists every missing element in SOAP names, lines by position', async () => {
    const a = await s.post(s.envelope({ BillToAccountNumber: '10010' }, [{ Quantity: '1', UnitSellingPrice: '' }]));
    const e = serviceError(a);
    expect(e.code).toBe('AR-1000');
    expect(e.message).toBe('Required attributes are missing: BusinessUnit, TransactionType, TransactionSource, InvoiceCurrencyCode, InvoiceLine[1]/UnitSellingPrice.');
    expect(e.detail.map((d) => [d.attributeName, d.objectName])).toEqual([
      ['BusinessUnit', 'invoiceHeaderInformation'], ['TransactionType', 'invoiceHeaderInformation'], ['TransactionSource', 'invoiceHeaderInformation'],
      ['InvoiceCurrencyCode', 'invoiceHeaderInformation'], ['UnitSellingPrice', 'InvoiceLine[1]'],
    ]);
  });

  it.each([
    ['AR-1001 without lines', { lines: [] }, 'AR-1001', 'InvoiceLine'],
    ['AR-1030 disabled currency', { header: { ...SAMPLE_HEADER, InvoiceCurrencyCode: 'DEM' }, lines: [{ Quantity: '1', UnitSellingPrice: '10' }] }, 'AR-1030', 'InvoiceCurrencyCode'],
    ['SIM-REST-4009 unknown payment terms', { header: { ...SAMPLE_HEADER, PaymentTermsName: 'NEVER' } }, 'SIM-REST-4009', 'PaymentTermsName'],
    ['SIM-REST-4009 a date that is not a date', { header: { ...SAMPLE_HEADER, TrxDate: '2026-02-30x' } }, 'SIM-REST-4009', 'TrxDate'],
    ['SIM-REST-4009 a quantity that is not a number', { lines: [{ Quantity: 'two', UnitSellingPrice: '1' }] }, 'SIM-REST-4009', 'Quantity'],
    ['SIM-REST-4011 five decimals', { lines: [{ Quantity: '1', UnitSellingPrice: '1.00001' }] }, 'SIM-REST-4011', 'UnitSellingPrice'],
    ['SIM-REST-4011 digits a double would round away', { lines: [{ Quantity: '1', UnitSellingPrice: '1.000000000000000000001' }] }, 'SIM-REST-4011', 'UnitSellingPrice'],
    ['SIM-REST-4013 out of range', { lines: [{ Quantity: '1', UnitSellingPrice: '123456789012345678901' }] }, 'SIM-REST-4013', 'UnitSellingPrice'],
    ['SIM-REST-4010 too long', { header: { ...SAMPLE_HEADER, PaymentTermsName: 'X'.repeat(16) } }, 'SIM-REST-4010', 'PaymentTermsName'],
    ['SIM-REST-4009 currencyCode differing from the invoice', { lines: [{ Quantity: '1', UnitSellingPrice: '1', currencyCode: 'EUR' }] }, 'SIM-REST-4009', 'UnitSellingPrice/@currencyCode'],
    ['SIM-SOAP-4001 a unit other than Ea', { lines: [{ Quantity: '1', UnitSellingPrice: '1', unitCode: 'BOX' }] }, 'SIM-SOAP-4001', 'Quantity/@unitCode'],
  ])('%s', async (_name, input: { header?: Record<string, string>; lines?: any[] }, code, attributeName) => { // any: line shapes under test
    const before = await count();
    const a = await s.post(s.envelope(input.header ?? SAMPLE_HEADER, input.lines ?? SAMPLE_LINES));
    expect(a.status).toBe(500);
    expect(a.fault?.faultcode).toBe('env:Server');
    const e = serviceError(a);
    expect(e.code).toBe(code);
    expect(e.detail[0]?.attributeName).toBe(attributeName);
    expect(await count()).toBe(before); // a failed write changes nothing
  });
});

describe('createSimpleInvoice: elements the simulator does not support are refused by name (SIM-SOAP-4001/4002)', () => {
  it.each(['GlDate', 'ConversionRateType', 'ConversionRate'])('header element %s', async (name) => {
    const a = await s.post(s.envelope(SAMPLE_HEADER, SAMPLE_LINES, `\n<inv:${name}>1</inv:${name}>`));
    expect(a.status).toBe(500);
    const e = serviceError(a);
    expect([e.code, e.detail[0]?.attributeName, e.detail[0]?.objectName]).toEqual(['SIM-SOAP-4001', name, 'invoiceHeaderInformation']);
    expect(e.message).toContain(name);
  });

  it.each(['ItemNumber', 'MemoLineName', 'TaxClassificationCode', 'SalesOrder', 'SalesOrderLine'])('line element %s', async (name) => {
    const a = await s.post(s.envelope().replace('<inv:LineNumber>2</inv:LineNumber>', `<inv:LineNumber>2</inv:LineNumber><inv:${name}>X</inv:${name}>`));
    const e = serviceError(a);
    expect([e.code, e.detail[0]?.attributeName, e.detail[0]?.objectName]).toEqual(['SIM-SOAP-4001', name, 'InvoiceLine[2]']);
  });

  it('an unknown element, a REST name, an element in the wrong namespace, an unknown attribute', async () => {
    const cases: [string, string][] = [
      ['<inv:Foo>1</inv:Foo>', 'Foo'],
      ['<inv:PaymentTerms>30 NET</inv:PaymentTerms>', 'PaymentTerms'],
      ['<typ:TrxDate>2026-03-01</typ:TrxDate>', 'TrxDate'],
      ['<TrxDate xmlns="">2026-03-01</TrxDate>', 'TrxDate'],
    ];
    for (const [xml, name] of cases) {
      const e = serviceError(await s.post(s.envelope(SAMPLE_HEADER, SAMPLE_LINES, xml)));
      expect([e.code, e.detail[0]?.attributeName], xml).toEqual(['SIM-SOAP-4001', name]);
    }
    const attr = serviceError(await s.post(s.envelope().replace('<inv:BusinessUnit>', '<inv:BusinessUnit lang="en">')));
    expect([attr.code, attr.detail[0]?.attributeName]).toEqual(['SIM-SOAP-4001', 'BusinessUnit/@lang']);
  });

  it('an element sent twice (SIM-SOAP-4002)', async () => {
    const e = serviceError(await s.post(s.envelope(SAMPLE_HEADER, SAMPLE_LINES, '<inv:BusinessUnit>US2 Business Unit</inv:BusinessUnit>')));
    expect([e.code, e.detail[0]?.attributeName]).toEqual(['SIM-SOAP-4002', 'BusinessUnit']);
  });

  it('structure the schema does not allow is MalformedXml (400): text in a complex element, elements in a simple one, a second header', async () => {
    for (const body of [
      s.envelope().replace('<typ:invoiceHeaderInformation>', '<typ:invoiceHeaderInformation>stray text'),
      s.envelope().replace('<inv:BusinessUnit>US1 Business Unit</inv:BusinessUnit>', '<inv:BusinessUnit><inv:x/></inv:BusinessUnit>'),
      s.envelope().replace('</typ:invoiceHeaderInformation>', '</typ:invoiceHeaderInformation><typ:invoiceHeaderInformation/>'),
      s.envelope().replace(/<typ:invoiceHeaderInformation>[\s\S]*<\/typ:invoiceHeaderInformation>/, ''),
    ]) {
      const a = await s.post(body);
      expect([a.status, a.fault?.faultcode]).toEqual([400, 'env:Client.MalformedXml']);
    }
  });
});
