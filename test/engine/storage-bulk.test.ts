// Issue 14 (IndexedDB read in bulk, reset by key ranges): an environment larger than one bulk read
// comes back whole, in each kind's order, after an engine restart; a reset removes every data kind
// and keeps the simulator's own `sim.` kinds (README § Control API: reset keeps credentials).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { createEngine, openDatabase } from '../../src/engine/index.ts';

const post = (body: unknown) => new Request('http://x/sim/_admin/environments', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

it('an environment of more rows than one bulk read survives a restart whole; reset clears data kinds only', async () => {
  const factory = new IDBFactory();
  const db1 = openDatabase('bulk', factory, IDBKeyRange);
  const e1 = await createEngine({ db: db1 });
  const { key } = (await (await e1.handle(post({ product: 'odata' }))).json()) as { key: string };
  const other = (await (await e1.handle(post({ product: 'odata' }))).json()) as { key: string };
  // 45k rows: more than two bulk reads; kinds on both sides of the `sim.` prefix in key order.
  await e1.store.write(key, (tx) => {
    for (let i = 0; i < 30_000; i++) tx.put('aaa', `r${String(i).padStart(5, '0')}`, { i });
    for (let i = 0; i < 15_000; i++) tx.put('zzz', `r${i}`, { i });
    tx.put('sim.keep', 'k', { kept: true });
    tx.put('sim', 'not-sim-prefixed', { n: 1 });
    tx.put('sim/x', 'y', { n: 2 });
  });
  await e1.store.write(other.key, (tx) => tx.put('aaa', 'o', { mine: true }));
  const before = await e1.store.data(key);
  const counts = before.kindNames().map((k) => [k, before.count(k)]);
  db1.close();

  const e2 = await createEngine({ db: openDatabase('bulk', factory, IDBKeyRange) });
  const after = await e2.store.data(key);
  expect(after.kindNames().map((k) => [k, after.count(k)]).sort()).toEqual([...counts].sort());
  expect(after.list('aaa').map((r) => r.i)).toEqual(Array.from({ length: 30_000 }, (_, i) => i));
  expect(after.get('zzz', 'r14999')).toEqual({ i: 14999 });

  const reset = await e2.handle(new Request(`http://x/sim/_admin/environments/${key}/reset`, { method: 'POST' }));
  expect(reset.status).toBe(200);
  const e3 = await createEngine({ db: openDatabase('bulk', factory, IDBKeyRange) });
  const fresh = await e3.store.data(key);
  expect(fresh.count('aaa')).toBe(0);
  expect(fresh.count('zzz')).toBe(0);
  expect(fresh.count('sim')).toBe(0);
  expect(fresh.count('sim/x')).toBe(0);
  expect(fresh.get('sim.keep', 'k')).toEqual({ kept: true });
  expect((await e3.store.data(other.key)).get('aaa', 'o')).toEqual({ mine: true });
}, 60_000);
