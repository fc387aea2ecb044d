// Issue 38 § 4 (restart of a host with 100k invoices: first answer < 5 s) and § 2 (never stale
// data, fencing): a host whose forward to a dead holder is refused reads the environment while the
// holder's lease runs out (src/hosts/node/postgres/read-ahead.ts), in one snapshot with the lease
// row, and keeps those rows at the takeover only if no fenced write came after that snapshot (the
// lease's fence and `writes` as the snapshot saw them). These tests check that the rows read ahead
// are exactly the rows a read afresh gives, that every kind of write of a holder moves `writes`, and
// that a write through the old holder between the snapshot and the takeover is seen after it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { ReadsAhead } from '../../src/hosts/node/postgres/read-ahead.ts';
import { migrate } from '../../src/hosts/node/postgres/schema.ts';
import { StoreUnavailable, type Records } from '../../src/engine/storage/backend.ts';
import { kill9 } from '../support/cli.ts';
import { clusterHosts, customerNames, ODATA_ROOT as ROOT, odataEnv, postCustomer, refusedUrl } from '../support/cluster-hosts.ts';
import { createEnv, createTestSim, useBackend } from '../support/sim.ts';

const cluster = clusterHosts('simadmin_read-ahead-test-token-0123456789');

/** Per kind, its rows in order: what a cache lists. */
const ordered = (records: Records) => new Map([...records].map(([kind, rows]) => [kind, [...rows]]));

describe('the rows read ahead of a takeover (backend)', () => {
  let pool: pg.Pool;
  let keys: string[];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await cluster.server().database(), max: 6 });
    await migrate(pool);
    useBackend(async () => new PgBackend(pool));
    const writer = await createTestSim();
    keys = [];
    for (const product of ['receivables', 'odata'] as const) {
      const env = await createEnv(writer, product);
      expect((await writer.admin('POST', `/environments/${env.key}/generate`, { count: 30 })).status).toBe(201);
      keys.push(env.key);
    }
  }, 120_000);

  afterAll(async () => {
    useBackend(null);
    await pool?.end();
  });

  it('are exactly what loadEager and loadKinds read afresh, split the same way, at every threshold', async () => {
    for (const key of keys) {
      const all = ordered(await new PgBackend(pool).loadRecords(key));
      const sizes = [...new Set([...all.values()].map((rows) => rows.length))];
      for (const lazyRows of [1, ...sizes, Number.MAX_SAFE_INTEGER]) {
        const fresh = new PgBackend(pool, {}, lazyRows);
        const want = await fresh.loadEager(key);
        const ahead = new PgBackend(pool, {}, lazyRows);
        ahead.adopt(key, ahead.readAhead(key));
        const got = await ahead.loadEager(key);
        expect(got.lazy).toEqual(want.lazy);
        expect(ordered(got.records)).toEqual(ordered(want.records));
        expect(ordered(await ahead.loadKinds(key, got.lazy))).toEqual(ordered(await fresh.loadKinds(key, want.lazy)));
      }
    }
  }, 60_000);

  it('are used once: the environment\'s next read is made afresh', async () => {
    const key = keys[1] as string;
    const backend = new PgBackend(pool);
    backend.adopt(key, backend.readAhead(key));
    const first = await backend.loadEager(key);
    await pool.query("INSERT INTO sim_record (env, kind, id, data) VALUES ($1, 'sim.probe', 'p1', '{\"id\":\"p1\"}')", [key]);
    try {
      const second = await backend.loadEager(key);
      expect(first.records.has('sim.probe')).toBe(false);
      expect(second.records.get('sim.probe')?.get('p1')).toEqual({ id: 'p1' });
    } finally {
      await pool.query("DELETE FROM sim_record WHERE env = $1 AND kind = 'sim.probe'", [key]);
    }
  });

  it('are kept only when the lease shows the fence and writes the snapshot saw: a fenced write after it, or a holder that does not count its writes, drops them', async () => {
    const key = keys[1] as string;
    await pool.query("INSERT INTO sim_lease (env, owner, url, fence, counting_fence, expires_at) VALUES ($1, 'host-a', 'http://a', 5, 5, now() + interval '1 hour') ON CONFLICT (env) DO UPDATE SET owner = 'host-a', fence = 5, counting_fence = 5", [key]);
    const holder = new PgBackend(pool, { guard: Object.assign(async () => undefined, { fence: () => ({ owner: 'host-a', fence: 5, ttlMs: 3000 }), lost: (e: string) => new StoreUnavailable(`lost ${e}`) }) });
    const reader = new PgBackend(pool);
    const lease = async () => (await pool.query<{ fence: string; writes: string }>('SELECT fence, writes FROM sim_lease WHERE env = $1', [key])).rows[0] as { fence: string; writes: string };
    // Nothing written since the snapshot: the takeover (fence 5 -> 6) keeps the rows.
    const quiet = new ReadsAhead(() => reader);
    expect(await quiet.start(key)?.lease).toEqual({ fence: 5, writes: expect.any(Number) });
    const now = await lease();
    expect(await quiet.take(key, Number(now.fence) + 1, Number(now.writes))).not.toBeNull();
    // The holder writes a row after the snapshot (one statement, fenced): `writes` moves, the rows go.
    const busy = new ReadsAhead(() => reader);
    expect(await busy.start(key)?.lease).toEqual({ fence: 5, writes: Number(now.writes) });
    await holder.commit({ op: 'records', env: key, puts: [{ kind: 'sim.probe', id: 'late', data: { id: 'late' } }], deletes: [] });
    const after = await lease();
    expect(Number(after.writes)).toBe(Number(now.writes) + 1);
    expect(await busy.take(key, Number(after.fence) + 1, Number(after.writes))).toBeNull();
    // A holder of an older version (a rolling upgrade) took the lease without counting its writes: nothing to compare, read again.
    await pool.query("UPDATE sim_lease SET owner = 'old-host', fence = fence + 1 WHERE env = $1", [key]);
    const old = new ReadsAhead(() => reader);
    expect(await old.start(key)?.lease).toBeNull();
    const taken = await lease();
    expect(await old.take(key, Number(taken.fence) + 1, Number(taken.writes))).toBeNull();
    await pool.query("DELETE FROM sim_record WHERE env = $1 AND kind = 'sim.probe'", [key]);
  });
});

