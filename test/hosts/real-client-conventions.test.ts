// A real client over HTTP against the Node host, using the real framework's conventions as SDKs do
// (issue 39 § Tests, a real client): read the ETag, send it back in If-Match, meet a 412 after a
// colleague's change, re-read and update; then a batch with a failing part creates nothing.
// Sources: Oracle "Verify Resource Updates Using the ETag Value",
// https://docs.oracle.com/en/cloud/saas/applications-common/24a/farca/verify_your_resource_using_the_etag_value.html
// and "Perform Batch Actions", https://docs.oracle.com/en/cloud/saas/financials/23d/farfa/Batch_Actions.html
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ADMIN = 'simadmin_real-client-conventions-0123456789';
const REST = '/fscmRestApi/resources/11.13.18.05';

let host: NodeHost;
let base: string;
let bearer: string;

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1', adminToken: ADMIN });
  const made = await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ product: 'receivables', name: 'sdk' }) });
  expect(made.status).toBe(201);
  const env = (await made.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  base = `${host.url}/sim/${env.key}`;
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const tok = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}` },
    body: 'grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall',
  });
  expect(tok.status).toBe(200);
  bearer = ((await tok.json()) as { access_token: string }).access_token;
});
afterAll(() => host.close());

/** A thin SDK: JSON in and out, the vendor media types a Fusion SDK sends, the framework version pinned. */
const sdk = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; type?: string } = {}) =>
  fetch(`${base}${REST}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'application/vnd.oracle.adf.resourceitem+json',
      'rest-framework-version': '4',
      ...(init.body === undefined ? {} : { 'content-type': init.type ?? 'application/vnd.oracle.adf.resourceitem+json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const invoice = { BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'Pump', Quantity: 1, UnitSellingPrice: 100 }] };

describe('a client using ETags as SDKs do', () => {
  it('reads the ETag, updates with If-Match, meets a 412 after a colleague’s change, re-reads and updates', async () => {
    const created = await sdk('/receivablesInvoices', { method: 'POST', body: invoice });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { CustomerTransactionId: number }).CustomerTransactionId;

    // Both read the invoice and keep its ETag.
    const mine = await sdk(`/receivablesInvoices/${id}`);
    const myTag = mine.headers.get('etag') as string;
    expect(myTag).toBeTruthy();
    // A cache check: nothing changed yet, so 304 and no body.
    const cached = await sdk(`/receivablesInvoices/${id}`, { headers: { 'if-none-match': myTag } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');

    // The colleague updates first, with the same tag: it succeeds.
    const theirs = await sdk(`/receivablesInvoices/${id}`, { method: 'PATCH', body: { InvoiceStatus: 'Frozen' }, headers: { 'if-match': myTag } });
    expect(theirs.status).toBe(200);

    // My update with the stale tag is refused, and their change stays.
    const stale = await sdk(`/receivablesInvoices/${id}`, { method: 'PATCH', body: { TransactionDate: '2026-03-20' }, headers: { 'if-match': myTag } });
    expect(stale.status).toBe(412);
    const err = (await stale.json()) as Record<string, unknown>;
    expect(err['o:errorCode']).toBe('SIM-REST-4120');
    const fresh = stale.headers.get('etag') as string;

    // Re-read, see their change, update with the fresh tag.
    const reread = await sdk(`/receivablesInvoices/${id}`);
    expect(((await reread.json()) as { InvoiceStatus: string }).InvoiceStatus).toBe('Frozen');
    expect(reread.headers.get('etag')).toBe(fresh);
    const retry = await sdk(`/receivablesInvoices/${id}`, { method: 'PATCH', body: { InvoiceStatus: 'Complete' }, headers: { 'if-match': fresh } });
    expect(retry.status).toBe(200);
  });
});

describe('a client sending a batch', () => {
  it('a batch with a failing part creates nothing and names the failing part', async () => {
    const total = async () => ((await (await sdk('/receivablesInvoices?limit=1&totalResults=true')).json()) as { totalResults: number }).totalResults;
    const before = await total();
    const res = await sdk('', {
      method: 'POST',
      type: 'application/vnd.oracle.adf.batch+json',
      body: { parts: [
        { id: 'one', path: '/receivablesInvoices', operation: 'create', payload: invoice },
        { id: 'two', path: '/receivablesInvoices', operation: 'create', payload: { ...invoice, BillToCustomerNumber: '99999' } },
      ] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { parts: { id: string; payload: Record<string, unknown> }[] };
    expect(body.parts.map((p) => p.id)).toEqual(['two']);
    expect(body.parts[0]?.payload['o:errorCode']).toBe('AR-1010');
    expect(await total()).toBe(before);
  });
});
