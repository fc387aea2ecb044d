// Lessons (issue 12 § 5): goals checked automatically from the journal; lessons are data; a trainer
// reads progress per environment through the control API.
import { describe, expect, it } from 'vitest';
import { checkLessons } from '../../src/engine/lessons/check.ts';
import { LESSONS } from '../../src/engine/lessons/lessons.ts';
import type { Lesson } from '../../src/engine/lessons/types.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const RCPT = '/fscmRestApi/resources/11.13.18.05/standardReceipts';

let nextId = 1;
function entry(over: Partial<JournalEntry> & Pick<JournalEntry, 'method' | 'path' | 'status'>): JournalEntry {
  return { id: nextId++, at: '2026-03-15T10:00:00.000Z', product: 'receivables', service: 'rest', ms: 3, request: { headers: {} }, response: { headers: {} }, ...over };
}
const lesson = (id: string) => LESSONS.filter((l) => l.id === id);
const steps = (id: string, journal: JournalEntry[], rows: Record<string, number> = {}) => checkLessons(lesson(id), journal, { rows })[0]!.steps.map((s) => s.done);

describe('lesson checker over journal entries (pure)', () => {
  it('get a token: the token, then a bearer call; the order matters', () => {
    const early = entry({ method: 'GET', path: `${INV}?limit=5`, status: 200, request: { headers: { authorization: 'Bearer [redacted]' } } });
    const token = entry({ service: 'oauth', method: 'POST', path: '/oauth/token', status: 200 });
    const call = entry({ method: 'GET', path: `${INV}?limit=5`, status: 200, request: { headers: { authorization: 'Bearer [redacted]' } } });
    expect(steps('get-a-token', [])).toEqual([false, false]);
    expect(steps('get-a-token', [token])).toEqual([true, false]);
    expect(steps('get-a-token', [early, token])).toEqual([true, false]); // the call came before the token
    expect(steps('get-a-token', [token, call].reverse())).toEqual([true, true]); // newest-first input is fine
    const refused = entry({ service: 'oauth', method: 'POST', path: '/oauth/token', status: 401, code: 'invalid_client' });
    expect(steps('get-a-token', [refused])).toEqual([false, false]);
  });

  it('page through every invoice: windows must cover every row, without q or finder', () => {
    nextId = 100;
    const page = (offset: number, limit = 50, extra = '') => entry({ method: 'GET', path: `${INV}?limit=${limit}&offset=${offset}${extra}`, status: 200 });
    const rows = { receivablesInvoices: 120 };
    expect(steps('page-through-invoices', [page(0), page(50)], rows)).toEqual([true, false]);
    expect(steps('page-through-invoices', [page(0), page(50), page(100)], rows)).toEqual([true, true]);
    // A gap (offset 60 after 0-49) does not cover; a filtered read does not count.
    expect(steps('page-through-invoices', [page(0), page(60), page(100, 50, '&q=InvoiceStatus%3D%27Complete%27')], rows)).toEqual([true, false]);
    // Another resource, or an error page, does not count either.
    expect(steps('page-through-invoices', [page(0), entry({ method: 'GET', path: `${INV}?limit=500&offset=50`, status: 400 })], rows)).toEqual([true, false]);
  });

  it('survive a fault: an injected failure on a receipt POST, then an Upsert-Mode retry that succeeds', () => {
    const injected = entry({ method: 'POST', path: RCPT, status: 500, injected: 'fault-1' });
    const blind = entry({ method: 'POST', path: RCPT, status: 400, code: 'AR_RCP_DUP_NUM' });
    const safe = entry({ method: 'POST', path: RCPT, status: 200, request: { headers: { 'upsert-mode': 'true', 'content-type': 'application/json' } } });
    expect(steps('survive-a-fault', [injected, blind])).toEqual([true, false]);
    expect(steps('survive-a-fault', [injected, blind, safe])).toEqual([true, true]);
    expect(steps('survive-a-fault', [safe])).toEqual([false, false]);
  });

  it('$batch: a batch, a failed operation inside one, then a batch whose operations all succeed', () => {
    const batch = (ok: boolean) => {
      const outer = entry({ product: 'odata', service: 'batch', method: 'POST', path: '/odata/Priority/tabula.ini/demo/$batch', status: 200 });
      const inner = [
        entry({ product: 'odata', service: 'odata', method: 'GET', path: '/odata/Priority/tabula.ini/demo/CUSTOMERS', status: 200, parent: outer.id }),
        entry({ product: 'odata', service: 'odata', method: 'GET', path: "/odata/Priority/tabula.ini/demo/CUSTOMERS('NOPE')", status: ok ? 200 : 404, parent: outer.id }),
      ];
      return [outer, ...inner];
    };
    expect(steps('batch-failure', batch(false))).toEqual([true, true, false]);
    expect(steps('batch-failure', [...batch(false), ...batch(false)])).toEqual([true, true, false]);
    expect(steps('batch-failure', [...batch(false), ...batch(true)])).toEqual([true, true, true]);
  });

  it('a lesson is data: a new one needs no code', () => {
    const custom: Lesson = {
      id: 'describe',
      product: 'receivables',
      title: 'Read describe',
      summary: 'x',
      steps: [{ id: 'd', title: 'GET describe', instruction: 'x', goal: { kind: 'seen', pattern: { method: 'GET', path: '/describe$', status: 200 }, count: 2 } }],
    };
    const d = () => entry({ method: 'GET', path: `${INV}/describe`, status: 200 });
    expect(checkLessons([custom], [d()], { rows: {} })[0]!.done).toBe(false);
    expect(checkLessons([custom], [d(), d()], { rows: {} })[0]).toMatchObject({ done: true, completed: 1 });
  });
});

