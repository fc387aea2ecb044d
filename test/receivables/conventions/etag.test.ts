// The real framework's ETag convention beyond spec 000 (issue 39 § 1, ETags). Source: Oracle,
// "Verify Resource Updates Using the ETag Value",
// https://docs.oracle.com/en/cloud/saas/applications-common/24a/farca/verify_your_resource_using_the_etag_value.html
// (GET + If-None-Match: 200 when changed, 304 with an empty body when not; PATCH + If-Match: 412 when
// changed, 200 when not; the headers apply to a singular resource only).
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, REST, type Api } from '../invoices/helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const create = async () => {
  const res = await api.call('POST', INVOICES, createBody());
  expect(res.status).toBe(201);
  return res;
};

describe('ETag on item answers', () => {
  it('a created item, its GET and its PATCH answer carry an ETag; it changes when the record changes', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    const tag0 = made.headers.get('etag');
    expect(tag0).toMatch(/^"[0-9a-f]{40}"$/);
    const read = await api.call('GET', `${INVOICES}/${id}`);
    expect(read.headers.get('etag')).toBe(tag0);
    // The same record read again with other parameters keeps its tag (the tag is the record's).
    expect((await api.call('GET', `${INVOICES}/${id}?onlyData=true`)).headers.get('etag')).toBe(tag0);
    const patched = await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' });
    expect(patched.status).toBe(200);
    const tag1 = patched.headers.get('etag');
    expect(tag1).not.toBe(tag0);
    expect((await api.call('GET', `${INVOICES}/${id}`)).headers.get('etag')).toBe(tag1);
  });

  it('a child change (a line added) changes the parent invoice tag, as it changes its LastUpdateDate', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    const before = (await api.call('GET', `${INVOICES}/${id}`)).headers.get('etag');
    const line = await api.call('POST', `${INVOICES}/${id}/child/receivablesInvoiceLines`, { Description: 'Extra', Quantity: 1, UnitSellingPrice: 5 });
    expect(line.status).toBe(201);
    expect(line.headers.get('etag')).toMatch(/^"/); // the child item answer has its own tag
    expect((await api.call('GET', `${INVOICES}/${id}`)).headers.get('etag')).not.toBe(before);
  });

  it('collections carry no ETag and ignore If-None-Match (singular resources only)', async () => {
    const res = await api.call('GET', `${INVOICES}?limit=1`, undefined, { 'if-none-match': '*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('If-None-Match on GET', () => {
  it('the current tag answers 304 with no body; a stale one answers 200 with the record', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    const tag = made.headers.get('etag') as string;
    const same = await api.sim.fetch(`${api.base}${INVOICES}/${id}`, { headers: { authorization: `Bearer ${api.token}`, 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(tag);
    const stale = await api.call('GET', `${INVOICES}/${id}`, undefined, { 'if-none-match': '"0000"' });
    expect(stale.status).toBe(200);
    expect(stale.body.CustomerTransactionId).toBe(id);
    // A list of tags, and the weak form of the current one, match too (RFC 9110 § 13.1.2: weak comparison).
    expect((await api.call('GET', `${INVOICES}/${id}`, undefined, { 'if-none-match': `"x", W/${tag}` })).status).toBe(304);
  });

  it('a bad parameter is still refused with its 400, whatever the condition says', async () => {
    const made = await create();
    const res = await api.call('GET', `${INVOICES}/${made.body.CustomerTransactionId}?onlyData=maybe`, undefined, { 'if-none-match': '*' });
    expect(res.status).toBe(400);
  });
});

describe('If-Match on PATCH and DELETE', () => {
  it('a stale tag answers 412 in the REST error style with the current ETag, and nothing changes', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    const tag0 = made.headers.get('etag') as string;
    // A colleague changes the invoice first.
    const theirs = await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' }, { 'if-match': tag0 });
    expect(theirs.status).toBe(200);
    const current = theirs.headers.get('etag') as string;
    const before = await api.call('GET', `${INVOICES}/${id}`);
    const mine = await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete', TransactionDate: '2026-03-20' }, { 'if-match': tag0 });
    expect(mine.status).toBe(412);
    expect(mine.body).toMatchObject({ title: 'Precondition Failed', status: '412', 'o:errorCode': 'SIM-REST-4120' });
    expect(mine.headers.get('etag')).toBe(current);
    const after = await api.call('GET', `${INVOICES}/${id}`);
    expect(after.body).toEqual(before.body);
    expect(after.headers.get('etag')).toBe(current);
    // Re-read, then update with the current tag: it proceeds.
    const retry = await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete' }, { 'if-match': current });
    expect(retry.status).toBe(200);
    expect(retry.body.InvoiceStatus).toBe('Complete');
  });

  it('DELETE with a stale tag answers 412 and the invoice stays; with the current tag it is deleted', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    const del = await api.call('DELETE', `${INVOICES}/${id}`, undefined, { 'if-match': '"stale"' });
    expect(del.status).toBe(412);
    expect((await api.call('GET', `${INVOICES}/${id}`)).status).toBe(200);
    const ok = await api.call('DELETE', `${INVOICES}/${id}`, undefined, { 'if-match': made.headers.get('etag') as string });
    expect(ok.status).toBe(204);
  });

  it('without the headers nothing changes from before (no 304, no 412)', async () => {
    const made = await create();
    const id = made.body.CustomerTransactionId;
    await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' });
    expect((await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete' })).status).toBe(200);
    expect((await api.call('GET', `${INVOICES}/${id}`)).status).toBe(200);
  });

  it('receipts and credit memos take If-Match too', async () => {
    const receipts = await api.call('GET', `${REST}/standardReceipts?limit=1`);
    const rid = receipts.body.items[0].StandardReceiptId;
    const rr = await api.call('PATCH', `${REST}/standardReceipts/${rid}`, { Comments: 'x' }, { 'if-match': '"stale"' });
    expect(rr.status).toBe(412);
    const memos = await api.call('GET', `${REST}/receivablesCreditMemos?limit=1`);
    const mid = memos.body.items[0].CustomerTransactionId;
    expect((await api.call('PATCH', `${REST}/receivablesCreditMemos/${mid}`, { Comments: 'x' }, { 'if-match': '"stale"' })).status).toBe(412);
  });
});
