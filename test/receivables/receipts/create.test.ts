// Spec 000 § Standard receipt (standardReceipts), § Standard receipts endpoint table, Receipt rules 1-2,
// § Standard receipt state table, § Remittance reference. Codes the spec leaves open: docs/reference/receivables.md.
import { beforeEach, describe, expect, it } from 'vitest';
import { openApi, RECEIPTS, receiptBody, REST } from './helpers.ts';
import type { Api } from '../invoices/helpers.ts';

let api: Api;
beforeEach(async () => {
  api = await openApi();
});

const post = (body: unknown, headers: Record<string, string> = {}) => api.call('POST', RECEIPTS, body, headers);

describe('POST /standardReceipts: state on create (Standard receipt state table)', () => {
  it('a resolved customer gives 201 UNAPPLIED / CONFIRMED with UnappliedAmount = Amount, a Location and AccountingDate defaulted to ReceiptDate', async () => {
    const res = await post(receiptBody({ Amount: 980.25 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ State: 'UNAPPLIED', Status: 'CONFIRMED', Amount: 980.25, UnappliedAmount: 980.25, AccountingDate: '2026-03-14', CustomerName: 'Acme Manufacturing Corp' });
    expect(res.headers.get('location')).toBe(`http://sim.test${api.base}${RECEIPTS}/${res.body.StandardReceiptId}`);
    // remittanceReferences: inline only with expand, otherwise a child link.
    expect(res.body.remittanceReferences).toBeUndefined();
    expect(res.body.links).toContainEqual(expect.objectContaining({ rel: 'child', name: 'remittanceReferences' }));
    const again = await api.call('GET', `${RECEIPTS}/${res.body.StandardReceiptId}`);
    expect(again.body.State).toBe('UNAPPLIED'); // creating never applies (What the service does 4)
  });

  it('no customer information gives UNIDENTIFIED; PATCH of customer details moves it to UNAPPLIED', async () => {
    const res = await post(receiptBody({ CustomerAccountNumber: undefined }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ State: 'UNIDENTIFIED', CustomerAccountNumber: null, CustomerName: null });
    const patched = await api.call('PATCH', `${RECEIPTS}/${res.body.StandardReceiptId}`, { CustomerName: 'blue harbor logistics' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ State: 'UNAPPLIED', CustomerAccountNumber: '10020', CustomerName: 'Blue Harbor Logistics', UnappliedAmount: 125.5 });
  });

  it('an unknown CustomerAccountNumber (a BillToPartyId sent by mistake) is a 400 naming the attribute, not a silent UNIDENTIFIED', async () => {
    const partyId = api.invoices()[0]?.BillToPartyId;
    const res = await post(receiptBody({ CustomerAccountNumber: String(partyId) }));
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('SIM-RCP-4001');
    expect(res.body['o:errorPath']).toBe('CustomerAccountNumber');
    expect(res.body.detail).toMatch(/internal id/);
    const site = await post(receiptBody({ CustomerSite: 'Nowhere' }));
    expect([site.status, site.body['o:errorPath']]).toEqual([400, 'CustomerSite']);
    const name = await post(receiptBody({ CustomerName: 'Blue Harbor Logistics' }));
    expect([name.status, name.body['o:errorPath']]).toEqual([400, 'CustomerName']);
  });
});

describe('Receipt rule 1: required attributes, duplicates, methods', () => {
  it('each missing required attribute (Amount, BusinessUnit, Currency, ReceiptDate, ReceiptMethod) is listed in o:errorDetails', async () => {
    const res = await post({ CustomerAccountNumber: '10010' });
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('SIM-RCP-4000');
    expect(res.body['o:errorDetails'].map((d: { 'o:errorPath': string }) => d['o:errorPath']).sort()).toEqual(['Amount', 'BusinessUnit', 'Currency', 'ReceiptDate', 'ReceiptMethod']);
  });

  it('the same number, date, amount and customer gives AR_RCP_DUP_NUM; Upsert-Mode: true answers the existing receipt (200) and creates nothing', async () => {
    const body = receiptBody({ ReceiptNumber: 'CHK-7781' });
    const first = await post(body);
    expect(first.status).toBe(201);
    const dup = await post(body);
    expect([dup.status, dup.body['o:errorCode']]).toEqual([400, 'AR_RCP_DUP_NUM']);
    const upsert = await post(body, { 'Upsert-Mode': 'true' });
    expect(upsert.status).toBe(200);
    expect(upsert.body.StandardReceiptId).toBe(first.body.StandardReceiptId);
    const all = await api.call('GET', `${RECEIPTS}?q=ReceiptNumber='CHK-7781'&totalResults=true`);
    expect(all.body.totalResults).toBe(1);
    // Another amount or another date is another receipt.
    expect((await post({ ...body, Amount: 125.51 })).status).toBe(201);
    expect((await post({ ...body, ReceiptDate: '2026-03-13' })).status).toBe(201);
  });

  it('without ReceiptNumber a stable number is derived, so a retried POST is caught as a duplicate', async () => {
    const body = receiptBody({ ReceiptNumber: undefined, StructuredPaymentReference: 'pi_3Nabc' });
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.body.ReceiptNumber).toMatch(/^AUTO-[0-9A-F]{12}$/);
    const retry = await post(body);
    expect(retry.body['o:errorCode']).toBe('AR_RCP_DUP_NUM');
    expect((await post(body, { 'Upsert-Mode': 'true' })).body.StandardReceiptId).toBe(first.body.StandardReceiptId);
  });

  it('an unconfigured method gives AR_INVAL_RECEIPT_MTH_ID', async () => {
    const res = await post(receiptBody({ ReceiptMethod: 'Bitcoin' }));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'AR_INVAL_RECEIPT_MTH_ID', 'ReceiptMethod']);
  });

  it('the retired Lockbox Check looks like any method but is refused on a ReceiptDate after its end date, and accepted before it', async () => {
    const methods = await api.call('GET', `${REST}/receiptMethods`);
    // No status attribute exists: retired and active methods look identical (Other read-only resources).
    if (methods.status === 200) expect(Object.keys(methods.body.items[0])).not.toContain('Status');
    const late = await post(receiptBody({ ReceiptMethod: 'Lockbox Check', ReceiptDate: '2026-03-14' }));
    expect([late.status, late.body['o:errorCode']]).toEqual([400, 'AR_INVAL_RECEIPT_MTH_ID']);
    expect(late.body.detail).toMatch(/not active on 2026-03-14/);
    const early = await post(receiptBody({ ReceiptMethod: 'Lockbox Check', ReceiptDate: '2025-01-10' }));
    expect(early.status).toBe(201);
  });
});

