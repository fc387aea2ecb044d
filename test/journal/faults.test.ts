// Fault and latency injection per environment (issue 12 § 2 and its Standard): every kind of rule,
// the real product's body styles marked as injected, probability and count, "after" faults with a
// safe retry (Upsert-Mode, spec 000 § Receipt rule 1), isolation, and bad control input.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, openDatabase, type JournalEntry } from '../../src/engine/index.ts';
import { seededRng, seedFrom } from '../../src/engine/core/random.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { openApi, REST, type Api } from '../receivables/invoices/helpers.ts';
import { receiptBody } from '../receivables/receipts/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';
import { soapEnv } from '../receivables/soap/helpers.ts';
import { createEnv } from '../support/sim.ts';

const INVOICES = `${REST}/receivablesInvoices`;

async function addRule(api: Pick<Api, 'sim' | 'key'>, rule: Record<string, unknown>) {
  const res = await api.sim.admin('POST', `/environments/${api.key}/faults`, rule);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; fired: number; createdAt: string };
}

async function lastEntry(api: Pick<Api, 'sim' | 'key'>): Promise<JournalEntry> {
  await api.sim.engine.settled();
  return (await api.sim.admin('GET', `/environments/${api.key}/journal?limit=1`)).body.items[0];
}

describe('fault kinds (issue 12 § 2)', () => {
  it('injects a 503 in the REST framework style, marked by X-Sim-Injected, Retry-After and the journal', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'status', status: 503, method: 'GET', path: '*/receivablesInvoices', retryAfter: 5 });
    const res = await api.call('GET', INVOICES);
    expect(res.status).toBe(503);
    expect(res.headers.get('x-sim-injected')).toBe(rule.id);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toMatchObject({ title: 'Service Unavailable', status: '503', 'o:errorCode': 'SIM-FAULT-503' });
    expect(res.body.detail).toMatch(/injected by the simulator's fault rule fault-1/);
    const entry = await lastEntry(api);
    expect(entry).toMatchObject({ status: 503, injected: rule.id, code: 'SIM-FAULT-503', explanation: { rule: `fault rule ${rule.id}` } });
    // Other paths and methods are untouched.
    expect((await api.call('GET', `${INVOICES}/1`)).headers.get('x-sim-injected')).toBeNull();
    expect((await api.call('POST', INVOICES, {})).headers.get('x-sim-injected')).toBeNull();
  });

  it('a 429 always carries Retry-After (1 s unless given); a REST 500 has no body, as the real one', async () => {
    const api = await openApi();
    await addRule(api, { kind: 'status', status: 429, path: '*/receivablesInvoices' });
    const r429 = await api.call('GET', INVOICES);
    expect(r429.status).toBe(429);
    expect(r429.headers.get('retry-after')).toBe('1');
    await addRule(api, { kind: 'status', status: 500, path: '/crmRestApi/*' });
    const r500 = await api.call('GET', '/crmRestApi/resources/11.13.18.05/contacts');
    expect(r500.status).toBe(500);
    expect(r500.body).toBeNull();
    expect(r500.headers.get('x-sim-injected')).toBe('fault-2');
  });

  it('answers in each service style: OAuth error, OData envelope, SOAP env:Server fault', async () => {
    const api = await openApi();
    await addRule(api, { kind: 'status', status: 503, path: '/oauth/token' });
    const token = await api.sim.fetch(`${api.base}/oauth/token`, { method: 'POST', body: 'grant_type=client_credentials' });
    expect(token.status).toBe(503);
    expect(await token.json()).toMatchObject({ error: 'temporarily_unavailable' });

    const o = await odataEnv();
    await addRule(o, { kind: 'status', status: 500, path: '*/CUSTOMERS' });
    const od = await o.get('/CUSTOMERS');
    expect(od.status).toBe(500);
    expect((await od.json()).error).toMatchObject({ code: '500', target: null, details: [] });

    const s = await soapEnv();
    await addRule(s, { kind: 'status', status: 503, method: 'POST', path: '/fscmService/*' });
    const answer = await s.post(s.envelope());
    expect(answer.status).toBe(503);
    expect(answer.fault?.faultcode).toBe('env:Server');
    expect(answer.text).toContain('<tns:code>SIM-FAULT-503</tns:code>');
  });

  it('drops the connection: the engine answers Response.error() (a network error in a browser)', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'drop', path: '*/receivablesInvoices' });
    const res = await api.sim.fetch(`${api.base}${INVOICES}`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(res.type).toBe('error');
    expect(res.status).toBe(0);
    const entry = await lastEntry(api);
    expect(entry).toMatchObject({ status: 0, injected: rule.id });
    expect(entry.explanation?.sentence).toMatch(/dropped the connection/);
  });

  it('adds latency (fixed or a range) and marks the real answer', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'latency', latencyMs: [60, 80], path: '*/receivablesInvoices' });
    const res = await api.call('GET', `${INVOICES}?limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sim-injected')).toBe(rule.id);
    const entry = await lastEntry(api);
    expect(entry.ms).toBeGreaterThanOrEqual(59); // at least the drawn latency
    expect(entry.explanation?.sentence).toMatch(/added latency/);
  });

  it('expires the presented token now: this and later requests with it get the documented 401', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'expire-token', path: '/fscmRestApi/*', count: 1 });
    const first = await api.call('GET', `${INVOICES}?limit=1`);
    expect(first.status).toBe(401);
    expect(first.body['o:errorCode']).toBe('REST-01401');
    const entry = await lastEntry(api);
    expect(entry).toMatchObject({ injected: rule.id, code: 'REST-01401' });
    expect(entry.hint).toMatch(/^This token expired at /);
    const again = await api.call('GET', `${INVOICES}?limit=1`);
    expect(again.status).toBe(401); // the rule is spent; the token stays expired
    expect(again.headers.get('x-sim-injected')).toBeNull();
    await api.advanceClock(0); // a new token works
    expect((await api.call('GET', `${INVOICES}?limit=1`)).status).toBe(200);
  });
});

describe('probability and count (issue 12 § 2)', () => {
  it('draws chances from a generator seeded per environment and rule (stable across runs)', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'status', status: 503, path: '*/receivablesInvoices', probability: 0.5 });
    const seen: boolean[] = [];
    for (let i = 0; i < 20; i++) seen.push((await api.call('GET', `${INVOICES}?limit=1`)).status === 503);
    const rng = seededRng(seedFrom(`${api.key}/${rule.id}/${rule.createdAt}`));
    expect(seen).toEqual(Array.from({ length: 20 }, () => rng.next() < 0.5));
    expect(seen.some(Boolean) && !seen.every(Boolean)).toBe(true);
  });

  it('fires at most count times; the count is stored and survives a restart', async () => {
    const idb = new IDBFactory();
    const name = `f-${Math.random().toString(36).slice(2)}`;
    const open = () => createEngine({ db: openDatabase(name, idb, IDBKeyRange), catalog: builtInCatalog });
    const first = await open();
    const call = (e: typeof first, path: string, init?: RequestInit) => e.handle(new Request(`http://sim.test/sim${path}`, init));
    const env = await (await call(first, '/_admin/environments', { method: 'POST', body: '{"product":"odata"}' })).json();
    await call(first, `/_admin/environments/${env.key}/faults`, { method: 'POST', body: JSON.stringify({ kind: 'status', status: 503, path: '/odata/*', count: 2 }) });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await call(first, `/${env.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`)).status);
    expect(statuses).toEqual([503, 503]);
    expect((await call(first, `/${env.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`)).status).toBe(401); // no credentials: the real answer
    await first.settled();
    const second = await open();
    expect((await call(second, `/${env.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`)).status).toBe(401);
    const rules = await (await call(second, `/_admin/environments/${env.key}/faults`)).json();
    expect(rules.items[0]).toMatchObject({ id: 'fault-1', count: 2, fired: 2 });
  });
});

