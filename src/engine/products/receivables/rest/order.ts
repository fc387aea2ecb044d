/**
 * Ordering. Top-level collections keep one sorted index per (resource, orderBy), built once and then
 * patched row by row on writes (`core/indexed.ts`), so a page walks the index instead of sorting the
 * book. Nulls sort last ascending and first descending (the database default).
 */
import { indexed } from '../../../core/indexed.ts';
import { topPositions } from '../../../core/top-positions.ts';
import { SplitList } from '../../../core/split-list.ts';
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

/** Pages that end within this many rows may be found from the sort fields alone (`pageFromScan`). */
export const SCAN_PAGE_MAX = 500;

/**
 * The first `end` of the resource's rows in `keys` order, and how many rows it has, found from the
 * sort fields alone while the kind's rows are not made yet (a stopped worker's first page: at 100k
 * invoices, making every row was most of it; issue 22 § Also). Null where that cannot be done: the
 * rows are made already (the index serves), the resource filters its kind, or a key is derived.
 */
export function pageFromScan(data: DataView, def: ResourceDef, keys: readonly OrderKey[], end: number): { rows: Row[]; matched: number } | null {
  if (!data.scan || def.where || end > SCAN_PAGE_MAX || keys.some((o) => o.field.value)) return null;
  const scan = data.scan(def.kind, keys.map((o) => o.field.name));
  if (!scan) return null;
  const cols = keys.map(({ field }, j) => scan.memo(`rest:sort:${field.name}:${field.type}`, () => (scan.values[j] as unknown[]).map((v) => sortKey(field, v))));
  const after = (a: number, b: number): boolean => {
    for (let j = 0; j < keys.length; j++) {
      const col = cols[j] as Key[];
      const c = cmpKey(col[a] as Key, col[b] as Key);
      if (c !== 0) return (keys[j] as OrderKey).desc ? c < 0 : c > 0;
    }
    return a > b;
  };
  // A book is mostly listed in the order of its numbers and dates: a descending first key is read from the end.
  return { rows: scan.rowsAt(topPositions(scan.n, end, after, keys[0]?.desc === true)), matched: scan.n };
}

/** All rows of a top-level resource (its kind, filtered by `where`), cached per data version. */
export function resourceRows(data: DataView, def: ResourceDef): readonly Row[] {
  if (!def.where) return data.list(def.kind);
  const where = def.where;
  return data.derived(`rest:rows:${def.name}`, [def.kind], () => data.list(def.kind).filter(where));
}

/**
 * A sorted index: rows with their sort keys and position keys (ties keep `list` order), in lists
 * that take a row at either end without moving the others (the newest rows go first or last).
 */
interface SortedIndex {
  rows: SplitList<Row>;
  keys: SplitList<Key[]>;
  seqs: SplitList<number>;
}

function keysOf(row: Row, keys: readonly OrderKey[], rc: ReadContext): Key[] {
  return keys.map((o) => sortKey(o.field, o.field.value ? o.field.value(row, rc) : row[o.field.name]));
}

function compareEntries(keys: readonly OrderKey[], ak: readonly Key[], aSeq: number, bk: readonly Key[], bSeq: number): number {
  for (let j = 0; j < keys.length; j++) {
    const c = cmpKey(ak[j] as Key, bk[j] as Key);
    if (c !== 0) return (keys[j] as OrderKey).desc ? -c : c;
  }
  return aSeq - bSeq;
}

/**
 * Where `row` stands in the index: found by its keys and position key (a binary search; a walk of
 * the index per update made each write O(n)), else by a walk should its keys have moved meanwhile.
 */
function placeOf(idx: SortedIndex, keys: readonly OrderKey[], row: Row, k: Key[], seq: number): number {
  let lo = 0;
  let hi = idx.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareEntries(keys, idx.keys.at(mid), idx.seqs.at(mid), k, seq) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < idx.rows.length && idx.rows.at(lo) === row ? lo : idx.rows.indexOf(row);
}

/** The resource's rows sorted by `keys`; built once, then kept current as rows change. */
export function sortedIndex(data: DataView, def: ResourceDef, keys: readonly OrderKey[], orderText: string): Iterable<Row> & { readonly length: number } {
  const where = def.where;
  return indexed<SortedIndex>(data, `rest:idx:${def.name}:${orderText}`, def.kind, {
    build(rows, seqs, view) {
      const rc = sortContext(view);
      const entries: { row: Row; k: Key[]; seq: number }[] = [];
      rows.forEach((row, i) => {
        if (!where || where(row)) entries.push({ row, k: keysOf(row, keys, rc), seq: seqs[i] as number });
      });
      entries.sort((a, b) => compareEntries(keys, a.k, a.seq, b.k, b.seq));
      return { rows: new SplitList(entries.map((e) => e.row)), keys: new SplitList(entries.map((e) => e.k)), seqs: new SplitList(entries.map((e) => e.seq)) };
    },
    update(idx, { before, after, seq }, view) {
      const k = after && (!where || where(after)) ? keysOf(after, keys, sortContext(view)) : null;
      /** Whether the entry at `i` sorts before the changed row. */
      const ahead = (i: number) => compareEntries(keys, idx.keys.at(i), idx.seqs.at(i), k as Key[], seq) < 0;
      const at = before && (!where || where(before)) ? placeOf(idx, keys, before, keysOf(before, keys, sortContext(view)), seq) : -1;
      // A row changed in place that keeps its place (most updates: a balance, a status) moves nothing.
      if (at >= 0 && k && (at === 0 || ahead(at - 1)) && (at === idx.rows.length - 1 || !ahead(at + 1))) {
        idx.rows.set(at, after as Row);
        idx.keys.set(at, k);
        idx.seqs.set(at, seq);
        return;
      }
      if (at >= 0) {
        idx.rows.removeAt(at);
        idx.keys.removeAt(at);
        idx.seqs.removeAt(at);
      }
      if (k) {
        let lo = 0;
        let hi = idx.rows.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (ahead(mid)) lo = mid + 1;
          else hi = mid;
        }
        idx.rows.insert(lo, after as Row);
        idx.keys.insert(lo, k);
        idx.seqs.insert(lo, seq);
      }
    },
  }).rows;
}
