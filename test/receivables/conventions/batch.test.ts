// Batch actions and REST-Framework-Version: the real framework's conventions beyond spec 000
// (issue 39 § 1, Batch and REST-Framework-Version). Sources: Oracle, "Perform Batch Actions",
// https://docs.oracle.com/en/cloud/saas/financials/23d/farfa/Batch_Actions.html (parts {id, path,
// operation get|create|update|replace|delete, payload}; all-or-none; only the failing part is listed),
// and "Set the REST Framework Version",
// https://docs.oracle.com/en/cloud/saas/sales/faaps/Set_the_REST_Framework_Version.html (versions 1 to 9).
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, REST, type Api } from '../invoices/helpers.ts';
import { getToken, receivablesEnv } from '../framework/support.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const BATCH = { 'content-type': 'application/vnd.oracle.adf.batch+json' };
const batch = (parts: unknown[], headers: Record<string, string> = {}) => api.call('POST', REST, JSON.stringify({ parts }), { ...BATCH, ...headers });
const count = async () => (await api.call('GET', `${INVOICES}?limit=1&totalResults=true`)).body.totalResults as number;

describe('ADF batch', () => {
  it('runs the parts in order and answers each with its payload', async () => {
    const before = await count();
    const res = await batch([
      { id: 'a', path: '/receivablesInvoices', operation: 'create', payload: createBody() },
      { id: 'b', path: '/receivablesInvoices', operation: 'create', payload: createBody({ InvoiceCurrencyCode: 'EUR' }) },
      { id: 'c', path: '/receiptMethods?limit=2', operation: 'get' },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.oracle.adf.batch+json');
    expect(res.body.parts.map((p: { id: string }) => p.id)).toEqual(['a', 'b', 'c']);
    expect(res.body.parts[0]).toMatchObject({ path: '/receivablesInvoices', operation: 'create', payload: { InvoiceCurrencyCode: 'USD' } });
    expect(res.body.parts[1].payload.InvoiceCurrencyCode).toBe('EUR');
    expect(res.body.parts[2].payload.items).toHaveLength(2);
    expect(await count()).toBe(before + 2);
    // A later part sees an earlier part's write (one transaction, in order).
    const id = res.body.parts[0].payload.CustomerTransactionId;
    const chain = await batch([
      { id: 'u', path: `/receivablesInvoices/${id}`, operation: 'update', payload: { InvoiceStatus: 'Frozen' } },
      { id: 'r', path: `/receivablesInvoices/${id}`, operation: 'get' },
    ]);
    expect(chain.status).toBe(200);
    expect(chain.body.parts[1].payload.InvoiceStatus).toBe('Frozen');
  });

  it('a failing part rolls every part back: nothing is created, and only the failing part is listed with its error', async () => {
    const before = await count();
    const res = await batch([
      { id: 'ok1', path: '/receivablesInvoices', operation: 'create', payload: createBody() },
      { id: 'bad', path: '/receivablesInvoices', operation: 'create', payload: { BillToCustomerNumber: '10010' } },
      { id: 'ok2', path: '/receivablesInvoices', operation: 'create', payload: createBody() },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.parts).toHaveLength(1);
    expect(res.body.parts[0]).toMatchObject({ id: 'bad', operation: 'create', payload: { 'o:errorCode': 'AR-1000' } });
    expect(res.body['o:errorCode']).toBe('SIM-REST-4017');
    expect(res.body['o:errorDetails'][0]['o:errorCode']).toBe('AR-1000');
    expect(await count()).toBe(before);
  });

  it('each part obeys the rules of the same request alone: the privileges of the caller’s token', async () => {
    const r = await receivablesEnv({ sim: api.sim });
    const none = await getToken(r.sim, r.base, r.none);
    const parts = JSON.stringify({ parts: [{ id: 'inv', path: '/receivablesInvoices?limit=1', operation: 'get' }, { id: 'rcp', path: '/standardReceipts?limit=1', operation: 'get' }] });
    const refused = await r.call(REST, { method: 'POST', headers: { ...BATCH, authorization: `Bearer ${none}` }, body: parts });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.parts).toEqual([expect.objectContaining({ id: 'rcp', payload: expect.objectContaining({ 'o:errorCode': 'FND_SECURITY_INSUFFICIENT_PRIVILEGE' }) })]);
    const allowed = await r.call(REST, { method: 'POST', headers: BATCH, body: parts });
    expect(allowed.status).toBe(200);
  });

  it('Upsert-Mode on the batch applies to its create parts, as on the request alone', async () => {
    const receipt = { ReceiptNumber: 'BATCH-UPSERT-1', ReceiptMethod: 'Check', ReceiptDate: '2026-03-01', Amount: 10, Currency: 'USD', CustomerAccountNumber: '10010', BusinessUnit: 'US1 Business Unit' };
    const first = await batch([{ id: 'r1', path: '/standardReceipts', operation: 'create', payload: receipt }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const dup = await batch([{ id: 'r2', path: '/standardReceipts', operation: 'create', payload: receipt }]);
    expect(dup.status).toBe(400);
    expect(dup.body.parts[0].payload['o:errorCode']).toBe('AR_RCP_DUP_NUM');
    const upsert = await batch([{ id: 'r3', path: '/standardReceipts', operation: 'create', payload: receipt }], { 'upsert-mode': 'true' });
    expect(upsert.status).toBe(200);
    expect(upsert.body.parts[0].payload.StandardReceiptId).toBe(first.body.parts[0].payload.StandardReceiptId);
  });

  // Upsert-Mode per part. Oracle's part schema ("Perform Batch Actions", above) gives a part id, path,
  // operation, payload, ifMatch/ifNoneMatch and no headers; Upsert-Mode is a request header of a create
  // (e.g. https://docs.oracle.com/en/cloud/saas/applications-common/25a/farca/op-http-servername-fscmrestapi-resources-11.13.18.05-setidsets-post.html).
  // For one part, Oracle's Visual Builder Add-in for Excel sets the part's operation to "upsert"
  // (https://docs.oracle.com/en/cloud/paas/visual-builder-addin/4.0/excel-developer/upload-changes-using-upsert-mode.html).
  const upsertReceipt = (n: string) => ({ ReceiptNumber: n, ReceiptMethod: 'Check', ReceiptDate: '2026-03-01', Amount: 10, Currency: 'USD', CustomerAccountNumber: '10010', BusinessUnit: 'US1 Business Unit' });
  const receiptsNumbered = async (n: string) => (await api.call('GET', `${REST}/standardReceipts?q=ReceiptNumber='${n}'&limit=5`)).body.items as { StandardReceiptId: number }[];

  it('the batch request’s Upsert-Mode applies to every create part: two creates of one receipt in one batch make one receipt', async () => {
    const receipt = upsertReceipt('BATCH-UPSERT-EVERY');
    const res = await batch([
      { id: 'first', path: '/standardReceipts', operation: 'create', payload: receipt },
      { id: 'second', path: '/standardReceipts', operation: 'create', payload: receipt },
    ], { 'upsert-mode': 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.parts[1].payload.StandardReceiptId).toBe(res.body.parts[0].payload.StandardReceiptId);
    expect(await receiptsNumbered('BATCH-UPSERT-EVERY')).toHaveLength(1);
    // Without the header the second create is refused as alone (AR_RCP_DUP_NUM), and nothing is kept.
    const again = await batch([
      { id: 'first', path: '/standardReceipts', operation: 'create', payload: upsertReceipt('BATCH-UPSERT-NONE') },
      { id: 'second', path: '/standardReceipts', operation: 'create', payload: upsertReceipt('BATCH-UPSERT-NONE') },
    ]);
    expect(again.status).toBe(400);
    expect(again.body.parts).toEqual([expect.objectContaining({ id: 'second', payload: expect.objectContaining({ 'o:errorCode': 'AR_RCP_DUP_NUM' }) })]);
    expect(await receiptsNumbered('BATCH-UPSERT-NONE')).toHaveLength(0);
  });

  it('one part’s operation "upsert" is a create with Upsert-Mode: true for that part alone', async () => {
    const receipt = upsertReceipt('BATCH-UPSERT-PART');
    const res = await batch([
      { id: 'make', path: '/standardReceipts', operation: 'create', payload: receipt },
      { id: 'find', path: '/standardReceipts', operation: 'upsert', payload: receipt },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.parts[1]).toMatchObject({ id: 'find', operation: 'upsert', payload: { StandardReceiptId: res.body.parts[0].payload.StandardReceiptId } });
    expect(await receiptsNumbered('BATCH-UPSERT-PART')).toHaveLength(1);
    // The part's operation wins over the batch request's Upsert-Mode: false.
    const stated = await batch([{ id: 'find', path: '/standardReceipts', operation: 'upsert', payload: receipt }], { 'upsert-mode': 'false' });
    expect(stated.status).toBe(200);
    expect(stated.body.parts[0].payload.StandardReceiptId).toBe(res.body.parts[0].payload.StandardReceiptId);
    // As alone: an invoice create takes no Upsert-Mode (spec 000 § Invoices create rule 5), so upsert creates one.
    const before = await count();
    const inv = await batch([{ id: 'i', path: '/receivablesInvoices', operation: 'upsert', payload: createBody() }]);
    expect(inv.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a part’s own Upsert-Mode (or headers) is refused whole with 400 SIM-REST-4016 saying where it goes; nothing runs', async () => {
    for (const extra of [{ 'Upsert-Mode': 'true' }, { upsertMode: true }, { headers: { 'Upsert-Mode': 'true' } }]) {
      const res = await batch([
        { id: 'ok', path: '/standardReceipts', operation: 'create', payload: upsertReceipt('BATCH-UPSERT-FIELD') },
        { id: 'p', path: '/standardReceipts', operation: 'create', payload: upsertReceipt('BATCH-UPSERT-FIELD'), ...extra },
      ]);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body['o:errorCode']).toBe('SIM-REST-4016');
      expect(res.body.detail).toMatch(/a batch part carries no headers: send Upsert-Mode as a header of the batch request \(it applies to every create part\), or give this part the operation "upsert"/);
    }
    expect(await receiptsNumbered('BATCH-UPSERT-FIELD')).toHaveLength(0);
  });

  it('a stale ifMatch in a part fails the batch with 412 and preconditionSucceeded false', async () => {
    const made = await api.call('POST', INVOICES, createBody());
    const id = made.body.CustomerTransactionId;
    const res = await batch([{ id: 'p', path: `/receivablesInvoices/${id}`, operation: 'update', payload: { InvoiceStatus: 'Frozen' }, ifMatch: '"stale"' }]);
    expect(res.status).toBe(412);
    expect(res.body.parts[0].preconditionSucceeded).toBe(false);
    expect((await api.call('GET', `${INVOICES}/${id}`)).body.InvoiceStatus).toBe('Complete');
  });

  it('malformed batches are refused whole with 400 (never a 500); another content type is no batch', async () => {
    for (const body of ['{}', '{"parts": 1}', '{"parts": [1]}', '{"parts": [{"id": "x", "path": "/receivablesInvoices", "operation": "merge"}]}', '{"parts": [{"id": "x", "path": "receivablesInvoices", "operation": "get"}]}', '{"parts": [{"id": "x", "path": "/../../oauth/token", "operation": "get"}]}', 'not json']) {
      const res = await api.call('POST', REST, body, BATCH);
      expect(res.status, body).toBe(400);
    }
    const plain = await api.call('POST', REST, JSON.stringify({ parts: [] }), { 'content-type': 'application/json' });
    expect(plain.status).toBe(404);
    const empty = await batch([]);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ parts: [] });
  });

  it('the batch needs the caller’s token like any REST call', async () => {
    const res = await api.call('POST', REST, JSON.stringify({ parts: [] }), { ...BATCH, authorization: '' });
    expect(res.status).toBe(401);
  });
});

describe('REST-Framework-Version', () => {
  it('1 to 9 are accepted on every REST call, with the same answer', async () => {
    const plain = await api.call('GET', `${INVOICES}?limit=2`);
    for (let v = 1; v <= 9; v++) {
      const res = await api.call('GET', `${INVOICES}?limit=2`, undefined, { 'rest-framework-version': String(v) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
  });

  it('any other value is refused with 400 in the framework error style, naming the header', async () => {
    for (const v of ['0', '10', '2.0', 'latest', '']) {
      const res = await api.call('GET', `${INVOICES}?limit=2`, undefined, { 'rest-framework-version': v });
      expect(res.status, v).toBe(400);
      expect(res.body).toMatchObject({ 'o:errorCode': 'SIM-REST-4015', 'o:errorPath': 'REST-Framework-Version' });
    }
  });
});
