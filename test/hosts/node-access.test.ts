// Issue 19 § 1 and § Tests: every control route × {no token, class code, another environment's owner
// token, the environment's own owner token, the admin token} on a Node host under --require-token;
// each refusal has its documented status and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ADMIN = 'simadmin_matrix-admin-token-0123456789';
const CLASS = 'simclass_matrix-class';

type Caller = 'none' | 'class' | 'otherOwner' | 'owner' | 'admin';
const CALLERS: Caller[] = ['none', 'class', 'otherOwner', 'owner', 'admin'];

interface Fixture {
  /**
   * The environment the route names (receivables, so AutoMatch routes exist), with a finished
   * (stopped) drill `drillId`.
   */
  a: { key: string; ownerToken: string; credentialId: string; drillId: string };
  /** Another environment: its owner token is the "other environment's" one. */
  b: { key: string; ownerToken: string };
  snapshot: string;
  scenario: string;
  /** A custom lesson of the fixture's own (issue 40 § 2). */
  lesson: string;
}

interface Route {
  method: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => string;
  /** Who may: the rest are refused (no token 401; a token outside its scope 404 SIM-1000). */
  allowed: Caller[];
  /** Status of an allowed call. */
  ok: number;
  /** A Server-Sent Events stream: an allowed call checks the status and content type, then aborts. */
  stream?: true;
  /** More about an allowed call's answer (e.g. a route's own 404, which is not the SIM-1000 refusal). */
  check?: (res: Response, text: string) => void;
  /** Refused to a token the host knows with this status and code instead of 404 SIM-1000 (issue 40 § 2: a class code may not write lessons). */
  refused?: { status: number; code: string };
}

const json = (v: unknown) => () => JSON.stringify(v);
const env = (tail = '') => (f: Fixture) => `/environments/${f.a.key}${tail}`;
const OWNER_AND_ADMIN: Caller[] = ['owner', 'admin'];
const CLASS_AND_ADMIN: Caller[] = ['class', 'admin'];
let lessons = 0;
const lessonText = (id: string) => JSON.stringify({ id, title: 'A lesson', product: 'receivables', steps: [{ title: 'Read', instruction: 'GET invoices', check: { request: { method: 'GET', path: '*/receivablesInvoices' } } }] });
const ADMIN_ONLY = { status: 403, code: 'SIM-1002' };

/** The drill routes' own 404 for a drill id the environment does not have: JSON `{error}`, not a problem document. */
const noDrill = (res: Response, text: string) => {
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(JSON.parse(text)).toEqual({ error: "No drill 'drill-999' in this environment." });
};

/**
 * The control API of docs/reference/control-api.md, every method and path: each route registered with
 * app.get/post/put/patch/delete in src/engine/admin/*.ts and by the AutoMatch process
 * (src/engine/products/receivables/automatch/process.ts).
 */
