/**
 * Request verification over the journal (issue 21 § 3): a request pattern (method, path glob,
 * query, body text, status, since) and a count rule, checked against an environment's entries;
 * when too few match, the closest entries are shown with what differs (WireMock's near misses).
 * Kept apart from the control route so other checks over the journal can share the matcher.
 */
import { distance } from 'fastest-levenshtein';
import { wildcardMatcher } from '../faults/wildcard.ts';
import { bodyCheck, headerCheck, queryCheck, type BodyRule, type ValueRule } from './request-fields.ts';
import type { JournalEntry } from './types.ts';

/** What a verify request asks for (`POST …/journal/verify`), as sent. */
export interface RequestPattern {
  /** HTTP method, any case. */
  method?: string;
  /** The path after the environment's base, without the query: exact or with `*` wildcards. */
  path?: string;
  /** Query parameters by name (others may be there too): a value (`*` globs), `{equals}`, `{present: true}` or `{absent: true}`. */
  query?: Record<string, ValueRule>;
  /** Request headers by name, any case: a value, `{equals}`, `{present: true}` or `{absent: true}` (secrets are kept redacted). */
  headers?: Record<string, ValueRule>;
  /** The JSON request body by path: `{"jsonPath": "$.ReceiptNumber", "equals": "R-1"}`, `exists` or `contains`; one rule or several. */
  body?: BodyRule | BodyRule[];
  /** Text (or texts, all of them) the journaled request body contains (its first 4 KB, secrets redacted). */
  bodyIncludes?: string | string[];
  /** The answer's status (`201`, `0` for a dropped connection) or class (`"4xx"`). */
  status?: number | string;
  /** Only entries after this id (an id from the journal). */
  since?: number;
}

export type CountRule = { exactly: number } | { atLeast: number } | { atMost: number };

export interface Verification {
  request: RequestPattern;
  /** Default `{"atLeast": 1}`. */
  count?: CountRule;
}

/** An entry as a failed verification shows it. */
export interface EntrySummary {
  id: number;
  method: string;
  /** Relative to the environment base, query included. */
  path: string;
  status: number;
  /** The answer's error code, when it had one. */
  code?: string;
}

export interface NearMiss extends EntrySummary {
  /** Each names the field that differed: "status: expected 201, got 400", "body $.ReceiptNumber: …". */
  differences: string[];
}

export interface VerifyResult {
  ok: boolean;
  count: number;
  /** Matching entry ids, newest first (as the journal lists them). */
  matched: number[];
  /** When too few matched: the closest other entries, closest first, each with what differs. */
  nearMisses: NearMiss[];
  /** When too many matched (`exactly`, `atMost`): those entries, newest first. */
  extra?: EntrySummary[];
  /** The journal dropped entries of the window (it keeps the newest; its size is a setting): the count may be short. */
  truncated: boolean;
  /** A sentence for a failed or truncated verification. */
  message?: string;
}

/** A checked pattern, ready to run over entries. */
export interface RequestMatcher {
  readonly since: number | undefined;
  /** What differs between the entry and the pattern; empty when it matches. */
  differences(entry: JournalEntry): string[];
  /** How far the entry's path is from the pattern's (0 without a path), to rank near misses. */
  pathDistance(entry: JournalEntry): number;
}

export interface CompiledVerification {
  matcher: RequestMatcher;
  count: { rule: 'exactly' | 'atLeast' | 'atMost'; n: number };
}

export type ParseResult = { ok: true; verification: CompiledVerification } | { ok: false; field: string; error: string };

const NEAR_MISSES = 3;
const MAX_COUNT = 1_000_000;
const REQUEST_FIELDS = ['method', 'path', 'query', 'headers', 'body', 'bodyIncludes', 'status', 'since'];
const COUNT_RULES = ['exactly', 'atLeast', 'atMost'] as const;

/** `*` globs, matched in linear time whatever the pattern (the fault rules' matcher). */
type Wildcard = (text: string) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

class Refusal {
  constructor(
    readonly field: string,
    readonly error: string,
  ) {}
}
const refuse = (field: string, error: string): never => {
  throw new Refusal(field, error);
};

