/**
 * The Node host's native SHA-256 (src/hosts/node/native-sha256.ts) stands in for the engine's script
 * one (src/engine/core/crypto.ts): every token check, credential fingerprint and redaction candidate
 * goes through it, so both must give the same digest for every text, lone surrogates included
 * (both encode them as U+FFFD).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { nodeSha256Hex } from '../../src/hosts/node/native-sha256.ts';
import { sha256Hex, useSha256 } from '../../src/engine/core/crypto.ts';

const noble = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));

describe('native SHA-256 of the Node host', () => {
  it('equals the script digest for any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) })), (text) => {
        expect(nodeSha256Hex(text)).toBe(noble(text));
      }),
      { numRuns: 500 },
    );
  });

  it('is what the engine uses once the host gives it, and the script one again without it', async () => {
    const calls: string[] = [];
    useSha256((t) => (calls.push(t), nodeSha256Hex(t)));
    try {
      expect(await sha256Hex('token')).toBe(noble('token'));
      expect(calls).toEqual(['token']);
    } finally {
      useSha256(undefined);
    }
    expect(await sha256Hex('token')).toBe(noble('token'));
    expect(calls).toEqual(['token']);
  });
});
