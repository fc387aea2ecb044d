/**
 * Every record kind of the OData book and the shape of its rows, derived from the form tables
 * (storage.ts says how rows are kept): properties by their EDM type (Edm.Decimal as decimal
 * strings, Edm.Int64 as whole numbers, Edm.DateTimeOffset as ISO strings), any of them absent or
 * null but the keys; the `_` bookkeeping fields; ids as the engine files rows (canonical key text,
 * subform rows under their parent's id, which must exist). A snapshot import checks every record
 * against them (Product.recordKinds; issue 26).
 */
import { bool, dec, int, str, ts, type FieldSpec, type KindSchema } from '../../../core/record-schema.ts';
import type { Row } from '../../../core/types.ts';
import { COUNTER_START, SEQ_KIND } from '../book/counters.ts';
import { TEMPORARY } from '../book/flags.ts';
import { FORMS, formByName } from './registry.ts';
import { CHANGED_AT, childRowId, kindOf, PARENT_FIELD, rowId } from './storage.ts';
import type { FormDef, PropertyDef } from './types.ts';

function propertySpec(p: PropertyDef): FieldSpec {
  const spec = p.type === 'Edm.String' ? str(p.maxLength) : p.type === 'Edm.Decimal' ? dec() : p.type === 'Edm.Int64' ? int() : ts();
  // A key identifies the row: present and not null; any other column may be left out.
  return p.key ? spec : spec.orNull().optional();
}

function formKind(form: FormDef): KindSchema {
  const fields: Record<string, FieldSpec> = { [CHANGED_AT]: ts().optional() };
  for (const p of form.properties) fields[p.name] = propertySpec(p);
  if (form.name === 'CUSTOMERS') fields[TEMPORARY] = bool().optional();
  const parent = form.parent ? formByName(form.parent) : undefined;
  if (parent) fields[PARENT_FIELD] = str().ref(kindOf(parent));
  return {
    fields,
    idOf: (row: Row) => (parent ? childRowId(String(row[PARENT_FIELD]), form, row) : rowId(form, row)),
  };
}

export const ODATA_RECORD_KINDS: Readonly<Record<string, KindSchema>> = {
  ...Object.fromEntries(FORMS.map((f) => [kindOf(f), formKind(f)])),
  // Counters: one row per name, the next value a positive whole number.
  [SEQ_KIND]: { ids: Object.keys(COUNTER_START), fields: { next: int().where((v) => ((v as number) >= 1 ? null : 'must be 1 or more')) } },
};
