import type { Row } from '../core/types.ts';

/**
 * Rows of one kind as columns, for IndexedDB values that hold many rows. Rows are grouped by shape
 * (their keys, in order, so a decoded row has exactly the keys of the row that was stored); a column
 * of strings (or nulls, booleans) becomes codes into one dictionary per chunk, a column of integers
 * offsets from its smallest (ids of one chunk are close together), other numbers a Float64Array
 * (either with a null mask when some are null), a column of number lists (an invoice's line ids)
 * the same with list ends; anything else is kept as it is (structured clone). Codes and offsets
 * take the fewest bytes their column's range allows: the bytes IndexedDB hands over are most of a
 * large kind's load (issue 22 § Also). Typed arrays cost IndexedDB almost nothing to clone, where
 * every small array or string costs an object, and a repeated string (a business unit, a date, a
 * status) is one string per chunk in the worker's heap instead of one per row.
 */
export interface EncodedRows {
  n: number;
  /**
   * The chunk's dictionary, shared by its columns of strings: an amount and its balance, a creation
   * and an update date are often the same string, kept once. Absent in chunks stored before it,
   * whose columns each carry their own.
   */
  dict?: DictValue[];
  shapes: EncodedShape[];
}

interface EncodedShape {
  keys: string[];
  /** Positions of this shape's rows in the chunk (Uint32Array in chunks stored before narrow ones). */
  at: Uint;
  cols: Column[];
}

/** Unsigned integers, as narrow as their largest allows. */
type Uint = Uint8Array | Uint16Array | Uint32Array;

const narrowest = (max: number) => (max <= 0xff ? Uint8Array : max <= 0xffff ? Uint16Array : Uint32Array);
const narrow = (values: ArrayLike<number>): Uint => {
  let max = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  return narrowest(max).from(values);
};

/** Values a dictionary holds (numbers have their own column type, which keeps -0 apart from 0). */
type DictValue = string | boolean | null | undefined;
const isDictValue = (v: unknown): v is DictValue => v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean';

/**
 * One of: `codes` into the chunk's dictionary (or into the column's own `dict`, as stored before);
 * numbers as `base` plus `offs` (integers) or as `nums`, with `nulls` (1 where the value is null);
 * number lists as those with `ends` (list i is the values ends[i-1]..ends[i]); `raw`. Optional
 * fields rather than a union, as stored; chunks written before a form existed decode unchanged.
 */
interface Column {
  dict?: DictValue[];
  /** Chunks stored before narrow codes hold Uint32Array. */
  codes?: Uint;
  base?: number;
  offs?: Uint;
  nums?: Float64Array;
  nulls?: Uint8Array;
  /** Float number lists (with `ends`); integer lists are `base` and `offs` with `ends`. */
  lists?: Float64Array;
  ends?: Uint;
  raw?: unknown[];
}

export function encodeRows(rows: readonly Row[]): EncodedRows {
  const shapes = new Map<string, { keys: string[]; at: number[] }>();
  rows.forEach((row, i) => {
    const keys = Object.keys(row);
    const sig = keys.join('\u0000');
    const shape = shapes.get(sig);
    if (shape) shape.at.push(i);
    else shapes.set(sig, { keys, at: [i] });
  });
  const dict = new Dictionary();
  const encoded = [...shapes.values()].map(({ keys, at }): EncodedShape => {
    const values = keys.map((k) => at.map((i) => (rows[i] as Row)[k]));
    // Columns of few distinct values first, so theirs get the low codes that fit in one byte.
    const counts = values.map(distinct);
    const order = keys.map((_, j) => j).sort((x, y) => (counts[x] as number) - (counts[y] as number));
    const cols = new Array<Column>(keys.length);
    for (const j of order) cols[j] = encodeColumn(values[j] as unknown[], dict, counts[j] !== Infinity);
    return { keys, at: narrow(at), cols };
  });
  return { n: rows.length, shapes: encoded, dict: dict.values };
}

/**
 * Distinct values of a dictionary column, counted up to the 256 that one-byte codes hold (beyond
 * that, how many more does not change the order); Infinity for a column of another kind.
 */
function distinct(values: unknown[]): number {
  const seen = new Set<unknown>();
  for (const v of values) {
    if (!isDictValue(v)) return Infinity;
    if (seen.size <= 0x100) seen.add(v);
  }
  return seen.size;
}

/** Distinct values in first-seen order, each with its code. */
class Dictionary {
  readonly values: DictValue[] = [];
  private readonly codes = new Map<DictValue, number>();

  code(v: DictValue): number {
    let code = this.codes.get(v);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(v);
      this.codes.set(v, code);
    }
    return code;
  }
}

const isNumberList = (v: unknown): v is number[] => {
  if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'number') return false; // a hole reads undefined
  return Object.keys(v).length === v.length; // no named properties beside the elements
};

