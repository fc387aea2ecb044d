// Live notices over the network and the trainer's activity (issue 20): the Node host streams the
// worker's notices as Server-Sent Events, each token sees only what it may (a trainee's stream never
// names another environment), and GET /activity gives every environment's lesson progress, last
// request and last error for the trainer's view.
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, MemoryBackend } from '../../src/engine/index.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ADMIN = 'simadmin_live-test-admin-token-0123456789';
const CLASS = 'simclass_live-test';
const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

let host: NodeHost;

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1', requireToken: true, adminToken: ADMIN, classCodes: [CLASS] });
});
afterAll(() => host.close());

const admin = (path: string, init: RequestInit = {}) => fetch(`${host.url}/sim/_admin${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json', ...init.headers } });

async function create(name: string, product = 'receivables'): Promise<{ key: string; ownerToken: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } }> {
  const res = await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: `Bearer ${CLASS}`, 'content-type': 'application/json' }, body: JSON.stringify({ product, name }) });
  expect(res.status).toBe(201);
  return res.json() as never;
}

/** Read a stream's events until `until` holds or the time is up; returns them all. */
async function events(path: string, token: string | null, act: () => Promise<unknown>, until: (seen: { event: string; data: Record<string, unknown> }[]) => boolean, ms = 5000) {
  const abort = new AbortController();
  const res = await fetch(`${host.url}/sim/_admin${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const seen: { event: string; data: Record<string, unknown> }[] = [];
  const parser = createParser({ onEvent: (e) => seen.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown> }) });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + ms;
  let acted = false;
  // One read in flight at a time: a read that loses the race to the tick is kept for the next round.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  while (Date.now() < deadline && !until(seen)) {
    pending ??= reader.read();
    const next = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 100))]);
    if (next) pending = null;
    if (next && !next.done) parser.feed(decoder.decode(next.value, { stream: true }));
    if (!acted && seen.some((s) => s.event === 'sim-hello')) {
      acted = true;
      await act();
    }
  }
  abort.abort();
  return seen;
}

