import type { Row } from '../core/types.ts';

/**
 * One kind's rows as read from storage: `rows[i]` has id `ids[i]`, in the order a Map of them
 * would iterate. A cache keeps them like this until something looks a row up by id: building the
 * Map of 100k invoices was a sixth of the worker's first page after a stop (issue 22 § Also), and
 * a page sorts the list without it.
 */
export interface RowRun {
  ids: string[];
  rows: Row[];
}

/** One logged change to a kind: its deletes, then its puts (`rows[k]` for `ids[k]`). */
export interface LoggedChange {
  deletes: readonly string[];
  ids: readonly string[];
  rows: readonly Row[];
  /** Known to add only ids that were not there (and delete nothing). */
  fresh?: boolean;
}

/**
 * `base` with the changes applied in order, ordered exactly as a Map would be after the same
 * deletes and sets: a put of a present id keeps its place, a put of an absent id (new, or deleted
 * before) goes last. Only the ids the changes touch are hashed, and none when every change is
 * known to insert only. Takes over `base`'s arrays.
 */
export function replay(base: RowRun, changes: readonly LoggedChange[]): RowRun {
  if (!changes.length) return base;
  // Inserts only (a generate, new documents): appended as they came, no id of `base` looked at.
  if (changes.every((c) => c.fresh && !c.deletes.length)) {
    for (const c of changes) {
      for (const id of c.ids) base.ids.push(id);
      for (const row of c.rows) base.rows.push(row);
    }
    return base;
  }
  const touched = new Set<string>();
  for (const c of changes) {
    for (const id of c.deletes) touched.add(id);
    for (const id of c.ids) touched.add(id);
  }
  /** Where a touched id still stands in `base` (removed once deleted). */
  const at = new Map<string, number>();
  base.ids.forEach((id, i) => {
    if (touched.has(id)) at.set(id, i);
  });
  const dead: number[] = [];
  const tail = new Map<string, Row>();
  for (const c of changes) {
    for (const id of c.deletes) {
      if (tail.delete(id)) continue;
      const i = at.get(id);
      if (i === undefined) continue;
      dead.push(i);
      at.delete(id);
    }
    c.ids.forEach((id, k) => {
      const row = c.rows[k] as Row;
      const i = tail.has(id) ? undefined : at.get(id);
      if (i === undefined) tail.set(id, row);
      else base.rows[i] = row;
    });
  }
  let { ids, rows } = base;
  if (dead.length) {
    const gone = new Uint8Array(ids.length);
    for (const i of dead) gone[i] = 1;
    ids = ids.filter((_, i) => !gone[i]);
    rows = rows.filter((_, i) => !gone[i]);
  }
  for (const [id, row] of tail) {
    ids.push(id);
    rows.push(row);
  }
  return { ids, rows };
}

export function toMap(run: RowRun): Map<string, Row> {
  const map = new Map<string, Row>();
  const { ids, rows } = run;
  for (let i = 0; i < ids.length; i++) map.set(ids[i] as string, rows[i] as Row);
  return map;
}
