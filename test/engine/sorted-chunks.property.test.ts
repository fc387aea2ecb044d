// The chunked sorted list under the OData sorted orders (issue 42 § Targets 1: a row put in the middle
// of one flat array of 100k rows moved half of them, so POST after a $filter ran at 0.57x): any
// sequence of inserts and removals, with ties, leaves it equal to a plain array kept sorted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedChunks } from '../../src/engine/core/sorted-chunks.ts';

interface Item {
  k: number;
  id: number;
}

const cmp = (a: Item, b: Item) => a.k - b.k;
type Op = { op: 'insert'; k: number } | { op: 'remove'; at: number } | { op: 'absent'; k: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  // Few distinct keys: runs of ties span chunks, and removal must find the right one in the run.
  fc.record({ op: fc.constant('insert' as const), k: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ op: fc.constant('remove' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ op: fc.constant('absent' as const), k: fc.integer({ min: -5, max: 25 }) }),
);

describe('SortedChunks', () => {
  it('equals a sorted array given the same inserts and removals (chunks of 2 to 4 split and empty)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), fc.array(op, { maxLength: 300 }), fc.integer({ min: 1, max: 4 }), (start, ops, size) => {
        let id = 0;
        const model: Item[] = start.map((k) => ({ k, id: id++ })).sort(cmp);
        const list = new SortedChunks(cmp, [...model], size);
        for (const o of ops) {
          if (o.op === 'insert') {
            const item = { k: o.k, id: id++ };
            list.insert(item);
            // Before the first item not before it: ahead of its ties.
            const at = model.findIndex((m) => cmp(m, item) >= 0);
            model.splice(at < 0 ? model.length : at, 0, item);
          } else if (o.op === 'remove' && model.length) {
            const victim = model[Math.floor(o.at * model.length)] as Item;
            expect(list.remove({ k: victim.k, id: -1 }, (m) => m === victim)).toBe(true);
            model.splice(model.indexOf(victim), 1);
          } else if (o.op === 'absent') {
            expect(list.remove({ k: o.k, id: -1 }, () => false)).toBe(false);
          }
          expect(list.length).toBe(model.length);
        }
        expect([...list]).toEqual(model);
        // A removal by a walk finds an item whatever its key says.
        if (model.length) {
          const last = model[model.length - 1] as Item;
          expect(list.removeWhere((m) => m === last)).toBe(true);
          expect([...list]).toEqual(model.slice(0, -1));
        }
      }),
    );
  });
});