describe('Receipt rule 2 and the field table', () => {
  it.each(['InstallmentId', 'PaymentScheduleId', 'InstallmentNumber', 'externalPaymentId', 'paymentId'])('%s is refused by name with SIM-RCP-4005', async (name) => {
    const res = await post(receiptBody({ [name]: 1 }));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'SIM-RCP-4005', name]);
    expect(res.body.detail).toMatch(/StructuredPaymentReference/);
  });

  it('an unknown attribute is refused by name (SIM-REST-4007)', async () => {
    const res = await post(receiptBody({ InvoiceNumber: 'INV-1' }));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'SIM-REST-4007', 'InvoiceNumber']);
  });

  it.each([
    ['State', 'APPLIED'],
    ['Status', 'CLEARED'],
    ['UnappliedAmount', 1],
    ['RemittanceBankName', 'X'],
    ['RemittanceBankBranch', 'X'],
    ['StandardReceiptId', 1],
    ['CreatedBy', 'me'],
    ['LastUpdateDate', '2026-01-01T00:00:00.000+0000'],
  ])('read-only %s is refused when sent (SIM-REST-4008)', async (name, value) => {
    const res = await post(receiptBody({ [name]: value }));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'SIM-REST-4008', name]);
  });

  it('RemittanceBankName and RemittanceBankBranch resolve from RemittanceBankAccountNumber, null when the account is not configured', async () => {
    const known = await post(receiptBody({ RemittanceBankAccountNumber: '5647382910' }));
    expect(known.body).toMatchObject({ RemittanceBankName: 'Pacific Commerce Bank', RemittanceBankBranch: 'Seattle Downtown' });
    const unknown = await post(receiptBody({ RemittanceBankAccountNumber: '0000' }));
    expect(unknown.body).toMatchObject({ RemittanceBankAccountNumber: '0000', RemittanceBankName: null, RemittanceBankBranch: null });
  });

  it('every writable attribute of the table is stored and answered as sent', async () => {
    const extras = {
      CustomerSite: 'Acme Chicago HQ', CustomerBankAccountNumber: '99-1234', StructuredPaymentReference: 'RF18539007547034', DocumentNumber: 'DOC-1',
      Comments: 'Paid by wire', MaturityDate: '2026-04-01', PostmarkDate: '2026-03-13', ConversionDate: '2026-03-14', ConversionRate: 1.0853, ConversionRateType: 'Corporate',
      RemittanceBankAllowOverride: true, RemittanceBankDepositDate: '2026-03-15', CardHolderFirstName: 'Jane', CardHolderLastName: 'Cooper', CreditCardTokenNumber: 'tok_1',
      CreditCardExpirationDate: '2028-12-31', CreditCardIssuerCode: 'VISA', CreditCardAuthorizationRequestIdentifier: 'auth-abc', VoiceAuthorizationCode: 'V1',
      standardReceiptDFF: { reason: 'x' }, standardReceiptGdf: { country: 'US' }, AccountingDate: '2026-03-15',
    };
    const res = await post(receiptBody(extras));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(extras);
  });

  it.each([
    [{ Amount: 0 }, 'SIM-RCP-4002', 'Amount'],
    [{ Amount: -5 }, 'SIM-RCP-4002', 'Amount'],
    [{ Amount: 10.123 }, 'SIM-RCP-4002', 'Amount'], // USD has 2 decimals
    [{ Amount: 1.5, Currency: 'JPY' }, 'SIM-RCP-4002', 'Amount'],
    [{ Amount: 1.12345 }, 'SIM-REST-4011', 'Amount'], // at most 4 decimals (Limits)
    [{ Amount: '12' }, 'SIM-REST-4009', 'Amount'],
    [{ Currency: 'DEM' }, 'SIM-RCP-4003', 'Currency'], // disabled
    [{ Currency: 'XYZ' }, 'SIM-RCP-4003', 'Currency'],
    [{ Currency: 'USDX' }, 'SIM-REST-4010', 'Currency'], // string(3)
    [{ BusinessUnit: 'Mars Business Unit' }, 'SIM-RCP-4004', 'BusinessUnit'],
    [{ ReceiptDate: '2026-02-30' }, 'SIM-REST-4009', 'ReceiptDate'],
    [{ ReceiptNumber: 'R'.repeat(31) }, 'SIM-REST-4010', 'ReceiptNumber'],
    [{ CustomerAccountNumber: 10010 }, 'SIM-REST-4009', 'CustomerAccountNumber'],
  ])('%j is refused with %s naming %s, and nothing is stored', async (over, code, path) => {
    const before = await api.call('GET', `${RECEIPTS}?totalResults=true&limit=1`);
    const res = await post(receiptBody(over));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, code, path]);
    const after = await api.call('GET', `${RECEIPTS}?totalResults=true&limit=1`);
    expect(after.body.totalResults).toBe(before.body.totalResults);
  });

  it('a KWD receipt keeps three decimals and a JPY receipt whole units', async () => {
    expect((await post(receiptBody({ Currency: 'KWD', Amount: 12.345 }))).body.Amount).toBe(12.345);
    expect((await post(receiptBody({ Currency: 'JPY', Amount: 15000 }))).body.Amount).toBe(15000);
  });

  it('invalid JSON gives REST-01007 and a non-object body SIM-REST-4012', async () => {
    expect((await post('{"Amount": ')).body['o:errorCode']).toBe('REST-01007');
    expect((await post('[]')).body['o:errorCode']).toBe('SIM-REST-4012');
  });
});

