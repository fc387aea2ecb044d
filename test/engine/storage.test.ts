// Storage: atomic writes, ids, isolation, survival across an engine restart (issue 2 § 2 Storage, Ids).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, openDatabase } from '../../src/engine/index.ts';
import { createEnv, createTestSim, storedRows } from '../support/sim.ts';

describe('storage', () => {
  it('a failed write changes nothing, in memory or in IndexedDB (issue 2 § 2 Storage: atomic)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    const seqBefore = sim.engine.store.env(env.key)?.idSeq;
    await expect(
      sim.engine.store.write(env.key, (tx) => {
        tx.put('widget', 'a', { n: 1 });
        tx.nextId();
        throw new Error('validation failed half-way');
      }),
    ).rejects.toThrow('half-way');
    const data = await sim.engine.store.data(env.key);
    expect(data.get('widget', 'a')).toBeUndefined();
    expect(sim.engine.store.env(env.key)?.idSeq).toBe(seqBefore);
    expect((await storedRows(sim, env.key)).get('widget')?.get('a')).toBeUndefined();
  });

  it('a write is one IndexedDB transaction: if IndexedDB refuses it, memory is untouched (issue 2 § 2 Storage)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    // A row IndexedDB cannot clone makes the transaction abort after the first put was queued.
    await expect(
      sim.engine.store.write(env.key, (tx) => {
        tx.put('widget', 'ok', { n: 1 });
        tx.put('widget', 'bad', { fn: () => 1 } as never);
      }),
    ).rejects.toThrow();
    const data = await sim.engine.store.data(env.key);
    expect(data.get('widget', 'ok')).toBeUndefined();
    expect((await storedRows(sim, env.key)).get('widget')?.get('ok')).toBeUndefined();
  });

  it('a large write is still one transaction: a refusal in its last rows leaves none of the first (issue 2 § 2 Storage: atomic)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    // More rows than one bulk call writes, so the refusal comes after earlier slices were written.
    await expect(
      sim.engine.store.write(env.key, (tx) => {
        for (let i = 0; i < 5000; i++) tx.put('widget', `w${i}`, { i });
        tx.put('widget', 'bad', { fn: () => 1 } as never);
      }),
    ).rejects.toThrow();
    expect((await sim.engine.store.data(env.key)).count('widget')).toBe(0);
    expect((await storedRows(sim, env.key)).get('widget')?.size ?? 0).toBe(0);
    await sim.engine.store.write(env.key, (tx) => {
      for (let i = 0; i < 5000; i++) tx.put('widget', `w${i}`, { i });
    });
    expect((await storedRows(sim, env.key)).get('widget')?.size).toBe(5000);
  });

  it('ids are 15-16 digits, exact in JSON and unique per environment (issue 2 § 2 Ids)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const ids = await sim.engine.store.write(env.key, (tx) => Array.from({ length: 1000 }, () => tx.nextId()));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(String(id)).toMatch(/^\d{15,16}$/);
      expect(JSON.parse(JSON.stringify({ id })).id).toBe(id);
    }
    const more = await sim.engine.store.write(env.key, (tx) => tx.nextId());
    expect(ids).not.toContain(more);
  });

  it('everything survives a restart of the engine over the same IndexedDB (issue 2 § 2: state never only in memory)', async () => {
    const factory = new IDBFactory();
    const db1 = openDatabase('restart', factory, IDBKeyRange);
    const e1 = await createEngine({ db: db1 });
    const created = await e1.handle(
      new Request('http://x/sim/_admin/environments', { method: 'POST', body: JSON.stringify({ product: 'odata' }), headers: { 'content-type': 'application/json' } }),
    );
    const { key } = (await created.json()) as { key: string };
    await e1.store.write(key, (tx) => tx.put('widget', 'w', { n: 7 }));
    db1.close();
    const e2 = await createEngine({ db: openDatabase('restart', factory, IDBKeyRange) });
    expect(e2.store.env(key)?.product).toBe('odata');
    expect((await e2.store.data(key)).get('widget', 'w')).toEqual({ n: 7 });
  });

  it('concurrent writes to one environment are serialized, none lost (issue 2 § 7: two tabs writing at once)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sim.engine.store.write(env.key, (tx) => {
          const n = (tx.get<{ n: number }>('counter', 'c')?.n ?? 0) + 1;
          tx.put('counter', 'c', { n });
          tx.put('item', String(i), { i });
        }),
      ),
    );
    const data = await sim.engine.store.data(env.key);
    expect(data.get('counter', 'c')).toEqual({ n: 50 });
    expect(data.count('item')).toBe(50);
  });
});

describe('the environments list (issue 22 § Also: asked on every request by the journal)', () => {
  it('is oldest first (then by key), holds each environment as its last write left it, and follows environments that come and go', async () => {
    const sim = await createTestSim();
    const list = () => sim.engine.store.environments();
    const inOrder = () => [...list()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.key < b.key ? -1 : 1)).map((e) => e.key);
    const first = await createEnv(sim, 'odata');
    const second = await createEnv(sim, 'receivables');
    expect(list().map((e) => e.key)).toEqual(inOrder());
    await sim.engine.store.write(first.key, (tx) => {
      tx.nextId();
    });
    const seq = sim.engine.store.env(first.key)?.idSeq;
    expect(list().find((e) => e.key === first.key)?.idSeq).toBe(seq);
    const third = await createEnv(sim, 'odata');
    expect(list().map((e) => e.key)).toEqual(inOrder());
    expect(list().map((e) => e.key)).toEqual(expect.arrayContaining([first.key, second.key, third.key]));
    expect((await sim.admin('DELETE', `/environments/${second.key}`)).status).toBe(204);
    expect(list().map((e) => e.key)).not.toContain(second.key);
    expect(list().map((e) => e.key)).toEqual(inOrder());
  });
});