describe('retry with idempotency (issue 12 § 2 ready example; spec 000 § Receipt rule 1, Upsert-Mode)', () => {
  it('a receipt POST that fails after the write, retried with Upsert-Mode, is recorded once', async () => {
    const api = await openApi();
    const rule = await addRule(api, { kind: 'status', status: 500, method: 'POST', path: '*/standardReceipts', when: 'after', count: 1 });
    const body = receiptBody({ ReceiptNumber: 'RETRY-1' });
    const before = (await api.call('GET', `${REST}/standardReceipts?q=ReceiptNumber='RETRY-1'`)).body.count;
    const failed = await api.call('POST', `${REST}/standardReceipts`, body);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-sim-injected')).toBe(rule.id);
    // The write happened: the receipt exists although the client saw a failure.
    expect((await api.call('GET', `${REST}/standardReceipts?q=ReceiptNumber='RETRY-1'`)).body.count).toBe(before + 1);
    const plainRetry = await api.call('POST', `${REST}/standardReceipts`, body);
    expect(plainRetry.status).toBe(400);
    expect(plainRetry.body['o:errorCode']).toBe('AR_RCP_DUP_NUM');
    const safeRetry = await api.call('POST', `${REST}/standardReceipts`, body, { 'Upsert-Mode': 'true' });
    expect(safeRetry.status).toBe(200);
    expect(safeRetry.body.ReceiptNumber).toBe('RETRY-1');
    expect((await api.call('GET', `${REST}/standardReceipts?q=ReceiptNumber='RETRY-1'`)).body.count).toBe(before + 1);
  });
});

