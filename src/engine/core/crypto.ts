/**
 * Credential hashing: PBKDF2 with WebCrypto (present in browsers, service workers and Node 20),
 * SHA-256 with @noble/hashes unless the host gives a native one (useSha256).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const enc = new TextEncoder();

export const PBKDF2_ITERATIONS = 100_000;

export function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return toHex(buf);
}

export function toHex(buf: ArrayBuffer | Uint8Array): string {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export async function pbkdf2(secret: string, saltHex: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), 'PBKDF2', false, ['deriveBits']);
  const salt = new Uint8Array((saltHex.match(/../g) ?? []).map((h) => parseInt(h, 16)));
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toHex(bits);
}

/**
 * SHA-256 of a text, in hex. Computed here rather than by WebCrypto: the texts are short (tokens,
 * secrets, redaction candidates) and a WebCrypto digest is a trip to another thread, some 60 µs
 * against 7 µs, on every bearer call and every secret candidate (issue 22 § Also). Still a promise,
 * as every caller had it.
 */
export async function sha256Hex(text: string): Promise<string> {
  return digest(text);
}

/** A synchronous SHA-256 of a text's UTF-8, in lower-case hex. */
export type Sha256Hex = (text: string) => string;

const nobleSha256Hex: Sha256Hex = (text) => bytesToHex(sha256(enc.encode(text)));
let digest: Sha256Hex = nobleSha256Hex;

/**
 * Use the host's own SHA-256 (the Node host: node:crypto, several times faster than a script's on
 * every bearer call and secret candidate). Process-wide, unlike a clock: every implementation gives
 * the same digest, so which one runs changes no answer.
 */
export function useSha256(hex: Sha256Hex | undefined): void {
  digest = hex ?? nobleSha256Hex;
}

/** Compare two hex strings without an early exit, so timing does not leak the matching prefix. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
