/**
 * Finding a host's secrets in any stored text, whatever the shape of the request that carried them
 * (issue 26 § What to reach: "match the environment's own secret values (and their URL- and
 * XML-escaped forms) in any stored text, not only fields found by parsing").
 *
 * Every secret the simulator issues is random lowercase hex of a known length (admin/credentials.ts,
 * oauth/tokens.ts): client secrets and passwords 32, personal access tokens `pat_` + 40, access tokens
 * 64. So a text is searched, not parsed. It is read as written and unescaped level by level (percent
 * escapes, XML character and entity references, JSON \u escapes, in any mixture, three levels deep),
 * each reading remembering which characters of the original every character came from; every base64
 * run is decoded (HTTP Basic credentials); each run of hex digits yields candidates (the run itself,
 * and every 32- and 64-character window of a longer one, so a secret glued to other digits is found
 * too). Whether a candidate is a secret is asked of `isSecret` (secrets.ts: a hash lookup). Wherever a
 * secret shows in any reading, the characters of the original it came from are replaced by
 * "[redacted]" (a base64 run holding one is replaced whole).
 *
 * What costs too much to check is redacted unchecked, never left: a hex run over 256 characters, and
 * every candidate past the first MAX_CANDIDATES of one text.
 */
import { REDACTED } from './redact.ts';

/** A memoized answer may come back at once: no promise and no turn of the microtask queue per candidate. */
export type SecretCheck = (candidate: string) => boolean | Promise<boolean>;

/** The shortest text that can hold a secret in any form (the shortest secret is 32 characters). */
export const SHORTEST_SECRET_TEXT = 32;

/** Distinct candidates checked in one text; the rest are redacted unchecked. */
export const MAX_CANDIDATES = 2048;
/** Hex runs longer than this are redacted whole instead of checked window by window. */
const MAX_HEX_RUN = 256;
/** Base64 runs decoded at most this long (longer ones are data, not a credential header). */
const MAX_BASE64_RUN = 65_536;
/**
 * Base64 runs decoded at least this long: the shortest run whose decoding holds 32 characters, the
 * shortest secret in any form (an escaped one is longer). Shorter runs are words of the text (every
 * field name of a JSON body is one), and decoding each cost milliseconds a request (issue 22).
 */
const MIN_BASE64_RUN = Math.ceil((32 * 4) / 3);
/** Levels of escaping undone (a value percent-escaped inside an XML reference inside JSON is three). */
const LEVELS = 3;

const SECRET_LENGTHS = [32, 64];
const PAT = /pat_[0-9a-f]{40}/gi;
/**
 * Characters a candidate or an escape of one can be made of: hex digits, the letters of `pat_` and of
 * the named entities, and the escapes' `%`, `&`, `#`, `;` and `\`. A candidate in any reading of a
 * text comes from a run of these at least as long in the text itself: each of its characters is
 * either written as is or an escape made only of these characters, and the units of a reading come
 * from adjacent stretches of the text before it. So a base64 run whose decoding (at one alignment)
 * has no 32 of them in a row holds no candidate there, and is neither decoded nor read further: most
 * runs are paths (`/sim/env_…/fscmRestApi/resources/11` decodes to bytes that are none of these),
 * and decoding each at four alignments cost a millisecond a request (issue 22 § Also).
 */
const CANDIDATE_CHAR = new Uint8Array(128);
for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz%&#;\\_') CANDIDATE_CHAR[c.charCodeAt(0)] = 1;
/** Base64 digit values by character code (base64url's `-` and `_` as `+` and `/`). */
const DIGIT = new Uint8Array(128);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (DIGIT[c.charCodeAt(0)] = i));
DIGIT['-'.charCodeAt(0)] = 62;
DIGIT['_'.charCodeAt(0)] = 63;

/** Base64 and base64url digits by character code. */
const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') BASE64_CHAR[c.charCodeAt(0)] = 1;
const EQUALS = '='.charCodeAt(0);

/**
 * Each whole run of at least `min` characters of which `member` holds, found by looking `min - 1`
 * characters ahead: a character there that is not a member rules out a run at any start before it,
 * so most characters of a text are read not at all (a loop over every character was most of the cost
 * of redacting a page of a book, issue 22 § Also; the regular expression tries every start inside a
 * shorter run again). `found` gets where the run starts and ends.
 */
