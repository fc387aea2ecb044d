// Issue 38 § 2 (the control API across the cluster) through the real CLI, two hosts on one real
// PostgreSQL (test/support/postgres.ts): the event streams and the trainer's view of one host see
// changes made through the other (LISTEN/NOTIFY), also after the LISTEN connection was cut;
// custom lessons are kept in the database, for every host and across restarts; two hosts starting
// together on an empty database make the start environments once; owner tokens made on one host
// are valid on the other under --require-token, and a wrong one is refused by both.
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/hosts/node/postgres/schema.ts';
import { startCli, type StartedCli } from '../support/cli.ts';
import { clusterHosts, ODATA_ROOT as ROOT } from '../support/cluster-hosts.ts';

const ADMIN = 'simadmin_cluster-ops-test-token-0123456789';
const cluster = clusterHosts(ADMIN);
const host = cluster.host;

async function stop(h: StartedCli): Promise<void> {
  const gone = new Promise((r) => h.child.once('exit', r));
  h.child.kill('SIGTERM');
  await gone;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Made {
  key: string;
  ownerToken: string;
  auth: string;
}

async function odataEnv(url: string, headers: Record<string, string> = {}): Promise<Made> {
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"product":"odata"}' });
  expect(res.status).toBe(201);
  const env = (await res.json()) as { key: string; ownerToken: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = env.credentials.apiUsers[0] as { username: string; password: string };
  return { key: env.key, ownerToken: env.ownerToken, auth: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
}

const post = (url: string, env: Made, name: string) =>
  fetch(`${url}/sim/${env.key}${ROOT}/CUSTOMERS`, { method: 'POST', headers: { authorization: env.auth, 'content-type': 'application/json' }, body: JSON.stringify({ CUSTNAME: name, CUSTDES: 'Ops' }) });

type Seen = { event: string; data: Record<string, unknown> }[];

/** An open `/sim/_admin/events` stream: what it has sent so far, and a wait for an event. */
async function openStream(url: string): Promise<{ seen: Seen; until(test: (seen: Seen) => boolean, ms?: number): Promise<void>; close(): void }> {
  const abort = new AbortController();
  const res = await fetch(`${url}/sim/_admin/events`, { headers: bearer(ADMIN), signal: abort.signal });
  expect(res.status).toBe(200);
  const seen: Seen = [];
  const parser = createParser({ onEvent: (e) => seen.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown> }) });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  const until = async (test: (s: Seen) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!test(seen)) {
      if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms; the stream sent: ${JSON.stringify(seen)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await until((s) => s.some((e) => e.event === 'sim-hello'));
  return { seen, until, close: () => abort.abort() };
}

const has = (seen: Seen, event: string, data: Record<string, unknown>) => seen.some((e) => e.event === event && Object.entries(data).every(([k, v]) => e.data[k] === v));

describe('event streams across hosts (issue 38 § 2: the control API works across the cluster)', () => {
  it("host A's /sim/_admin/events and trainer's view see what is done through host B, also after A's LISTEN connection was cut", async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([host(db), host(db)]);
    const stream = await openStream(a.url);
    try {
      // Created, written and journaled through B: B holds the environment, A only hears of it.
      const env = await odataEnv(b.url);
      expect((await post(b.url, env, 'EVT1')).status).toBe(201);
      // The creation and the POST are each a records change; two equal notices sent in one 25 ms batch
      // are sent once, so one or two arrive. The journal notice comes after the POST's commit.
      await stream.until((s) => has(s, 'sim-change', { env: env.key, op: 'records' }) && has(s, 'sim-journal', { env: env.key }));
      // The trainer's view on A, read on the notice, shows B's environment and the request B journaled.
      const activity = (await (await fetch(`${a.url}/sim/_admin/activity?env=${env.key}`, { headers: bearer(ADMIN) })).json()) as { items: { key: string; requests: number; lastRequest: { method: string; status: number } | null }[] };
      expect(activity.items).toHaveLength(1);
      expect(activity.items[0]).toMatchObject({ key: env.key, requests: 1, lastRequest: { method: 'POST', status: 201 } });

      // Cut every LISTEN connection of the database (both hosts'): each makes its own again.
      const admin = new pg.Client({ connectionString: db });
      await admin.connect();
      try {
        const cut = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'erp-sim-listen' AND datname = current_database()");
        expect(cut.rowCount).toBe(2);
        const deadline = Date.now() + 10_000;
        while (!/notify: listening again/.test(a.output()) || !/notify: listening again/.test(b.output())) {
          if (Date.now() > deadline) throw new Error(`no reconnect: ${a.output()}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(a.output()).toMatch(/notify: lost the LISTEN connection/);
        const listening = await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'erp-sim-listen' AND datname = current_database()");
        expect(listening.rows[0]).toEqual({ n: 2 });
      } finally {
        await admin.end();
      }
      // The same stream (never closed) hears what B does after the reconnect.
      const later = await odataEnv(b.url);
      expect((await post(b.url, later, 'EVT2')).status).toBe(201);
      await stream.until((s) => has(s, 'sim-change', { env: later.key, op: 'records' }) && has(s, 'sim-journal', { env: later.key }));
      // A deletion through B too: the environment leaves A's list at once.
      expect((await fetch(`${b.url}/sim/_admin/environments/${later.key}`, { method: 'DELETE', headers: bearer(ADMIN) })).status).toBe(204);
      await stream.until((s) => has(s, 'sim-change', { env: later.key, op: 'env-delete' }));
      // And what A does reaches B's stream the same way.
      const onB = await openStream(b.url);
      try {
        const fromA = await odataEnv(a.url);
        await onB.until((s) => has(s, 'sim-change', { env: fromA.key, op: 'records' }));
      } finally {
        onB.close();
      }
    } finally {
      stream.close();
    }
  }, 60_000);
});

const LESSON = JSON.stringify({
  id: 'two-hosts-lesson',
  title: 'Read customers through any host',
  product: 'odata',
  steps: [{ title: 'List customers', instruction: `GET ${ROOT}/CUSTOMERS`, check: { request: { method: 'GET', path: '*/CUSTOMERS', status: 200 } } }],
});

describe('custom lessons on PostgreSQL (issue 38 § 1: the host keeps its state in PostgreSQL)', () => {
  it('a lesson written through one host is read through the other, counts in its progress, and survives a restart of both', async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([host(db), host(db)]);
    const put = await fetch(`${a.url}/sim/_admin/lessons/two-hosts-lesson`, { method: 'PUT', headers: { ...bearer(ADMIN), 'content-type': 'application/json' }, body: LESSON });
    expect(put.status).toBe(201);
    const onB = await fetch(`${b.url}/sim/_admin/lessons/two-hosts-lesson`, { headers: bearer(ADMIN) });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toBe(LESSON);
    const list = (await (await fetch(`${b.url}/sim/_admin/lessons`, { headers: bearer(ADMIN) })).json()) as { items: { id: string }[] };
    expect(list.items.map((l) => l.id)).toContain('two-hosts-lesson');
    // An environment B holds checks the lesson A stored: its step is ticked by a request through B.
    const env = await odataEnv(b.url);
    expect((await fetch(`${b.url}/sim/${env.key}${ROOT}/CUSTOMERS?$top=1`, { headers: { authorization: env.auth } })).status).toBe(200);
    const progress = async (url: string) => {
      const body = (await (await fetch(`${url}/sim/_admin/environments/${env.key}/lessons`, { headers: bearer(ADMIN) })).json()) as { items: { id: string; custom?: boolean; steps: { done: boolean }[] }[] };
      return body.items.find((l) => l.id === 'two-hosts-lesson');
    };
    let mine = await progress(b.url);
    for (let i = 0; i < 50 && !mine?.steps[0]?.done; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the journal entry is stored a moment after the answer
      mine = await progress(b.url);
    }
    expect(mine).toMatchObject({ custom: true, steps: [{ done: true }] });
    // Replaced through B: A reads the new text.
    const edited = LESSON.replace('through any host', 'through either host');
    expect((await fetch(`${b.url}/sim/_admin/lessons/two-hosts-lesson`, { method: 'PUT', headers: { ...bearer(ADMIN), 'content-type': 'application/json' }, body: edited })).status).toBe(200);
    expect(await (await fetch(`${a.url}/sim/_admin/lessons/two-hosts-lesson`, { headers: bearer(ADMIN) })).text()).toBe(edited);

    await Promise.all([stop(a), stop(b)]);
    const c = await host(db);
    expect(await (await fetch(`${c.url}/sim/_admin/lessons/two-hosts-lesson`, { headers: bearer(ADMIN) })).text()).toBe(edited);
    // Deleted through the new host: gone for a host started after it too.
    expect((await fetch(`${c.url}/sim/_admin/lessons/two-hosts-lesson`, { method: 'DELETE', headers: bearer(ADMIN) })).status).toBe(204);
    const d = await host(db);
    expect((await fetch(`${d.url}/sim/_admin/lessons/two-hosts-lesson`, { headers: bearer(ADMIN) })).status).toBe(404);
    const check = new pg.Client({ connectionString: db });
    await check.connect();
    try {
      // The lessons table came with a migration of its own, applied with every other one.
      expect((await check.query('SELECT max(version) AS v FROM sim_schema')).rows[0]).toEqual({ v: SCHEMA_VERSION });
      expect((await check.query("SELECT to_regclass('sim_lesson') IS NOT NULL AS ok")).rows[0]).toEqual({ ok: true });
    } finally {
      await check.end();
    }
  }, 90_000);
});

describe('two hosts starting together on an empty database (issue 38 § 2)', () => {
  it('make the two start environments once: one host makes them, the other lists them', async () => {
    for (let round = 0; round < 2; round++) {
      const db = await cluster.server().database();
      // The start event follows the banner: each host's banner is complete once it is seen.
      const start = () => startCli(['--port', '0', '--no-warm-up', '--log', '--store', db, '--admin-token', ADMIN], (out) => / start: listening on /.test(out));
      const hosts = await Promise.all([start(), start()]);
      for (const h of hosts) cluster.track(h.child);
      const made = hosts.filter((h) => /receivables environment env_/.test(h.output()));
      expect(made).toHaveLength(1);
      const keys = [...(made[0] as StartedCli).output().matchAll(/(?:receivables|odata) environment (env_[0-9a-f]{32})/g)].map((m) => m[1]).sort();
      expect(keys).toHaveLength(2);
      // The other host lists the same two (it waited for the first to make them).
      const other = hosts.find((h) => h !== made[0]) as StartedCli;
      const listed = [...other.output().matchAll(/^ {2}(?:receivables|odata) (env_[0-9a-f]{32}) /gm)].map((m) => m[1]).sort();
      expect(listed).toEqual(keys);
      for (const h of hosts) {
        const items = ((await (await fetch(`${h.url}/sim/_admin/environments`, { headers: bearer(ADMIN) })).json()) as { items: { key: string; product: string }[] }).items;
        expect(items.map((e) => e.key).sort()).toEqual(keys);
        expect(items.map((e) => e.product).sort()).toEqual(['odata', 'receivables']);
      }
      for (const h of hosts) h.child.kill('SIGKILL');
    }
  }, 90_000);
});

describe('owner tokens across hosts under --require-token (issue 38 § 2)', () => {
  it("an environment's owner token made on one host works on the other; a wrong one is refused by both", async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([host(db, ['--require-token']), host(db, ['--require-token'])]);
    // Environments made through each host, each held by the host that made it.
    const onA = await odataEnv(a.url, bearer(ADMIN));
    const onB = await odataEnv(b.url, bearer(ADMIN));
    const wrong = `simowner_${'0'.repeat(40)}`;
    for (const url of [a.url, b.url]) {
      for (const env of [onA, onB]) {
        // Its own token: the environment, whichever host holds it.
        const own = await fetch(`${url}/sim/_admin/environments/${env.key}`, { headers: bearer(env.ownerToken) });
        expect(own.status).toBe(200);
        expect(((await own.json()) as { key: string }).key).toBe(env.key);
        // No token, a token no host issued: 401; the other environment's token: as if unknown (404),
        // as a single host answers, also when that environment was made through the other host a
        // moment ago (its holder looks the token up in the database rather than call it unknown).
        // Before owner-tokens.ts this was a 401 whenever the other host's notice had not arrived.
        expect((await fetch(`${url}/sim/_admin/environments/${env.key}`)).status).toBe(401);
        expect((await fetch(`${url}/sim/_admin/environments/${env.key}`, { headers: bearer(wrong) })).status).toBe(401);
        const other = env === onA ? onB : onA;
        expect((await fetch(`${url}/sim/_admin/environments/${env.key}`, { headers: bearer(other.ownerToken) })).status).toBe(404);
      }
      // The list, answered by each host itself: an owner token sees its environment only.
      const listed = (await (await fetch(`${url}/sim/_admin/environments`, { headers: bearer(onA.ownerToken) })).json()) as { items: { key: string }[] };
      expect(listed.items.map((e) => e.key)).toEqual([onA.key]);
      expect((await fetch(`${url}/sim/_admin/environments`, { headers: bearer(wrong) })).status).toBe(401);
    }
    // A's environment taken over by B (A stopped, its leases given up): B checks A's token itself.
    await stop(a);
    const taken = await fetch(`${b.url}/sim/_admin/environments/${onA.key}/journal`, { headers: bearer(onA.ownerToken) });
    expect(taken.status).toBe(200);
    expect((await fetch(`${b.url}/sim/_admin/environments/${onA.key}/journal`, { headers: bearer(wrong) })).status).toBe(401);
    expect((await fetch(`${b.url}/sim/_admin/environments/${onA.key}/journal`, { headers: bearer(onB.ownerToken) })).status).toBe(404);
    expect((await fetch(`${b.url}/sim/_metrics`, { headers: bearer(ADMIN) })).status).toBe(200);
  }, 60_000);
});
