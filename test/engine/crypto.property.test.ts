// SHA-256 is computed in the engine (no trip to WebCrypto's thread) and must equal WebCrypto's digest
// byte for byte: access tokens are stored under the SHA-256 of their value (spec 000 § Authentication 1),
// credentials keep a SHA-256 fingerprint, and rows written by an earlier build must still be found.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, toHex } from '../../src/engine/core/crypto.ts';

const webCrypto = async (text: string) => toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

describe('sha256Hex', () => {
  it('gives the FIPS 180-2 test vectors', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("equals WebCrypto's digest for any text (tokens, secrets, unicode, long bodies)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ minLength: 60, maxLength: 5000 }), fc.stringMatching(/^[0-9a-f]{64}$/)), async (text) => {
        expect(await sha256Hex(text)).toBe(await webCrypto(text));
      }),
      { numRuns: 500 },
    );
  });
});
