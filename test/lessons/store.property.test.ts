// Issue 40 § Tests: any lesson that validates can be stored, listed, exported, imported and deleted
// through the control API, and reads back byte for byte; custom lessons persist with the host's
// store (IndexedDB here: a new engine over the same database still has them); built-in ones answer
// 409 to a change and their GET is their file.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, openDatabase } from '../../src/engine/index.ts';
import { LESSONS } from '../../src/engine/lessons/lessons.ts';
import { checkLessonText } from '../../src/engine/lessons/validate.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { createTestSim } from '../support/sim.ts';

const BUILTIN = new Set(LESSONS.map((l) => l.id));
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
const request = fc.record(
  {
    method: fc.constantFrom('GET', 'post', 'PATCH', 'Delete'),
    path: fc.constantFrom('/oauth/token', '*/standardReceipts', '*/receivablesInvoices/*', '/odata/Priority/*'),
    status: fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constantFrom(0, '2xx', '4xx', '5XX')),
    bodyIncludes: fc.oneof(text(1, 20), fc.array(text(1, 10), { minLength: 1, maxLength: 3 })),
    query: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.oneof(text(0, 10), fc.constant({ present: true as const }))),
  },
  { requiredKeys: [] },
).map((r) => (r.query && Object.keys(r.query).length === 0 ? { ...r, query: undefined } : r));
const step = fc.record(
  {
    title: text(1, 40),
    instruction: text(1, 80),
    hint: text(0, 40),
    check: fc.record({ request, count: fc.option(fc.oneof(fc.record({ exactly: fc.nat(5) }), fc.record({ atLeast: fc.nat(5) }), fc.record({ atMost: fc.nat(5) })), { nil: undefined }) }),
  },
  { requiredKeys: ['title', 'instruction', 'check'] },
);
const lesson = fc.record(
  {
    id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/).filter((id) => !BUILTIN.has(id)),
    title: text(1, 60),
    product: fc.constantFrom('receivables', 'odata'),
    summary: text(0, 100),
    scenario: fc.constantFrom('cash-cycle', 'broken-integration-day'),
    steps: fc.array(step, { minLength: 1, maxLength: 6 }),
  },
  { requiredKeys: ['id', 'title', 'product', 'steps'] },
);
/** A lesson file as a trainer might save it: any indentation, key order as written, a newline or not. */
const file = fc.tuple(lesson, fc.constantFrom(0, 1, 2, 4, '\t'), fc.boolean()).map(([l, indent, nl]) => `${JSON.stringify(l, null, indent)}${nl ? '\n' : ''}`);

describe('custom lessons through the control API (issue 40 § 2)', () => {
  it('any lesson that validates is stored, listed, exported, deleted, imported and reads back byte for byte', async () => {
    const sim = await createTestSim();
    const raw = (method: string, path: string, body?: string) => sim.fetch(`/sim/_admin${path}`, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) });
    await fc.assert(
      fc.asyncProperty(file, async (posted) => {
        const checked = checkLessonText(posted);
        expect(checked, posted).toMatchObject({ ok: true });
        const id = (JSON.parse(posted) as { id: string }).id;
        const created = await raw('POST', '/lessons', posted);
        expect(created.status).toBe(201);
        expect(await created.text()).toBe(posted);
        const list = (await (await raw('GET', '/lessons')).json()) as { items: { id: string; origin: string }[] };
        expect(list.items.filter((l) => l.id === id)).toMatchObject([{ id, origin: 'custom' }]);
        const exported = await (await raw('GET', `/lessons/${id}`)).text();
        expect(exported).toBe(posted);
        expect((await raw('POST', '/lessons', posted)).status).toBe(409);
        expect((await raw('DELETE', `/lessons/${id}`)).status).toBe(204);
        expect((await raw('GET', `/lessons/${id}`)).status).toBe(404);
        expect((await raw('POST', '/lessons', exported)).status).toBe(201);
        expect(await (await raw('GET', `/lessons/${id}`)).text()).toBe(posted);
        expect((await raw('DELETE', `/lessons/${id}`)).status).toBe(204);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps custom lessons in IndexedDB: a new engine over the same database lists them, byte for byte', async () => {
    const indexedDB = new IDBFactory();
    const open = () => createEngine({ db: openDatabase('lessons-kept', indexedDB, IDBKeyRange), clock: () => Date.parse('2026-03-15T10:00:00Z'), catalog: builtInCatalog });
    const posted = '{"id":"kept","title":"Kept","product":"odata","steps":[{"title":"t","instruction":"i","check":{"request":{"status":"4xx"}}}]}';
    const first = await open();
    expect((await first.handle(new Request('http://sim.test/sim/_admin/lessons', { method: 'POST', body: posted }))).status).toBe(201);
    const second = await open();
    expect(await (await second.handle(new Request('http://sim.test/sim/_admin/lessons/kept'))).text()).toBe(posted);
  });

  it('a built-in lesson reads as its file and answers 409 to PUT and DELETE; a wrong one 400 naming the field', async () => {
    const sim = await createTestSim();
    const file = readFileSync(new URL('../../src/engine/lessons/builtin/get-a-token.json', import.meta.url), 'utf8');
    const got = await sim.fetch('/sim/_admin/lessons/get-a-token');
    expect(await got.text()).toBe(file);
    expect((await sim.admin('PUT', '/lessons/get-a-token', file)).status).toBe(409);
    expect((await sim.admin('DELETE', '/lessons/get-a-token')).status).toBe(409);
    expect((await sim.admin('POST', '/lessons', file)).status).toBe(409);
    const bad = JSON.parse(file) as { id: string; steps: { check?: { request: { status: unknown } } }[] };
    bad.id = 'copy';
    (bad.steps[0]!.check as { request: { status: unknown } }).request.status = 'ok';
    expect(await sim.admin('POST', '/lessons', bad)).toEqual({ status: 400, body: { error: 'steps[0].check.request.status: expected a number or "4xx"', field: 'steps[0].check.request.status' } });
    expect((await sim.admin('PUT', '/lessons/other', { ...bad, id: 'copy' })).status).toBe(400);
    expect((await sim.admin('DELETE', '/lessons/none')).status).toBe(404);
    expect((await sim.admin('GET', '/lessons/none')).status).toBe(404);
  });
});
