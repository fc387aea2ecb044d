/**
 * The journal keeps entries with their bodies as bytes (src/engine/journal/stored-entry.ts) and
 * makes the readable entry again when it is read: what a user sees of the journal must stay the
 * same (issue 42 "Reads ahead of every peer": cut the host's time, every answer the same). For any
 * body text, a lone surrogate (a body cut inside a pair), a leading byte-order mark and characters
 * of every UTF-8 length included, the entry read back equals the one recorded, key order and all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEntry, storeBody, storeEntry } from '../../src/engine/journal/stored-entry.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';

const anyChar = fc.oneof(
  fc.constantFrom('a', '"', '\\', '\u0000', '\u00e9', '\u2026', '\ufeff', '\ud83d\ude00', '\ud83d', '\ude00'),
  fc.string({ unit: 'binary', maxLength: 1 }),
);
const body = fc.oneof(
  fc.string({ unit: anyChar, maxLength: 40 }),
  fc.tuple(fc.string({ unit: anyChar, maxLength: 8 }), fc.integer({ min: 200, max: 5000 }), fc.string({ unit: anyChar, maxLength: 8 })).map(([a, n, b]) => `${a}${'x'.repeat(n)}${b}`),
);
const exchange = fc.record({ headers: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }), body: body }, { requiredKeys: ['headers'] })
  // Plain objects, as the journal makes them (fast-check's records have no prototype).
  .map(({ headers, ...rest }) => ({ headers: { ...headers }, ...rest }));

const entry = fc.tuple(exchange, exchange, fc.boolean()).map(([request, response, parent]): JournalEntry => ({
  id: 7,
  at: '2026-01-01T00:00:00.000Z',
  product: 'receivables',
  service: 'rest',
  method: 'GET',
  path: '/x',
  status: 200,
  ms: 0.3,
  source: 'outside',
  request,
  response,
  // An inner $batch operation's parent comes after its exchanges (journal.ts).
  ...(parent ? { parent: 3 } : {}),
}));

describe('journal entries kept as bytes', () => {
  it('read back equal to the entry recorded, key order included', () => {
    fc.assert(
      fc.property(entry, (e) => {
        const back = readEntry(storeEntry(e));
        expect(back).toStrictEqual(e);
        expect(JSON.stringify(back)).toBe(JSON.stringify(e));
        // Read twice: each read makes its own object, the stored one unchanged.
        expect(JSON.stringify(readEntry(storeEntry(back)))).toBe(JSON.stringify(e));
      }),
      { numRuns: 400 },
    );
  });

  it('a body kept as its part and the mark after it reads back as the two joined', () => {
    fc.assert(
      fc.property(body, fc.constantFrom('', '… [truncated]', '… [truncated: 9000 characters]'), (kept, mark) => {
        const stored = storeBody(kept, mark);
        const e: JournalEntry = { id: 1, at: '', product: 'receivables', service: 'rest', method: 'GET', path: '/', status: 200, ms: 0, request: { headers: {} }, response: { headers: {}, body: '' } };
        expect(readEntry({ ...e, response: { headers: {}, body: stored } }).response.body).toBe(kept + mark);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a long well-formed body as bytes, not as a text', () => {
    const e: JournalEntry = { id: 1, at: '', product: 'receivables', service: 'rest', method: 'GET', path: '/', status: 200, ms: 0, request: { headers: {} }, response: { headers: {}, body: '\ufeff' + '\u00e9'.repeat(4000) } };
    expect(storeEntry(e).response.body).toBeInstanceOf(Uint8Array);
    expect(readEntry(storeEntry(e)).response.body).toBe(e.response.body);
  });
});
