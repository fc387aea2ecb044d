import type { KindScan, Row } from '../core/types.ts';
import { replay, type LoggedChange, type RowRun } from './kind-rows.ts';
import { decodeColumn, decodeRows, decodeRowsAt, type EncodedRows } from './row-codec.ts';

/**
 * One kind as read from IndexedDB and not decoded yet: its chunks, and what stands at each position
 * once its log is replayed, a stored row (its number across the chunks) or a row the log put. A
 * first page sorted by a field reads that field's column and decodes only the page's rows: at 100k
 * invoices, making every row (and collecting them) was most of a stopped worker's first page
 * (issue 22 § Also). Anything else makes the rows first (`decodeRun`).
 */
export interface CodedRun {
  ids: string[];
  slots: (number | Row)[];
  chunks: EncodedRows[];
  /** Fields read so far by position, and what was made from them (a client paging reads them again). */
  fields: Map<string, unknown[]>;
  made: Map<string, unknown>;
}

/** The coded form of chunks read in order, with the kind's log replayed over their positions. */
export function codedRun(ids: string[], chunks: EncodedRows[], changes: readonly LoggedChange[]): CodedRun {
  const stored: (number | Row)[] = ids.map((_, i) => i);
  // Replay moves rows by id alone, so positions stand in for the stored rows.
  const run = replay({ ids, rows: stored as Row[] }, changes);
  return { ids: run.ids, slots: run.rows as (number | Row)[], chunks, fields: new Map(), made: new Map() };
}

/** Every row, as reading the kind made them before (the chunks decoded, the log's rows in place). */
export function decodeRun(coded: CodedRun): RowRun {
  const stored: Row[] = [];
  for (const chunk of coded.chunks) for (const row of decodeRows(chunk)) stored.push(row);
  const { slots } = coded;
  const rows = new Array<Row>(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i] as number | Row;
    rows[i] = typeof s === 'number' ? (stored[s] as Row) : s;
  }
  return { ids: coded.ids, rows };
}

/** The fields of every row by position, and single rows, without making the others. */
export function scanRun(coded: CodedRun, fields: readonly string[]): KindScan {
  const { slots, chunks, fields: read, made } = coded;
  /** Where each chunk's rows start, by stored row number. */
  const starts: number[] = [];
  let total = 0;
  for (const c of chunks) {
    starts.push(total);
    total += c.n;
  }
  const values = fields.map((field) => {
    const hit = read.get(field);
    if (hit) return hit;
    const stored: unknown[] = [];
    for (const c of chunks) for (const v of decodeColumn(c, field)) stored.push(v);
    // A row's own value, as a column holds it (a row without the key has undefined there).
    const byPosition = slots.map((s) => (typeof s === 'number' ? stored[s] : Object.hasOwn(s, field) ? s[field] : undefined));
    read.set(field, byPosition);
    return byPosition;
  });
  const rowsAt = (positions: readonly number[]): Row[] => {
    const out = new Array<Row>(positions.length);
    /** Stored rows wanted, by chunk: [place in chunk, place in out]. */
    const byChunk = new Map<number, [number, number][]>();
    positions.forEach((p, o) => {
      const s = slots[p] as number | Row;
      if (typeof s !== 'number') {
        out[o] = s;
        return;
      }
      let c = chunks.length - 1;
      while ((starts[c] as number) > s) c--;
      const list = byChunk.get(c) ?? [];
      list.push([s - (starts[c] as number), o]);
      byChunk.set(c, list);
    });
    for (const [c, list] of byChunk) {
      const rows = decodeRowsAt(chunks[c] as EncodedRows, list.map(([at]) => at));
      list.forEach(([, o], k) => (out[o] = rows[k] as Row));
    }
    return out;
  };
  const memo = <V>(name: string, make: () => V): V => {
    if (!made.has(name)) made.set(name, make());
    return made.get(name) as V;
  };
  return { n: slots.length, values, rowsAt, memo };
}
