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

/**
 * A body as kept: `kept` and the mark after it (a cut body's), as the bytes of both. The mark is
 * encoded apart: joined to the kept text first, its "…" would make the whole text two bytes a
 * character, three times slower to encode.
 */
export function storeBody(kept: string, mark = ''): StoredBody {
  // A short text, or one cut inside a surrogate pair, stays a text: one flat string, holding no
  // larger text it was sliced from.
  if (kept.length + mark.length < SHORT_BODY || !wellFormed(kept)) return mark ? [kept, mark].join('') : kept;
  const head = encoder.encode(kept);
  if (!mark) return head;
  const tail = encoder.encode(mark);
  const out = new Uint8Array(head.byteLength + tail.byteLength);
  out.set(head);
  out.set(tail, head.byteLength);
  return out;
}

function storeExchange(x: JournalExchange): StoredExchange {
  // The same keys in the same order: only the body's value changes.
  return x.body === undefined || x.body.length < SHORT_BODY ? x : { ...x, body: storeBody(x.body) };
}

function readExchange(x: StoredExchange): JournalExchange {
  return typeof x.body === 'object' ? { ...x, body: decoder.decode(x.body) } : (x as JournalExchange);
}

/** The entry as kept: the same keys, its bodies as bytes (the journal builds most entries kept already: journal.ts). */
export function storeEntry(e: JournalEntry): StoredEntry {
  return { ...e, request: storeExchange(e.request), response: storeExchange(e.response) };
}

/** The readable entry again, a new object each time (a reader may add to it: an explanation). */
export function readEntry(e: StoredEntry): JournalEntry {
  return { ...e, request: readExchange(e.request), response: readExchange(e.response) };
}