/** The percent-decoded form too: a pattern may be written either way. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function statusMatcher(status: unknown): { test: (s: number) => boolean; shown: string } {
  if (isInt(status, 0, 599) && (status === 0 || status >= 100)) return { test: (s) => s === status, shown: String(status) };
  const klass = typeof status === 'string' ? /^([1-5])xx$/i.exec(status) : null;
  if (klass) return { test: (s) => Math.floor(s / 100) === Number(klass[1]), shown: `${klass[1]}xx` };
  return refuse('request.status', '"request.status" must be a status (201; 0 for a dropped connection) or a class ("4xx").');
}

function compilePattern(raw: unknown): RequestMatcher {
  if (!isObject(raw)) return refuse('request', '"request" is required: an object with any of method, path, query, headers, body, bodyIncludes, status, since ({} matches every entry).');
  for (const name of Object.keys(raw)) if (!REQUEST_FIELDS.includes(name)) refuse(`request.${name}`, `Unknown field "request.${name}". Allowed: ${REQUEST_FIELDS.join(', ')}.`);
  const checks: ((e: JournalEntry, bare: string, out: string[]) => void)[] = [];

  const { method, path, query, headers, body, bodyIncludes, status, since } = raw;
  if (method !== undefined) {
    if (typeof method !== 'string' || !/^[A-Za-z]{1,20}$/.test(method)) refuse('request.method', '"request.method" must be an HTTP method such as "POST".');
    const want = (method as string).toUpperCase();
    checks.push((e, _bare, out) => {
      if (e.method !== want) out.push(`method: expected ${want}, got ${e.method || '(none)'}`);
    });
  }

  let pathTest: Wildcard | undefined;
  let pathLiteral = '';
  if (path !== undefined) {
    if (typeof path !== 'string' || path.length === 0 || path.length > 300 || !/^[/*]/.test(path)) {
      refuse('request.path', '"request.path" must be 1-300 characters starting with / or *: the path after the environment\'s base, e.g. "/fscmRestApi/resources/11.13.18.05/standardReceipts" or "*/standardReceipts".');
    }
    if (/[?#]/.test(path as string)) refuse('request.path', '"request.path" is the path without its query: put query parameters in "request.query".');
    const { test } = wildcardMatcher(path as string);
    pathTest = test;
    pathLiteral = (path as string).replace(/\*/g, '');
    checks.push((_e, bare, out) => {
      if (!test(bare) && !test(decoded(bare))) out.push(`path: expected ${path as string}, got ${bare}`);
    });
  }

  const fieldCheck = (check: (e: JournalEntry, out: string[]) => void) => checks.push((e, _bare, out) => check(e, out));
  if (query !== undefined) fieldCheck(queryCheck(query, refuse));
  if (headers !== undefined) fieldCheck(headerCheck(headers, refuse));
  if (body !== undefined) fieldCheck(bodyCheck(body, refuse));

  if (bodyIncludes !== undefined) {
    const texts = typeof bodyIncludes === 'string' ? [bodyIncludes] : bodyIncludes;
    if (!Array.isArray(texts) || texts.length === 0 || texts.length > 20 || texts.some((t) => typeof t !== 'string' || t.length === 0 || t.length > 1000)) {
      refuse('request.bodyIncludes', '"request.bodyIncludes" must be a text of 1-1000 characters, or an array of 1-20 such texts (all must be in the body).');
    }
    checks.push((e, _bare, out) => {
      const body = e.request.body;
      for (const t of texts as string[]) {
        if (body === undefined) out.push(`body: expected to include ${JSON.stringify(t)}, got no body`);
        else if (!body.includes(t)) out.push(`body: does not include ${JSON.stringify(t)}`);
      }
    });
  }

  if (status !== undefined) {
    const s = statusMatcher(status);
    checks.push((e, _bare, out) => {
      if (!s.test(e.status)) out.push(`status: expected ${s.shown}, got ${e.status === 0 ? '0 (dropped connection)' : e.status}`);
    });
  }

  if (since !== undefined && !isInt(since, 0, Number.MAX_SAFE_INTEGER)) refuse('request.since', '"request.since" must be an entry id (a non-negative integer): only entries after it count.');

  return {
    since: since as number | undefined,
    differences(entry) {
      const out: string[] = [];
      const bare = entry.path.split('?')[0] as string;
      for (const check of checks) check(entry, bare, out);
      return out;
    },
    pathDistance(entry) {
      if (!pathTest) return 0;
      const bare = entry.path.split('?')[0] as string;
      return pathTest(bare) ? 0 : distance(pathLiteral, bare);
    },
  };
}

