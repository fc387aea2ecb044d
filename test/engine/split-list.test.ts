// The two-ended list under the sorted indexes (issue 22 § Also: a row put at the front of a sorted
// index of 100k rows moved every row): any sequence of inserts, removals and sets at any position
// leaves it equal to a plain array given the same operations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SplitList } from '../../src/engine/core/split-list.ts';

type Op = { op: 'insert'; at: number; value: number } | { op: 'remove'; at: number } | { op: 'set'; at: number; value: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  // Positions as fractions of the length, with the ends (where sorted indexes put new rows) often.
  fc.record({ op: fc.constant('insert' as const), at: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })), value: fc.integer() }),
  fc.record({ op: fc.constant('remove' as const), at: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })) }),
  fc.record({ op: fc.constant('set' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.integer() }),
);

describe('SplitList', () => {
  it('equals an array given the same inserts, removals and sets', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.array(op, { maxLength: 200 }), (start, ops) => {
        const model = [...start];
        const list = new SplitList([...start]);
        for (const o of ops) {
          if (o.op === 'insert') {
            const at = Math.round(o.at * model.length);
            model.splice(at, 0, o.value);
            list.insert(at, o.value);
          } else if (model.length) {
            const at = Math.min(model.length - 1, Math.floor(o.at * model.length));
            if (o.op === 'remove') {
              model.splice(at, 1);
              list.removeAt(at);
            } else {
              model[at] = o.value;
              list.set(at, o.value);
            }
          }
          expect(list.length).toBe(model.length);
        }
        expect([...list]).toEqual(model);
        model.forEach((v, i) => {
          expect(list.at(i)).toBe(v);
          expect(list.indexOf(v)).toBe(model.indexOf(v));
        });
        expect(list.indexOf(Number.NaN)).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });
});
