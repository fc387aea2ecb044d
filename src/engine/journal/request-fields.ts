/**
 * The parts of a verify pattern that look inside a journaled request: its headers (equals, present,
 * absent), its query parameters by name (the same forms, or a `*` glob), and its JSON body by path
 * (`{"jsonPath": "$.ReceiptNumber", "equals": "R-1"}`, `exists`, `contains`). Each check says, when
 * an entry differs, which field and how ("header upsert-mode: expected true, got (absent)").
 */
import { parsePath, valueAt } from '../../collections/json-path.ts';
import { wildcardMatcher } from '../faults/wildcard.ts';
import type { JournalEntry } from './types.ts';

/** A header or query parameter: its value (`*` globs in a query value), or `{equals}`, `{present: true}`, `{absent: true}`. */
export type ValueRule = string | { equals: string } | { present: true } | { absent: true };

/** A JSON body value at a path: equal to a JSON value, there (or not), or containing a text or an element. */
export type BodyRule = { jsonPath: string } & ({ equals: unknown } | { exists: boolean } | { contains: unknown });

export type FieldCheck = (e: JournalEntry, out: string[]) => void;
export type Refuse = (field: string, error: string) => never;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

/** `want` for one header or query parameter: which values pass, and how to say what was expected. */
function valueRule(raw: unknown, field: string, refuse: Refuse, globs: boolean): { test: (got: string[]) => boolean; expected: string } {
  const hint = `"${field}" must be a string${globs ? ' (* matches any characters)' : ''}, {"equals": "<value>"}, {"present": true} or {"absent": true}.`;
  if (typeof raw === 'string') {
    if (raw.length > 300) refuse(field, hint);
    const test = globs ? wildcardMatcher(raw).test : (v: string) => v === raw;
    return { test: (got) => got.some(test), expected: raw };
  }
  if (!isObject(raw) || Object.keys(raw).length !== 1) return refuse(field, hint);
  if (typeof raw['equals'] === 'string') {
    const want = raw['equals'];
    return { test: (got) => got.includes(want), expected: want };
  }
  if (raw['present'] === true) return { test: (got) => got.length > 0, expected: '(present)' };
  if (raw['absent'] === true) return { test: (got) => got.length === 0, expected: '(absent)' };
  return refuse(field, hint);
}

function namedRules(raw: unknown, field: string, what: string, refuse: Refuse, globs: boolean) {
  if (!isObject(raw) || Object.keys(raw).length === 0 || Object.keys(raw).length > 50) refuse(field, `"${field}" must be an object of 1-50 ${what}s by name, e.g. ${what === 'header' ? '{"Upsert-Mode": "true"}' : '{"limit": "5"}'}.`);
  return Object.entries(raw as Record<string, unknown>).map(([name, rule]) => {
    if (name === '' || name.length > 100) refuse(`${field}.${name}`, `"${field}" names must be 1-100 characters.`);
    return { name, ...valueRule(rule, `${field}.${name}`, refuse, globs) };
  });
}

/** Request headers by name (any case): the journal keeps them lower-cased, secrets redacted. */
export function headerCheck(raw: unknown, refuse: Refuse): FieldCheck {
  const rules = namedRules(raw, 'request.headers', 'header', refuse, false);
  return (e, out) => {
    for (const { name, test, expected } of rules) {
      const key = name.toLowerCase();
      const got = Object.entries(e.request.headers).filter(([k]) => k.toLowerCase() === key).map(([, v]) => v);
      if (!test(got)) out.push(`header ${name}: expected ${expected}, got ${got.length ? got.join(', ') : '(absent)'}`);
    }
  };
}

/** Query parameters by name (a plain string may use `*`). */
export function queryCheck(raw: unknown, refuse: Refuse): FieldCheck {
  const rules = namedRules(raw, 'request.query', 'parameter', refuse, true);
  return (e, out) => {
    const q = e.path.indexOf('?');
    const params = new URLSearchParams(q < 0 ? '' : e.path.slice(q + 1));
    for (const { name, test, expected } of rules) {
      const got = params.getAll(name);
      if (!test(got)) out.push(`query ${name}: expected ${expected}, got ${got.length ? got.join(', ') : '(absent)'}`);
    }
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** JSON body rules (one or an array of up to 20), all of which must hold. */
export function bodyCheck(raw: unknown, refuse: Refuse): FieldCheck {
  const list = Array.isArray(raw) ? raw : [raw];
  const hint = '"request.body" must be {"jsonPath": "$.Name", "equals": <JSON value>} (or "exists": true|false, or "contains": <text or element>), or an array of 1-20 of them.';
  if (list.length === 0 || list.length > 20) refuse('request.body', hint);
  const rules = list.map((r, i) => {
    const field = Array.isArray(raw) ? `request.body[${i}]` : 'request.body';
    if (!isObject(r) || typeof r['jsonPath'] !== 'string' || Object.keys(r).length !== 2) return refuse(field, hint);
    const path = r['jsonPath'];
    if (path.length > 300 || !parsePath(path)) refuse(`${field}.jsonPath`, `"${field}.jsonPath" must be a path such as $.ReceiptNumber, $.items[0].Amount or $['Receipt Number'].`);
    if ('equals' in r) return { path, test: (v: unknown) => sameJson(v, r['equals']), expected: JSON.stringify(r['equals']) };
    if (typeof r['exists'] === 'boolean') return { path, test: (v: unknown) => (v !== undefined) === r['exists'], expected: r['exists'] ? '(present)' : '(absent)' };
    if ('contains' in r) {
      const want = r['contains'];
      return { path, test: (v: unknown) => (typeof v === 'string' && typeof want === 'string' ? v.includes(want) : Array.isArray(v) && v.some((x) => sameJson(x, want))), expected: `to contain ${JSON.stringify(want)}` };
    }
    return refuse(field, hint);
  });
  return (e, out) => {
    let doc: unknown;
    try {
      doc = e.request.body === undefined ? undefined : JSON.parse(e.request.body);
    } catch {
      out.push(`body: expected JSON, got ${e.request.body?.endsWith('… [truncated]') ? 'a body cut at 4 KB' : 'text that is not JSON'}`);
      return;
    }
    for (const { path, test, expected } of rules) {
      const v = doc === undefined ? undefined : valueAt(doc, path);
      if (!test(v)) out.push(`body ${path}: expected ${expected}, got ${doc === undefined ? 'no body' : shown(v)}`);
    }
  };
}