function compileCount(raw: unknown): CompiledVerification['count'] {
  if (raw === undefined) return { rule: 'atLeast', n: 1 };
  const keys = isObject(raw) ? Object.keys(raw) : [];
  if (!isObject(raw) || keys.length !== 1 || !COUNT_RULES.includes(keys[0] as (typeof COUNT_RULES)[number])) {
    return refuse('count', '"count" must be one of {"exactly": n}, {"atLeast": n}, {"atMost": n}.');
  }
  const rule = keys[0] as (typeof COUNT_RULES)[number];
  const n = raw[rule];
  if (!isInt(n, 0, MAX_COUNT)) return refuse(`count.${rule}`, `"count.${rule}" must be an integer from 0 to ${MAX_COUNT}.`);
  return { rule, n };
}

/** Check a verify body; a bad one names the field at fault. */
export function parseVerification(body: unknown): ParseResult {
  try {
    if (!isObject(body)) return { ok: false, field: 'body', error: 'Send {"request": {...}, "count"?: {"exactly" | "atLeast" | "atMost": n}}.' };
    for (const name of Object.keys(body)) if (name !== 'request' && name !== 'count') refuse(name, `Unknown field "${name}". Allowed: request, count.`);
    return { ok: true, verification: { matcher: compilePattern(body['request']), count: compileCount(body['count']) } };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, field: err.field, error: err.error };
    throw err;
  }
}

const summary = (e: JournalEntry): EntrySummary => ({ id: e.id, method: e.method, path: e.path, status: e.status, ...(e.code ? { code: e.code } : {}) });

/** "POST /x -> 400 SIM-RCP-0001" */
export const describeEntry = (e: EntrySummary) => `${e.method} ${e.path} -> ${e.status === 0 ? '0 (dropped)' : e.status}${e.code ? ` ${e.code}` : ''}`;

/** What a count over entries found: the matching entries (in the order given) and whether the rule holds. */
export interface CountedMatches {
  ok: boolean;
  matched: JournalEntry[];
  /** The others with what differs (only when asked for). */
  misses: { entry: JournalEntry; differences: string[] }[];
}

/**
 * The one pattern-and-count rule over journal entries (`since` applied), shared by journal/verify
 * and the lessons' step checks (lessons/check.ts).
 */
export function countMatches(entries: readonly JournalEntry[], v: CompiledVerification, keepMisses = false): CountedMatches {
  const { matcher, count } = v;
  const matched: JournalEntry[] = [];
  const misses: CountedMatches['misses'] = [];
  for (const entry of entries) {
    if (matcher.since !== undefined && entry.id <= matcher.since) continue;
    const differences = matcher.differences(entry);
    if (differences.length === 0) matched.push(entry);
    else if (keepMisses) misses.push({ entry, differences });
  }
  const n = matched.length;
  const ok = count.rule === 'exactly' ? n === count.n : count.rule === 'atLeast' ? n >= count.n : n <= count.n;
  return { ok, matched, misses };
}

/**
 * Verify over entries given newest first (as the journal reads them). `truncated`: the journal
 * dropped entries of the window before it was read.
 */
export function verifyEntries(entries: readonly JournalEntry[], v: CompiledVerification, truncated = false): VerifyResult {
  const { matcher, count } = v;
  const { ok, matched, misses } = countMatches(entries, v, true);
  const n = matched.length;
  // Near misses explain too few matches; too many are listed with what each was.
  const tooFew = !ok && n < count.n;
  const nearMisses = tooFew ? closest(misses, matcher) : [];
  const result: VerifyResult = { ok, count: n, matched: matched.map((e) => e.id), nearMisses, truncated };
  if (!ok && !tooFew) result.extra = matched.map(summary);
  if (truncated) result.message = `Truncated: the journal dropped entries of this window (it keeps only its newest ${entries.length}), so the ${n} found may be short of what was sent. Raise the journal's size or verify a smaller window (since).`;
  return result;
}

/** Fewest differences first, then the nearest path, then the newest (the order given). */
function closest(misses: { entry: JournalEntry; differences: string[] }[], matcher: RequestMatcher): NearMiss[] {
  if (misses.length === 0) return [];
  // Only the entries that could make the cut are measured (the edit distance is the costly part).
  const counts = misses.map((m) => m.differences.length).sort((a, b) => a - b);
  const cut = counts[Math.min(NEAR_MISSES, counts.length) - 1] as number;
  const ranked = misses
    .map((m, order) => ({ m, order }))
    .filter(({ m }) => m.differences.length <= cut)
    .map(({ m, order }) => ({ m, order, far: matcher.pathDistance(m.entry) }))
    .sort((a, b) => a.m.differences.length - b.m.differences.length || a.far - b.far || a.order - b.order);
  return ranked.slice(0, NEAR_MISSES).map(({ m }) => ({ ...summary(m.entry), differences: m.differences }));
}
