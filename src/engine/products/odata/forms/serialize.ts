/** Rows to JSON: every property, metadata order, null where empty (spec 001 § What the service does 5). */
import type { Row } from '../../../core/types.ts';
import type { FormDef, PropertyDef } from './types.ts';

/** One stored value as JSON: decimals become numbers built from their decimal strings. */
export function valueOut(p: PropertyDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (p.type) {
    case 'Edm.Decimal':
    case 'Edm.Int64':
      return typeof v === 'number' ? v : Number(v);
    default:
      return v;
  }
}

/**
 * Serialize a row: every property of the form in metadata order (or only `select`, still in
 * metadata order). Bookkeeping fields (`_…`) and subform arrays are never included here.
 */
export function serializeRow(form: FormDef, row: Row, select?: ReadonlySet<string> | readonly string[] | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const only = select ? (select instanceof Set ? select : new Set(select as readonly string[])) : null;
  for (const p of form.properties) {
    if (only && !only.has(p.name)) continue;
    out[p.name] = valueOut(p, row[p.name]);
  }
  return out;
}
