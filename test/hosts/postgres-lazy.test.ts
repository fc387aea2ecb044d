// Issue 38 § 4 (bench targets: failover and restart at 100k): the PostgreSQL store reads an
// environment's large kinds only when a request needs them, and writes a records change as one
// statement that checks the lease's fence. These tests check that lazy loading answers exactly
// as eager loading does (a sweep over every read path of both products, and over every kind and
// threshold at the backend), and that the one-statement write keeps the fencing guarantee of
// § 2 (a stale holder stores nothing, also while another host is taking the lease over).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { StoreUnavailable } from '../../src/engine/storage/backend.ts';
import type { Records } from '../../src/engine/storage/backend.ts';
import { migratedDatabase, type MigratedDatabase } from '../support/postgres.ts';
import { createEnv, createTestSim, useBackend, type TestSim } from '../support/sim.ts';
import { odataReadPaths, receivablesReadPaths } from '../support/routes.ts';

let database: MigratedDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await migratedDatabase(6);
  pool = database.pool;
}, 60_000);

afterAll(async () => {
  useBackend(null);
  await database?.close();
}, 60_000);

/** Per kind, its rows in order: what a cache lists. */
const ordered = (records: Records) => new Map([...records].map(([kind, rows]) => [kind, [...rows]]));

describe('large kinds read on first use (issue 38 § 4: restart and failover)', () => {
  let keys: { receivables: string; odata: string };
  let auth: { receivables: string; odata: string };

  beforeAll(async () => {
    useBackend(async () => new PgBackend(pool));
    const writer = await createTestSim();
    const rec = await createEnv(writer, 'receivables');
    const od = await createEnv(writer, 'odata');
    for (const key of [rec.key, od.key]) {
      const gen = await writer.admin('POST', `/environments/${key}/generate`, { count: 40 });
      expect(gen.status).toBe(201);
    }
    // A token the reading engines share, as hosts of one database do: asking for one is a write.
    const client = rec.credentials.oauthClients[0];
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope, client_id: client.clientId, client_secret: client.clientSecret });
    const tok = await writer.fetch(`${rec.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const user = od.credentials.apiUsers[0];
    keys = { receivables: rec.key, odata: od.key };
    auth = { receivables: `Bearer ${((await tok.json()) as { access_token: string }).access_token}`, odata: `Basic ${btoa(`${user.username}:${user.password}`)}` };
  }, 120_000);

  /** Every read path of both environments, answered by an engine started afresh over the database. */
  async function answers(lazyRows: number): Promise<{ answers: string[]; deferred: string[] }> {
    useBackend(async () => new PgBackend(pool, {}, lazyRows));
    const sim: TestSim = await createTestSim();
    const deferred: string[] = [];
    for (const key of Object.values(keys)) deferred.push(...(await sim.engine.store.partial(key)).missingKinds().map((k) => `${key}:${k}`));
    const out: string[] = [];
    for (const product of ['receivables', 'odata'] as const) {
      const get = (p: string) => sim.fetch(`/sim/${keys[product]}${p}`, { headers: { authorization: auth[product] } });
      const paths = product === 'receivables' ? await receivablesReadPaths(get) : await odataReadPaths(get);
      for (const p of paths) {
        const res = await get(p);
        out.push(`${product} GET ${p} -> ${res.status} ${await res.text()}`);
      }
    }
    return { answers: out, deferred };
  }

  it('every read path of both products answers the same whether large kinds are read at once or on first use', async () => {
    const eager = await answers(Number.MAX_SAFE_INTEGER);
    expect(eager.deferred).toEqual([]);
    expect(eager.answers.length).toBeGreaterThan(40);
    for (const lazyRows of [1, 20]) {
      const lazy = await answers(lazyRows);
      // Something was really left in the database: every data kind at 1, the generated ones at 20.
      expect(lazy.deferred.length).toBeGreaterThan(lazyRows === 1 ? 10 : 2);
      expect(lazy.answers).toEqual(eager.answers);
    }
  }, 180_000);

  it('the small kinds now and the large ones on demand make exactly the records read at once, for every kind and threshold', async () => {
    const backend = new PgBackend(pool);
    for (const key of Object.values(keys)) {
      const all = ordered(await backend.loadRecords(key));
      const sizes = [...new Set([...all.values()].map((rows) => rows.length))].sort((a, b) => a - b);
      for (const lazyRows of [1, ...sizes, ...sizes.map((n) => n + 1)]) {
        const split = new PgBackend(pool, {}, lazyRows);
        const { records, lazy } = await split.loadEager(key);
        for (const kind of lazy) {
          expect(kind.startsWith('sim.'), 'the simulator\'s own kinds are always read at once').toBe(false);
          expect((all.get(kind) ?? []).length).toBeGreaterThanOrEqual(lazyRows);
          expect(records.has(kind)).toBe(false);
        }
        for (const [kind, rows] of await split.loadKinds(key, lazy)) records.set(kind, rows);
        expect(ordered(records)).toEqual(all);
      }
    }
  }, 60_000);
});

describe('a write as one statement, fenced (issue 38 § 2: a stale holder stores nothing)', () => {
  const env = 'env_fenced';
  const rows = async () => (await pool.query<{ id: string }>('SELECT id FROM sim_record WHERE env = $1 ORDER BY seq', [env])).rows.map((r) => r.id);
  const put = (id: string) => ({ op: 'records' as const, env, puts: [{ kind: 'invoice', id, data: { id } }], deletes: [] });
  // The lease check of a host holding the environment (cluster.ts): a write of one statement checks it.
  const holder = (fence: number) => new PgBackend(pool, { guard: Object.assign(async () => undefined, { fence: () => ({ owner: 'host-a', fence, ttlMs: 3000 }), lost: (e: string) => new StoreUnavailable(`lost ${e}`) }) });

  beforeAll(async () => {
    await pool.query("INSERT INTO sim_env (key, row) VALUES ($1, '{}')", [env]);
    await pool.query("INSERT INTO sim_lease (env, owner, url, fence, expires_at) VALUES ($1, 'host-a', 'http://a', 3, now() - interval '1 second')", [env]);
  });

  it('the holder with the current fence writes, and its lease is pushed on (it had expired, nobody took it)', async () => {
    await holder(3).commit(put('a'));
    expect(await rows()).toEqual(['a']);
    const { rows: lease } = await pool.query<{ live: boolean }>('SELECT expires_at > now() AS live FROM sim_lease WHERE env = $1', [env]);
    expect(lease[0]?.live).toBe(true);
  });

  it('a stale fence stores nothing and is refused as the store being unavailable (503, retry)', async () => {
    await expect(holder(2).commit(put('b'))).rejects.toThrow(/lost env_fenced/);
    expect(await rows()).toEqual(['a']);
  });

  it('a write sent while another host takes the lease over waits for it, then stores nothing', async () => {
    const other = await pool.connect();
    try {
      await other.query('BEGIN');
      await other.query("UPDATE sim_lease SET owner = 'host-b', url = 'http://b', fence = fence + 1 WHERE env = $1", [env]);
      const write = holder(3).commit(put('c'));
      const settled = settledState(write);
      await new Promise((r) => setTimeout(r, 300));
      expect(settled.done, 'the write waits for the takeover\'s row lock').toBe(false);
      await other.query('COMMIT');
      await expect(write).rejects.toBeInstanceOf(StoreUnavailable);
    } finally {
      other.release();
    }
    expect(await rows()).toEqual(['a']);
    await pool.query("UPDATE sim_lease SET owner = 'host-a', fence = 3 WHERE env = $1", [env]);
  });

  it('a delete and a put of one row in one change move it last, as in memory; other changes keep their places', async () => {
    const backend = holder(3);
    await backend.commit({ op: 'records', env, puts: ['b', 'c'].map((id) => ({ kind: 'invoice', id, data: { id } })), deletes: [] });
    await backend.commit({ op: 'records', env, puts: [{ kind: 'invoice', id: 'a', data: { id: 'a', v: 2 } }], deletes: [{ kind: 'invoice', id: 'c' }] });
    expect(await rows()).toEqual(['a', 'b']);
    await backend.commit({ op: 'records', env, puts: [{ kind: 'invoice', id: 'a', data: { id: 'a', v: 3 } }], deletes: [{ kind: 'invoice', id: 'a' }] });
    expect(await rows()).toEqual(['b', 'a']);
    const { rows: data } = await pool.query<{ data: string }>("SELECT data FROM sim_record WHERE env = $1 AND id = 'a'", [env]);
    expect(JSON.parse(data[0]?.data ?? '{}')).toEqual({ id: 'a', v: 3 });
  });
});

/** Whether a promise has settled yet (read synchronously). */
function settledState(p: Promise<unknown>): { done: boolean } {
  const state = { done: false };
  p.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
}