/** Numbers as `base` plus offsets when all are integers within 2^32 of each other (not -0), else as they are. */
function encodeNumbers(nums: number[]): Pick<Column, 'base' | 'offs' | 'nums'> {
  let min = Infinity;
  let max = -Infinity;
  for (const v of nums) {
    if (!Number.isSafeInteger(v) || Object.is(v, -0)) return { nums: Float64Array.from(nums) };
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!nums.length) return { base: 0, offs: new Uint8Array(0) };
  if (max - min > 0xffffffff) return { nums: Float64Array.from(nums) };
  const offs = new (narrowest(max - min))(nums.length);
  for (let i = 0; i < nums.length; i++) offs[i] = (nums[i] as number) - min;
  return { base: min, offs };
}

/** `dictionary`: every value is one a dictionary holds (`distinct` has looked at each). */
function encodeColumn(values: unknown[], dict: Dictionary, dictionary: boolean): Column {
  // Nullable text columns too (an e-mail, a contact): as raw values each row would get its own copy.
  if (dictionary) return { codes: narrow(values.map((v) => dict.code(v as DictValue))) };
  if (values.every((v) => typeof v === 'number')) return encodeNumbers(values as number[]);
  if (values.every((v) => typeof v === 'number' || v === null)) {
    const present = values.filter((v): v is number => v !== null);
    const fill = present[0] ?? 0;
    return { ...encodeNumbers(values.map((v) => (v === null ? fill : (v as number)))), nulls: Uint8Array.from(values, (v) => (v === null ? 1 : 0)) };
  }
  if (values.every(isNumberList)) {
    const lists = values as number[][];
    const ends = new Array<number>(lists.length);
    let n = 0;
    lists.forEach((l, i) => (ends[i] = n += l.length));
    const numbers = encodeNumbers(lists.flat());
    return numbers.nums ? { lists: numbers.nums, ends: narrow(ends) } : { ...numbers, ends: narrow(ends) };
  }
  return { raw: values };
}

export function decodeRows(encoded: EncodedRows): Row[] {
  const rows = new Array<Row>(encoded.n);
  for (const { keys, at, cols } of encoded.shapes) {
    const plain = cols.map((col) => plainColumn(col, encoded.dict));
    const build = builderFor(keys, plain, at.length);
    if (build) build(plain, at, rows);
    else decodeSlowly(keys, plain, at, rows);
  }
  return rows;
}

/**
 * One field of every row, by position (undefined where a row has no such key), without making the
 * rows: what a sort of a whole kind reads (see `storage/coded-run.ts`).
 */
export function decodeColumn(encoded: EncodedRows, key: string): unknown[] {
  const values = new Array<unknown>(encoded.n);
  for (const { keys, at, cols } of encoded.shapes) {
    const j = keys.indexOf(key);
    if (j < 0) continue;
    const col = plainColumn(cols[j] as Column, encoded.dict);
    for (let k = 0; k < at.length; k++) values[at[k] as number] = plainValue(col, k);
  }
  return values;
}

/** The rows at some positions, each as `decodeRows` makes it (its keys in their stored order). */
export function decodeRowsAt(encoded: EncodedRows, positions: readonly number[]): Row[] {
  /** Where each wanted position goes in the answer (a position asked twice gets the same row). */
  const wanted = new Map<number, number[]>();
  positions.forEach((p, i) => wanted.set(p, [...(wanted.get(p) ?? []), i]));
  const rows = new Array<Row>(positions.length);
  for (const { keys, at, cols } of encoded.shapes) {
    let plain: Column[] | null = null;
    for (let k = 0; k < at.length; k++) {
      const places = wanted.get(at[k] as number);
      if (!places) continue;
      plain ??= cols.map((col) => plainColumn(col, encoded.dict));
      const made: Row[] = [];
      decodeSlowly(keys, plain.map((col) => ({ raw: [plainValue(col, k)] })), Uint8Array.of(0), made);
      for (const i of places) rows[i] = made[0] as Row;
    }
  }
  return rows;
}

/** The `k`th value of a column `plainColumn` returned. */
function plainValue(col: Column, k: number): unknown {
  return col.codes ? (col.dict as DictValue[])[col.codes[k] as number] : col.offs ? (col.base as number) + (col.offs[k] as number) : col.nums ? col.nums[k] : (col.raw as unknown[])[k];
}

/**
 * A column as codes with their dictionary, integers, numbers or values (masked numbers and number
 * lists become values).
 */
