// Issue 38 § 4 (the cluster's POST against the embedded store): the write path sends a change's rows,
// and the journal its entries, as one JSON array instead of text arrays the driver escaped element by
// element; a host that does not hold an environment follows another host's writes to it without a
// query. These tests check that what is stored is byte for byte what was sent (every kind and field
// of both products, and strings JSON makes hard), in order, through both write statements; that the
// journal loads what it appended, ring cut and next id included; and that a follower still drops
// what it held of a written environment, reads a new environment at once, and queries nothing for
// writes to environments it knows (§ 2: the control API works across the cluster).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { PgJournalPersistence } from '../../src/hosts/node/postgres/pg-journal.ts';
import { NoticeRelay } from '../../src/hosts/node/postgres/notify.ts';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { StoreUnavailable, type Change, type Row } from '../../src/engine/for-node.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';
import { migratedDatabase, type MigratedDatabase } from '../support/postgres.ts';
import { createEnv, createTestSim, useBackend } from '../support/sim.ts';

let database: MigratedDatabase;
let db: string;
let pool: pg.Pool;

beforeAll(async () => {
  database = await migratedDatabase(4);
  ({ url: db, pool } = database);
}, 60_000);

afterAll(async () => {
  useBackend(null);
  await database?.close();
}, 60_000);

/**
 * Strings JSON and PostgreSQL's array literals treat specially: quotes, backslashes, braces,
 * escapes, lone surrogates, a NUL (which a text column refuses: it may only come inside JSON data,
 * escaped, so ids and the environment's row leave it out). An id is raw text too: a lone surrogate
 * in it reaches the database as U+FFFD (the driver encodes UTF-8), so ids leave those out.
 */
const HARD = ['"quoted"', 'back\\slash', '{a,b}', 'NULL', '', 'tab\tnew\nline', 'lone \ud800 high', 'lone \udc00 low', 'emoji 😀', 'é ß 中', ' spaced ', "it's"];
const NUL = 'nul \u0000 char';

/** Each stored row of an environment in order, as its text. */
async function storedText(env: string): Promise<string[]> {
  const { rows } = await pool.query<{ kind: string; id: string; data: string }>('SELECT kind, id, data FROM sim_record WHERE env = $1 ORDER BY kind, seq', [env]);
  return rows.map((r) => `${r.kind} ${r.id} ${r.data}`);
}

/** The same rows as the change put them: each kind's rows in the order they were put. */
function expectedText(puts: { kind: string; id: string; data: Row }[]): string[] {
  const kinds = [...new Set(puts.map((p) => p.kind))].sort();
  return kinds.flatMap((kind) => puts.filter((p) => p.kind === kind).map((p) => `${p.kind} ${p.id} ${JSON.stringify(p.data)}`));
}

describe("a change's rows as one JSON array (issue 38 § 4)", () => {
  // The lease check of a host holding the environment (cluster.ts): its writes go as FENCED_WRITE.
  const holder = () => new PgBackend(pool, { guard: Object.assign(async () => undefined, { fence: () => ({ owner: 'host-a', fence: 1, ttlMs: 3000 }), lost: (e: string) => new StoreUnavailable(`lost ${e}`) }) });

  beforeAll(async () => {
    for (const env of ['env_plain', 'env_fenced']) await pool.query("INSERT INTO sim_env (key, row) VALUES ($1, '{}')", [env]);
    await pool.query("INSERT INTO sim_lease (env, owner, url, fence, expires_at) VALUES ('env_fenced', 'host-a', 'http://a', 1, now() + interval '1 hour')");
  });

  it('hard strings in ids, keys and values are stored byte for byte and in order, through both statements', async () => {
    for (const [env, backend] of [['env_plain', new PgBackend(pool)], ['env_fenced', holder()]] as const) {
      const puts = HARD.map((s, i) => ({ kind: i % 2 ? 'invoice' : 'customer', id: `${i} ${s.startsWith('lone') ? 'lone surrogate' : s}`, data: { [s]: s, n: i, nested: [s, { s }, NUL], big: 12345678901234567890, f: 0.1 } as Row }));
      await backend.commit({ op: 'records', env, puts, deletes: [], envRow: { key: env, name: HARD.join('|') } as never } satisfies Change);
      expect(await storedText(env)).toEqual(expectedText(puts));
      const { rows } = await pool.query<{ row: string }>('SELECT row FROM sim_env WHERE key = $1', [env]);
      expect(JSON.parse(rows[0]?.row ?? '{}')).toMatchObject({ name: HARD.join('|') });
      // An update keeps its row's place; a delete and a new row in the same change.
      const again = [{ ...(puts[2] as (typeof puts)[number]), data: { updated: HARD[0] } as Row }, { kind: 'invoice', id: 'new', data: { s: HARD[6], nul: NUL } as Row }];
      await backend.commit({ op: 'records', env, puts: again, deletes: [{ kind: 'invoice', id: puts[1]?.id as string }] });
      const after = puts.filter((p) => p !== puts[1]).map((p) => (p.id === again[0]?.id ? (again[0] as (typeof puts)[number]) : p));
      expect(await storedText(env)).toEqual(expectedText([...after, again[1] as (typeof puts)[number]]));
      // What the store reads back is what it wrote.
      const records = await backend.loadRecords(env);
      for (const p of after) expect(records.get(p.kind)?.get(p.id)).toEqual(p.data);
    }
  });

  it('every row of generated environments of both products (every kind and field) is stored as JSON.stringify makes it', async () => {
    useBackend(null);
    const sim = await createTestSim();
    for (const product of ['receivables', 'odata'] as const) {
      const env = await createEnv(sim, product);
      expect((await sim.admin('POST', `/environments/${env.key}/generate`, { count: 30 })).status).toBe(201);
      const puts: { kind: string; id: string; data: Row }[] = [];
      const cache = await sim.engine.store.data(env.key);
      for (const kind of cache.kindNames()) for (const [id, data] of cache.entries(kind)) puts.push({ kind, id, data });
      expect(new Set(puts.map((p) => p.kind)).size).toBeGreaterThan(5);
      const key = `sweep_${product}`;
      await pool.query("INSERT INTO sim_env (key, row) VALUES ($1, '{}')", [key]);
      await new PgBackend(pool).commit({ op: 'records', env: key, puts, deletes: [] });
      expect(await storedText(key)).toEqual(expectedText(puts));
    }
  }, 60_000);
});

