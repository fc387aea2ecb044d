/**
 * Equality lookups for `q`: a stored attribute compared with `=` or `IN`, or a name `q` resolves to
 * identifiers (any operator), narrows a top-level collection to the rows holding those values,
 * through a per-attribute hash index kept current on writes, instead of a walk of every row. The
 * index keys values as `compareTyped` equality does (and resolved ids as `String` of the row's
 * field), so a bucket holds exactly the rows its condition accepts: its size is their count.
 */
import { indexed } from '../../../core/indexed.ts';
import { bucketsBy, mergeBuckets, type SeqBucket } from '../../../core/seq-bucket.ts';
import type { DataView, Row } from '../../../core/types.ts';
import { resolvedIds, type Condition, type QueryExpr } from './q.ts';
import type { ReadContext, ResourceDef } from './types.ts';
import { typedValue, type Typed } from './values.ts';

/** Equal typed values get equal keys (numbers by their normalized decimal text). */
function keyOf(t: Typed): string {
  if (t.t === 'num') return t.v.eq(0) ? '0' : t.v.toString();
  return String(t.v);
}

type KeyOf = (row: Row) => string | null;

/**
 * Buckets by key over the resource's rows (those its `where` keeps), each in `list` order. Resources
 * without `where` share one index per kind and key.
 */
function valueIndex(data: DataView, def: ResourceDef, name: string, key: KeyOf): Map<string, SeqBucket> {
  const where = def.where;
  const keyOfRow = (row: Row) => (!where || where(row) ? key(row) : null);
  return indexed<Map<string, SeqBucket>>(data, `${where ? def.name : def.kind}:${name}`, def.kind, bucketsBy(keyOfRow));
}

/** A condition the index can answer: `=` or `IN` on a stored attribute, or any test of a resolved name. */
function indexable(c: Condition): boolean {
  if (c.field.resolvedBy) return true;
  return (c.op === '=' || c.op === 'IN') && !c.field.value;
}

/** What an equality narrows a collection to (read synchronously: writes change the buckets in place). */
export interface Candidates {
  /** The rows that may satisfy the filter, in `list` order. */
  rows(): readonly Row[];
  /** The same rows in any order (for counting). */
  unordered(): Iterable<Row>;
  /** How many they are. */
  size: number;
  /** The filter is this one condition: every candidate satisfies it, so `size` counts the matches. */
  exact: boolean;
}

/**
 * Rows of a top-level resource that may satisfy `expr`, or null when `expr` has no condition the
 * index can use (then the caller walks its sorted index). Only a single AND group.
 */
export function equalityCandidates(data: DataView, def: ResourceDef, expr: QueryExpr | undefined, rc: ReadContext): Candidates | null {
  if (!expr || expr.length !== 1) return null;
  const group = expr[0] as Condition[];
  const cond = group.find(indexable);
  if (!cond) return null;
  const f = cond.field;
  let index: Map<string, SeqBucket>;
  let keys: Iterable<string>;
  if (f.resolvedBy) {
    const field = f.resolvedBy.rowField;
    index = valueIndex(data, def, `rest:ref:${field}`, (row) => String(row[field]));
    keys = resolvedIds(cond, f.resolvedBy, rc);
  } else {
    index = valueIndex(data, def, `rest:eq:${f.name}:${f.type}`, (row) => {
      const t = typedValue(f.type, row[f.name]);
      return t ? keyOf(t) : null;
    });
    const values = 'values' in cond ? cond.values : 'value' in cond ? [cond.value] : [];
    keys = new Set(values.map(keyOf));
  }
  const buckets: SeqBucket[] = [];
  for (const k of keys) {
    const b = index.get(k);
    if (b) buckets.push(b);
  }
  let size = 0;
  for (const b of buckets) size += b.size;
  return { rows: () => mergeBuckets(buckets), unordered: () => buckets.flatMap((b) => b.rows), size, exact: group.length === 1 };
}
