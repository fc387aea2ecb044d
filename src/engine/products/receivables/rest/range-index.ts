/**
 * Ranges for `q`: a stored attribute compared with >, >=, <, <=, != or LIKE with a literal prefix
 * narrows a top-level collection through a per-attribute sorted index (core/counted-tree.ts), built
 * on first use and kept current on writes in O(log n) each. The index counts the rows in a range
 * without visiting them, so `totalResults` of such a filter costs no walk of the book (a range over
 * 100k invoices tested every row: 35-430 ms; issue 42 § Targets 3). Keys order exactly as
 * `compareTyped` orders the rows' typed values, so a range holds exactly the rows its condition accepts.
 */
import { CountedTree, type TreeKey } from '../../../core/counted-tree.ts';
import { indexed } from '../../../core/indexed.ts';
import type { DataView, IndexSpec, Row } from '../../../core/types.ts';
import type { Candidates } from './lookup-index.ts';
import { exactDouble, likeMatcher, shortDecimal, type Condition, type QueryExpr } from './q.ts';
import type { FieldDef, ResourceDef } from './types.ts';
import { typedLiteral, typedValue, type Typed } from './values.ts';

/** A row value's key: null when its typed value is null (no comparison accepts it), LOOSE when no exact key exists. */
const LOOSE = Symbol('loose');
type RowKey = TreeKey | null | typeof LOOSE;

/**
 * The key of a stored value: numbers as the double they equal (a decimal that is no double is LOOSE;
 * distinct doubles' shortest texts keep their order, so double order is decimal order), datetimes as
 * epoch ms, dates and text as their text, booleans as 0/1.
 */
function rowKey(f: FieldDef, raw: unknown): RowKey {
  if (raw === null || raw === undefined) return null;
  switch (f.type) {
    case 'number':
    case 'integer': {
      if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
      if (typeof raw !== 'string') return null;
      // The stored form is almost always a short decimal; anything else is read as a decimal.
      const n = shortDecimal(f.type, raw);
      if (n !== null) return n;
      const v = typedLiteral(f.type, raw);
      if (!v || v.t !== 'num') return null;
      const d = Number(v.v.toString());
      return Number.isFinite(d) && v.v.eq(d) ? d : LOOSE;
    }
    default: {
      const t = typedValue(f.type, raw);
      return t ? literalKey(t) : null;
    }
  }
}

/** The key a literal compares as (null: it has none, as a number that is no double). */
function literalKey(t: Typed): TreeKey | null {
  switch (t.t) {
    case 'num':
      return exactDouble(t);
    case 'bool':
      return t.v ? 1 : 0;
    default:
      return t.v;
  }
}

interface FieldIndex {
  tree: CountedTree;
  /** Rows whose value has no exact key: while any is held, the index answers nothing. */
  loose: number;
}

function fieldIndex(data: DataView, def: ResourceDef, f: FieldDef): FieldIndex {
  const where = def.where;
  const keyOf = (row: Row): RowKey => (!where || where(row) ? rowKey(f, row[f.name]) : null);
  const spec: IndexSpec<FieldIndex> = {
    build(rows, seqs) {
      const entries: { key: TreeKey; seq: number; row: Row }[] = [];
      let loose = 0;
      rows.forEach((row, i) => {
        const key = keyOf(row);
        if (key === LOOSE) loose++;
        else if (key !== null) entries.push({ key, seq: seqs[i] as number, row });
      });
      entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.seq - b.seq));
      return { tree: CountedTree.fromSorted(entries), loose };
    },
    update(idx, { before, after, seq }) {
      const kb = before ? keyOf(before) : null;
      const ka = after ? keyOf(after) : null;
      if (kb !== null && kb !== LOOSE && kb === ka && idx.tree.replace(kb, seq, after as Row)) return;
      if (kb === LOOSE) idx.loose--;
      else if (kb !== null) idx.tree.remove(kb, seq);
      if (ka === LOOSE) idx.loose++;
      else if (ka !== null) idx.tree.insert(ka, seq, after as Row);
    },
  };
  return indexed(data, `${where ? def.name : def.kind}:rest:range:${f.name}:${f.type}`, def.kind, spec);
}

/**
 * Ranks [from, to) of the index a condition keeps; `keep`, when set, tests each key in them (a LIKE
 * that is more than a prefix: its keys are read from the index, not from the rows).
 */