function eachLongRun(text: string, members: Uint8Array, min: number, found: (start: number, end: number) => void): void {
  // A table, not a predicate: one loop for both scanners stays as fast as a loop written for each.
  const member = (code: number) => code < 128 && members[code] === 1;
  const n = text.length;
  // Invariant: no run of `min` starts before `i` unreported, and text[i - 1] is no member.
  let i = 0;
  while (i + min <= n) {
    const probe = i + min - 1;
    if (!member(text.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && member(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < n && member(text.charCodeAt(end))) end++;
    if (end - start >= min) found(start, end);
    i = end + 1;
  }
}

/**
 * Each run of base64 digits with up to two `=` after it, whole, from MIN_BASE64_RUN to
 * MAX_BASE64_RUN characters long (padding included): what /[A-Za-z0-9+/_-]{12,}={0,2}/g matches,
 * kept only at those lengths (a JSON body has a run of 12 or more at nearly every field name, none
 * long enough to decode).
 */
export function eachBase64Run(text: string, found: (index: number, length: number) => void): void {
  eachLongRun(text, BASE64_CHAR, MIN_BASE64_RUN - 2, (start, end) => {
    let pad = 0;
    while (pad < 2 && end + pad < text.length && text.charCodeAt(end + pad) === EQUALS) pad++;
    const length = end - start + pad;
    if (length >= MIN_BASE64_RUN && length <= MAX_BASE64_RUN) found(start, length);
  });
}

/** Whether base64 digits (no padding) decode to 32 candidate characters in a row: the bytes atob gives, without making them. */
function mayDecodeToCandidate(digits: string): boolean {
  let bits = 0;
  let held = 0;
  let run = 0;
  for (let i = 0; i < digits.length; i++) {
    bits = ((bits << 6) | (DIGIT[digits.charCodeAt(i)] as number)) & 0xffff;
    held += 6;
    if (held < 8) continue;
    held -= 8;
    const byte = (bits >> held) & 0xff;
    run = byte < 128 && CANDIDATE_CHAR[byte] === 1 ? run + 1 : 0;
    if (run >= 32) return true;
  }
  return false;
}

/** One escaped character: %XX, &#N; / &#xH;, a named XML entity, or a JSON \uXXXX. */
const ESCAPE = /%([0-9A-Fa-f]{2})|&#(?:[xX]([0-9A-Fa-f]{1,6})|(\d{1,7}));|&(amp|lt|gt|quot|apos);|\\u([0-9A-Fa-f]{4})/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A reading of the original text: each of its UTF-16 units knows the original range it came from. */
interface Reading {
  text: string;
  /** Where in the original the unit at `i` starts, and where it ends. */
  from(i: number): number;
  to(i: number): number;
}

/** ASCII letters lowercased, nothing else changed (an ASCII text as a whole: toLowerCase changes only A-Z there). */
const lowerAscii = (s: string) => (NON_ASCII.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s.toLowerCase());
const NON_ASCII = /[^\x00-\x7f]/;

function fromCode(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function decodeEscape(m: RegExpExecArray): string {
  const [, pct, hex, dec, name, json] = m;
  if (pct !== undefined) return fromCode(parseInt(pct, 16));
  if (hex !== undefined) return fromCode(parseInt(hex, 16));
  if (dec !== undefined) return fromCode(Number(dec));
  if (name !== undefined) return Object.hasOwn(NAMED, name) ? (NAMED[name] as string) : '';
  return fromCode(parseInt(json as string, 16));
}

function reading(text: string, from: number[], to: number[]): Reading {
  return { text, from: (i) => from[i] as number, to: (i) => to[i] as number };
}

/** The reading with one level of escapes undone; null when it holds none. */
function unescapeOnce(r: Reading): Reading | null {
  const text: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  let changed = false;
  const keep = (end: number) => {
    for (; at < end; at++) {
      text.push(r.text[at] as string);
      from.push(r.from(at));
      to.push(r.to(at));
    }
  };
  ESCAPE.lastIndex = 0;
  for (let m = ESCAPE.exec(r.text); m; m = ESCAPE.exec(r.text)) {
    keep(m.index);
    const decoded = decodeEscape(m);
    const end = m.index + m[0].length;
    for (const unit of decoded.split('')) {
      text.push(unit);
      from.push(r.from(m.index));
      to.push(r.to(end - 1));
    }
    at = end;
    changed = true;
  }
  if (!changed) return null;
  keep(r.text.length);
  return reading(text.join(''), from, to);
}

/** Whether any escape ESCAPE knows could start in `text` (each begins with `%`, `&` or `\\`). */
const mayHoldEscape = (text: string) => text.includes('%') || text.includes('&') || text.includes('\\');

/** The text as written and unescaped up to LEVELS levels deep. */
function readings(text: string): Reading[] {
  const out: Reading[] = [{ text, from: (i) => i, to: (i) => i + 1 }];
  // Most texts (JSON of the books, paths) hold none: the scan below is then the whole cost.
  if (!mayHoldEscape(text)) return out;
  for (let level = 0; level < LEVELS; level++) {
    const next = unescapeOnce(out[out.length - 1] as Reading);
    if (!next) break;
    out.push(next);
  }
  return out;
}

/**
 * Decodings of a base64 (or base64url) run, at each of the four alignments it may start at; those
 * that cannot hold a candidate are left out.
 */
function base64Decodings(run: string): string[] {
  if (NO_CANDIDATE_RUNS.has(run)) return [];
  const out = decodeAlignments(run);
  if (out.length === 0) {
    if (NO_CANDIDATE_RUNS.size >= NO_CANDIDATE_MEMO) NO_CANDIDATE_RUNS.clear();
    NO_CANDIDATE_RUNS.add(run);
  }
  return out;
}

/**
 * Runs known to decode to nothing that could hold a candidate. A page of a book repeats the same
 * few runs in every item's links (`/sim/env_…/fscmRestApi/resources/11`), each decoded at four
 * alignments; only runs without a candidate are remembered, so no decoded secret is kept.
 */
const NO_CANDIDATE_RUNS = new Set<string>();
const NO_CANDIDATE_MEMO = 4096;

function decodeAlignments(run: string): string[] {
  const plain = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const out: string[] = [];
  for (let skip = 0; skip < 4 && plain.length - skip >= 8; skip++) {
    const part = plain.slice(skip);
    const usable = part.slice(0, part.length - (part.length % 4 === 1 ? 1 : 0));
    if (!mayDecodeToCandidate(usable)) continue;
    try {
      out.push(atob(usable + '='.repeat((4 - (usable.length % 4)) % 4)));
    } catch {
      // not base64 at this alignment
    }
  }
  return out;
}

/**
 * Candidates of a text, lowercased: personal access tokens, and hex runs with their windows. Found
 * in either case (a secret may be written in capitals) without lowercasing the whole text first.
 */
function candidatesOf(text: string, onLongRun: (index: number, length: number) => void): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(PAT)) out.add(m[0].toLowerCase());
  eachHexRun(text, (index, length) => {
    if (length > MAX_HEX_RUN) return onLongRun(index, length);
    const run = text.slice(index, index + length).toLowerCase();
    for (const size of SECRET_LENGTHS) for (let at = 0; at + size <= run.length; at++) out.add(run.slice(at, at + size));
  });
  return out;
}

/** Hex digits in either case by character code. */
const HEX_CHAR = new Uint8Array(128);
for (const c of '0123456789abcdefABCDEF') HEX_CHAR[c.charCodeAt(0)] = 1;
const MIN_HEX_RUN = 32;

/** Each run of at least 32 hex digits in either case, whole (what /[0-9a-f]{32,}/gi matches). */
export function eachHexRun(text: string, found: (index: number, length: number) => void): void {
  eachLongRun(text, HEX_CHAR, MIN_HEX_RUN, (start, end) => found(start, end - start));
}

interface Span {
  start: number;
  end: number;
}

/** The original's range behind `length` characters of a reading from `index`. */
const spanOf = (r: Reading, index: number, length: number): Span => ({ start: r.from(index), end: r.to(index + length - 1) });

/** `text` with the spans replaced by "[redacted]" (overlapping and touching spans merged). */
function replaceSpans(text: string, spans: Span[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (let i = 0; i < sorted.length; ) {
    const start = (sorted[i] as Span).start;
    let end = (sorted[i] as Span).end;
    for (i++; i < sorted.length && (sorted[i] as Span).start <= end; i++) end = Math.max(end, (sorted[i] as Span).end);
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * `text` with every secret `isSecret` confirms replaced by "[redacted]", in whatever form it was
 * written (and every base64 run that decodes to one replaced whole).
 */
export async function redactSecrets(text: string, isSecret: SecretCheck): Promise<string> {
  if (text.length < SHORTEST_SECRET_TEXT) return text;
  const views = readings(text);
  const spans: Span[] = [];
  const candidates = new Set<string>();
  /** Base64 runs (where they are) and the candidates each decodes to. */
  const encoded: { span: Span; inside: Set<string> }[] = [];
  for (const view of views) {
    for (const c of candidatesOf(view.text, (index, length) => spans.push(spanOf(view, index, length)))) candidates.add(c);
    eachBase64Run(view.text, (index, length) => {
      const run = view.text.slice(index, index + length);
      let long = false;
      const inside = new Set<string>();
      for (const decoded of base64Decodings(run)) {
        for (const r of readings(decoded)) for (const c of candidatesOf(r.text, () => (long = true))) inside.add(c);
      }
      const span = spanOf(view, index, length);
      if (long) spans.push(span);
      else if (inside.size) encoded.push({ span, inside });
      for (const c of inside) candidates.add(c);
    });
  }
  if (!candidates.size && !spans.length) return text;

  const secrets = new Set<string>();
  let checked = 0;
  for (const candidate of candidates) {
    // Past the budget every candidate counts as a secret: redacting too much beats missing one.
    if (++checked > MAX_CANDIDATES) secrets.add(candidate);
    else {
      const known = isSecret(candidate);
      if (typeof known === 'boolean' ? known : await known) secrets.add(candidate);
    }
  }
  for (const { span, inside } of encoded) if ([...inside].some((c) => secrets.has(c))) spans.push(span);
  // Lowercased only now, and only when a secret was found (positions stay valid: same length).
  const lowerViews = secrets.size ? views.map((view) => [view, lowerAscii(view.text)] as const) : [];
  for (const secret of secrets) {
    for (const [view, lower] of lowerViews) {
      for (let at = lower.indexOf(secret); at !== -1; at = lower.indexOf(secret, at + 1)) spans.push(spanOf(view, at, secret.length));
    }
  }
  return spans.length ? replaceSpans(text, spans) : text;
}
