// Issue 14 (storage at scale: IndexedDB as a chunked snapshot plus a log of changes since): whatever
// the order of writes, deletes, resets (seeding or not), compactions and restarts, what the engine reads after a
// restart is what it held before, row for row and in each kind's order; a version-1 database (one
// value per record) opens with every record in place.
import { Dexie } from 'dexie';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { DexieBackend, type StorageLimits } from '../../src/engine/storage/dexie-backend.ts';

/** Limits small enough that a short run chunks, slices its reads and compacts many times. */
const TINY: StorageLimits = { chunkRows: 3, chunksPerRead: 2, logRowsMin: 4, logEntriesMax: 3, lazyChunks: 2 };
const KINDS = ['a', 'b', 'sim.keep'] as const;
/** What a seeding reset puts into kind 'a' (ids 0 to 4); the next one finds it so unless a write changed it. */
const SEED = [1, 2, 3, 4, 5];

type Op =
  | { op: 'put'; kind: string; id: string; v: number }
  | { op: 'delete'; kind: string; id: string }
  | { op: 'bulk'; kind: string; n: number; v: number }
  | { op: 'reset' }
  | { op: 'reseed' }
  | { op: 'restart' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('put' as const), kind: fc.constantFrom(...KINDS), id: fc.integer({ min: 0, max: 12 }).map(String), v: fc.nat(99) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), kind: fc.constantFrom(...KINDS), id: fc.integer({ min: 0, max: 12 }).map(String) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('bulk' as const), kind: fc.constantFrom(...KINDS), n: fc.integer({ min: 1, max: 15 }), v: fc.nat(99) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reset' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reseed' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'restart' as const }) },
);

const open = (factory: IDBFactory, name: string) => createEngine({ backend: new DexieBackend(openDatabase(name, factory, IDBKeyRange), TINY) });

/**
 * The environment's rows as [kind, [[id, row]...]] in the cache's own order (order is part of what
 * must survive), each large kind loaded on its own as a request that reads it would.
 */
async function contents(engine: Engine, key: string, kinds: readonly string[]): Promise<[string, [string, Row][]][]> {
  const data = await engine.store.partial(key);
  const out: [string, [string, Row][]][] = [];
  for (const k of kinds) {
    if (data.isMissing(k)) await engine.store.loadKinds(key, [k]);
    out.push([k, [...data.entries(k)]]);
  }
  return out;
}

