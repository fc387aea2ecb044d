// Verify as WireMock users expect (issue 43 § 3): request headers (equals, present, absent), the JSON
// body by path (equals, exists, contains) and query parameters by name; near misses name the field
// that differed and show each entry's method, path, status and code, as do the entries of a failed
// atMost; a verify whose window lost entries says truncated; the journal's size is a setting; fault
// rules answer any documented 4xx/5xx (502 included), with a fixed body if asked.
import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../src/engine/index.ts';
import { INVOICES, openApi, REST } from '../receivables/invoices/helpers.ts';
import { INJECTED_STATUSES } from '../../src/engine/faults/types.ts';
import type { TestSim } from '../support/sim.ts';

const verify = (sim: TestSim, key: string, body: unknown) => sim.admin<VerifyResult & { error?: string; field?: string }>('POST', `/environments/${key}/journal/verify`, body);
const RECEIPT = { ReceiptNumber: 'R-1', Amount: 5, Currency: 'USD', ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', CustomerAccountNumber: '10010', ReceiptDate: '2026-03-15' };

describe('journal/verify: headers, JSON body and query by name (issue 43 § 3)', () => {
  it('matches headers by equals, present and absent (names in any case)', async () => {
    const api = await openApi();
    await api.call('POST', `${REST}/standardReceipts`, RECEIPT, { 'Upsert-Mode': 'true' });
    const matched = async (headers: unknown) => (await verify(api.sim, api.key, { request: { method: 'POST', path: '*/standardReceipts', headers } })).body;
    expect((await matched({ 'upsert-mode': 'true' })).count).toBe(1);
    expect((await matched({ 'Upsert-Mode': { equals: 'true' } })).count).toBe(1);
    expect((await matched({ Authorization: { present: true } })).count).toBe(1);
    expect((await matched({ 'X-Request-Id': { absent: true } })).count).toBe(1);
    const miss = await matched({ 'Upsert-Mode': { absent: true }, 'Content-Type': { equals: 'text/plain' } });
    expect(miss.ok).toBe(false);
    expect(miss.nearMisses[0]!.differences).toEqual(['header Upsert-Mode: expected (absent), got true', 'header Content-Type: expected text/plain, got application/json']);
  });

  it('matches the JSON body by path: equals (any JSON value), exists and contains; a miss names the path', async () => {
    const api = await openApi();
    await api.call('POST', `${REST}/standardReceipts`, RECEIPT);
    const body = async (rule: unknown) => (await verify(api.sim, api.key, { request: { method: 'POST', body: rule } })).body;
    expect((await body({ jsonPath: '$.ReceiptNumber', equals: 'R-1' })).count).toBe(1);
    expect((await body({ jsonPath: '$.Amount', equals: 5 })).count).toBe(1);
    expect((await body([{ jsonPath: '$.CustomerAccountNumber', equals: '10010' }, { jsonPath: '$.Comments', exists: false }])).count).toBe(1);
    expect((await body({ jsonPath: '$.BusinessUnit', contains: 'US1' })).count).toBe(1);
    const miss = await body({ jsonPath: '$.ReceiptNumber', equals: 'R-2' });
    expect(miss.ok).toBe(false);
    expect(miss.nearMisses[0]).toMatchObject({ method: 'POST', path: `${REST}/standardReceipts`, status: 201, differences: ['body $.ReceiptNumber: expected "R-2", got "R-1"'] });
    expect((await body({ jsonPath: '$.Missing', exists: true })).nearMisses[0]!.differences).toEqual(['body $.Missing: expected (present), got (absent)']);
  });

  it('matches query parameters by name: a value or glob, equals, present, absent', async () => {
    const api = await openApi();
    await api.call('GET', `${INVOICES}?limit=2&onlyData=true`);
    const query = async (q: unknown) => (await verify(api.sim, api.key, { request: { method: 'GET', query: q } })).body;
    expect((await query({ limit: '2' })).count).toBe(1);
    expect((await query({ limit: { equals: '2' }, onlyData: { present: true }, q: { absent: true } })).count).toBe(1);
    expect((await query({ offset: { present: true } })).nearMisses[0]!.differences).toEqual(['query offset: expected (present), got (absent)']);
  });

  it('refuses a malformed header, body or query rule naming the field', async () => {
    const api = await openApi();
    for (const [request, field] of [
      [{ headers: { 'Upsert-Mode': { present: false } } }, 'request.headers.Upsert-Mode'],
      [{ headers: [] }, 'request.headers'],
      [{ body: { jsonPath: 'ReceiptNumber', equals: 'x' } }, 'request.body.jsonPath'],
      [{ body: [{ jsonPath: '$.a', equals: 1 }, { jsonPath: '$.b' }] }, 'request.body[1]'],
      [{ query: { limit: 5 } }, 'request.query.limit'],
    ] as const) {
      const res = await verify(api.sim, api.key, { request });
      expect(res.status, JSON.stringify(request)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('near misses carry the answer\'s error code; a failed atMost lists each matched entry', async () => {
    const api = await openApi();
    await api.call('POST', `${REST}/standardReceipts`, { ...RECEIPT, Amount: -5 });
    const tooFew = (await verify(api.sim, api.key, { request: { method: 'POST', status: 201 } })).body;
    expect(tooFew.nearMisses[0]).toMatchObject({ method: 'POST', status: 400, code: expect.stringMatching(/\S/) });
    await api.call('GET', `${INVOICES}?limit=1`);
    await api.call('GET', `${INVOICES}?limit=2`);
    const tooMany = (await verify(api.sim, api.key, { request: { method: 'GET' }, count: { atMost: 1 } })).body;
    expect(tooMany.ok).toBe(false);
    expect(tooMany.extra?.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', `${INVOICES}?limit=2`, 200],
      ['GET', `${INVOICES}?limit=1`, 200],
    ]);
  });
});

describe('journal size and truncated windows (issue 43 § 3)', () => {
  it('600 GETs with the default 500: exactly 600 fails with truncated true, in the message too; a larger size keeps them', async () => {
    const api = await openApi();
    for (let i = 0; i < 600; i++) await api.sim.fetch(`/sim/${api.key}/nope/${i}`);
    const capped = (await verify(api.sim, api.key, { request: { method: 'GET', path: '/nope/*' }, count: { exactly: 600 } })).body;
    expect(capped).toMatchObject({ ok: false, count: 500, truncated: true });
    expect(capped.message).toMatch(/^Truncated: the journal dropped entries/);
    // A window after the dropped entries lost nothing.
    const recent = (await api.sim.admin('GET', `/environments/${api.key}/journal?limit=1`)).body.items[0].id as number;
    expect((await verify(api.sim, api.key, { request: { since: recent - 10 } })).body.truncated).toBe(false);

    expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, { size: 1000 })).body).toEqual({ enabled: true, size: 1000 });
    await api.sim.admin('DELETE', `/environments/${api.key}/journal`);
    for (let i = 0; i < 600; i++) await api.sim.fetch(`/sim/${api.key}/nope/${i}`);
    expect((await verify(api.sim, api.key, { request: { method: 'GET', path: '/nope/*' }, count: { exactly: 600 } })).body).toMatchObject({ ok: true, count: 600, truncated: false });
    for (const size of [0, 10_001, 1.5, 'big']) expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, { size })).status).toBe(400);
  });
});