async function tokenFor(sim: TestSim, base: string, client: { clientId: string; clientSecret: string }) {
  const res = await sim.fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('lesson progress through the control API (journal of the engine)', () => {
  it('a trainee program\'s requests complete steps; each environment has its own progress', async () => {
    const sim = await createTestSim();
    const a = await createEnv(sim, 'receivables', 'Trainee A');
    const b = await createEnv(sim, 'receivables', 'Trainee B');
    const t = await tokenFor(sim, a.base, a.credentials.oauthClients[0]);
    const auth = { authorization: `Bearer ${t}` };
    // Page through every invoice of A, 100 at a time, following hasMore.
    let offset = 0;
    for (;;) {
      const page = await sim.fetch(`${a.base}${INV}?limit=100&offset=${offset}&onlyData=true&fields=TransactionNumber`, { headers: auth }).then((r) => r.json());
      if (!page.hasMore) break;
      offset += 100;
    }
    await sim.engine.settled();
    const progress = await sim.admin('GET', `/environments/${a.key}/lessons`);
    expect(progress.status).toBe(200);
    const byId = Object.fromEntries(progress.body.items.map((l: { id: string }) => [l.id, l]));
    expect(byId['get-a-token']).toMatchObject({ done: true, completed: 2 });
    expect(byId['page-through-invoices']).toMatchObject({ done: true, completed: 2 });
    expect(byId['page-through-invoices'].steps[1].entry.path).toContain('offset=');
    expect(byId['sync-incrementally']).toMatchObject({ done: false, completed: 0 });
    expect(progress.body.items.every((l: { product: string }) => l.product === 'receivables')).toBe(true);
    // Isolation: B saw none of it.
    const other = await sim.admin('GET', `/environments/${b.key}/lessons`);
    expect(other.body.items.every((l: { completed: number }) => l.completed === 0)).toBe(true);
  });

  it('AutoMatch lesson: a receipt recorded, then read back APPLIED after AutoMatch ran', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const t = await tokenFor(sim, env.base, env.credentials.oauthClients[0]);
    const auth = { authorization: `Bearer ${t}`, 'content-type': 'application/json' };
    const products = await sim.admin('GET', '/products');
    const cycle = products.body.items.find((p: { id: string }) => p.id === 'receivables').examples.filter((e: { group: string }) => e.group === 'Cash cycle (guided)');
    const create = cycle[0];
    const created = await sim.fetch(`${env.base}${create.path}`, { method: 'POST', headers: auth, body: create.body });
    expect(created.status).toBe(201);
    const id = (await created.json()).StandardReceiptId;
    await sim.admin('POST', `/environments/${env.key}/automatch/run`);
    expect((await sim.fetch(`${env.base}${RCPT}/${id}`, { headers: auth })).status).toBe(200);
    await sim.engine.settled();
    const lessonProgress = (await sim.admin('GET', `/environments/${env.key}/lessons`)).body.items.find((l: { id: string }) => l.id === 'automatch-applies');
    expect(lessonProgress).toMatchObject({ done: true, completed: 2 });
  });

  it('survive a fault: an injected 500 after the write, then the Upsert-Mode retry (spec 000 Receipt rule 1)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const t = await tokenFor(sim, env.base, env.credentials.oauthClients[0]);
    const rule = await sim.admin('POST', `/environments/${env.key}/faults`, { kind: 'status', status: 500, method: 'POST', path: '*/standardReceipts', when: 'after', count: 1 });
    expect(rule.status).toBe(201);
    const body = JSON.stringify({ ReceiptNumber: 'LESSON-1', ReceiptDate: '2026-03-14', ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 100, Currency: 'USD', CustomerAccountNumber: '10010' });
    const send = (headers: Record<string, string>) => sim.fetch(`${env.base}${RCPT}`, { method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json', ...headers }, body });
    expect((await send({})).status).toBe(500);
    expect((await send({})).status).toBe(400); // blind retry: AR_RCP_DUP_NUM
    await sim.engine.settled();
    let lesson = (await sim.admin('GET', `/environments/${env.key}/lessons`)).body.items.find((l: { id: string }) => l.id === 'survive-a-fault');
    expect(lesson.steps.map((x: { done: boolean }) => x.done)).toEqual([true, false]);
    expect((await send({ 'Upsert-Mode': 'true' })).status).toBe(200);
    await sim.engine.settled();
    lesson = (await sim.admin('GET', `/environments/${env.key}/lessons`)).body.items.find((l: { id: string }) => l.id === 'survive-a-fault');
    expect(lesson).toMatchObject({ done: true, completed: 2 });
  });

  it('sync incrementally: a watermark read, an invoice changed, the watermark read again', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const t = await tokenFor(sim, env.base, env.credentials.oauthClients[0]);
    const auth = { authorization: `Bearer ${t}` };
    const sync = (since: string) => sim.fetch(`${env.base}${INV}?q=${encodeURIComponent(`LastUpdateDate > '${since}'`)}&orderBy=LastUpdateDate:desc&limit=1`, { headers: auth }).then((r) => r.json());
    const first = await sync('2026-01-01T00:00:00.000+0000');
    const watermark = first.items[0].LastUpdateDate;
    const id = first.items[0].CustomerTransactionId;
    sim.clock.now += 60_000;
    const patched = await sim.fetch(`${env.base}${INV}/${id}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: '{"InvoiceStatus": "Frozen"}' });
    expect(patched.status).toBe(200);
    const again = await sync(watermark);
    expect(again.items.map((i: { CustomerTransactionId: number }) => i.CustomerTransactionId)).toEqual([id]);
    await sim.engine.settled();
    const lesson = (await sim.admin('GET', `/environments/${env.key}/lessons`)).body.items.find((l: { id: string }) => l.id === 'sync-incrementally');
    expect(lesson).toMatchObject({ done: true, completed: 3 });
  });

  it('lists the lessons as data; OData lessons for an OData environment; bad input 400, unknown 404', async () => {
    const sim = await createTestSim();
    const list = await sim.admin('GET', '/lessons');
    expect(list.body.items.map((l: { id: string }) => l.id)).toEqual(LESSONS.map((l) => l.id));
    const env = await createEnv(sim, 'odata');
    const progress = await sim.admin('GET', `/environments/${env.key}/lessons`);
    expect(progress.body.items.map((l: { id: string }) => l.id)).toEqual(['read-an-odata-error', 'batch-failure', 'back-off-when-throttled']);
    expect((await sim.admin('GET', `/environments/${env.key}/lessons?x=1`)).status).toBe(400);
    expect((await sim.admin('GET', '/environments/env_00000000000000000000000000000000/lessons')).status).toBe(404);
  });
});
