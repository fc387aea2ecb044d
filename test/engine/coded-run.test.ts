// Issue 22 § Also (a stopped worker's first page at 100k invoices under 500 ms): a kind read from
// IndexedDB stays in its stored form until a request needs its rows, and a first page sorted by a
// field reads that field alone. Whatever the chunks and the log replayed over them, the rows made
// later, the field values by position and the rows made one by one are those of the kind read the
// way it was read before (every chunk decoded, then the log replayed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { codedRun, decodeRun, scanRun } from '../../src/engine/storage/coded-run.ts';
import { replay, type LoggedChange } from '../../src/engine/storage/kind-rows.ts';
import { decodeRows, encodeRows } from '../../src/engine/storage/row-codec.ts';

const valueArb = fc.oneof(fc.string(), fc.constantFrom('USD', 'Open'), fc.double(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }));
const rowArb: fc.Arbitrary<Row> = fc.dictionary(fc.constantFrom('a', 'b', 'Id', '__proto__', '1'), valueArb, { maxKeys: 4 });
const FIELDS = ['a', 'b', 'Id', '__proto__', '1', 'absent'];

/** Stored rows in chunks, and a log over their ids: puts of stored or new ids, deletes, puts after deletes. */
const bookArb = fc
  .record({
    rows: fc.array(rowArb, { maxLength: 30 }),
    chunk: fc.integer({ min: 1, max: 8 }),
    log: fc.array(fc.record({ deletes: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 3 }), puts: fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), rowArb), { maxLength: 3 }) }), { maxLength: 4 }),
  })
  .map(({ rows, chunk, log }) => {
    const ids = rows.map((_, i) => `id${i}`);
    const chunks = [];
    for (let i = 0; i < rows.length; i += chunk) chunks.push(structuredClone(encodeRows(rows.slice(i, i + chunk))));
    const changes: LoggedChange[] = log.map((c) => ({ deletes: c.deletes.map((i) => `id${i}`), ids: c.puts.map(([i]) => `id${i}`), rows: c.puts.map(([, r]) => r) }));
    return { ids, chunks, changes };
  });

/** The kind as reading it made it before: every chunk decoded, then the log replayed. */
function readBefore(ids: string[], chunks: ReturnType<typeof encodeRows>[], changes: LoggedChange[]) {
  return replay({ ids: [...ids], rows: chunks.flatMap((c) => decodeRows(c)) }, changes);
}

describe('a kind kept as read until its rows are needed (issue 22 § Also)', () => {
  it('its rows, when made, are the rows and order a full read gives', () => {
    fc.assert(
      fc.property(bookArb, ({ ids, chunks, changes }) => {
        const want = readBefore(ids, chunks, changes);
        const got = decodeRun(codedRun([...ids], chunks, changes));
        expect(got.ids).toEqual(want.ids);
        expect(got.rows.map((r) => Object.keys(r))).toEqual(want.rows.map((r) => Object.keys(r)));
        expect(got.rows).toEqual(want.rows);
      }),
      { numRuns: 300 },
    );
  });

  it('a field by position, and rows made one by one, are those of the full read', () => {
    fc.assert(
      fc.property(bookArb, fc.array(fc.nat(), { maxLength: 6 }), ({ ids, chunks, changes }, picks) => {
        const want = readBefore(ids, chunks, changes);
        const scan = scanRun(codedRun([...ids], chunks, changes), FIELDS);
        expect(scan.n).toBe(want.rows.length);
        // A row's own value (a row without the key reads undefined, even `__proto__`).
        const own = (row: Row, f: string) => (Object.hasOwn(row, f) ? row[f] : undefined);
        FIELDS.forEach((f, j) => want.rows.forEach((row, i) => expect(Object.is(scan.values[j]?.[i], own(row, f)) || typeof own(row, f) === 'object').toBe(true)));
        FIELDS.forEach((f, j) => expect(scan.values[j]).toEqual(want.rows.map((r) => own(r, f))));
        const positions = want.rows.length ? picks.map((p) => p % want.rows.length) : [];
        const rows = scan.rowsAt(positions);
        expect(rows.map((r) => Object.keys(r))).toEqual(positions.map((p) => Object.keys(want.rows[p] as Row)));
        expect(rows).toEqual(positions.map((p) => want.rows[p]));
      }),
      { numRuns: 300 },
    );
  });

  it('a field read twice is read once, and what a page made from it is kept for the next page', () => {
    const coded = codedRun(['x', 'y'], [encodeRows([{ a: 1 }, { a: 2 }])], []);
    expect(scanRun(coded, ['a']).values[0]).toBe(scanRun(coded, ['a']).values[0]);
    let made = 0;
    const keys = () => scanRun(coded, ['a']).memo('keys', () => [made++]);
    expect(keys()).toBe(keys());
    expect(made).toBe(1);
  });
});
