/**
 * An entry as the journal keeps it in memory: its bodies (up to BODY_LIMIT characters each) as
 * UTF-8 bytes, which live outside the script heap. An entry lives for as many requests as the ring
 * holds (500), long enough to be copied out of V8's young generation into the old one, and its
 * bodies were most of it: under a read load the old generation grew by megabytes a second and was
 * collected whole again and again. The readable entry is made again when someone reads it, equal
 * to the one recorded (its keys in the same order, each text the same characters).
 */
import type { JournalEntry, JournalExchange } from './types.ts';

/** A body kept as a text when short (bytes would save nothing) or not well-formed UTF-16 (a lone surrogate has no UTF-8). */
export type StoredBody = Uint8Array | string;

export interface StoredExchange {
  headers: Record<string, string>;
  body?: StoredBody;
}

export type StoredEntry = Omit<JournalEntry, 'request' | 'response'> & { request: StoredExchange; response: StoredExchange };

/** Shorter bodies stay texts: their bytes would take as much room on the heap as the text itself. */
const SHORT_BODY = 256;
const encoder = new TextEncoder();
// ignoreBOM keeps a leading U+FEFF that the body had (by default the decoder drops it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const LONE_SURROGATE = /\p{Cs}/u;

function wellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024) where the host has it; the test says the same.
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? native.call(text) : !LONE_SURROGATE.test(text);
}

function storeExchange(x: JournalExchange): StoredExchange {
  if (x.body === undefined || x.body.length < SHORT_BODY || !wellFormed(x.body)) return x;
  // The same keys in the same order: only the body's value changes.
  return { ...x, body: encoder.encode(x.body) };
}

function readExchange(x: StoredExchange): JournalExchange {
  return typeof x.body === 'object' ? { ...x, body: decoder.decode(x.body) } : (x as JournalExchange);
}

/** The entry as kept: the same object, its bodies as bytes. */
export function storeEntry(e: JournalEntry): StoredEntry {
  return { ...e, request: storeExchange(e.request), response: storeExchange(e.response) };
}

/** The readable entry again, a new object each time (a reader may add to it: an explanation). */
export function readEntry(e: StoredEntry): JournalEntry {
  return { ...e, request: readExchange(e.request), response: readExchange(e.response) };
}
