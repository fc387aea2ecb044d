// Issue 22 § Also (the browser's first page after a worker stop at 100k invoices): a kind is loaded
// as lists of ids and rows, its change log replayed onto the lists without a map of every row. The
// lists must come out exactly as the Map the loader used to build: the same rows, in the same
// order (a put of a present id keeps its place, of an absent or deleted id goes last), since the
// order of a kind's rows decides ties in every sorted read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { replay, toMap, type LoggedChange } from '../../src/engine/storage/kind-rows.ts';

const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', '1', '__proto__');
const changeArb: fc.Arbitrary<LoggedChange> = fc
  .record({ deletes: fc.uniqueArray(idArb, { maxLength: 3 }), ids: fc.uniqueArray(idArb, { maxLength: 4 }), v: fc.nat(99) })
  .map(({ deletes, ids, v }) => ({ deletes, ids, rows: ids.map((id) => ({ id, v })) }));

function viaMap(base: string[], changes: readonly LoggedChange[]): Map<string, Row> {
  const map = new Map<string, Row>(base.map((id) => [id, { id, v: -1 }]));
  for (const c of changes) {
    for (const id of c.deletes) map.delete(id);
    c.ids.forEach((id, k) => map.set(id, c.rows[k] as Row));
  }
  return map;
}

describe('loaded kind lists with their log replayed (issue 22 § Also)', () => {
  it('come out as the Map of the same deletes and puts: same rows, same order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(idArb, { maxLength: 7 }), fc.array(changeArb, { maxLength: 6 }), (base, changes) => {
        const run = replay({ ids: [...base], rows: base.map((id) => ({ id, v: -1 })) }, changes);
        const want = viaMap(base, changes);
        expect(run.ids).toEqual([...want.keys()]);
        expect(run.rows).toEqual([...want.values()]);
        expect(toMap(run)).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes marked as inserts only are appended, and the lists still match the Map', () => {
    // store.ts marks a change fresh when it deletes nothing and every id it puts is new; replay
    // then appends it without looking at the ids already there.
    fc.assert(
      fc.property(fc.uniqueArray(idArb, { maxLength: 7 }), fc.array(changeArb, { maxLength: 6 }), fc.boolean(), (base, changes, mark) => {
        const model = new Set<string>(base);
        const marked = changes.map((c) => {
          const fresh = mark && !c.deletes.length && c.ids.every((id) => !model.has(id));
          for (const id of c.deletes) model.delete(id);
          for (const id of c.ids) model.add(id);
          return { ...c, fresh };
        });
        const run = replay({ ids: [...base], rows: base.map((id) => ({ id, v: -1 })) }, marked);
        const want = viaMap(base, changes);
        expect(run.ids).toEqual([...want.keys()]);
        expect(run.rows).toEqual([...want.values()]);
      }),
      { numRuns: 2000 },
    );
  });

  it('a row deleted and put again goes last; one updated keeps its place', () => {
    const base = { ids: ['x', 'y', 'z'], rows: [{ n: 1 }, { n: 2 }, { n: 3 }] };
    const run = replay(base, [
      { deletes: ['x'], ids: ['y'], rows: [{ n: 20 }] },
      { deletes: [], ids: ['x', 'w'], rows: [{ n: 10 }, { n: 4 }] },
    ]);
    expect(run.ids).toEqual(['y', 'z', 'x', 'w']);
    expect(run.rows).toEqual([{ n: 20 }, { n: 3 }, { n: 10 }, { n: 4 }]);
  });
});