interface Span {
  ranges: [number, number][];
  keep?: (key: TreeKey) => boolean;
}

/** The smallest string above every string that starts with `prefix` (null: there is none). */
function prefixEnd(prefix: string): string | null {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const code = prefix.charCodeAt(i);
    if (code < 0xffff) return prefix.slice(0, i) + String.fromCharCode(code + 1);
  }
  return null;
}

function spanOf(tree: CountedTree, c: Condition): Span | null {
  const n = tree.size;
  if (c.op === 'LIKE') {
    const wild = c.pattern.search(/[%*_]/);
    const prefix = wild < 0 ? c.pattern : c.pattern.slice(0, wild);
    // No prefix: the rows are scanned (a walk of the tree reads 100k keys slower than the row array).
    if (!prefix) return null;
    const from = tree.countBelow(prefix, false);
    const end = prefixEnd(prefix);
    const to = wild < 0 ? tree.countBelow(prefix, true) : end === null ? n : tree.countBelow(end, false);
    // 'abc%' (any run of % and *) keeps exactly the prefix's rows; '_' or a later literal tests each key.
    if (wild < 0 || /^[%*]+$/.test(c.pattern.slice(wild))) return { ranges: [[from, to]] };
    const match = likeMatcher(c.pattern);
    return { ranges: [[from, to]], keep: (key) => match(key as string) };
  }
  if (c.op === 'IN' || c.op === '=') return null;
  const key = literalKey(c.value);
  if (key === null) return null;
  const lt = tree.countBelow(key, false);
  const le = tree.countBelow(key, true);
  switch (c.op) {
    case '>':
      return { ranges: [[le, n]] };
    case '>=':
      return { ranges: [[lt, n]] };
    case '<':
      return { ranges: [[0, lt]] };
    case '<=':
      return { ranges: [[0, le]] };
    default:
      return { ranges: [[0, lt], [le, n]] };
  }
}

/** A condition the sorted index can answer: a stored attribute (not derived, not a resolved name). */
function rangeable(c: Condition): boolean {
  return !c.field.value && !c.field.resolvedBy && c.field.type !== 'array' && c.field.type !== 'object' && c.op !== '=' && c.op !== 'IN';
}

/**
 * Rows of a top-level resource that may satisfy `expr`, through the narrowest range among its
 * conditions, or null when none can use the index. Only a single AND group.
 */
export function rangeCandidates(data: DataView, def: ResourceDef, expr: QueryExpr | undefined): Candidates | null {
  if (!expr || expr.length !== 1) return null;
  const group = expr[0] as Condition[];
  let best: { found: Found; size: number } | null = null;
  for (const c of group) {
    if (!rangeable(c)) continue;
    const idx = fieldIndex(data, def, c.field);
    if (idx.loose > 0) continue;
    const span = spanOf(idx.tree, c);
    if (!span) continue;
    const found = foundIn(idx.tree, span);
    if (!best || found.size < best.size) best = { found, size: found.size };
  }
  if (!best) return null;
  const { found, size } = best;
  return {
    rows() {
      const all: { row: Row; seq: number }[] = [];
      found.each((row, seq) => all.push({ row, seq }));
      all.sort((a, b) => a.seq - b.seq);
      return all.map((e) => e.row);
    },
    unordered() {
      const all: Row[] = [];
      found.each((row) => all.push(row));
      return all;
    },
    size,
    // Every row found satisfies its condition: the count when that is the whole filter.
    exact: group.length === 1,
  };
}

interface Found {
  size: number;
  each(visit: (row: Row, seq: number) => void): void;
}

/** The rows of a span: counted from the ranks alone, unless each key must be tested (then kept). */
function foundIn(tree: CountedTree, span: Span): Found {
  const { keep } = span;
  if (!keep) {
    let size = 0;
    for (const [from, to] of span.ranges) size += Math.max(0, to - from);
    return {
      size,
      each(visit) {
        for (const [from, to] of span.ranges) if (from < to) tree.forRanks(from, to, visit);
      },
    };
  }
  const rows: Row[] = [];
  const seqs: number[] = [];
  for (const [from, to] of span.ranges) {
    if (from < to) tree.forRanks(from, to, (row, seq, key) => {
      if (keep(key)) {
        rows.push(row);
        seqs.push(seq);
      }
    });
  }
  return { size: rows.length, each: (visit) => rows.forEach((row, i) => visit(row, seqs[i] as number)) };
}