describe('IndexedDB snapshot plus log (issue 14 § How: read and write in bulk)', () => {
  it('any sequence of writes, deletes, resets and restarts reads back the same rows in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
        const factory = new IDBFactory();
        let engine = await open(factory, 'log');
        const created = await engine.handle(new Request('http://x/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }));
        const { key } = (await created.json()) as { key: string };
        // The model: each kind a Map, which orders re-put ids in place and deleted-then-put ids last, as the cache does.
        const model = new Map<string, Map<string, Row>>(KINDS.map((k) => [k, new Map()]));
        for (const o of ops) {
          if (o.op === 'restart') {
            await engine.settled();
            engine.store.db.close();
            engine = await open(factory, 'log');
          } else if (o.op === 'reset') {
            await engine.store.write(key, () => undefined, { reset: true });
            for (const [k, rows] of model) if (!k.startsWith('sim.')) rows.clear();
          } else if (o.op === 'reseed') {
            // A reset that seeds 'a': left alone when it holds the seeded rows already (issue 43 § 1).
            await engine.store.write(key, (tx) => SEED.forEach((v, i) => tx.put('a', String(i), { v })), { reset: true });
            for (const [k, rows] of model) if (!k.startsWith('sim.')) rows.clear();
            SEED.forEach((v, i) => model.get('a')?.set(String(i), { v }));
          } else {
            await engine.store.write(key, (tx) => {
              if (o.op === 'put') tx.put(o.kind, o.id, { v: o.v });
              else if (o.op === 'delete') tx.delete(o.kind, o.id);
              else for (let i = 0; i < o.n; i++) tx.put(o.kind, `bulk${i}`, { v: o.v + i });
            });
            const rows = model.get(o.kind) as Map<string, Row>;
            if (o.op === 'put') rows.set(o.id, { v: o.v });
            else if (o.op === 'delete') rows.delete(o.id);
            else for (let i = 0; i < o.n; i++) rows.set(`bulk${i}`, { v: o.v + i });
          }
        }
        const expected = KINDS.map((k) => [k, [...(model.get(k) as Map<string, Row>)]]);
        expect(await contents(engine, key, KINDS)).toEqual(expected);
        await engine.settled();
        engine.store.db.close();
        expect(await contents(await open(factory, 'log'), key, KINDS)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('the log is folded into chunks once it outgrows the snapshot, in one transaction', async () => {
    const factory = new IDBFactory();
    const engine = await open(factory, 'fold');
    const { key } = (await (await engine.handle(new Request('http://x/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }))).json()) as { key: string };
    const db = engine.store.db;
    for (let i = 0; i < 10; i++) await engine.store.write(key, (tx) => tx.put('a', `r${i}`, { i }));
    // After the last compaction the kind's log holds at most logEntriesMax entries, and every row is in a chunk or the log.
    await engine.settled();
    expect(await db.log.where('[env+kind+seq]').between([key, 'a'], [key, 'a', []]).count()).toBeLessThanOrEqual(TINY.logEntriesMax);
    const chunks = await db.chunks.where('[env+kind+n]').between([key], [key, []]).toArray();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.ids.length <= TINY.chunkRows && c.ids.length === c.rows.n)).toBe(true);
    expect(chunks.some((c) => c.kind === 'a')).toBe(true);
    const stored = await (engine.store.backend as DexieBackend).storedRecords(key);
    expect([...(stored.get('a') ?? new Map()).keys()]).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
  });

  it('a logged change that only adds new rows is marked so a load appends it without a look-up', async () => {
    // Issue 22 § Also: replaying the log looked up every stored id; a change known to insert only
    // (store.ts: no delete, no id that was there) is appended as it came.
    const factory = new IDBFactory();
    const engine = await open(factory, 'fresh');
    const { key } = (await (await engine.handle(new Request('http://x/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }))).json()) as { key: string };
    await engine.store.write(key, (tx) => {
      tx.put('a', 'x', { v: 1 });
      tx.put('b', 'y', { v: 1 });
    });
    await engine.store.write(key, (tx) => tx.put('a', 'x', { v: 2 })); // an update
    await engine.store.write(key, (tx) => {
      tx.put('a', 'z', { v: 1 });
      tx.delete('b', 'y');
    });
    await engine.store.write(key, (tx) => tx.put('b', 'y', { v: 3 })); // new again after its delete
    await engine.settled(); // (three entries of one row each: below every fold threshold of TINY)
    const log = await engine.store.db.log.where('[env+kind+seq]').between([key], [key, []]).toArray();
    const marks = log.filter((e) => e.kind === 'a' || e.kind === 'b').map((e) => `${e.kind}${e.seq}:${e.fresh ? 'fresh' : 'replayed'}`);
    expect(marks).toEqual(['a1:fresh', 'a2:replayed', 'a3:fresh', 'b1:fresh', 'b2:replayed', 'b3:fresh']);
    engine.store.db.close();
    expect(await contents(await open(factory, 'fresh'), key, ['a', 'b'])).toEqual([
      ['a', [['x', { v: 2 }], ['z', { v: 1 }]]],
      ['b', [['y', { v: 3 }]]],
    ]);
  });

  it('a version-1 database (one IndexedDB value per record) opens with every environment and record', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('old', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({ environments: 'key, product', records: '[env+kind+id]' });
    const env = { key: 'env_00000000000000000000000000000001', product: 'odata', name: 'Old', createdAt: '2026-01-01T00:00:00.000Z', idSeq: 7 };
    await v1.table('environments').put(env);
    await v1.table('records').bulkPut([
      { env: env.key, kind: 'CUSTOMERS', id: 'C1', data: { CUSTNAME: 'C1' } },
      { env: env.key, kind: 'CUSTOMERS', id: 'C2', data: { CUSTNAME: 'C2' } },
      { env: env.key, kind: 'sim.credential', id: 'k', data: { type: 'api-user' } },
    ]);
    v1.close();
    const engine = await createEngine({ db: openDatabase('old', factory, IDBKeyRange) });
    expect(engine.store.env(env.key)?.idSeq).toBe(7);
    const data = await engine.store.data(env.key);
    expect([...data.entries('CUSTOMERS')]).toEqual([['C1', { CUSTNAME: 'C1' }], ['C2', { CUSTNAME: 'C2' }]]);
    expect(data.get('sim.credential', 'k')).toEqual({ type: 'api-user' });
    // The version-1 records table is gone; version 4 added the host's custom lessons (issue 40 § 2).
    expect(engine.store.db.tables.map((t) => t.name).sort()).toEqual(['chunks', 'environments', 'lessons', 'log']);
  });
});
