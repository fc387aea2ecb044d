// Request verification over the journal (issue 21 § 3): POST /sim/_admin/environments/<key>/journal/verify
// with a request pattern and a count, answered with ok, count, matched ids and near misses; bad
// matchers 400 naming the field; a verify right after the client's request sees it, no sleep.
import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../src/engine/index.ts';
import { INVOICES, openApi, REST } from '../receivables/invoices/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';
import type { TestSim } from '../support/sim.ts';

const verify = (sim: TestSim, key: string, body: unknown) => sim.admin<VerifyResult & { error?: string; field?: string }>('POST', `/environments/${key}/journal/verify`, body);

describe('journal/verify: what matches (issue 21 § 3)', () => {
  it('matches method, path (exact or * wildcards), query, body text and status; matched ids newest first', async () => {
    const api = await openApi();
    await api.call('GET', `${INVOICES}?limit=2&onlyData=true`);
    await api.call('GET', `${INVOICES}/300000000001351`);
    await api.call('POST', `${REST}/standardReceipts`, { ReceiptNumber: 'V-1', Amount: 5, Currency: 'USD', ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', CustomerAccountNumber: '10010', ReceiptDate: '2026-03-15' });
    const entries = (await api.sim.admin('GET', `/environments/${api.key}/journal`)).body.items as { id: number; path: string }[];
    const [post, item, list] = entries;

    const exact = await verify(api.sim, api.key, { request: { method: 'post', path: `${REST}/standardReceipts` } });
    expect(exact).toMatchObject({ status: 200, body: { ok: true, count: 1, matched: [post!.id], nearMisses: [] } });
    const glob = await verify(api.sim, api.key, { request: { method: 'GET', path: '*/receivablesInvoices*' } });
    expect(glob.body).toMatchObject({ ok: true, count: 2, matched: [item!.id, list!.id] });
    const query = await verify(api.sim, api.key, { request: { path: '*/receivablesInvoices', query: { limit: '2' } } });
    expect(query.body.matched).toEqual([list!.id]);
    const queryGlob = await verify(api.sim, api.key, { request: { query: { onlyData: 't*' } } });
    expect(queryGlob.body.matched).toEqual([list!.id]);
    const body = await verify(api.sim, api.key, { request: { bodyIncludes: ['"ReceiptNumber":"V-1"', '"Amount":5'] } });
    expect(body.body.matched).toEqual([post!.id]);
    const created = await verify(api.sim, api.key, { request: { status: 201 } });
    expect(created.body.matched).toEqual([post!.id]);
    const klass = await verify(api.sim, api.key, { request: { status: '2xx' } });
    expect(klass.body.count).toBe(4); // the token request too
    const since = await verify(api.sim, api.key, { request: { since: item!.id } });
    expect(since.body.matched).toEqual([post!.id]);
  });

  it('counts: default atLeast 1; exactly, atLeast and atMost; too many fails with no near misses', async () => {
    const api = await openApi();
    await api.call('GET', `${INVOICES}?limit=1`);
    await api.call('GET', `${INVOICES}?limit=1`);
    const pattern = { method: 'GET', path: '*/receivablesInvoices' };
    expect((await verify(api.sim, api.key, { request: pattern })).body.ok).toBe(true);
    expect((await verify(api.sim, api.key, { request: pattern, count: { exactly: 2 } })).body).toMatchObject({ ok: true, count: 2 });
    expect((await verify(api.sim, api.key, { request: pattern, count: { atLeast: 3 } })).body).toMatchObject({ ok: false, count: 2 });
    expect((await verify(api.sim, api.key, { request: pattern, count: { atMost: 2 } })).body.ok).toBe(true);
    const tooMany = await verify(api.sim, api.key, { request: pattern, count: { atMost: 1 } });
    expect(tooMany.body).toMatchObject({ ok: false, count: 2, nearMisses: [] });
    expect(tooMany.body.matched).toHaveLength(2);
    const none = await verify(api.sim, api.key, { request: { method: 'DELETE' }, count: { exactly: 0 } });
    expect(none.body).toMatchObject({ ok: true, count: 0, matched: [] });
  });

  it('near misses: the closest entries first, each with what differs, like WireMock', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/standardReceipts?limit=1`);
    await api.call('POST', `${REST}/standardReceipts`, { ReceiptNumber: 'V-2' }); // 400: required attributes missing
    await api.call('GET', `${INVOICES}?limit=1`);
    const res = await verify(api.sim, api.key, { request: { method: 'POST', path: '*/standardReceipts', status: 201 } });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.count).toBe(0);
    const [first, second, third] = res.body.nearMisses;
    // One difference each for the first two; the POST that failed is the one a reader looks for.
    expect(first!.differences).toEqual(['status: expected 201, got 400']);
    expect(second!.differences).toEqual(['method: expected POST, got GET', 'status: expected 201, got 200']);
    expect(third!.differences[0]).toMatch(/^(method: expected POST, got GET|path: expected \*\/standardReceipts, got )/);
    expect(res.body.nearMisses).toHaveLength(3);
  });

  it('describes the other differences in words: path, query, body and a dropped connection', async () => {
    const api = await openApi();
    await api.sim.admin('POST', `/environments/${api.key}/faults`, { kind: 'drop', path: '*/receivablesInvoices' });
    await api.sim.fetch(`${api.base}${INVOICES}?limit=3`, { headers: { authorization: `Bearer ${api.token}` } });
    const [dropEntry] = (await api.sim.admin('GET', `/environments/${api.key}/journal?limit=1`)).body.items as { id: number }[];
    const res = await verify(api.sim, api.key, { request: { path: '*/receivablesCreditMemos', query: { limit: '5', q: '*' }, bodyIncludes: 'x', status: 200 } });
    const dropped = res.body.nearMisses.find((m) => m.id === dropEntry!.id)!;
    expect(dropped.differences).toEqual([
      `path: expected */receivablesCreditMemos, got ${INVOICES}`,
      'query limit: expected 5, got 3',
      'query q: expected *, got (absent)',
      'body: expected to include "x", got no body',
      'status: expected 200, got 0 (dropped connection)',
    ]);
  });

  it('matches a percent-encoded path in either form, and OData paths with keys', async () => {
    const { sim, key, get } = await odataEnv();
    await get("/CUSTOMERS('C 100')");
    const raw = await verify(sim, key, { request: { path: "*/CUSTOMERS('C%20100')" } });
    const decoded = await verify(sim, key, { request: { path: "*/CUSTOMERS('C 100')" } });
    expect(raw.body.count).toBe(1);
    expect(decoded.body.count).toBe(1);
  });
});

describe('journal/verify: no sleep needed (issue 21 § 3)', () => {
  it('a verify issued the moment the answer is back sees the request, however large the answer', async () => {
    const api = await openApi();
    for (let i = 0; i < 5; i++) {
      // No settled(), no sleep: the entry is still being recorded when verify arrives.
      const res = await api.sim.fetch(`${api.base}${INVOICES}?limit=200&expand=all&offset=${i}`, { headers: { authorization: `Bearer ${api.token}` } });
      expect(res.status).toBe(200);
      const seen = await verify(api.sim, api.key, { request: { method: 'GET', query: { offset: String(i) } }, count: { exactly: 1 } });
      expect(seen.body).toMatchObject({ ok: true, count: 1 });
      await res.text();
    }
  });
});

describe('journal/verify: a request body that never arrives (issue 21 § 3: no wait without end)', () => {
  it('an injected answer to a client still sending its body: the entry keeps what came, and verify answers', async () => {
    const api = await openApi();
    await api.sim.admin('POST', `/environments/${api.key}/faults`, { kind: 'status', status: 503, path: '*/standardReceipts' });
    // A body stream that never ends: nobody reads it, since the rule answers before the product runs.
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"ReceiptNumber":"SLOW-1",')) });
    const res = await api.sim.fetch(`${api.base}${REST}/standardReceipts`, { method: 'POST', body, duplex: 'half', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' } } as RequestInit);
    expect(res.status).toBe(503);
    // Without a bound this verify would wait for the body forever (the test's timeout would say so).
    const seen = await verify(api.sim, api.key, { request: { method: 'POST', path: '*/standardReceipts', status: 503, bodyIncludes: 'SLOW-1' } });
    expect(seen.body).toMatchObject({ ok: true, count: 1 });
  });
});

describe('journal/verify: bad matchers (issue 21 § 3: 400 naming the field)', () => {
  const cases: [string, string, unknown][] = [
    ['a body that is not an object', 'body', [1]],
    ['an unknown top-level field', 'times', { request: {}, times: 1 }],
    ['no request', 'request', { count: { atLeast: 1 } }],
    ['request not an object', 'request', { request: 'GET /x' }],
    ['an unknown request field', 'request.url', { request: { url: '/x' } }],
    ['a method that is not one', 'request.method', { request: { method: 'GET /x' } }],
    ['a path without a leading / or *', 'request.path', { request: { path: 'standardReceipts' } }],
    ['a path with its query', 'request.path', { request: { path: '/x?limit=1' } }],
    ['a query that is a string', 'request.query', { request: { query: 'limit=1' } }],
    ['a query value that is a number', 'request.query.limit', { request: { query: { limit: 1 } } }],
    ['an empty bodyIncludes', 'request.bodyIncludes', { request: { bodyIncludes: '' } }],
    ['a status out of range', 'request.status', { request: { status: 999 } }],
    ['a status class that is not one', 'request.status', { request: { status: '6xx' } }],
    ['a negative since', 'request.since', { request: { since: -1 } }],
    ['two count rules', 'count', { request: {}, count: { atLeast: 1, atMost: 2 } }],
    ['an unknown count rule', 'count', { request: {}, count: { times: 1 } }],
    ['a count that is not an integer', 'count.exactly', { request: {}, count: { exactly: 1.5 } }],
  ];
  it.each(cases)('%s → 400 naming %s', async (_what, field, body) => {
    const api = await openApi();
    const res = await verify(api.sim, api.key, body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (field !== 'body') expect(res.body.error).toContain(`"${field}"`);
  });

  it('invalid JSON → 400 naming the body; an unknown environment → 404; a query string → 400', async () => {
    const api = await openApi();
    const broken = await api.sim.admin('POST', `/environments/${api.key}/journal/verify`, '{"request":');
    expect(broken).toMatchObject({ status: 400, body: { field: 'body' } });
    const unknown = await api.sim.admin('POST', '/environments/env_ffffffffffffffffffffffffffffffff/journal/verify', { request: {} });
    expect(unknown.status).toBe(404);
    const withQuery = await api.sim.admin('POST', `/environments/${api.key}/journal/verify?count=1`, { request: {} });
    expect(withQuery.status).toBe(400);
  });
});
