// Issue 12 § 1 (the journal keeps the last N entries per environment, N its size) and issue 21 § 3
// (a reader learns when entries after its cursor were dropped): the ring drops its oldest entries
// in batches (ring.ts), so this checks it against a plain list for any pushes and sizes.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Ring } from '../../src/engine/journal/ring.ts';
import type { StoredEntry } from '../../src/engine/journal/stored-entry.ts';

const entry = (id: number): StoredEntry => ({ id, at: '', product: 'odata', service: 'odata', method: 'GET', path: '/', status: 200, ms: 0, request: { headers: {} }, response: { headers: {} } });

it('after any pushes, with the size changed between them, the ring holds what a plain list would', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ pushes: fc.nat(300), size: fc.integer({ min: 1, max: 200 }) }), { minLength: 1, maxLength: 8 }), fc.nat(1500), (steps, since) => {
      let size = 500;
      const ring = new Ring([], 1, () => size);
      const plain: number[] = [];
      let lost = 0;
      for (const step of steps) {
        size = step.size;
        for (let i = 0; i < step.pushes; i++) {
          const id = ring.nextId++;
          ring.push(entry(id));
          plain.push(id);
          while (plain.length > size) lost = plain.shift() as number;
        }
      }
      expect(ring.select({ limit: 1000 }).map((e) => e.id)).toEqual([...plain].reverse());
      expect(ring.keepFrom).toBe(plain[0] ?? ring.nextId);
      expect(ring.lostAfter(since)).toBe(lost > since);
      ring.clear();
      expect(ring.select({ limit: 1000 })).toEqual([]);
      expect(ring.keepFrom).toBe(ring.nextId);
    }),
  );
});
