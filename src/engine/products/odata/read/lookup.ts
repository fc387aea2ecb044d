/**
 * Value indexes for equality filters: per form and property, the rows holding each text value,
 * kept current on writes. A row is filed under its value as `$filter` compares strings (`scalarOf`
 * of the string family); rows with no value match no equality and are not filed.
 */
import { indexed } from '../../../core/indexed.ts';
import type { DataView, Row } from '../../../core/types.ts';
import type { FilterLookup } from '../query/filter.ts';
import { scalarOf } from '../query/values.ts';

const valueOf = (row: Row, prop: string): string | null => scalarOf('string', row[prop]) as string | null;

function valueIndex(data: DataView, kind: string, prop: string): Map<string, Row[]> {
  return indexed<Map<string, Row[]>>(data, `odata:eq:${kind}:${prop}`, kind, {
    build(rows) {
      const m = new Map<string, Row[]>();
      for (const row of rows) {
        const v = valueOf(row, prop);
        if (v === null) continue;
        const b = m.get(v);
        if (b) b.push(row);
        else m.set(v, [row]);
      }
      return m;
    },
    // Buckets are replaced, never changed in place (a reader may still hold one).
    update(m, { before, after }) {
      const b = before ? valueOf(before, prop) : null;
      if (b !== null) {
        const left = (m.get(b) ?? []).filter((r) => r !== before);
        if (left.length) m.set(b, left);
        else m.delete(b);
      }
      const a = after ? valueOf(after, prop) : null;
      if (a !== null) m.set(a, [...(m.get(a) ?? []), after as Row]);
    },
  });
}

/** Rows of `kind` that may satisfy the lookup (each once; order is the caller's to set). */
export function lookupRows(data: DataView, kind: string, lookup: FilterLookup): Row[] {
  const index = valueIndex(data, kind, lookup.prop);
  const out: Row[] = [];
  for (const v of new Set(lookup.values)) for (const r of index.get(v) ?? []) out.push(r);
  return out;
}
