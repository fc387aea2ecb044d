// The scanners redaction runs over every journal text find exactly what the regular expressions
// they replace find (issue 22 § Also: redaction was most of a request's cost on the Node host; issue
// 26: redaction must not miss). Generated: texts of hex digits, other letters, digits, base64 digits,
// padding and JSON punctuation in runs of every length around the thresholds (32 hex digits; base64
// runs of 12 digits with up to two `=`, kept from 43 characters).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachBase64Run, eachHexRun } from '../../src/engine/journal/secret-text.ts';

const piece = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 0, maxLength: 70 }),
  fc.string({ unit: fc.constantFrom(...'ghz_-+/XYZ='), minLength: 0, maxLength: 50 }),
  fc.string({ unit: fc.constantFrom(...'"{}:,. \n%&é'), minLength: 0, maxLength: 4 }),
);
const textArb = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

const collect = (scan: (text: string, found: (index: number, length: number) => void) => void, text: string) => {
  const out: [number, number][] = [];
  scan(text, (index, length) => out.push([index, length]));
  return out;
};

describe('journal text scanners match their regular expressions', () => {
  it('eachHexRun finds every whole run of at least 32 hex digits in either case (/[0-9a-f]{32,}/gi)', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const expected = [...text.matchAll(/[0-9a-f]{32,}/gi)].map((m) => [m.index, m[0].length]);
        expect(collect(eachHexRun, text)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('eachBase64Run finds the runs /[A-Za-z0-9+/_-]{12,}={0,2}/g matches that are 43 to 65,536 characters long', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const expected = [...text.matchAll(/[A-Za-z0-9+/_-]{12,}={0,2}/g)].filter((m) => m[0].length >= 43 && m[0].length <= 65_536).map((m) => [m.index, m[0].length]);
        expect(collect(eachBase64Run, text)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
