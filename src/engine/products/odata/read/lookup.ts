/**
 * Value indexes for equality filters: per form and property, the rows holding each text value,
 * kept current on writes. A row is filed under its value as `$filter` compares strings (`scalarOf`
 * of the string family); rows with no value match no equality and are not filed.
 */
import { indexed } from '../../../core/indexed.ts';
import { bucketsBy, type SeqBucket } from '../../../core/seq-bucket.ts';
import type { DataView, Row } from '../../../core/types.ts';
import type { FilterLookup } from '../query/filter.ts';
import { scalarOf } from '../query/values.ts';

const valueOf = (row: Row, prop: string): string | null => scalarOf('string', row[prop]) as string | null;

function valueIndex(data: DataView, kind: string, prop: string): Map<string, SeqBucket> {
  return indexed<Map<string, SeqBucket>>(data, `odata:eq:${kind}:${prop}`, kind, bucketsBy((row) => valueOf(row, prop)));
}

/** Rows of `kind` that may satisfy the lookup (each once; order is the caller's to set), and how many. */
export function lookupRows(data: DataView, kind: string, lookup: FilterLookup): Row[] {
  const index = valueIndex(data, kind, lookup.prop);
  const out: Row[] = [];
  for (const v of new Set(lookup.values)) for (const r of index.get(v)?.rows ?? []) out.push(r);
  return out;
}

/** How many rows `lookupRows` would give, without making the list. */
export function lookupSize(data: DataView, kind: string, lookup: FilterLookup): number {
  const index = valueIndex(data, kind, lookup.prop);
  let n = 0;
  for (const v of new Set(lookup.values)) n += index.get(v)?.size ?? 0;
  return n;
}