describe('Remittance references (Remittance reference; Standard receipts endpoint table)', () => {
  it('nested references are created with the receipt in one write, default ReceiptMatchBy Transaction Number, inline only with expand', async () => {
    const res = await post(receiptBody({ remittanceReferences: [{ ReferenceNumber: 'INV-1', ReferenceAmount: 100 }, { ReceiptMatchBy: 'Purchase Order', ReferenceNumber: 'PO-9' }] }));
    expect(res.status).toBe(201);
    const id = res.body.StandardReceiptId;
    const item = await api.call('GET', `${RECEIPTS}/${id}?expand=remittanceReferences`);
    expect(item.body.remittanceReferences.map((r: { ReceiptMatchBy: string; ReferenceNumber: string }) => [r.ReceiptMatchBy, r.ReferenceNumber])).toEqual([
      ['Transaction Number', 'INV-1'],
      ['Purchase Order', 'PO-9'],
    ]);
    const children = await api.call('GET', `${RECEIPTS}/${id}/child/remittanceReferences`);
    const ids = children.body.items.map((r: { RemittanceReferenceId: number }) => r.RemittanceReferenceId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b)); // RemittanceReferenceId order
    expect(children.body.items[0].ReferenceAmount).toBe(100);
  });

  it('a bad nested reference refuses the whole receipt (nothing stored)', async () => {
    const before = (await api.call('GET', `${RECEIPTS}?totalResults=true&limit=1`)).body.totalResults;
    const res = await post(receiptBody({ remittanceReferences: [{ ReferenceNumber: 'INV-1' }, { ReferenceNumber: 'x'.repeat(51) }] }));
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'SIM-REST-4010', 'remittanceReferences[1].ReferenceNumber']);
    expect((await api.call('GET', `${RECEIPTS}?totalResults=true&limit=1`)).body.totalResults).toBe(before);
  });

  it('POST to the child answers 201 with a Location; the reference reads back from it', async () => {
    const id = (await post(receiptBody())).body.StandardReceiptId;
    const res = await api.call('POST', `${RECEIPTS}/${id}/child/remittanceReferences`, { ReferenceNumber: 'INV-300000000000001', CustomerReference: 'March invoice' });
    expect(res.status).toBe(201);
    const location = res.headers.get('location') as string;
    expect(location).toBe(`http://sim.test${api.base}${RECEIPTS}/${id}/child/remittanceReferences/${res.body.RemittanceReferenceId}`);
    const back = await api.call('GET', location.replace(`http://sim.test${api.base}`, ''));
    expect(back.body).toMatchObject({ ReceiptMatchBy: 'Transaction Number', ReferenceNumber: 'INV-300000000000001', CustomerReference: 'March invoice' });
  });

  it.each([
    [{ RemittanceReferenceId: 5, ReferenceNumber: 'A' }, 'SIM-REST-4008', 'RemittanceReferenceId'],
    [{ ReceiptMatchBy: 'Invoice Number', ReferenceNumber: 'A' }, 'SIM-REST-4009', 'ReceiptMatchBy'],
    [{ ReferenceNumber: 'x'.repeat(51) }, 'SIM-REST-4010', 'ReferenceNumber'],
    [{ ReferenceNumber: 'A', ReferenceAmount: 1.005 }, 'SIM-RCP-4002', 'ReferenceAmount'],
    [{ ReferenceNumber: 'A', ReferenceAmount: -1 }, 'SIM-RCP-4002', 'ReferenceAmount'],
    [{ ReferenceNumber: 'A', Amount: 1 }, 'SIM-REST-4007', 'Amount'],
  ])('reference %j is refused with %s naming %s', async (body, code, path) => {
    const id = (await post(receiptBody())).body.StandardReceiptId;
    const res = await api.call('POST', `${RECEIPTS}/${id}/child/remittanceReferences`, body);
    expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, code, path]);
  });

  it('a ReferenceNumber of exactly 50 characters is accepted (Limits)', async () => {
    const id = (await post(receiptBody())).body.StandardReceiptId;
    expect((await api.call('POST', `${RECEIPTS}/${id}/child/remittanceReferences`, { ReferenceNumber: 'x'.repeat(50) })).status).toBe(201);
  });

  it('PATCH and DELETE on references are not offered (405), on the collection and on an item', async () => {
    const res = await post(receiptBody({ remittanceReferences: [{ ReferenceNumber: 'A' }] }));
    const id = res.body.StandardReceiptId;
    const ref = (await api.call('GET', `${RECEIPTS}/${id}/child/remittanceReferences`)).body.items[0].RemittanceReferenceId;
    for (const method of ['PATCH', 'DELETE']) {
      expect((await api.call(method, `${RECEIPTS}/${id}/child/remittanceReferences/${ref}`, method === 'PATCH' ? { ReferenceNumber: 'B' } : undefined)).status).toBe(405);
      expect((await api.call(method, `${RECEIPTS}/${id}/child/remittanceReferences`)).status).toBe(405);
    }
  });

  it('non-numeric receipt and reference ids give REST-01400 (Errors table)', async () => {
    expect((await api.call('GET', `${RECEIPTS}/abc`)).body['o:errorCode']).toBe('REST-01400');
    const id = (await post(receiptBody())).body.StandardReceiptId;
    expect((await api.call('GET', `${RECEIPTS}/${id}/child/remittanceReferences/abc`)).body['o:errorCode']).toBe('REST-01400');
    expect((await api.call('PATCH', `${RECEIPTS}/abc`, { CustomerName: 'x' })).body['o:errorCode']).toBe('REST-01400');
  });

  it('POST /standardReceipts/{id}/action/applyReceipt answers 404: a 26C capability (Versioning 2)', async () => {
    const id = (await post(receiptBody())).body.StandardReceiptId;
    const res = await api.call('POST', `${RECEIPTS}/${id}/action/applyReceipt`, {});
    expect([res.status, res.body['o:errorCode']]).toEqual([404, 'SIM-REST-4040']);
  });
});

describe('concurrent creates (issue 9 § Bad input and reliability)', () => {
  it('receipts posted at once lose nothing and duplicate nothing: writes to one environment are serialized', async () => {
    const distinct = Array.from({ length: 12 }, (_, i) => post(receiptBody({ ReceiptNumber: `PAR-${i}` })));
    const same = Array.from({ length: 6 }, () => post(receiptBody({ ReceiptNumber: 'PAR-SAME' })));
    const results = await Promise.all([...distinct, ...same]);
    expect(results.slice(0, 12).every((r) => r.status === 201)).toBe(true);
    const sameStatuses = results.slice(12).map((r) => r.status).sort();
    expect(sameStatuses).toEqual([201, 400, 400, 400, 400, 400]); // one recorded, five AR_RCP_DUP_NUM
    const all = await api.call('GET', `${RECEIPTS}?q=${encodeURIComponent("ReceiptNumber LIKE 'PAR-%'")}&totalResults=true`);
    expect(all.body.totalResults).toBe(13);
  });
});
