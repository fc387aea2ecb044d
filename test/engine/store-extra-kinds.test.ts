// Issue 38 § 4 (restart of a host with 100k invoices: first answer < 5 s): the PostgreSQL backend
// reads every deferred kind of an environment when the first is asked for, so the store takes kinds
// it did not ask for. One already loaded meanwhile, and written since, must stay as it is: a read
// started before the write would otherwise put the old rows back in memory.
import { describe, expect, it } from 'vitest';
import type { Environment, Row } from '../../src/engine/core/types.ts';
import type { Records, StorageBackend } from '../../src/engine/storage/backend.ts';
import type { Change } from '../../src/engine/storage/changes.ts';
import { SimStore } from '../../src/engine/storage/store.ts';

const env: Environment = { key: 'e', product: 'odata', name: 'e', createdAt: '2026-01-01T00:00:00.000Z', clockOffsetMs: 0, idSeq: 1, tenantId: 't' };

/**
 * Two deferred kinds; `loadKinds` answers what it is asked for, as stored now, and (`alongside`)
 * every other kind as a read started at the beginning saw it.
 */
class ReadsMore implements StorageBackend {
  alongside = true;
  readonly stored = new Map<string, Map<string, Row>>([
    ['A', new Map([['a1', { v: 1 }]])],
    ['B', new Map([['b1', { v: 1 }]])],
  ]);
  private readonly first = new Map([...this.stored].map(([k, rows]) => [k, new Map(rows)]));
  async environments() {
    return [env];
  }
  async loadRecords(): Promise<Records> {
    return new Map([...this.stored].map(([k, rows]) => [k, new Map(rows)]));
  }
  async loadEager() {
    return { records: new Map(), lazy: ['A', 'B'] };
  }
  async loadKinds(_env: string, kinds: readonly string[]): Promise<Records> {
    // The asked kinds as stored now, and every other one as a read started at the beginning saw it.
    const kept = [...this.first].filter(([k]) => this.alongside || kinds.includes(k));
    return new Map(kept.map(([k, rows]) => [k, new Map(kinds.includes(k) ? this.stored.get(k) : rows)]));
  }
  async commit(change: Change) {
    if (change.op !== 'records') return;
    for (const p of change.puts) this.stored.get(p.kind)?.set(p.id, p.data);
  }
}

describe('kinds a backend read beyond those asked for (issue 38 § 4)', () => {
  it('are taken while still missing; a kind loaded and written meanwhile keeps its write', async () => {
    const backend = new ReadsMore();
    const store = await SimStore.open(backend);
    backend.alongside = false;
    await store.loadKinds('e', ['B']);
    await store.write('e', (tx) => tx.put('B', 'b2', { v: 2 }), { kinds: ['B'] });
    backend.alongside = true;
    await store.loadKinds('e', ['A']);
    const cache = await store.data('e');
    expect(cache.get('A', 'a1')).toEqual({ v: 1 });
    expect(cache.get('B', 'b2'), 'the write to B survives a later read that brought B along').toEqual({ v: 2 });
  });

  it('a kind not asked for but read along is loaded (no second read when it is needed)', async () => {
    const backend = new ReadsMore();
    let reads = 0;
    const load = backend.loadKinds.bind(backend);
    backend.loadKinds = (e, kinds) => (reads++, load(e, kinds));
    const store = await SimStore.open(backend);
    await store.loadKinds('e', ['A']);
    expect((await store.partial('e')).missingKinds()).toEqual([]);
    expect((await store.data('e')).get('B', 'b1')).toEqual({ v: 1 });
    expect(reads).toBe(1);
  });
});