describe('fault rules: any documented status, a fixed body (issue 43 § 3)', () => {
  it('answers each status a rule may use, 502 included, in the product\'s style; the journal explains it', async () => {
    const api = await openApi();
    expect(INJECTED_STATUSES).toContain(502);
    for (const status of INJECTED_STATUSES) {
      const rule = await api.sim.admin('POST', `/environments/${api.key}/faults`, { kind: 'status', status, path: `/s${status}`, count: 1 });
      expect(rule.status, String(status)).toBe(201);
      const res = await api.sim.fetch(`/sim/${api.key}/s${status}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('x-sim-injected')).toBe(rule.body.id);
    }
    const [latest] = (await api.sim.admin('GET', `/environments/${api.key}/journal?limit=1`)).body.items;
    expect(latest).toMatchObject({ status: 504, code: 'SIM-FAULT-504', injected: expect.stringMatching(/^fault-/) });
  });

  it('a status rule with a fixed body answers exactly that body; refused on other kinds', async () => {
    const api = await openApi();
    const faults = `/environments/${api.key}/faults`;
    await api.sim.admin('POST', faults, { kind: 'status', status: 502, path: '/gw', body: '<html>Bad gateway</html>', contentType: 'text/html', count: 1 });
    const html = await api.sim.fetch(`/sim/${api.key}/gw`);
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([502, 'text/html', '<html>Bad gateway</html>']);
    await api.sim.admin('POST', faults, { kind: 'status', status: 400, path: '/json', body: { error: 'custom' }, count: 1 });
    const json = await api.sim.fetch(`/sim/${api.key}/json`);
    expect([json.status, await json.json()]).toEqual([400, { error: 'custom' }]);
    for (const bad of [{ kind: 'drop', path: '/x', body: 'x' }, { kind: 'status', status: 500, path: '/x', body: 5 }, { kind: 'status', status: 500, path: '/x', contentType: 'text/plain' }]) {
      expect((await api.sim.admin('POST', faults, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
