/**
 * The `q` filter (spec 000 § Common query parameters): comparisons =, !=, >, >=, <, <=, LIKE, IN,
 * joined by AND or `;`; OR as a simulator extension (AND binds tighter). BETWEEN, IS NULL, NOT and
 * parenthesised grouping are not implemented and are refused with 400, as is a comma used as a
 * separator and any attribute that is unknown or not queryable.
 */
import { didYouMean } from '../../../core/nearest.ts';
import { FW, RestError } from './errors.ts';
import type { FieldDef, NameResolution, ReadContext, ResourceDef } from './types.ts';
import { compareTyped, typedLiteral, typedValue, type Typed } from './values.ts';
import type { Row } from '../../../core/types.ts';

type Tok =
  | { k: 'str'; v: string }
  | { k: 'word'; v: string }
  | { k: 'op'; v: string }
  | { k: 'lp' | 'rp' | 'comma' | 'semi'; v: string };

export type CompareOp = '=' | '!=' | '>' | '>=' | '<' | '<=';

export type Condition =
  | { field: FieldDef; op: CompareOp; value: Typed }
  | { field: FieldDef; op: 'LIKE'; pattern: string }
  | { field: FieldDef; op: 'IN'; values: Typed[] };

/** OR of AND-groups. */
export type QueryExpr = Condition[][];

export type RowPredicate = (row: Row, rc: ReadContext) => boolean;

const bad = (detail: string) => new RestError(400, FW.INVALID_QUERY, detail, { path: 'q' });

const WORD_STOP = new Set([' ', '\t', '\n', '\r', "'", '"', '(', ')', '=', '<', '>', '!', ';', ',']);

function tokenize(q: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
    } else if (ch === "'" || ch === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= q.length) throw bad(`The q parameter has an unterminated string literal.`);
        const c = q[i] as string;
        if (c === ch) {
          if (q[i + 1] === ch) {
            s += ch;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += c;
        i++;
      }
      out.push({ k: 'str', v: s });
    } else if (ch === '(') {
      out.push({ k: 'lp', v: ch });
      i++;
    } else if (ch === ')') {
      out.push({ k: 'rp', v: ch });
      i++;
    } else if (ch === ',') {
      out.push({ k: 'comma', v: ch });
      i++;
    } else if (ch === ';') {
      out.push({ k: 'semi', v: ch });
      i++;
    } else if (ch === '=' || ch === '<' || ch === '>' || ch === '!') {
      const two = q.slice(i, i + 2);
      if (two === '>=' || two === '<=' || two === '!=' || two === '<>') {
        out.push({ k: 'op', v: two === '<>' ? '!=' : two });
        i += 2;
      } else if (ch === '!') {
        throw bad(`The q parameter has an invalid operator near '${q.slice(i, i + 10)}'.`);
      } else {
        out.push({ k: 'op', v: ch });
        i++;
      }
    } else {
      let s = '';
      while (i < q.length && !WORD_STOP.has(q[i] as string)) s += q[i++];
      out.push({ k: 'word', v: s });
    }
  }
  return out;
}

/**
 * LIKE matching: % and * match any run of characters, _ exactly one; case-sensitive. A two-pointer
 * wildcard match (O(text x pattern) at worst), so no pattern can make it backtrack exponentially.
 */
export function likeMatch(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const pc = pattern[p];
    if (p < pattern.length && (pc === '_' || pc === text[t]) && pc !== '%' && pc !== '*') {
      t++;
      p++;
    } else if (p < pattern.length && (pc === '%' || pc === '*')) {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && (pattern[p] === '%' || pattern[p] === '*')) p++;
  return p === pattern.length;
}

