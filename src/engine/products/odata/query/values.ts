/** Typed access to stored values for comparisons and sorting. */
import { Big } from '../../../core/money.ts';
import type { PropertyDef } from '../forms/index.ts';

export type Family = 'string' | 'number' | 'date' | 'boolean';

export function familyOf(p: PropertyDef): Family {
  switch (p.type) {
    case 'Edm.String':
      return 'string';
    case 'Edm.DateTimeOffset':
      return 'date';
    default:
      return 'number';
  }
}

/** A comparable scalar: strings as text, numbers as decimal text or number, dates as epoch ms. */
export type Scalar = string | number | boolean;

/** Normalize a stored value of `family` to a comparable scalar (null when empty or unreadable). */
export function scalarOf(family: Family, v: unknown): Scalar | null {
  if (v === null || v === undefined) return null;
  switch (family) {
    case 'date': {
      const ms = typeof v === 'number' ? v : Date.parse(String(v));
      return Number.isFinite(ms) ? ms : null;
    }
    case 'number':
      return typeof v === 'number' || typeof v === 'string' ? v : null;
    case 'string':
      return typeof v === 'string' ? v : String(v);
    default:
      return typeof v === 'boolean' ? v : null;
  }
}

function compareNumbers(a: string | number, b: string | number): number {
  const na = Number(a);
  const nb = Number(b);
  if (na !== nb) return na < nb ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return 0;
  // Equal as floats: decide exactly with decimals (values beyond float precision).
  try {
    return new Big(a).cmp(new Big(b));
  } catch {
    return 0;
  }
}

/** Compare two non-null scalars of one family. */
export function compareScalars(family: Family, a: Scalar, b: Scalar): number {
  if (family === 'number') return compareNumbers(a as string | number, b as string | number);
  if (family === 'date') return (a as number) - (b as number);
  if (family === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const sa = a as string;
  const sb = b as string;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** ISO-8601 date or date-time literal; no offset means UTC. Null when not a real instant. */
export const ISO_LITERAL = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,12})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

export function parseInstant(text: string): number | null {
  if (!ISO_LITERAL.test(text)) return null;
  let t = text;
  if (!t.includes('T') && !t.includes('t')) t += 'T00:00:00Z';
  else if (!/(Z|[+-]\d{2}:\d{2})$/i.test(t)) t += 'Z';
  const ms = Date.parse(t.toUpperCase());
  if (!Number.isFinite(ms)) return null;
  // Reject impossible calendar dates that Date.parse would roll over (2024-02-30).
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return ms;
}
