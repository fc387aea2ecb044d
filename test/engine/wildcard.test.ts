// The `*` glob of request verification (issue 21 § 3: "path matches … exactly or with `*` wildcards"):
// the same answers as an anchored regular expression, without one (no backtracking to stall a host).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wildcard } from '../../src/engine/core/wildcard.ts';

/** The reference: `*` is `.*`, everything else literal, the whole text. */
const reference = (pattern: string, text: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's').test(text);

describe('wildcard (issue 21 § 3)', () => {
  it('agrees with the regular-expression reference on any pattern and text over a small alphabet', () => {
    const chars = fc.constantFrom('a', 'b', '/', '.', '*');
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', 'b', '/', '.'), maxLength: 16 }), (pattern, text) => {
        expect(wildcard(pattern)(text)).toBe(reference(pattern, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('examples: exact, prefix, suffix, inner pieces, overlapping ends', () => {
    expect(wildcard('/a/b')('/a/b')).toBe(true);
    expect(wildcard('/a/b')('/a/bc')).toBe(false);
    expect(wildcard('*/standardReceipts')('/fscmRestApi/resources/11.13.18.05/standardReceipts')).toBe(true);
    expect(wildcard('*/standardReceipts')('/fscmRestApi/resources/11.13.18.05/standardReceipts/1')).toBe(false);
    expect(wildcard('/x/*/y*')('/x/1/2/y3')).toBe(true);
    expect(wildcard('ab*ba')('aba')).toBe(false); // the ends may not share a character
    expect(wildcard('*')('')).toBe(true);
  });
});