/** Parse `q` against a resource definition. Throws RestError 400 on anything not supported. */
export function parseQ(q: string, def: ResourceDef): QueryExpr {
  const toks = tokenize(q);
  let p = 0;
  const peek = (): Tok | undefined => toks[p];
  const kw = (t: Tok | undefined, w: string) => t?.k === 'word' && t.v.toUpperCase() === w;

  const literal = (f: FieldDef): Typed => {
    const t = toks[p++];
    if (!t || (t.k !== 'str' && t.k !== 'word')) throw bad(`The q expression on ${f.name} has no value.`);
    if (t.k === 'word' && t.v.toUpperCase() === 'NULL') {
      throw bad(`NULL comparisons (IS NULL) are not implemented in q; ${f.name} cannot be compared with NULL.`);
    }
    const v = typedLiteral(f.type, t.v);
    if (!v) throw bad(`The value '${t.v}' is not a valid ${f.type} for attribute ${f.name} in q.`);
    return v;
  };

  const condition = (): Condition => {
    const t = toks[p++];
    if (!t) throw bad('The q parameter ends where an expression was expected.');
    if (t.k === 'lp') throw bad('Grouping expressions with parentheses is not implemented in q.');
    if (t.k !== 'word' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(t.v)) {
      throw bad(`The q parameter has an invalid expression near '${t.v}'.`);
    }
    const f = def.byName.get(t.v);
    if (!f) throw bad(`${t.v} is not an attribute of ${def.name}.${didYouMean(t.v, def.byName.keys())}`);
    if (!f.queryable || f.type === 'array' || f.type === 'object') {
      const note = def.queryableNote ? ` ${def.queryableNote}` : '';
      throw new RestError(400, FW.INVALID_QUERY, `The attribute ${f.name} of ${def.name} is not queryable.${note}`, { path: f.name });
    }
    const o = toks[p++];
    if (!o) throw bad(`The q expression on ${f.name} has no operator.`);
    if (o.k === 'op') return { field: f, op: o.v as CompareOp, value: literal(f) };
    if (o.k === 'word') {
      const w = o.v.toUpperCase();
      if (w === 'LIKE') {
        if (f.type !== 'string') throw bad(`LIKE applies to text attributes; ${f.name} is a ${f.type}.`);
        const v = toks[p++];
        if (!v || (v.k !== 'str' && v.k !== 'word')) throw bad(`The LIKE expression on ${f.name} has no pattern.`);
        return { field: f, op: 'LIKE', pattern: v.v };
      }
      if (w === 'IN') {
        if (peek()?.k !== 'lp') throw bad(`IN on ${f.name} needs a parenthesised list of values.`);
        p++;
        const values: Typed[] = [literal(f)];
        while (peek()?.k === 'comma') {
          p++;
          values.push(literal(f));
        }
        if (toks[p++]?.k !== 'rp') throw bad(`The IN list on ${f.name} is not closed.`);
        return { field: f, op: 'IN', values };
      }
      if (w === 'BETWEEN') throw bad('The BETWEEN operator is not implemented in q; use >= and <= joined by ;.');
      if (w === 'IS') throw bad('IS NULL and IS NOT NULL are not implemented in q.');
      if (w === 'NOT') throw bad('NOT is not implemented in q; use != instead.');
    }
    throw bad(`The q expression on ${f.name} has an unsupported operator '${o.v}'.`);
  };

  const expr: QueryExpr = [];
  let group: Condition[] = [];
  if (toks.length === 0) return expr;
  for (;;) {
    group.push(condition());
    const t = peek();
    if (!t) break;
    if (t.k === 'semi' || kw(t, 'AND')) {
      p++;
      if (t.k === 'semi' && !peek()) break; // a trailing ';' ends the filter
      continue;
    }
    if (kw(t, 'OR')) {
      p++;
      expr.push(group);
      group = [];
      continue;
    }
    if (t.k === 'comma') throw bad('A comma does not separate q expressions; separate them with a semicolon (;).');
    if (t.k === 'rp' || t.k === 'lp') throw bad('Grouping expressions with parentheses is not implemented in q.');
    throw bad(`The q parameter has unexpected text '${t.v}'; separate expressions with a semicolon (;).`);
  }
  expr.push(group);
  if (expr.length > 1) {
    const resolved = expr.flat().find((c) => c.field.resolvedBy);
    if (resolved) throw bad(`${resolved.field.name} is resolved to an identifier before filtering and cannot be combined with OR.`);
  }
  return expr;
}

function rowValue(f: FieldDef, row: Row, rc: ReadContext): unknown {
  return f.value ? f.value(row, rc) : row[f.name];
}

type ResolvedIds = Map<Condition, Set<string>>;

/** Ids whose name satisfies the condition (an unknown name: none, so the collection is empty). */
function matchingIds(c: Condition, by: NameResolution, rc: ReadContext, resolved: ResolvedIds): Set<string> {
  let ids = resolved.get(c);
  if (!ids) {
    ids = resolvedIds(c, by, rc);
    resolved.set(c, ids);
  }
  return ids;
}

/**
 * The ids a condition on a resolved name stands for: a row satisfies it exactly when
 * `String(row[by.rowField])` is one of them (the equality index looks them up).
 */
export function resolvedIds(c: Condition, by: NameResolution, rc: ReadContext): Set<string> {
  const ids = new Set<string>();
  for (const named of rc.data.list(by.kind)) if (compare(c, named[by.nameField])) ids.add(String(named[by.idField]));
  return ids;
}

/**
 * A number literal as the double it equals exactly, else null. Against a stored JS number, double
 * order is then decimal order (distinct doubles' shortest decimal forms keep their order), so a
 * range needs no decimal per row: a range with totalResults over 100k invoices made a big.js
 * number of every row (0.3-0.6 s on the CLI host).
 */
const doubles = new WeakMap<Typed, number | null>();
export function exactDouble(x: Typed): number | null {
  if (x.t !== 'num') return null;
  let d = doubles.get(x);
  if (d === undefined) {
    const n = Number(x.v.toString());
    d = Number.isFinite(n) && x.v.eq(n) ? n : null;
    doubles.set(x, d);
  }
  return d;
}

/**
 * A stored decimal text of at most 15 digits as the double it reads as, else null: any two such texts
 * of distinct value read as distinct doubles (15 digits survive a double), so the double's order is
 * the decimal order. The service stores amounts so (under 10^11, at most 4 decimals): a broad range's
 * page parsed each walked row's amount as a decimal, thousands of them when the newest rows sort
 * first and miss the range.
 */
