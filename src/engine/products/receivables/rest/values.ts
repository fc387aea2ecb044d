/**
 * Typed values for filtering and sorting: numbers compare as decimals (big.js), dates as
 * yyyy-MM-dd, datetimes as instants, strings by code unit.
 */
import { Big } from '../../../core/money.ts';
import type { FieldDef, FieldType } from './types.ts';

/** A literal converted for one field type (null when the text is not a value of that type). */
export type Typed =
  | { t: 'num'; v: Big }
  | { t: 'str'; v: string }
  | { t: 'date'; v: string }
  | { t: 'time'; v: number }
  | { t: 'bool'; v: boolean };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function isValidDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Dates a request body may carry: 0001-01-01 to 4712-12-31, the emulated product's "end of time".
 * The bound keeps every derived date (due dates add up to 90 days) a four-digit yyyy-MM-dd.
 */
export const MIN_BODY_DATE = '0001-01-01';
export const MAX_BODY_DATE = '4712-12-31';

export function isBodyDate(s: string): boolean {
  return isValidDate(s) && s >= MIN_BODY_DATE && s <= MAX_BODY_DATE;
}

/**
 * Amounts and quantities stay below 10^11 in absolute value: with at most 4 decimals that is at most
 * 15 significant digits, which a JSON number (an IEEE double) carries exactly, so every amount the
 * service stores is emitted unchanged.
 */
export const MAX_AMOUNT = new Big('1e11');

export function amountInRange(v: Big | number): boolean {
  return new Big(v).abs().lt(MAX_AMOUNT);
}

/** Parse an ISO-8601 datetime, accepting the spec's `+0000` offset form, `Z` and `+hh:mm`. */
export function parseDateTime(s: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s.trim());
  if (!m) return null;
  if (!isValidDate(m[1] as string)) return null;
  if (m[2] === undefined) return Date.parse(`${m[1]}T00:00:00Z`);
  const [hh, mi, ss] = [Number(m[2]), Number(m[3]), Number(m[4] ?? '0')];
  if (hh > 23 || mi > 59 || ss > 59) return null;
  const frac = (m[5] ?? '.0').slice(1, 4).padEnd(3, '0');
  let zone = m[6] ?? 'Z';
  if (zone !== 'Z' && !zone.includes(':')) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${String(ss).padStart(2, '0')}.${frac}${zone}`);
  return Number.isNaN(ms) ? null : ms;
}

/** Convert literal text (from q or a finder) to the field's type. */
export function typedLiteral(type: FieldType, text: string): Typed | null {
  switch (type) {
    case 'number':
    case 'integer': {
      const s = text.trim();
      if (!NUMBER_RE.test(s) || s.length > 60) return null;
      try {
        const v = new Big(s);
        if (type === 'integer' && !v.eq(v.round(0, Big.roundDown))) return null;
        return { t: 'num', v };
      } catch {
        return null;
      }
    }
    case 'date':
      return isValidDate(text.trim()) ? { t: 'date', v: text.trim() } : null;
    case 'datetime': {
      const ms = parseDateTime(text);
      return ms === null ? null : { t: 'time', v: ms };
    }
    case 'boolean': {
      const s = text.trim().toLowerCase();
      return s === 'true' ? { t: 'bool', v: true } : s === 'false' ? { t: 'bool', v: false } : null;
    }
    case 'string':
      return { t: 'str', v: text };
    default:
      return null;
  }
}

/** A row value converted like a literal of the field's type; null for null/absent/unconvertible. */
export function typedValue(type: FieldType, value: unknown): Typed | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'number':
    case 'integer':
      if (typeof value === 'number') return Number.isFinite(value) ? { t: 'num', v: new Big(value) } : null;
      if (typeof value === 'string') return typedLiteral(type, value);
      return null;
    case 'date':
      return typeof value === 'string' ? { t: 'date', v: value.slice(0, 10) } : null;
    case 'datetime': {
      if (typeof value !== 'string') return null;
      const ms = parseDateTime(value);
      return ms === null ? null : { t: 'time', v: ms };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { t: 'bool', v: value } : null;
    case 'string':
      return { t: 'str', v: String(value) };
    default:
      return null;
  }
}

/** -1/0/1 comparison of two typed values of the same kind. */
export function compareTyped(a: Typed, b: Typed): number {
  switch (a.t) {
    case 'num':
      return a.v.cmp((b as { v: Big }).v);
    case 'time': {
      const bv = (b as { v: number }).v;
      return a.v < bv ? -1 : a.v > bv ? 1 : 0;
    }
    case 'bool': {
      const bv = (b as { v: boolean }).v;
      return a.v === bv ? 0 : a.v ? 1 : -1;
    }
    default: {
      const bv = (b as { v: string }).v;
      return a.v < bv ? -1 : a.v > bv ? 1 : 0;
    }
  }
}

/**
 * A fast sort key for a stored value: numbers as JS numbers (amounts have at most 4 decimals and ids
 * at most 16 digits, so float order equals decimal order), datetimes as epoch ms, others as strings.
 */
export function sortKey(f: FieldDef, value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  switch (f.type) {
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'datetime':
      return typeof value === 'string' ? parseDateTime(value) : null;
    case 'boolean':
      return value === true ? 1 : 0;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** Emit a stored value as JSON: decimal strings of number fields become JSON numbers. */
export function outputValue(f: FieldDef, value: unknown): unknown {
  if (value === undefined) return null;
  if ((f.type === 'number' || f.type === 'integer') && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

