/**
 * How form rows are stored (agreed between the OData read side and the write side; keep stable).
 *
 * - A form's rows: records of kind = form name (e.g. `CUSTOMERS`), id = canonical key text:
 *   single key -> the value as text; composite -> the values in key-definition order
 *   (FormDef.keys) joined by KEY_SEP (`\u0001`).
 * - A subform's rows: kind = `<PARENTFORM>/<SUBFORM>` (childKind), id = `<parentId>` PARENT_SEP
 *   (`\u0002`) `<childKeyText>` (childRowId), and each row has `_parent` = parent id.
 * - Rows hold property values by property name: Edm.Decimal as decimal strings, Edm.Int64 as
 *   numbers, Edm.String as strings, Edm.DateTimeOffset as ISO strings; absent = null (or missing).
 * - Bookkeeping fields start with `_` and are never serialized: `_changedAt` = ISO instant of the
 *   last create/update/line write (drives $since), `_parent` on subform rows.
 * - Stored row objects are never mutated: a write puts a new object (`{ ...current, ... }`).
 *   Sorted indexes and the memoized row JSON (serialize.ts rowJson) rely on it.
 * - ACCOUNTS_RECEIVABLE rows are stored like any form (kind ACCOUNTS_RECEIVABLE, id = ACCNAME);
 *   whoever writes documents or customers keeps them (and their `_changedAt`) in step.
 */
import type { DataView, Row } from '../../../core/types.ts';
import type { FormDef, PropertyDef } from './types.ts';

export const KEY_SEP = '\u0001';
export const PARENT_SEP = '\u0002';
export const CHANGED_AT = '_changedAt';
export const PARENT_FIELD = '_parent';

/** Text of one key value as it is stored in ids (numbers in their JSON form). */
export function keyPartText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** Canonical key text of `values` (a row or parsed key) for `form`, in key-definition order. */
export function rowId(form: FormDef, values: Readonly<Record<string, unknown>>): string {
  return form.keys.map((k) => keyPartText(values[k])).join(KEY_SEP);
}

/** Record kind of a subform's rows: `<PARENTFORM>/<SUBFORM>`. */
export function childKind(parentName: string, subformName: string): string {
  return `${parentName}/${subformName}`;
}

/** Record kind of any form definition (top-level or subform). */
export function kindOf(form: FormDef): string {
  return form.parent ? childKind(form.parent, form.name) : form.name;
}

/** Record id of a subform row: `<parentId>\u0002<childKeyText>`. */
export function childRowId(parentId: string, child: FormDef, values: Readonly<Record<string, unknown>>): string {
  return `${parentId}${PARENT_SEP}${rowId(child, values)}`;
}

function compareKeyValues(p: PropertyDef | undefined, a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (p && (p.type === 'Edm.Int64' || p.type === 'Edm.Decimal')) return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Orders rows by the form's key (spec 001 write rule 7: subform reads are ordered by key). */
export function compareByKey(form: FormDef, a: Row, b: Row): number {
  for (const k of form.keys) {
    const c = compareKeyValues(form.byName.get(k), a[k], b[k]);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Rows of subform `child` under the parent row `parentId`, ordered by key. Backed by a grouping
 * index cached until the subform's rows change.
 */
export function childRows(data: DataView, child: FormDef, parentId: string): readonly Row[] {
  if (!child.parent) throw new Error(`${child.name} is not a subform`);
  const kind = kindOf(child);
  const groups = data.derived(`odata:children:${kind}`, [kind], () => {
    const map = new Map<string, Row[]>();
    for (const row of data.list(kind)) {
      const pid = String(row[PARENT_FIELD] ?? '');
      let list = map.get(pid);
      if (!list) map.set(pid, (list = []));
      list.push(row);
    }
    for (const list of map.values()) list.sort((a, b) => compareByKey(child, a, b));
    return map;
  });
  return groups.get(parentId) ?? [];
}

