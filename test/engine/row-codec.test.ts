// Issue 14 (IndexedDB values of many rows): rows stored as columns come back as the same rows, with
// the same keys in the same order and every value as it was (strings, numbers incl. -0 and NaN, null,
// undefined, booleans, arrays, nested objects), whatever mix of shapes a chunk holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { decodeRows, encodeRows } from '../../src/engine/storage/row-codec.ts';

const valueArb = fc.oneof(fc.string(), fc.constantFrom('USD', 'Open', '2026-11-25'), fc.double(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
const rowArb: fc.Arbitrary<Row> = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'Id', 'Amount', 'zz', '__proto__', 'constructor', '1'), valueArb, { maxKeys: 6 });

describe('row codec (issue 14 § How: fewer, larger IndexedDB values)', () => {
  it('decode(encode(rows)) is rows: keys in order, values as they were', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const back = decodeRows(structuredClone(encodeRows(rows)));
        expect(back.map((r) => Object.keys(r))).toEqual(rows.map((r) => Object.keys(r)));
        expect(back).toEqual(rows);
        back.forEach((r, i) => Object.entries(r).forEach(([k, v]) => expect(Object.is(v, (rows[i] as Row)[k])).toBe(typeof v !== 'object' || v === null)));
      }),
      { numRuns: 300 },
    );
  });

  it('decode(encode(rows)) is rows when every shape is large enough to get a compiled builder', () => {
    // Shapes of 64 rows or more are built by a function compiled for the shape (row-codec.ts).
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 8 }), (some) => {
        const rows = Array.from({ length: 70 }, () => some).flat();
        const back = decodeRows(structuredClone(encodeRows(rows)));
        expect(back.map((r) => Object.keys(r))).toEqual(rows.map((r) => Object.keys(r)));
        expect(back).toEqual(rows);
      }),
      { numRuns: 100 },
    );
  });

  it('an own __proto__ key stays an own key (it is data, not the prototype)', () => {
    const rows = [JSON.parse('{"__proto__":{"x":1},"a":2}') as Row, { a: 3 }];
    const back = decodeRows(structuredClone(encodeRows(rows)));
    expect(Object.getPrototypeOf(back[0])).toBe(Object.prototype);
    expect(Object.keys(back[0] as Row)).toEqual(['__proto__', 'a']);
    expect(back).toEqual(rows);
  });

  it('number lists and nullable numbers are typed arrays in the value, and come back as they were', () => {
    // Issue 22 § Also: an invoice's line ids and an optional party id were one structured-clone
    // object per row, the larger part of what IndexedDB deserialized for a page after a stop.
    const rows: Row[] = [
      { lineIds: [1, 2], partyId: 7, amount: -0 },
      { lineIds: [], partyId: null, amount: NaN },
      { lineIds: [3.5, -0, NaN], partyId: 300000000000203, amount: 1 },
    ];
    const encoded = encodeRows(rows);
    const [lists, nullable] = encoded.shapes[0]?.cols ?? [];
    expect(lists?.raw).toBeUndefined();
    expect(nullable?.raw).toBeUndefined();
    const back = decodeRows(structuredClone(encoded));
    expect(back).toEqual(rows);
    expect(Object.is((back[2]?.lineIds as number[])[1], -0)).toBe(true);
    expect(Object.is(back[0]?.amount, -0)).toBe(true);
    // A list with a hole or a named property is not a plain list of numbers: kept as it is.
    const odd = Object.assign([1], { note: 'x' });
    expect(decodeRows(structuredClone(encodeRows([{ l: odd }, { l: [1] }])))).toEqual([{ l: odd }, { l: [1] }]);
  });

  it('chunks stored before the typed list and null columns decode unchanged', () => {
    const old = { n: 2, shapes: [{ keys: ['lineIds', 'partyId'], at: Uint32Array.from([0, 1]), cols: [{ raw: [[1, 2], []] }, { raw: [5, null] }] }] };
    expect(decodeRows(old)).toEqual([{ lineIds: [1, 2], partyId: 5 }, { lineIds: [], partyId: null }]);
  });

  it('decodes the same where code may not be compiled (a content security policy without unsafe-eval)', () => {
    const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({ cspOnlyA: i % 2 ? 'x' : null, cspOnlyB: i, cspOnlyC: [i] }));
    const encoded = encodeRows(rows);
    const real = globalThis.Function;
    let asked = 0;
    globalThis.Function = function refused() {
      asked++;
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    try {
      expect(decodeRows(structuredClone(encoded))).toEqual(rows);
    } finally {
      globalThis.Function = real;
    }
    expect(asked).toBe(1);
  });

  it('a repeated string is kept once per chunk, across its columns too', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ BusinessUnit: 'US1 Business Unit', TransactionNumber: `INV-${i}`, EnteredAmount: `${i}.00`, InvoiceBalanceAmount: `${i}.00` }));
    const encoded = encodeRows(rows);
    expect(encoded.shapes).toHaveLength(1);
    expect(encoded.dict?.filter((v) => v === 'US1 Business Unit')).toHaveLength(1);
    // An amount and its balance hold the same strings: 1 + 100 + 100 distinct values in all.
    expect(encoded.dict).toHaveLength(201);
    expect(decodeRows(structuredClone(encoded))).toEqual(rows);
  });

  it('chunks stored with a dictionary per column decode unchanged', () => {
    const old = { n: 2, shapes: [{ keys: ['a', 'b'], at: Uint32Array.from([0, 1]), cols: [{ dict: ['x', null], codes: Uint32Array.from([1, 0]) }, { dict: [true], codes: Uint32Array.from([0, 0]) }] }] };
    expect(decodeRows(old)).toEqual([{ a: null, b: true }, { a: 'x', b: true }]);
  });

  // Issue 22 § Also: the bytes of a large kind's chunks are most of a stopped worker's first page,
  // so a column's codes take one byte while they are below 256, two up to 65,536.
  it('codes are as narrow as their column allows, and decode as before', () => {
    const few = Array.from({ length: 300 }, (_, i) => ({ Status: i % 2 ? 'Open' : 'Closed', Currency: 'USD' }));
    const many = Array.from({ length: 300 }, (_, i) => ({ TransactionNumber: `INV-${i}`, Status: 'Open' }));
    const wide = Array.from({ length: 70_000 }, (_, i) => ({ Ref: `R${i}` }));
    const codesOf = (rows: Row[]) => encodeRows(rows).shapes.flatMap((s) => s.cols.map((c) => c.codes?.constructor));
    expect(codesOf(few)).toEqual([Uint8Array, Uint8Array]);
    // Columns of few distinct values take the first codes, so a status stays one byte beside 300 numbers.
    expect(codesOf(many)).toEqual([Uint16Array, Uint8Array]);
    expect(codesOf(wide)).toEqual([Uint32Array]);
    for (const rows of [few, many, wide]) expect(decodeRows(structuredClone(encodeRows(rows)))).toEqual(rows);
  });

  it("integers are offsets from the column's smallest, as narrow as the range allows, and decode as they were", () => {
    const id = 300_000_000_059_094;
    const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({ Id: id + 7 * i, Seq: i % 3, Party: i % 4 ? id + i : null, lineIds: [id + 7 * i + 1, id + 7 * i + 2], Amount: i * 1.5 }));
    const cols = encodeRows(rows).shapes[0]?.cols ?? [];
    expect(cols.map((c) => c.offs?.constructor)).toEqual([Uint16Array, Uint8Array, Uint8Array, Uint16Array, undefined]);
    expect(cols[0]?.base).toBe(id);
    expect(cols[2]?.nulls).toBeInstanceOf(Uint8Array);
    expect(cols[4]?.nums).toBeInstanceOf(Float64Array);
    expect(decodeRows(structuredClone(encodeRows(rows)))).toEqual(rows);
    // Too far apart for four bytes, or not integers: kept as 8-byte numbers.
    const apart: Row[] = [{ n: 0, l: [0] }, { n: 2 ** 40, l: [2 ** 40] }];
    const wide = encodeRows(apart).shapes[0]?.cols ?? [];
    expect(wide.map((c) => c.nums ?? c.lists)).toEqual([expect.any(Float64Array), expect.any(Float64Array)]);
    expect(decodeRows(structuredClone(encodeRows(apart)))).toEqual(apart);
    const odd: Row[] = [{ n: -0 }, { n: 1 }, { n: Number.MAX_SAFE_INTEGER + 2 }];
    expect(encodeRows(odd).shapes[0]?.cols[0]?.nums).toBeInstanceOf(Float64Array);
    expect(Object.is(decodeRows(structuredClone(encodeRows(odd)))[0]?.n, -0)).toBe(true);
  });

  it('chunks stored with 8-byte numbers and four-byte positions (before offsets) decode unchanged', () => {
    const old = { n: 2, shapes: [{ keys: ['Id', 'lineIds', 'Party'], at: Uint32Array.from([1, 0]), cols: [{ nums: Float64Array.from([7, 9]) }, { lists: Float64Array.from([1, 2, 3]), ends: Uint32Array.from([2, 3]) }, { nums: Float64Array.from([0, 5]), nulls: Uint8Array.from([1, 0]) }] }] };
    expect(decodeRows(old)).toEqual([
      { Id: 9, lineIds: [3], Party: 5 },
      { Id: 7, lineIds: [1, 2], Party: null },
    ]);
  });

  it('chunks stored with four-byte codes (before narrow codes) decode unchanged', () => {
    const old = { n: 3, dict: ['Open', 'USD', 'Closed'], shapes: [{ keys: ['Status', 'Currency'], at: Uint32Array.from([0, 1, 2]), cols: [{ codes: Uint32Array.from([0, 2, 0]) }, { codes: Uint32Array.from([1, 1, 1]) }] }] };
    expect(decodeRows(old)).toEqual([
      { Status: 'Open', Currency: 'USD' },
      { Status: 'Closed', Currency: 'USD' },
      { Status: 'Open', Currency: 'USD' },
    ]);
  });
});
