// Issue 14 (incremental indexes): the environment cache keeps `list` and indexes current row by row
// on writes; whatever sequence of writes, they must equal what a rebuild from the rows gives (the
// README's "no behaviour changes": a cached index answers exactly as a fresh sort would).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexSpec, Row } from '../../src/engine/core/types.ts';
import { EnvCache } from '../../src/engine/storage/env-cache.ts';

interface Sorted {
  rows: Row[];
  keys: number[];
  seqs: number[];
}

/** Rows ordered by `v`, ties in list order: the reference a walk of `list` gives. */
const byValue: IndexSpec<Sorted> = {
  build(rows, seqs) {
    const e = rows.map((row, i) => ({ row, k: row.v as number, seq: seqs[i] as number })).sort((a, b) => a.k - b.k || a.seq - b.seq);
    return { rows: e.map((x) => x.row), keys: e.map((x) => x.k), seqs: e.map((x) => x.seq) };
  },
  update(idx, { before, after, seq }) {
    if (before) {
      const at = idx.rows.indexOf(before);
      idx.rows.splice(at, 1);
      idx.keys.splice(at, 1);
      idx.seqs.splice(at, 1);
    }
    if (after) {
      const k = after.v as number;
      let at = 0;
      while (at < idx.rows.length && ((idx.keys[at] as number) < k || ((idx.keys[at] as number) === k && (idx.seqs[at] as number) < seq))) at++;
      idx.rows.splice(at, 0, after);
      idx.keys.splice(at, 0, k);
      idx.seqs.splice(at, 0, seq);
    }
  },
};

const sortedRef = (rows: readonly Row[]) => rows.map((row, i) => ({ row, i })).sort((a, b) => (a.row.v as number) - (b.row.v as number) || a.i - b.i).map((x) => x.row);

const op = fc.oneof(
  fc.record({ t: fc.constant('put' as const), id: fc.integer({ min: 0, max: 30 }), v: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ t: fc.constant('del' as const), id: fc.integer({ min: 0, max: 30 }) }),
);

describe('environment cache: incremental list and indexes (issue 14)', () => {
  it('after any sequence of writes, list keeps insertion order and a maintained index equals a rebuild', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 25 }), fc.integer({ min: 0, max: 3 }), (writes, readFrom) => {
        const cache = new EnvCache();
        const model = new Map<string, Row>(); // a Map keeps insertion order as the cache's list must
        for (const [n, batch] of writes.entries()) {
          const puts = new Map<string, Row>();
          const dels = new Set<string>();
          for (const o of batch) {
            const id = String(o.id);
            if (o.t === 'put') {
              puts.set(id, { v: o.v, id });
              dels.delete(id);
            } else if (!puts.has(id)) dels.add(id);
          }
          const deletes = [...dels].map((id) => ({ kind: 'w', id }));
          cache.apply([...puts].map(([id, data]) => ({ kind: 'w', id, data })), deletes);
          for (const d of dels) model.delete(d);
          for (const [id, row] of puts) model.set(id, row);
          // Start reading at some point, so indexes live through later writes.
          if (n >= readFrom) {
            expect(cache.list('w')).toEqual([...model.values()]);
            expect(cache.indexed('by-v', 'w', byValue).rows).toEqual(sortedRef([...model.values()]));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a list handed out is not changed by later writes (readers keep what they read)', () => {
    const cache = new EnvCache();
    cache.apply([{ kind: 'w', id: 'a', data: { v: 1 } }], []);
    const first = cache.list('w');
    cache.apply([{ kind: 'w', id: 'b', data: { v: 2 } }], [{ kind: 'w', id: 'a' }]);
    expect(first).toEqual([{ v: 1 }]);
    expect(cache.list('w')).toEqual([{ v: 2 }]);
  });

  it('a write too large to patch drops the index, which is rebuilt on next use', () => {
    const cache = new EnvCache();
    cache.apply([{ kind: 'w', id: 'x', data: { v: 3 } }], []);
    expect(cache.indexed('by-v', 'w', byValue).rows).toHaveLength(1);
    const many = Array.from({ length: 2000 }, (_, i) => ({ kind: 'w', id: `n${i}`, data: { v: i % 7 } }));
    cache.apply(many, []);
    expect(cache.indexed('by-v', 'w', byValue).rows).toEqual(sortedRef(cache.list('w')));
  });
});
