// Secrets inside base64 stay found now that most base64 runs are not decoded (issue 22 § Also: a
// run is decoded only where its bytes hold 32 characters in a row that a candidate or an escape of
// one can be made of; issue 26: redaction must not miss). Generated: a secret, escaped or not,
// behind any prefix (so at any alignment), base64 or base64url, padded or not, among paths that are
// long base64 runs themselves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/engine/journal/secret-text.ts';

const hexChars = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const secretArb = fc.oneof(hexChars(32), hexChars(64), hexChars(40).map((h) => `pat_${h}`));

const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const xml = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const json = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const ESCAPES: ((s: string) => string)[] = [(s) => s, (s) => s.toUpperCase(), pct, xml, json, (s) => pct(json(s))];

const base64 = (text: string, url: boolean, padded: boolean) => {
  let b = btoa(text);
  if (url) b = b.replace(/\+/g, '-').replace(/\//g, '_');
  return padded ? b : b.replace(/=+$/, '');
};

describe('redactSecrets: secrets in base64', () => {
  it('finds a secret base64-encoded at any alignment, escaped or not, beside long path runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc.integer({ min: 0, max: ESCAPES.length - 1 }),
        fc.string({ unit: fc.constantFrom(...'abcXYZ:019 _-./'), maxLength: 7 }),
        fc.boolean(),
        fc.boolean(),
        async (secret, escape, prefix, url, padded) => {
          const encoded = base64(`${prefix}${(ESCAPES[escape] as (s: string) => string)(secret)}`, url, padded);
          const path = '/sim/env_00112233445566778899aabbccddeeff/fscmRestApi/resources/11.13.18.05/receivablesInvoices/300000000002926/child/receivablesInvoiceLines/300000000002933';
          const text = `{"href":"http://127.0.0.1:8787${path}","auth":"Basic ${encoded}","next":"${path}"}`;
          const out = await redactSecrets(text, async (c) => c === secret);
          expect(out).not.toContain(encoded);
          expect(out).toContain('"Basic [redacted]"');
          // The paths hold no secret and stay as they were.
          expect(out.split(path)).toHaveLength(3);
        },
      ),
      { numRuns: 400 },
    );
  });
});