describe('fault rules: isolation and the control API (issue 12 Standard)', () => {
  it('a rule of one environment never touches another', async () => {
    const api = await openApi();
    const other = await createEnv(api.sim, 'receivables');
    await addRule({ sim: api.sim, key: other.key }, { kind: 'status', status: 503, path: '*' });
    expect((await api.call('GET', `${INVOICES}?limit=1`)).status).toBe(200);
    expect((await api.sim.admin('GET', `/environments/${api.key}/faults`)).body.items).toEqual([]);
  });

  it('refuses bad rules with 400 and stores nothing; unknown rule 404, unknown environment 404', async () => {
    const api = await openApi();
    const bad: unknown[] = [
      '{"kind":',
      [],
      {},
      { kind: 'explode', path: '*' },
      { kind: 'status', path: '*' },
      { kind: 'status', status: 418, path: '*' },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503, path: 'no-slash' },
      { kind: 'status', status: 503, path: '/a?b=1' },
      { kind: 'latency', path: '*' },
      { kind: 'latency', path: '*', latencyMs: -1 },
      { kind: 'latency', path: '*', latencyMs: [50, 10] },
      { kind: 'latency', path: '*', latencyMs: 10, when: 'after' },
      { kind: 'status', status: 503, path: '*', probability: 0 },
      { kind: 'status', status: 503, path: '*', probability: 1.5 },
      { kind: 'status', status: 503, path: '*', count: 0 },
      { kind: 'status', status: 503, path: '*', method: 'BREW' },
      { kind: 'status', status: 500, path: '*', retryAfter: 3 },
      { kind: 'status', status: 503, path: '*', product: 'odata' },
      { kind: 'status', status: 503, path: '*', colour: 'red' },
      { kind: 'drop', path: '*', status: 503 },
    ];
    for (const body of bad) {
      const res = await api.sim.admin('POST', `/environments/${api.key}/faults`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await api.sim.admin('GET', `/environments/${api.key}/faults`)).body.items).toEqual([]);
    const o = await createEnv(api.sim, 'odata');
    expect((await api.sim.admin('POST', `/environments/${o.key}/faults`, { kind: 'expire-token', path: '*' })).status).toBe(400);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/faults/fault-9`)).status).toBe(404);
    expect((await api.sim.admin('GET', '/environments/env_00000000000000000000000000000000/faults')).status).toBe(404);
    expect((await api.sim.admin('POST', '/environments/env_00000000000000000000000000000000/faults', { kind: 'drop', path: '*' })).status).toBe(404);
  });

  it('lists rules in creation order and removes one', async () => {
    const api = await openApi();
    await addRule(api, { kind: 'latency', latencyMs: 1, path: '*' });
    await addRule(api, { kind: 'drop', path: '/never', note: 'kept' });
    const list = (await api.sim.admin('GET', `/environments/${api.key}/faults`)).body.items;
    expect(list.map((r: { id: string }) => r.id)).toEqual(['fault-1', 'fault-2']);
    expect(list[1]).toMatchObject({ kind: 'drop', method: '*', when: 'before', probability: 1, fired: 0, note: 'kept', product: 'receivables' });
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/faults/fault-1`)).status).toBe(204);
    expect((await api.sim.admin('GET', `/environments/${api.key}/faults`)).body.items.map((r: { id: string }) => r.id)).toEqual(['fault-2']);
  });
});