const ROUTES: Route[] = [
  { method: 'GET', path: () => '/products', allowed: CLASS_AND_ADMIN, ok: 200 },
  { method: 'GET', path: () => '/lessons', allowed: CLASS_AND_ADMIN, ok: 200 },
  { method: 'GET', path: () => '/scenarios', allowed: CLASS_AND_ADMIN, ok: 200 },
  // issue 40 § 2: a class code reads the lessons; writing them takes the admin token (403 SIM-1002).
  { method: 'GET', path: (f) => `/lessons/${f.lesson}`, allowed: CLASS_AND_ADMIN, ok: 200 },
  { method: 'POST', path: () => '/lessons', body: () => lessonText(`posted-${++lessons}`), allowed: ['admin'], ok: 201, refused: ADMIN_ONLY },
  { method: 'PUT', path: (f) => `/lessons/${f.lesson}`, body: (f) => lessonText(f.lesson), allowed: ['admin'], ok: 200, refused: ADMIN_ONLY },
  { method: 'DELETE', path: (f) => `/lessons/${f.lesson}`, allowed: ['admin'], ok: 204, refused: ADMIN_ONLY },
  { method: 'POST', path: (f) => `/scenarios/${f.scenario}`, allowed: CLASS_AND_ADMIN, ok: 201 },
  { method: 'POST', path: () => '/environments', body: json({ product: 'odata' }), allowed: CLASS_AND_ADMIN, ok: 201 },
  { method: 'POST', path: () => '/environments/import', body: (f) => f.snapshot, allowed: CLASS_AND_ADMIN, ok: 201 },
  { method: 'GET', path: () => '/stats', allowed: ['admin'], ok: 200 },
  // issue 20: the trainer's view of every environment (the event streams are checked in node-live.test.ts).
  { method: 'GET', path: () => '/activity', allowed: ['admin'], ok: 200 },
  // The trainer's view shows the join link from the class codes the host was given: the admin alone reads them.
  { method: 'GET', path: () => '/class', allowed: ['admin'], ok: 200, check: (_res, text) => expect(JSON.parse(text)).toEqual({ codes: [CLASS] }) },
  // An owner token lists its own environment only (checked below).
  { method: 'GET', path: () => '/environments', allowed: ['otherOwner', 'owner', 'admin'], ok: 200 },
  { method: 'GET', path: env(), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'PATCH', path: env(), body: json({ name: 'renamed' }), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'DELETE', path: env(), allowed: OWNER_AND_ADMIN, ok: 204 },
  { method: 'POST', path: env('/reset'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'POST', path: env('/generate'), body: json({ count: 3 }), allowed: OWNER_AND_ADMIN, ok: 201 },
  { method: 'POST', path: env('/credentials'), body: json({ type: 'soap-user' }), allowed: OWNER_AND_ADMIN, ok: 201 },
  { method: 'DELETE', path: (f) => `/environments/${f.a.key}/credentials/${f.a.credentialId}`, allowed: OWNER_AND_ADMIN, ok: 204 },
  { method: 'GET', path: env('/clock'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'PUT', path: env('/clock'), body: json({ advanceDays: 2 }), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/automatch'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'PUT', path: env('/automatch'), body: json({ schedule: { enabled: false } }), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'POST', path: env('/automatch/run'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/journal'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'PUT', path: env('/journal'), body: json({ enabled: false }), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'DELETE', path: env('/journal'), allowed: OWNER_AND_ADMIN, ok: 204 },
  { method: 'POST', path: env('/journal/verify'), body: json({ request: {} }), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/faults'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'POST', path: env('/faults'), body: json({ kind: 'latency', path: '*/standardReceipts', latencyMs: 5 }), allowed: OWNER_AND_ADMIN, ok: 201 },
  { method: 'DELETE', path: env('/faults/fault-1'), allowed: OWNER_AND_ADMIN, ok: 204 },
  { method: 'GET', path: env('/snapshot'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/openapi.json'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/postman.json'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'GET', path: env('/lessons'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'POST', path: env('/lessons/check'), body: () => lessonText('draft'), allowed: OWNER_AND_ADMIN, ok: 200 },
  // issue 23's drills: the list, a start, a finished drill's report, JUnit XML and removal, and
  // the routes' own 404 for a drill the environment does not have.
  { method: 'GET', path: env('/drills'), allowed: OWNER_AND_ADMIN, ok: 200 },
  { method: 'POST', path: env('/drills'), body: json({ plan: 'standard' }), allowed: OWNER_AND_ADMIN, ok: 201 },
  { method: 'GET', path: (f) => `/environments/${f.a.key}/drills/${f.a.drillId}`, allowed: OWNER_AND_ADMIN, ok: 200 },
  {
    method: 'GET',
    path: (f) => `/environments/${f.a.key}/drills/${f.a.drillId}/junit.xml`,
    allowed: OWNER_AND_ADMIN,
    ok: 200,
    check: (res, text) => {
      expect(res.headers.get('content-type')).toContain('application/xml');
      expect(text).toContain('<testsuite');
    },
  },
  { method: 'DELETE', path: (f) => `/environments/${f.a.key}/drills/${f.a.drillId}`, allowed: OWNER_AND_ADMIN, ok: 204 },
  { method: 'GET', path: env('/drills/drill-999'), allowed: OWNER_AND_ADMIN, ok: 404, check: noDrill },
  { method: 'DELETE', path: env('/drills/drill-999'), allowed: OWNER_AND_ADMIN, ok: 404, check: noDrill },
  { method: 'GET', path: env('/drills/drill-999/junit.xml'), allowed: OWNER_AND_ADMIN, ok: 404, check: noDrill },
  // issue 20's notice streams (their events are checked in node-live.test.ts).
  { method: 'GET', path: () => '/events', allowed: ['admin'], ok: 200, stream: true },
  { method: 'GET', path: env('/events'), allowed: OWNER_AND_ADMIN, ok: 200, stream: true },
];

let host: NodeHost;
/** Committed changes of the store (an environment, a record, a clock): a refusal adds none. */
let changes = 0;

async function call(method: string, path: string, token: string | null, body?: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${host.url}/sim/_admin${path}`, { method, headers, body, signal });
}

async function asAdmin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(method, path, ADMIN, body === undefined ? undefined : JSON.stringify(body));
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** A snapshot to import and a scenario to load: the same for every case. */
let shared: Pick<Fixture, 'snapshot' | 'scenario'> | undefined;

async function fixture(): Promise<Fixture> {
  const a = await asAdmin<{ key: string; ownerToken: string; credentials: { soapUsers: { id: string }[] } }>('POST', '/environments', { product: 'receivables' });
  const b = await asAdmin<{ key: string; ownerToken: string }>('POST', '/environments', { product: 'odata' });
  await asAdmin('POST', `/environments/${a.key}/faults`, { kind: 'latency', path: '*/nothing', latencyMs: 1 });
  // One journaled product request, so a refused journal clear has something to keep.
  await (await fetch(`${host.url}/sim/${a.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`)).arrayBuffer();
  // A drill, started and stopped at once: a finished report to read, export and remove.
  const drill = await asAdmin<{ id: string }>('POST', `/environments/${a.key}/drills`, { plan: 'standard' });
  await asAdmin('DELETE', `/environments/${a.key}/drills/${drill.id}`);
  const lesson = `fixture-${++lessons}`;
  expect((await call('POST', '/lessons', ADMIN, lessonText(lesson))).status).toBe(201);
  await host.engine.settled();
  shared ??= {
    snapshot: JSON.stringify(await asAdmin('GET', `/environments/${b.key}/snapshot`)),
    scenario: (await asAdmin<{ items: { id: string; product: string }[] }>('GET', '/scenarios')).items.find((s) => s.product === 'odata')?.id as string,
  };
  return { a: { key: a.key, ownerToken: a.ownerToken, credentialId: a.credentials.soapUsers[0]?.id as string, drillId: drill.id }, b, lesson, ...shared };
}

function tokenOf(caller: Caller, f: Fixture): string | null {
  return { none: null, class: CLASS, otherOwner: f.b.ownerToken, owner: f.a.ownerToken, admin: ADMIN }[caller];
}

/** What a refusal must leave as it was: the environments, their records, clocks and journals. */
async function observed(f: Fixture) {
  await host.engine.settled();
  const journal = await asAdmin<{ items: unknown[]; enabled: boolean }>('GET', `/environments/${f.a.key}/journal`);
  const envs = await asAdmin<{ items: { key: string; name: string }[] }>('GET', '/environments');
  const lessons = await asAdmin<{ items: { id: string }[] }>('GET', '/lessons');
  return { lessons: lessons.items.map((l) => l.id), changes, journal: journal.items.length, enabled: journal.enabled, envs: envs.items.map((e) => `${e.key} ${e.name}`).sort() };
}

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1', requireToken: true, adminToken: ADMIN, classCodes: [CLASS] });
  host.engine.store.onChange(() => {
    changes++;
  });
});
afterAll(() => host.close());

describe('control API access matrix under --require-token (issue 19 § Tests)', () => {
  for (const route of ROUTES) {
    // A refusal changes nothing (checked), so the refused callers of a route share one fixture.
    let unchanged: Promise<Fixture> | undefined;
    for (const caller of CALLERS) {
      const allowed = route.allowed.includes(caller);
      it(`${route.method} ${route.path({ a: { key: '<key>', drillId: '<id>' }, lesson: '<id>' } as Fixture)} as ${caller}: ${allowed ? route.ok : caller === 'none' ? 401 : (route.refused?.status ?? 404)}`, async () => {
        const f = await (allowed ? fixture() : (unchanged ??= fixture()));
        const before = allowed ? null : await observed(f);
        const abort = new AbortController();
        const res = await call(route.method, route.path(f), tokenOf(caller, f), route.body?.(f), abort.signal);
        if (allowed && route.stream) {
          // An open stream never ends: its head is the answer; then the client goes away.
          expect(res.status).toBe(route.ok);
          expect(res.headers.get('content-type')).toContain('text/event-stream');
          abort.abort();
          return;
        }
        const text = await res.text();
        if (allowed) {
          expect(res.status, text).toBe(route.ok);
          route.check?.(res, text);
          if (route.method === 'GET' && route.path(f) === '/environments' && caller !== 'admin') {
            // issue 19 § 1: an owner token lists only that token's environment.
            const own = caller === 'owner' ? f.a.key : f.b.key;
            expect((JSON.parse(text) as { items: { key: string }[] }).items.map((e) => e.key)).toEqual([own]);
          }
          if (['POST /environments', 'POST /environments/import', `POST /scenarios/${f.scenario}`].includes(`${route.method} ${route.path(f)}`)) {
            // issue 19 § 1: the 201 of create, import and scenario load carries the new owner token.
            expect((JSON.parse(text) as { ownerToken: string }).ownerToken).toMatch(/^simowner_[0-9a-f]{40}$/);
          }
          return;
        }
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        const problem = JSON.parse(text) as { code: string; status: number };
        if (caller === 'none') {
          expect(res.status).toBe(401);
          expect(problem.code).toBe('SIM-1001');
          expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sim-admin"');
        } else {
          expect(res.status).toBe(route.refused?.status ?? 404);
          expect(problem.code).toBe(route.refused?.code ?? 'SIM-1000');
        }
        expect(await observed(f)).toEqual(before);
      });
    }
  }
});

describe('refusals do not leak (issue 19 § 1)', () => {
  it('another environment answers an owner token exactly as an unknown key does', async () => {
    const f = await fixture();
    const other = await call('GET', `/environments/${f.b.key}`, f.a.ownerToken);
    const unknownKey = 'env_0123456789abcdef0123456789abcdef';
    const unknown = await call('GET', `/environments/${unknownKey}`, f.a.ownerToken);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    const strip = (t: string, key: string) => t.replaceAll(key, '<key>');
    expect(strip(await other.text(), f.b.key)).toBe(strip(await unknown.text(), unknownKey));
  });

  it('the admin asking for a key that does not exist gets exactly that refusal: 404 SIM-1000 (issue 19 § 1)', async () => {
    // issue 19 § 1: "404 SIM-1000, exactly as for an unknown environment".
    const f = await fixture();
    const unknownKey = 'env_0123456789abcdef0123456789abcdef';
    const strip = (t: string, key: string) => t.replaceAll(key, '<key>');
    for (const tail of ['', '/journal', '/drills', '/automatch', '/events']) {
      const refused = await call('GET', `/environments/${f.b.key}${tail}`, f.a.ownerToken);
      const unknown = await call('GET', `/environments/${unknownKey}${tail}`, ADMIN);
      expect(unknown.status, tail).toBe(404);
      expect(unknown.headers.get('content-type'), tail).toBe(refused.headers.get('content-type'));
      const text = await unknown.text();
      expect(JSON.parse(text), tail).toMatchObject({ code: 'SIM-1000', status: 404 });
      expect(strip(text, unknownKey), tail).toBe(strip(await refused.text(), f.b.key));
    }
  });

  it('an unknown token of any kind is 401 SIM-1001, and a deleted environment takes its owner token with it', async () => {
    const f = await fixture();
    for (const token of ['simadmin_not-the-admin-token-000000', 'simclass_not-a-class', 'simowner_0000000000000000000000000000000000000000', 'no-prefix-at-all']) {
      const res = await call('GET', '/products', token);
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sim-admin"');
    }
    expect((await call('DELETE', `/environments/${f.a.key}`, f.a.ownerToken)).status).toBe(204);
    expect((await call('GET', '/environments', f.a.ownerToken)).status).toBe(401);
  });

  it('product APIs keep their own authentication: no control token is asked for', async () => {
    const f = await fixture();
    const res = await fetch(`${host.url}/sim/${f.a.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`);
    // The product's own 401 (spec 000 § Authentication), not the control API's SIM-1001.
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).not.toBe('Bearer realm="sim-admin"');
  });
});
