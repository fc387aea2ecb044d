// Request bodies beyond the structural bounds (core/json-bounds.ts: 32 levels, 1000 attributes in
// one object) are refused with 400 in each product's own error style before any attribute is
// checked (issue 26 § Why: "A 5 MB receipt body of 400,000 unknown attributes" answered 500;
// § What to reach: no 5xx for any input).
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_BOUNDS, jsonBoundsProblem, jsonTextBoundsProblem } from '../../src/engine/core/json-bounds.ts';
import { odataEnv, type ODataEnv } from '../odata/helpers.ts';
import { REST, receivablesEnv, type ReceivablesEnv } from '../receivables/framework/support.ts';

let r: ReceivablesEnv;
let o: ODataEnv;
beforeAll(async () => {
  r = await receivablesEnv();
  o = await odataEnv(r.sim);
});

const wide = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`Attr${i}`, 1])));
const deep = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
const postJson = (path: string, body: string) => r.call(`${REST}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('jsonBoundsProblem', () => {
  it('accepts a body at the bounds and names the bound that is broken', () => {
    expect(jsonBoundsProblem(JSON.parse(deep(BODY_BOUNDS.maxDepth)))).toBeNull();
    expect(jsonBoundsProblem(JSON.parse(wide(BODY_BOUNDS.maxAttributes)))).toBeNull();
    expect(jsonBoundsProblem(JSON.parse(deep(BODY_BOUNDS.maxDepth + 1)))).toContain('more than 32 levels deep');
    expect(jsonBoundsProblem(JSON.parse(wide(BODY_BOUNDS.maxAttributes + 1)))).toContain('more than 1000 attributes (1001)');
    // 100,000 levels: the walk is iterative, no stack overflow.
    expect(jsonBoundsProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toContain('levels deep');
  });

  it('the text scan agrees with the parsed walk, strings and escapes included', () => {
    const cases = [
      deep(BODY_BOUNDS.maxDepth), deep(BODY_BOUNDS.maxDepth + 1), wide(BODY_BOUNDS.maxAttributes), wide(BODY_BOUNDS.maxAttributes + 1),
      // Brackets, colons and escaped quotes inside strings are no structure.
      JSON.stringify({ a: '{'.repeat(100) + ':'.repeat(2000) + '\\"[' }), JSON.stringify([{ 'k"{': '\\', b: [1, { c: '"' }] }]),
      JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`"${i}:`, '\\']))),
    ];
    for (const text of cases) expect(jsonTextBoundsProblem(text) === null, text.slice(0, 60)).toBe(jsonBoundsProblem(JSON.parse(text)) === null);
  });
});

describe('receivables REST (spec 000 error envelope)', () => {
  it('the 5 MB receipt of 400,000 unknown attributes is refused with 400 SIM-REST-4014, not 500', async () => {
    const body = wide(400_000);
    expect(body.length).toBeGreaterThan(5_000_000);
    const res = await postJson('/standardReceipts', body);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text)['o:errorCode']).toBe('SIM-REST-4014');
    expect(text.length).toBeLessThan(2000); // one sentence, not 400,000 error details
  });

  it('a descriptive flexfield nested 100,000 deep is refused; one 20 deep is only checked as an attribute', async () => {
    const tooDeep = await postJson('/standardReceipts', `{"ReceiptNumber":"R-DEEP","standardReceiptDFF":${deep(100_000)}}`);
    expect([tooDeep.status, ((await tooDeep.json()) as Record<string, string>)['o:errorCode']]).toEqual([400, 'SIM-REST-4014']);
    const shallow = await postJson('/standardReceipts', `{"Nope":${deep(20)}}`);
    expect([shallow.status, ((await shallow.json()) as Record<string, string>)['o:errorCode']]).toEqual([400, 'SIM-REST-4007']);
  });

  it('a body with more problems than o:errorDetails lists says how many there were', async () => {
    // 500 unknown attributes (within the bounds): 500 problems, the first 100 listed.
    const res = await postJson('/receivablesInvoices', wide(500));
    const body = (await res.json()) as { detail: string; 'o:errorDetails': unknown[] };
    expect(res.status).toBe(400);
    expect(body.detail).toContain('(500 problems; the first 100 are in o:errorDetails)');
    expect(body['o:errorDetails']).toHaveLength(100);
  });
});

describe('OData (spec 001 error envelope)', () => {
  it('a write body and a $batch beyond the bounds get 400 with the OData error envelope', async () => {
    const write = await o.req('POST', '/CUSTOMERS', { headers: { 'content-type': 'application/json' }, body: wide(5000) });
    const writeBody = (await write.json()) as { error: { code: string; message: string } };
    expect(write.status).toBe(400);
    expect(writeBody.error.message).toContain('more than 1000 attributes');
    const batch = await o.req('POST', '/$batch', {
      headers: { 'content-type': 'application/json' },
      body: `{"requests":[{"id":"1","method":"POST","url":"CUSTOMERS","body":${deep(50_000)}}]}`,
    });
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { error: { message: string } }).error.message).toContain('levels deep');
    expect(o.sim.engine.stats.unhandledErrors).toBe(0);
  });
});