async function token(env: { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } }): Promise<string> {
  const c = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const res = await fetch(`${host.url}/sim/${env.key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=${encodeURIComponent('urn:opc:resource:consumer::all')}&client_id=${c.clientId}&client_secret=${c.clientSecret}`,
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('GET /sim/_admin/events: the notices of the worker, over the network (issue 20)', () => {
  it("a trainee's stream (owner token) carries its own environment's notices and never another's", async () => {
    const a = await create('Ada');
    const b = await create('Grace');
    const seen = await events(
      `/environments/${a.key}/events`,
      a.ownerToken,
      async () => {
        // Grace writes first, then Ada: only Ada's notices may arrive.
        await fetch(`${host.url}/sim/${b.key}${INV}`, { headers: { authorization: `Bearer ${await token(b)}` } });
        await admin(`/environments/${b.key}/clock`, { method: 'PUT', body: JSON.stringify({ advanceDays: 1 }) });
        await fetch(`${host.url}/sim/${a.key}${INV}`, { headers: { authorization: `Bearer ${await token(a)}` } });
      },
      (s) => s.some((e) => e.event === 'sim-journal'),
    );
    expect(seen[0]).toEqual({ event: 'sim-hello', data: { envs: [a.key] } });
    expect(seen.some((e) => e.event === 'sim-journal' && e.data.env === a.key)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(b.key);
  });

  it("the admin's stream carries every environment's notices, a new one's included", async () => {
    const a = await create('Linus');
    let made = '';
    const seen = await events(
      '/events',
      ADMIN,
      async () => {
        made = (await create('New trainee', 'odata')).key;
        await admin(`/environments/${a.key}/clock`, { method: 'PUT', body: JSON.stringify({ advanceDays: 2 }) });
      },
      (s) => s.some((e) => e.event === 'sim-change' && e.data.env === a.key && e.data.op === 'env-put'),
    );
    expect((seen[0]?.data.envs as string[]).includes(a.key)).toBe(true);
    expect(seen.some((e) => e.event === 'sim-change' && e.data.env === made)).toBe(true);
    expect(seen).toContainEqual({ event: 'sim-change', data: { env: a.key, op: 'env-put' } });
  });

  it('refuses like every control route: no token 401, a class code or another owner token 404', async () => {
    const a = await create('Margaret');
    const b = await create('Barbara');
    const none = await fetch(`${host.url}/sim/_admin/events`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="sim-admin"');
    await none.body?.cancel();
    for (const [path, tok] of [['/events', CLASS], ['/events', a.ownerToken], [`/environments/${b.key}/events`, a.ownerToken], [`/environments/${b.key}/events`, CLASS]] as const) {
      const res = await fetch(`${host.url}/sim/_admin${path}`, { headers: { authorization: `Bearer ${tok}` } });
      expect(res.status, `${path} ${tok.slice(0, 9)}`).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('SIM-1000');
    }
  });

  it('a client that goes away is unsubscribed (no notices queued for it)', async () => {
    const before = host.engine.notices.subscribers;
    const abort = new AbortController();
    const res = await fetch(`${host.url}/sim/_admin/events`, { headers: { authorization: `Bearer ${ADMIN}` }, signal: abort.signal });
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    expect(host.engine.notices.subscribers).toBe(before + 1);
    abort.abort();
    for (let i = 0; i < 50 && host.engine.notices.subscribers > before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(host.engine.notices.subscribers).toBe(before);
  });

  it('a host that posts its notices itself (the service worker) has no stream: 404', async () => {
    const engine = await createEngine({ backend: new MemoryBackend(), catalog: builtInCatalog });
    const res = await engine.handle(new Request('http://sw.test/sim/_admin/events'));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('service worker');
  });
});

describe("GET /sim/_admin/activity: the trainer's view (issue 20 § The trainer's view)", () => {
  it('names each environment with its lesson progress, last request (host time) and last error code', async () => {
    const a = await create('Ada activity');
    const fresh = await create('Nobody yet');
    await admin(`/environments/${a.key}/clock`, { method: 'PUT', body: JSON.stringify({ advanceDays: 30 }) });
    const bearer = await token(a);
    await fetch(`${host.url}/sim/${a.key}${INV}`); // 401: no token
    const before = Date.now();
    await fetch(`${host.url}/sim/${a.key}${INV}?limit=1`, { headers: { authorization: `Bearer ${bearer}` } });
    await host.engine.settled();
    const res = await admin(`/activity?env=${a.key}&env=${fresh.key}&env=env_00000000000000000000000000000000`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { now: string; items: Record<string, unknown>[] };
    expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(5000);
    const [ada, nobody] = body.items as [Record<string, unknown>, Record<string, unknown>];
    expect(body.items.map((i) => i.key)).toEqual([a.key, fresh.key]);
    // The token, the 401 and a first page with a limit: "Get a token" done, and the paging lesson's first step.
    expect(ada).toMatchObject({ name: 'Ada activity', product: 'receivables', requests: 3, stepsDone: 3, current: { lesson: 'page-through-invoices', step: 2, steps: 2 } });
    expect((ada.lessons as { id: string; done: boolean }[])[0]).toEqual({ id: 'get-a-token', title: 'Get a token', completed: 2, steps: 2, done: true, stepDone: [true, true] });
    // Host time, though the environment's clock runs 30 days ahead.
    expect(Math.abs(Date.parse(ada.lastActivityAt as string) - before)).toBeLessThan(5000);
    expect(ada.lastError).toMatchObject({ code: 'REST-01401', status: 401, method: 'GET', path: INV });
    expect(nobody).toMatchObject({ name: 'Nobody yet', requests: 0, lastActivityAt: null, lastError: null, stepsDone: 0 });
  });

  it('is for the admin alone, and refuses unknown parameters', async () => {
    const a = await create('Private');
    for (const tok of [CLASS, a.ownerToken]) expect((await fetch(`${host.url}/sim/_admin/activity`, { headers: { authorization: `Bearer ${tok}` } })).status).toBe(404);
    expect((await fetch(`${host.url}/sim/_admin/activity`)).status).toBe(401);
    const bad = await admin('/activity?keys=x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("Unknown parameter 'keys'");
  });
});
