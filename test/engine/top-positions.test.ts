// Issue 22 § Also: a first page found from sort keys alone keeps the best rows in a heap instead of
// sorting the book. Whatever the keys (ties included) and whichever end the scan starts from, it
// gives the first k positions a full sort gives, in that order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topPositions } from '../../src/engine/core/top-positions.ts';

describe('the first k positions of an order, from one pass (issue 22 § Also)', () => {
  it('equal the first k of a full sort, ties by position, scanned from either end', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }), fc.integer({ min: 0, max: 70 }), fc.boolean(), fc.boolean(), (keys, k, desc, fromEnd) => {
        const after = (a: number, b: number) => {
          const c = (keys[a] as number) - (keys[b] as number);
          return c !== 0 ? (desc ? c < 0 : c > 0) : a > b;
        };
        const all = keys.map((_, i) => i).sort((a, b) => (after(a, b) ? 1 : -1));
        expect(topPositions(keys.length, k, after, fromEnd)).toEqual(all.slice(0, k));
      }),
      { numRuns: 500 },
    );
  });
});