function plainColumn(col: Column, dict: DictValue[] | undefined): Column {
  if (col.codes && !col.dict) return { dict: dict ?? [], codes: col.codes };
  if (col.ends) {
    const ends = col.ends;
    const raw = new Array<number[]>(ends.length);
    for (let i = 0, from = 0; i < ends.length; i++) {
      const to = ends[i] as number;
      const list = new Array<number>(to - from);
      if (col.offs) for (let k = from, base = col.base as number, offs = col.offs; k < to; k++) list[k - from] = base + (offs[k] as number);
      else for (let k = from, lists = col.lists as Float64Array; k < to; k++) list[k - from] = lists[k] as number;
      raw[i] = list;
      from = to;
    }
    return { raw };
  }
  if (col.nulls) {
    const nulls = col.nulls;
    const raw = new Array<unknown>(nulls.length);
    if (col.offs) for (let i = 0, base = col.base as number, offs = col.offs; i < nulls.length; i++) raw[i] = nulls[i] ? null : base + (offs[i] as number);
    else for (let i = 0, nums = col.nums as Float64Array; i < nulls.length; i++) raw[i] = nulls[i] ? null : nums[i];
    return { raw };
  }
  return col;
}

type Builder = (cols: readonly Column[], at: Uint, rows: Row[]) => void;

/** Compiled builders by shape and column types; bounded, since shapes come from stored data. */
const builders = new Map<string, Builder | null>();
const MAX_BUILDERS = 512;
/**
 * Rows of a shape below which a builder is not compiled for it: compiling costs about 0.4 ms, and
 * a seeded book's first load (some 30 small shapes) is on a stopped worker's first answer.
 */
const COMPILE_MIN_ROWS = 64;

/** A builder's locals and row values by column type ('#' is the column's index). */
const LOCALS = { d: 'd# = cols[#].dict, c# = cols[#].codes', i: 'b# = cols[#].base, o# = cols[#].offs', n: 'n# = cols[#].nums', r: 'r# = cols[#].raw' };
const VALUES = { d: 'd#[c#[i]]', i: 'b# + o#[i]', n: 'n#[i]', r: 'r#[i]' };

/**
 * A function that makes the shape's rows as one object literal each, its keys written out: every
 * row then has the same hidden class with in-object properties, and no store goes through a
 * computed key (measured in the worker at 100k invoices: half the time of copying a blank row and
 * assigning 29 keys). Null for a shape with a `__proto__` key (a literal would set the prototype)
 * and where code cannot be compiled (a content security policy without 'unsafe-eval'), and for a
 * shape too small to repay compiling it.
 */
function builderFor(keys: readonly string[], cols: readonly Column[], rows: number): Builder | null {
  if (keys.includes('__proto__')) return null;
  const types = cols.map((c) => (c.codes ? 'd' : c.offs ? 'i' : c.nums ? 'n' : 'r'));
  const sig = `${types.join('')}\u0000${keys.join('\u0000')}`;
  const hit = builders.get(sig);
  if (hit !== undefined) return hit;
  if (rows < COMPILE_MIN_ROWS) return null;
  const locals = types.map((t, j) => `const ${LOCALS[t as keyof typeof LOCALS].replaceAll('#', String(j))};`);
  const props = types.map((t, j) => `${JSON.stringify(keys[j])}: ${VALUES[t as keyof typeof VALUES].replaceAll('#', String(j))}`);
  let build: Builder | null;
  try {
    build = new Function('cols', 'at', 'rows', `${locals.join('\n')}\nfor (let i = 0; i < at.length; i++) rows[at[i]] = {${props.join(', ')}};`) as Builder;
  } catch {
    build = null;
  }
  if (builders.size >= MAX_BUILDERS) builders.clear();
  builders.set(sig, build);
  return build;
}

function decodeSlowly(keys: readonly string[], cols: readonly Column[], at: Uint, rows: Row[]): void {
  const blank = blankRow(keys);
  for (let i = 0; i < at.length; i++) {
    const row = blank ? { ...blank } : ({} as Row);
    for (let j = 0; j < keys.length; j++) {
      const col = cols[j] as Column;
      const value = plainValue(col, i);
      if (blank) row[keys[j] as string] = value;
      else Object.defineProperty(row, keys[j] as string, { value, writable: true, enumerable: true, configurable: true });
    }
    rows[at[i] as number] = row;
  }
}

/**
 * An object with the shape's keys, in order, from JSON.parse: copies of it keep V8's fast
 * properties. Adding 13 or more properties one by one through computed keys turns an object into
 * a dictionary (measured: 100k rows of 29 keys, 191 MB and 530 ms that way, 50 MB and 116 ms from a
 * copy). Undefined for a shape with a `__proto__` key, which assignment would not create.
 */
function blankRow(keys: readonly string[]): Row | undefined {
  if (keys.includes('__proto__')) return undefined;
  return JSON.parse(`{${keys.map((k) => `${JSON.stringify(k)}:null`).join(',')}}`) as Row;
}
