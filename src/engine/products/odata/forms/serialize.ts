/** Rows to JSON: every property, metadata order, null where empty (spec 001 § What the service does 5). */
import type { Row } from '../../../core/types.ts';
import type { FormDef, PropertyDef } from './types.ts';

const DECIMAL = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/;

/**
 * JSON number text of a stored decimal, exact (no float round trip): "0012.50" -> 12.5,
 * "-0.00" -> 0. Values beyond 15 significant digits keep every digit.
 */
export function decimalText(v: string | number): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  const m = DECIMAL.exec(v.trim());
  if (!m) {
    const n = Number(v);
    return Number.isFinite(n) ? String(n) : 'null';
  }
  const [, sign, int, frac] = m as unknown as [string, string, string, string | undefined];
  const text = frac ? `${int}.${frac}` : int;
  return text === '0' ? '0' : `${sign}${text}`;
}

/** JSON text of one stored value. */
export function valueJson(p: PropertyDef, v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (p.type === 'Edm.Decimal' || p.type === 'Edm.Int64') {
    return typeof v === 'number' || typeof v === 'string' ? decimalText(v) : 'null';
  }
  return JSON.stringify(v);
}

/**
 * JSON text of a row: every property in metadata order (or only `select`), decimals emitted
 * exactly from their decimal strings. The same shape as JSON.stringify(serializeRow(...)).
 */
export function rowJsonText(form: FormDef, row: Row, select?: ReadonlySet<string> | null): string {
  let out = '{';
  let first = true;
  for (const p of form.properties) {
    if (select && !select.has(p.name)) continue;
    out += `${first ? '' : ','}"${p.name}":${valueJson(p, row[p.name])}`;
    first = false;
  }
  return `${out}}`;
}

const rowTexts = new WeakMap<Row, string>();

/**
 * JSON text of a whole row (every property), memoized per stored row object. Stored rows are
 * never mutated (a write replaces the object), so the text stays valid for the object's lifetime.
 */
export function rowJson(form: FormDef, row: Row): string {
  let text = rowTexts.get(row);
  if (text === undefined) {
    text = rowJsonText(form, row);
    rowTexts.set(row, text);
  }
  return text;
}
