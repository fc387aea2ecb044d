/**
 * Coercion of JSON values into stored column values (spec 001 write rule 6): Int rounds half
 * toward +infinity; Decimal rounds to its scale half away from zero (precision not enforced);
 * strings truncate at max length in UTF-16 units without leaving an orphaned surrogate, except
 * keys, which are stored as given;
 * DateTimeOffset parses ISO-8601. A JSON value of the wrong type is the 'Cannot convert' envelope
 * with an innererror (rule 2). null is kept (an explicit null clears a column).
 */
import { Big, roundHalfUp } from '../../../core/money.ts';
import { ODataError } from '../errors/envelope.ts';
import type { PropertyDef } from '../forms/index.ts';
import { WRITE_MSG } from './messages.ts';

function literalOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

export function cannotConvert(p: PropertyDef, raw: unknown): ODataError {
  return new ODataError(400, WRITE_MSG.cannotConvert(p.type), p.name, {
    message: WRITE_MSG.cannotConvertLiteral(literalOf(raw), p.type),
    type: 'Microsoft.OData.ODataException',
    stacktrace: '',
  });
}

/** Int64: half toward +infinity (2.5 -> 3, -2.5 -> -2). */
export function roundInt(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** Truncate to `max` UTF-16 units, dropping a high surrogate the cut would orphan. */
export function truncateUtf16(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

const DTO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Parse an ISO-8601 DateTimeOffset; null when it is not one. Date-only columns keep the date as written. */
export function parseDateTimeOffset(text: string, dateOnly: boolean): string | null {
  const m = DTO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  const date = `${y}-${mo}-${d}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(m[6] ?? 0) > 59)) return null;
  if (h !== undefined && m[8] === undefined) return null; // a time needs an offset
  if (dateOnly || h === undefined) return `${date}T00:00:00Z`;
  const ms = Date.parse(`${date}T${h}:${mi}:${m[6] ?? '00'}${m[7] ? `.${m[7].slice(0, 3)}` : ''}${m[8]}`);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** Coerce one JSON value for property `p`; throws the Cannot-convert envelope on a wrong type. */
export function coerceValue(p: PropertyDef, raw: unknown): unknown {
  if (raw === null) return null;
  switch (p.type) {
    case 'Edm.String':
      if (typeof raw !== 'string') throw cannotConvert(p, raw);
      // Keys are stored as given (rule 6): truncating one would store a record under another key.
      return p.maxLength && !p.key ? truncateUtf16(raw, p.maxLength) : raw;
    case 'Edm.Int64':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw cannotConvert(p, raw);
      return roundInt(raw);
    case 'Edm.Decimal': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw cannotConvert(p, raw);
      const scale = p.scale ?? 0;
      return roundHalfUp(new Big(raw), scale).toFixed(scale);
    }
    case 'Edm.DateTimeOffset': {
      if (typeof raw !== 'string') throw cannotConvert(p, raw);
      const v = parseDateTimeOffset(raw, p.dateType === 'date');
      if (v === null) throw cannotConvert(p, raw);
      return v;
    }
  }
}
