/**
 * Row ordering for reads: $orderby with nulls first ascending and last descending, ties broken by
 * key; without $orderby, key order. Orders of a whole entity set are cached as sorted indexes
 * (`data.derived`) until the form's rows change, so a page is a walk over a prepared index.
 */
import type { DataView, Row } from '../../../core/types.ts';
import { kindOf, type FormDef } from '../forms/index.ts';
import type { OrderItem } from '../query/orderby.ts';
import { compareScalars, familyOf, scalarOf, type Family } from '../query/values.ts';

interface Column {
  name: string;
  family: Family;
  desc: boolean;
}

/** Sort key of one value: text for strings, a float for numbers and dates (exact text kept beside). */
function sortKey(family: Family, v: unknown): string | number | null {
  const s = scalarOf(family, v);
  if (s === null) return null;
  if (family === 'number') return Number(s);
  return typeof s === 'boolean' ? Number(s) : s;
}

/**
 * Sort `rows` (a new array) by `order`, then by key (the whole order when `order` is null or
 * empty). Rows are decorated with their sort keys once, so the comparator only touches
 * primitives; numbers equal as floats are decided exactly from their decimal text.
 */
export function sortRows(form: FormDef, rows: readonly Row[], order: readonly OrderItem[] | null): Row[] {
  const cols: Column[] = [
    ...(order ?? []).map((o) => ({ name: o.prop.name, family: familyOf(o.prop), desc: o.desc })),
    ...form.keys
      .filter((k) => !order?.some((o) => o.prop.name === k)) // a key already ordered on decides nothing more
      .map((k) => ({ name: k, family: familyOf(form.byName.get(k) as OrderItem['prop']), desc: false })),
  ];
  const n = cols.length;
  const dec = rows.map((row) => {
    const k: (string | number | null)[] = new Array(n);
    for (let i = 0; i < n; i++) k[i] = sortKey((cols[i] as Column).family, row[(cols[i] as Column).name]);
    return { row, k };
  });
  dec.sort((a, b) => {
    for (let i = 0; i < n; i++) {
      const x = a.k[i] as string | number | null;
      const y = b.k[i] as string | number | null;
      let c = 0;
      if (x === y) {
        const col = cols[i] as Column;
        if (x === null || col.family !== 'number') continue;
        const rx = scalarOf('number', a.row[col.name]);
        const ry = scalarOf('number', b.row[col.name]);
        if (rx === ry || rx === null || ry === null) continue;
        c = compareScalars('number', rx, ry);
      } else if (x === null) c = -1;
      else if (y === null) c = 1;
      else c = x < y ? -1 : 1;
      if (c !== 0) return (cols[i] as Column).desc ? -c : c;
    }
    return 0;
  });
  return dec.map((d) => d.row);
}

/** All rows of a top-level form in the requested order, from a cached sorted index. */
export function sortedRows(data: DataView, form: FormDef, order: readonly OrderItem[] | null): readonly Row[] {
  const kind = kindOf(form);
  const spec = order && order.length ? order.map((o) => `${o.prop.name} ${o.desc ? 'desc' : 'asc'}`).join(',') : '(key)';
  return data.derived(`odata:sorted:${kind}:${spec}`, [kind], () => sortRows(form, data.list(kind), order));
}

/** Walk `rows` in order, keeping those matching `keep`, skipping `skip`, stopping at `top`. */
export function pageOf(rows: readonly Row[], keep: ((r: Row) => boolean) | null, skip: number | null, top: number | null): Row[] {
  const out: Row[] = [];
  let toSkip = skip ?? 0;
  const limit = top ?? Infinity;
  for (const row of rows) {
    if (keep && !keep(row)) continue;
    if (toSkip > 0) {
      toSkip--;
      continue;
    }
    out.push(row);
    if (out.length >= limit) break;
  }
  return out;
}
