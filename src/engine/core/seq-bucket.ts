/**
 * The rows holding one value of an equality index, in position-key order (`RowChange.seq`, the order
 * `list` gives), changed in place. A row is found by its position key (binary search), so a write
 * costs a search and at most one native array move, never a copy of the bucket: copying the bucket
 * of a value most rows hold ("Complete" invoices) on every write made each POST at 100k invoices
 * O(n) once any filter had built the index. Readers use a bucket synchronously, never across a write.
 */
import type { IndexSpec, Row } from './types.ts';

export class SeqBucket {
  readonly rows: Row[] = [];
  readonly seqs: number[] = [];

  get size(): number {
    return this.rows.length;
  }

  /** Add `row` at position key `seq` (new rows have the highest key: appended). */
  add(row: Row, seq: number): void {
    const n = this.seqs.length;
    if (n === 0 || (this.seqs[n - 1] as number) < seq) {
      this.rows.push(row);
      this.seqs.push(seq);
      return;
    }
    const at = this.lowerBound(seq);
    if (this.seqs[at] === seq) {
      this.rows[at] = row;
      return;
    }
    this.rows.splice(at, 0, row);
    this.seqs.splice(at, 0, seq);
  }

  /** Remove `row` (held at `seq`); false when it is not there. */
  remove(row: Row, seq: number): boolean {
    let at = this.lowerBound(seq);
    // A row filed under another key than expected (should not happen) is still found.
    if (this.rows[at] !== row || this.seqs[at] !== seq) at = this.rows.indexOf(row);
    if (at < 0) return false;
    this.rows.splice(at, 1);
    this.seqs.splice(at, 1);
    return true;
  }

  /** Replace `before` by `after` in place when it is held at `seq`; false when it is not there. */
  replace(before: Row, after: Row, seq: number): boolean {
    const at = this.lowerBound(seq);
    if (this.rows[at] !== before || this.seqs[at] !== seq) return false;
    this.rows[at] = after;
    return true;
  }

  private lowerBound(seq: number): number {
    let lo = 0;
    let hi = this.seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.seqs[mid] as number) < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Several buckets' rows merged into position-key order (each row once: a row is in one bucket). */
export function mergeBuckets(buckets: readonly SeqBucket[]): readonly Row[] {
  if (buckets.length === 1) return (buckets[0] as SeqBucket).rows;
  const all: { row: Row; seq: number }[] = [];
  for (const b of buckets) b.rows.forEach((row, i) => all.push({ row, seq: b.seqs[i] as number }));
  all.sort((a, b) => a.seq - b.seq);
  return all.map((e) => e.row);
}

/**
 * An equality index of a kind: rows by `keyOf(row)` (null: the row is not indexed), each value's rows
 * in a SeqBucket, changed in place on a write (copying a bucket most rows share made every write O(n)).
 */
export function bucketsBy(keyOf: (row: Row) => string | null): IndexSpec<Map<string, SeqBucket>> {
  return {
    build(rows, seqs) {
      const m = new Map<string, SeqBucket>();
      rows.forEach((row, i) => {
        const k = keyOf(row);
        if (k === null) return;
        let b = m.get(k);
        if (!b) m.set(k, (b = new SeqBucket()));
        b.add(row, seqs[i] as number);
      });
      return m;
    },
    update(m, { before, after, seq }) {
      const kb = before ? keyOf(before) : null;
      const ka = after ? keyOf(after) : null;
      // Most updates keep the row's value (a balance changes, not the status): it keeps its place.
      if (kb !== null && kb === ka && m.get(kb)?.replace(before as Row, after as Row, seq)) return;
      if (kb !== null) {
        const b = m.get(kb);
        if (b && b.remove(before as Row, seq) && b.size === 0) m.delete(kb);
      }
      if (ka !== null) {
        let b = m.get(ka);
        if (!b) m.set(ka, (b = new SeqBucket()));
        b.add(after as Row, seq);
      }
    },
  };
}
