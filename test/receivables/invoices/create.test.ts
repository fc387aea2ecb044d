// spec 000 § Invoices, Create rules 1-5; § Invoice table; § Invoice line table.
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const line = (Quantity: number, UnitSellingPrice: number, extra: Record<string, unknown> = {}) => ({ Description: 'Item', Quantity, UnitSellingPrice, ...extra });

describe('invoice create', () => {
  it('201 with Location, generated id and INV-<id> number, totals from lines (Create rules; Invoice table)', async () => {
    const res = await api.call('POST', INVOICES, createBody());
    expect(res.status).toBe(201);
    const inv = res.body;
    expect(String(inv.CustomerTransactionId)).toMatch(/^\d{15,18}$/);
    expect(inv.TransactionNumber).toBe(`INV-${inv.CustomerTransactionId}`);
    expect(res.headers.get('location')).toMatch(new RegExp(`${INVOICES}/${inv.CustomerTransactionId}$`));
    expect(inv.EnteredAmount).toBe(975.5);
    expect(inv.InvoiceBalanceAmount).toBe(975.5);
    expect(inv.InvoiceStatus).toBe('Complete');
    expect(inv.TransactionDate).toBe('2026-03-15'); // defaults to today
    expect(inv.PaymentTerms).toBe('IMMEDIATE'); // default IMMEDIATE
    expect(inv.DueDate).toBe('2026-03-15');
    expect(inv.LastUpdateDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
    expect(inv.receivablesInvoiceLines.map((l: { LineNumber: number }) => l.LineNumber)).toEqual([1, 2]);
    // Created Complete with a schedule already built (What the service does 3).
    const inst = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(inst.body.items).toHaveLength(1);
    expect(inst.body.items[0]).toMatchObject({ InstallmentSequenceNumber: 1, OriginalAmount: 975.5, InstallmentBalanceDue: 975.5, InstallmentStatus: 'OP', InstallmentDueDate: '2026-03-15' });
  });

  it('Create rule 1: AR-1000 lists every missing required attribute through o:errorPath / o:errorDetails', async () => {
    const res = await api.call('POST', INVOICES, { BillToCustomerNumber: '10010', receivablesInvoiceLines: [line(1, 10)] });
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('AR-1000');
    const paths = res.body['o:errorDetails'].map((d: Record<string, string>) => d['o:errorPath']);
    expect(paths).toEqual(['BusinessUnit', 'TransactionType', 'TransactionSource', 'InvoiceCurrencyCode']);
    expect(res.body['o:errorPath']).toBe('BusinessUnit');
  });

  it('Create rule 1: no lines gives AR-1001 (absent, null or empty)', async () => {
    const body = createBody();
    delete body.receivablesInvoiceLines;
    expect((await api.call('POST', INVOICES, body)).body['o:errorCode']).toBe('AR-1001');
    const nul = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: null }));
    expect(nul.status).toBe(400);
    expect(nul.body['o:errorCode']).toBe('AR-1001');
    const empty = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body['o:errorCode']).toBe('AR-1001');
  });

  it('Create rule 2: unknown BillToCustomerNumber gives AR-1010', async () => {
    const res = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: '99999' }));
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('AR-1010');
  });

  it('Create rule 2: undefined (XYZ) or disabled (DEM) currency gives AR-1030', async () => {
    for (const code of ['XYZ', 'DEM']) {
      const res = await api.call('POST', INVOICES, createBody({ InvoiceCurrencyCode: code }));
      expect(res.status).toBe(400);
      expect(res.body['o:errorCode']).toBe('AR-1030');
      expect(res.body['o:errorPath']).toBe('InvoiceCurrencyCode');
    }
  });

  it('Create rule 2: a non-zero line rounding to zero at the currency precision gives AR-1030; explicit zero accepted', async () => {
    const jpy = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: '10060', InvoiceCurrencyCode: 'JPY', receivablesInvoiceLines: [line(1, 0.4)] }));
    expect(jpy.status).toBe(400);
    expect(jpy.body['o:errorCode']).toBe('AR-1030');
    const usd = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(0.001, 1)] }));
    expect(usd.body['o:errorCode']).toBe('AR-1030');
    const zero = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(0, 12.5), line(1, 10)] }));
    expect(zero.status).toBe(201);
    expect(zero.body.receivablesInvoiceLines[0].LineAmount).toBe(0);
    expect(zero.body.EnteredAmount).toBe(10);
  });

  it('LineAmount = Quantity x UnitSellingPrice rounded to the currency precision (JPY whole units, KWD three decimals)', async () => {
    const jpy = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: '10060', InvoiceCurrencyCode: 'JPY', receivablesInvoiceLines: [line(3, 333.5)] }));
    expect(jpy.status).toBe(201);
    expect(jpy.body.receivablesInvoiceLines[0].LineAmount).toBe(1001); // 1000.5 half up
    const kwd = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: '10070', InvoiceCurrencyCode: 'KWD', receivablesInvoiceLines: [line(3, 1.2345)] }));
    expect(kwd.status).toBe(201);
    expect(kwd.body.receivablesInvoiceLines[0].LineAmount).toBe(3.704); // 3.7035
    const usd = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(3, 0.335)] }));
    expect(usd.body.receivablesInvoiceLines[0].LineAmount).toBe(1.01); // 1.005 half up, no float error
  });

  it('Invoice line table: sending LineAmount or CustomerTransactionLineId is refused', async () => {
    const res = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 10, { LineAmount: 10 })] }));
    expect(res.status).toBe(400);
    expect(res.body['o:errorPath']).toBe('receivablesInvoiceLines[0].LineAmount');
    const id = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 10, { CustomerTransactionLineId: 5 })] }));
    expect(id.status).toBe(400);
  });

  it('Create rule 3: InvoiceStatus on create must be Complete', async () => {
    for (const s of ['Incomplete', 'Frozen', 'Open']) {
      const res = await api.call('POST', INVOICES, createBody({ InvoiceStatus: s }));
      expect(res.status).toBe(400);
      expect(res.body['o:errorPath']).toBe('InvoiceStatus');
    }
    expect((await api.call('POST', INVOICES, createBody({ InvoiceStatus: 'Complete' }))).status).toBe(201);
  });

  it('Create rule 4: invalid JSON gives REST-01007', async () => {
    const res = await api.call('POST', INVOICES, '{"BusinessUnit": ');
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('REST-01007');
  });

  it('Create rule 5: retrying a POST creates a new invoice', async () => {
    const a = await api.call('POST', INVOICES, createBody());
    const b = await api.call('POST', INVOICES, createBody());
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.CustomerTransactionId).not.toBe(a.body.CustomerTransactionId);
  });

  it('header, lines and installments are inserted atomically: a refused create stores nothing', async () => {
    const before = api.invoices().length;
    const lines = (await api.sim.engine.store.data(api.key)).count('invoiceLine');
    const res = await api.call('POST', INVOICES, createBody({ BillToContact: 'Nobody Known', receivablesInvoiceLines: [line(1, 10), line(2, 20)] }));
    expect(res.status).toBe(400);
    expect(api.invoices().length).toBe(before);
    expect((await api.sim.engine.store.data(api.key)).count('invoiceLine')).toBe(lines);
  });

  it('split payment terms build the schedule on create (2 and 3 installments summing to the total)', async () => {
    const res = await api.call('POST', INVOICES, createBody({ PaymentTerms: '3 PAY 30/60/90', TransactionDate: '2026-03-01', receivablesInvoiceLines: [line(1, 100.01)] }));
    expect(res.status).toBe(201);
    const inst = await api.call('GET', `${INVOICES}/${res.body.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(inst.body.items.map((i: Record<string, unknown>) => [i.InstallmentSequenceNumber, i.InstallmentDueDate, i.OriginalAmount])).toEqual([
      [1, '2026-03-31', 40],
      [2, '2026-04-30', 30],
      [3, '2026-05-30', 30.01],
    ]);
    expect(res.body.DueDate).toBe('2026-03-31');
  });

  it('BillToContact: AR-1031 for an unmatched name and for an inactive contact', async () => {
    const unknown = await api.call('POST', INVOICES, createBody({ BillToContact: 'Nobody Known' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body['o:errorCode']).toBe('AR-1031');
    const inactive = await api.call('POST', INVOICES, createBody({ BillToContact: 'Wade Warren' })); // seeded inactive contact of 10010
    expect(inactive.status).toBe(400);
    expect(inactive.body['o:errorCode']).toBe('AR-1031');
    const other = await api.call('POST', INVOICES, createBody({ BillToContact: 'Jenny Wilson' })); // contact of another account
    expect(other.body['o:errorCode']).toBe('AR-1031');
  });

  it('BillToContact defaults to an active BILL_TO contact with an email; DeliveryMethod E-Mail; else Paper with Email null', async () => {
    const acme = await api.call('POST', INVOICES, createBody());
    expect(acme.body).toMatchObject({ BillToContact: 'Jane Cooper', Email: 'jane.cooper@acme-mfg.example', DeliveryMethod: 'E-Mail' });
    const ironwood = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: '10090' }));
    expect(ironwood.status).toBe(201);
    expect(ironwood.body).toMatchObject({ BillToContact: null, Email: null, DeliveryMethod: 'Paper' });
    // A named contact without an email: no recipient, Paper.
    const noEmail = await api.call('POST', INVOICES, createBody({ BillToContact: 'Esther Howard' }));
    expect(noEmail.body).toMatchObject({ BillToContact: 'Esther Howard', Email: null, DeliveryMethod: 'Paper' });
  });

  it('PATCH rule 3 (on create): an explicit Email wins; a null Email is derived from the contact; DeliveryMethod values', async () => {
    const explicit = await api.call('POST', INVOICES, createBody({ Email: 'ap-inbox@acme-mfg.example' }));
    expect(explicit.body).toMatchObject({ Email: 'ap-inbox@acme-mfg.example', DeliveryMethod: 'E-Mail', BillToContact: 'Jane Cooper' });
    const derived = await api.call('POST', INVOICES, createBody({ Email: null, BillToContact: 'Robert Fox' }));
    expect(derived.body).toMatchObject({ Email: 'robert.fox@acme-mfg.example', DeliveryMethod: 'E-Mail' });
    const xml = await api.call('POST', INVOICES, createBody({ DeliveryMethod: 'XML' }));
    expect(xml.body.DeliveryMethod).toBe('XML');
    const bad = await api.call('POST', INVOICES, createBody({ DeliveryMethod: 'Fax' }));
    expect(bad.status).toBe(400);
    expect(bad.body['o:errorPath']).toBe('DeliveryMethod');
  });

  it('BillToSite resolves among the bill-to sites of the customer', async () => {
    const ok = await api.call('POST', INVOICES, createBody({ BillToSite: 'Acme Dallas Plant' }));
    expect(ok.status).toBe(201);
    expect(ok.body.BillToSite).toBe('Acme Dallas Plant');
    const bad = await api.call('POST', INVOICES, createBody({ BillToSite: 'Horizon Miami' }));
    expect(bad.status).toBe(400);
    expect(bad.body['o:errorPath']).toBe('BillToSite');
  });

  it('field lengths, amount decimals and JSON types are enforced (Limits; Resources, General)', async () => {
    const long = await api.call('POST', INVOICES, createBody({ BillToCustomerNumber: 'x'.repeat(31) }));
    expect(long.status).toBe(400);
    expect(long.body['o:errorPath']).toBe('BillToCustomerNumber');
    const decimals = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 10.12345)] }));
    expect(decimals.status).toBe(400);
    expect(decimals.body['o:errorPath']).toBe('receivablesInvoiceLines[0].UnitSellingPrice');
    const type = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, '10' as unknown as number)] }));
    expect(type.status).toBe(400);
    const types = await api.call('POST', INVOICES, createBody({ BusinessUnit: 12 }));
    expect(types.status).toBe(400);
    const date = await api.call('POST', INVOICES, createBody({ TransactionDate: '2026-02-30' }));
    expect(date.status).toBe(400);
    for (const body of ['[]', 'null', '"x"', '42']) {
      const r = await api.call('POST', INVOICES, body);
      expect(r.status).toBe(400);
    }
    const lines = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [null, 5] }));
    expect(lines.status).toBe(400);
    const unknown = await api.call('POST', INVOICES, createBody({ Colour: 'blue' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body['o:errorPath']).toBe('Colour');
    const ro = await api.call('POST', INVOICES, createBody({ EnteredAmount: 5 }));
    expect(ro.status).toBe(400);
    expect(ro.body['o:errorPath']).toBe('EnteredAmount');
  });

  it('unknown business unit, transaction type, source or payment terms are refused by name', async () => {
    for (const [k, v] of [['BusinessUnit', 'Nowhere BU'], ['TransactionType', 'Credit Memo'], ['TransactionSource', 'Legacy Import'], ['PaymentTerms', '99 NET']]) {
      const res = await api.call('POST', INVOICES, createBody({ [k as string]: v }));
      expect(res.status, k).toBe(400);
      expect(res.body['o:errorPath']).toBe(k);
    }
  });

  it('LineNumber is 1-based and assigned in order when omitted', async () => {
    const res = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 1, { LineNumber: 2 }), line(1, 2), line(1, 3)] }));
    expect(res.status).toBe(201);
    const lines = res.body.receivablesInvoiceLines.map((l: Record<string, number>) => [l.LineNumber, l.UnitSellingPrice]);
    expect(lines).toEqual([[1, 2], [2, 1], [3, 3]]);
    const dup = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 1, { LineNumber: 1 }), line(1, 2, { LineNumber: 1 })] }));
    expect(dup.status).toBe(400);
  });

  it('DueDate is optional on create (read-only only for PATCH purposes): it sets the single installment due date', async () => {
    const res = await api.call('POST', INVOICES, createBody({ PaymentTerms: '30 NET', TransactionDate: '2026-03-01', DueDate: '2026-04-15' }));
    expect(res.status).toBe(201);
    expect(res.body.DueDate).toBe('2026-04-15');
    const inst = await api.call('GET', `${INVOICES}/${res.body.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(inst.body.items[0].InstallmentDueDate).toBe('2026-04-15');
    const early = await api.call('POST', INVOICES, createBody({ TransactionDate: '2026-03-01', DueDate: '2026-02-01' }));
    expect(early.status).toBe(400);
    expect(early.body['o:errorPath']).toBe('DueDate');
    const split = await api.call('POST', INVOICES, createBody({ PaymentTerms: '2 PAY 30/60', DueDate: '2026-04-15' }));
    expect(split.status).toBe(400);
  });
});