describe('the journal appended as one JSON array (issue 38 § 4)', () => {
  const entry = (id: number, body: string): JournalEntry => ({ id, at: '2026-03-15T10:00:00.000Z', product: 'receivables', service: 'rest', method: 'POST', path: `/x/${id}`, status: 201, ms: 1.5, request: { headers: { 'content-type': 'application/json' }, body } } as unknown as JournalEntry);

  it('loads exactly what was appended, in order, with hard strings; the ring is cut and the next id kept', async () => {
    const journal = new PgJournalPersistence(pool);
    const first = [...HARD, NUL].map((s, i) => entry(i + 1, s));
    await journal.append('env_journal', first, 1);
    expect(await journal.load('env_journal')).toEqual({ entries: first, nextId: first.length + 1 });
    const texts = await pool.query<{ entry: string }>('SELECT entry FROM sim_journal WHERE env = $1 ORDER BY id', ['env_journal']);
    expect(texts.rows.map((r) => r.entry)).toEqual(first.map((e) => JSON.stringify(e)));
    // The next batch cuts the ring below 5.
    const second = [entry(first.length + 1, 'later'), entry(first.length + 2, NUL)];
    await journal.append('env_journal', second, 5);
    expect(await journal.load('env_journal')).toEqual({ entries: [...first.slice(4), ...second], nextId: first.length + 3 });
  });
});

describe("a host follows another host's writes (issue 38 § 2: the control API works across the cluster)", () => {
  let a: Engine;
  let b: Engine;
  let relays: NoticeRelay[] = [];
  let bQueries: string[] = [];

  beforeAll(async () => {
    const engine = async () => createEngine({ backend: new PgBackend(pool), clock: () => Date.now(), catalog: builtInCatalog, streamNotices: true });
    [a, b] = [await engine(), await engine()];
    // B's pool: what it asks the database while it follows A.
    const counted = new Proxy(pool, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return (text: unknown, ...rest: unknown[]) => {
          bQueries.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
          return (target.query as (...args: unknown[]) => unknown)(text, ...rest);
        };
      },
    });
    relays = [await NoticeRelay.start({ url: db, pool, engine: a, hostId: 'host-a', holding: () => a.store.environments().map((e) => e.key) }), await NoticeRelay.start({ url: db, pool: counted, engine: b, hostId: 'host-b', holding: () => [] })];
  }, 30_000);

  afterAll(async () => {
    for (const relay of relays) await relay.close();
  });

  /** Waits until B's hub publishes a notice that matches. */
  const heard = (match: (n: { type: string; env?: string; op?: string }) => boolean) =>
    new Promise<void>((resolve) => {
      const off = b.notices.subscribe((n) => {
        if (match(n)) {
          off();
          resolve();
        }
      });
    });

  it("a new environment is read at once; a write to one it knows drops B's memory of its records without a query", async () => {
    const created = heard((n) => n.type === 'sim-change' && n.op === 'records');
    const res = await a.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables","name":"followed"}' }));
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as { key: string };
    await created;
    expect(b.store.env(key)?.name, 'the new environment was read at once').toBe('followed');
    expect(bQueries.some((q) => /FROM sim_env/.test(q))).toBe(true);

    // B reads the environment's records (as a takeover or the trainer's view would), then A writes one.
    const cache = await b.store.data(key);
    const kind = cache.kindNames().find((k) => !k.startsWith('sim.') && cache.count(k) > 0) as string;
    const [id, row] = cache.entries(kind).next().value as [string, Row];
    bQueries = [];
    const written = heard((n) => n.type === 'sim-change' && n.env === key && n.op === 'records');
    await a.store.write(key, (tx) => tx.put(kind, id, { ...row, changedAt: 'A' }));
    await written;
    expect(bQueries, 'no query for a write to an environment B knows').toEqual([]);
    expect((await b.store.data(key)).get(kind, id), 'B read the records again').toEqual({ ...row, changedAt: 'A' });
  }, 30_000);
});