export function shortDecimal(type: FieldDef['type'], raw: string): number | null {
  return (type === 'number' ? NUMBER_TEXT : INTEGER_TEXT).test(raw) ? Number(raw) : null;
}
const NUMBER_TEXT = /^-?\d{1,11}(\.\d{1,4})?$/;
const INTEGER_TEXT = /^-?\d{1,15}$/;

function sign(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The form the service stores datetimes in (a valid day up to the 28th: later days fall back to
 * the full parse, which checks the month's length). Two such texts order as their instants do.
 */
const STORED_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}\+0000$/;
const storedForms = new WeakMap<Typed, string | null>();
/** A datetime literal written in the stored form (null past year 9999 or before year 0). */
function storedForm(x: Typed): string | null {
  if (x.t !== 'time') return null;
  let s = storedForms.get(x);
  if (s === undefined) {
    const iso = new Date(x.v).toISOString();
    s = /^\d{4}-/.test(iso) ? `${iso.slice(0, 23)}+0000` : null;
    storedForms.set(x, s);
  }
  return s;
}

function compare(c: Condition, raw: unknown): boolean {
  if (c.op === 'LIKE') return raw !== null && raw !== undefined && likeMatch(String(raw), c.pattern);
  if (c.op !== 'IN') {
    // Fast paths for ranges over every row, each equal to the typed comparison below.
    if (typeof raw === 'number' && Number.isFinite(raw)) {
      const d = exactDouble(c.value);
      if (d !== null) return holds(c.op, sign(raw, d));
    } else if (typeof raw === 'string' && (c.field.type === 'number' || c.field.type === 'integer')) {
      const n = shortDecimal(c.field.type, raw);
      const d = n === null ? null : exactDouble(c.value);
      if (n !== null && d !== null) return holds(c.op, sign(n, d));
    } else if (typeof raw === 'string' && c.field.type === 'string' && c.value.t === 'str') {
      const v = c.value.v;
      return holds(c.op, raw < v ? -1 : raw > v ? 1 : 0);
    } else if (typeof raw === 'string' && c.field.type === 'datetime' && STORED_TIME.test(raw)) {
      const t = storedForm(c.value);
      if (t !== null) return holds(c.op, raw < t ? -1 : raw > t ? 1 : 0);
    }
  }
  const v = typedValue(c.field.type, raw);
  if (!v) return false; // SQL semantics: a null never satisfies a comparison
  if (c.op === 'IN') return c.values.some((x) => compareTyped(v, x) === 0);
  return holds(c.op, compareTyped(v, c.value));
}

function holds(op: Exclude<Condition['op'], 'LIKE' | 'IN'>, cmp: number): boolean {
  switch (op) {
    case '=':
      return cmp === 0;
    case '!=':
      return cmp !== 0;
    case '>':
      return cmp > 0;
    case '>=':
      return cmp >= 0;
    case '<':
      return cmp < 0;
    default:
      return cmp <= 0;
  }
}

/**
 * A LIKE pattern as a test of one text, equal to `likeMatch`. Without `_`, the literal runs between
 * wildcards are found in order with `indexOf` (the leftmost place of each leaves the most room for
 * the next), which a scan of 100k rows runs several times faster than the general match.
 */
export function likeMatcher(pattern: string): (text: string) => boolean {
  if (pattern.includes('_')) return (text) => likeMatch(text, pattern);
  const parts = pattern.split(/[%*]+/);
  if (parts.length === 1) return (text) => text === pattern;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1);
  return (text) => {
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
    const stop = text.length - last.length;
    let at = first.length;
    for (const m of middle) {
      const i = text.indexOf(m, at);
      if (i < 0 || i + m.length > stop) return false;
      at = i + m.length;
    }
    return true;
  };
}

/** One condition as a row test, its LIKE pattern compiled once. */
function conditionTest(c: Condition, resolved: ResolvedIds): RowPredicate {
  const by = c.field.resolvedBy;
  if (by) return (row, rc) => matchingIds(c, by, rc, resolved).has(String(row[by.rowField]));
  if (c.op === 'LIKE') {
    const match = likeMatcher(c.pattern);
    const f = c.field;
    return (row, rc) => {
      const raw = rowValue(f, row, rc);
      return raw !== null && raw !== undefined && match(String(raw));
    };
  }
  return (row, rc) => compare(c, rowValue(c.field, row, rc));
}

/** Compile a parsed q into a row predicate (null when there is nothing to filter). */
export function compileQ(expr: QueryExpr): RowPredicate | null {
  if (expr.length === 0) return null;
  const resolved: ResolvedIds = new Map(); // per request: names resolve once
  const groups = expr.map((group) => group.map((c) => conditionTest(c, resolved)));
  if (groups.length === 1 && groups[0]?.length === 1) return groups[0][0] as RowPredicate;
  return (row, rc) => groups.some((group) => group.every((t) => t(row, rc)));
}