const until = async (what: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !what(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('a takeover after a refused forward (hosts)', () => {
  it('every write of a holder moves the lease\'s write count: one statement, a reset\'s transaction, an environment change, a generate', async () => {
    const db = await cluster.server().database();
    const pool = new pg.Pool({ connectionString: db, max: 1 });
    try {
      const a = await cluster.host(db);
      const env = await odataEnv(a.url);
      const writes = async () => Number((await pool.query<{ writes: string }>('SELECT writes FROM sim_lease WHERE env = $1', [env.key])).rows[0]?.writes);
      const admin = (method: string, path: string, body?: unknown) =>
        fetch(`${a.url}/sim/_admin/environments/${env.key}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const steps: [string, () => Promise<Response>, number][] = [
        ['a records change as one statement', () => postCustomer(a.url, env, 'AHEAD0'), 201],
        ['a reset (clears the data kinds: a transaction)', () => admin('POST', '/reset', { scope: 'data' }), 200],
        ['a rename (the environment row alone: a transaction)', () => admin('PATCH', '', { name: 'renamed' }), 200],
        ['a generate', () => admin('POST', '/generate', { count: 3 }), 201],
      ];
      for (const [what, write, status] of steps) {
        const before = await writes();
        expect((await write()).status, what).toBe(status);
        expect(await writes(), what).toBeGreaterThan(before);
      }
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('keeps the rows read while the dead holder\'s lease ran out: large kinds and all, every acknowledged write there', async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([cluster.host(db), cluster.host(db)]);
    const env = await odataEnv(a.url);
    // Customers above the lazy threshold (4000): read as a large kind, ahead of the takeover too.
    const gen = await fetch(`${a.url}/sim/_admin/environments/${env.key}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count": 4100}' });
    expect(gen.status).toBe(201);
    for (const n of ['AHEAD1', 'AHEAD2']) expect((await postCustomer(a.url, env, n)).status).toBe(201);
    await kill9(a.child);
    expect(await customerNames(b.url, env, 'AHEAD')).toEqual(['AHEAD1', 'AHEAD2']);
    expect(b.output()).toMatch(new RegExp(`took environment ${env.key} \\(fence \\d+\\), its rows read while the lease ran out`));
    const count = await fetch(`${b.url}/sim/${env.key}${ROOT}/CUSTOMERS/$count`, { headers: { authorization: env.auth } });
    expect(Number(await count.text())).toBeGreaterThan(4100);
  }, 120_000);

  it('a write through the old holder after the read ahead is seen after the takeover (the rows are read again)', async () => {
    const db = await cluster.server().database();
    const pool = new pg.Pool({ connectionString: db, max: 1 });
    try {
      const [a, b] = await Promise.all([cluster.host(db), cluster.host(db)]);
      const env = await odataEnv(a.url);
      expect((await postCustomer(a.url, env, 'AHEAD1')).status).toBe(201);
      // a stays the holder and keeps renewing, but b's forwards to it are refused (its lease names a dead URL).
      await pool.query('UPDATE sim_lease SET url = $2 WHERE env = $1', [env.key, await refusedUrl()]);
      const read = customerNames(b.url, env, 'AHEAD');
      await until(() => b.output().includes(`reading environment ${env.key} ahead`), 5000);
      // The snapshot of a book this small is read within milliseconds of that line.
      await new Promise((r) => setTimeout(r, 150));
      expect((await postCustomer(a.url, env, 'AHEAD2')).status).toBe(201);
      // Its last renewal and that write push its lease on; b waits until it has missed one, then takes it.
      await kill9(a.child);
      expect(await read).toEqual(['AHEAD1', 'AHEAD2']);
      expect(b.output()).toMatch(new RegExp(`took environment ${env.key} \\(fence \\d+\\), its rows read again`));
    } finally {
      await pool.end();
    }
  }, 60_000);
});
