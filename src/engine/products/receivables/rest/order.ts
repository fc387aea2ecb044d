/**
 * Ordering. Top-level collections keep one sorted index per (resource, orderBy), built once per
 * data version through `data.derived`, so a page walks the index instead of sorting the book.
 * Nulls sort last ascending and first descending (the database default).
 */
import type { DataView, Row } from '../../../core/types.ts';
import type { OrderKey } from './params.ts';
import type { ReadContext, ResourceDef } from './types.ts';
import { sortKey } from './values.ts';

type Key = number | string | null;

function cmpKey(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Read context for sort keys: derived (clock-dependent) fields are never order keys, so the clock is fixed. */
export function sortContext(data: DataView): ReadContext {
  return { now: new Date(0), data };
}

/** Sort rows by order keys (stable). */
export function sortRows(rows: readonly Row[], keys: readonly OrderKey[], rc: ReadContext): Row[] {
  const decorated = rows.map((row, i) => ({
    row,
    i,
    k: keys.map((o) => sortKey(o.field, o.field.value ? o.field.value(row, rc) : row[o.field.name])),
  }));
  decorated.sort((a, b) => {
    for (let j = 0; j < keys.length; j++) {
      const c = cmpKey(a.k[j] as Key, b.k[j] as Key);
      if (c !== 0) return (keys[j] as OrderKey).desc ? -c : c;
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.row);
}

/** All rows of a top-level resource (its kind, filtered by `where`), cached per data version. */
export function resourceRows(data: DataView, def: ResourceDef): readonly Row[] {
  if (!def.where) return data.list(def.kind);
  const where = def.where;
  return data.derived(`rest:rows:${def.name}`, [def.kind], () => data.list(def.kind).filter(where));
}

/** The resource's rows sorted by `keys`; cached until the kind changes. */
export function sortedIndex(data: DataView, def: ResourceDef, keys: readonly OrderKey[], orderText: string): readonly Row[] {
  return data.derived(`rest:idx:${def.name}:${orderText}`, [def.kind], () => sortRows(resourceRows(data, def), keys, sortContext(data)));
}
