/** Write responses: full entities with their context, Location headers with percent-encoded quotes. */
import { jsonText } from '../../../core/http.ts';
import type { EnvContext, Row } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';
import { rowJsonText, type FormDef } from '../forms/index.ts';

/** Absolute OData root of the environment. */
export function odataRoot(env: EnvContext): string {
  return `${env.baseUrl}${ODATA_ROOT}`;
}

/** Key predicate of a row in canonical order: `('C1')`, `(IVNUM='T1',DEBIT='D',IVTYPE='A')`, `(3)`. */
export function predicate(form: FormDef, row: Row, encode: boolean): string {
  const lit = (name: string): string => {
    const v = row[name];
    if (typeof v === 'number') return String(v);
    const text = `'${String(v ?? '').replace(/'/g, "''")}'`;
    return encode ? encodeLiteral(text) : text;
  };
  if (form.keys.length === 1) return `(${lit(form.keys[0] as string)})`;
  return `(${form.keys.map((k) => `${k}=${lit(k)}`).join(',')})`;
}

/** Percent-encode a quoted key literal for a URL: quotes become %27, unreserved characters stay. */
function encodeLiteral(text: string): string {
  let out = '';
  for (const ch of text) out += /^[A-Za-z0-9\-._~]$/.test(ch) ? ch : ch === "'" ? '%27' : encodeURIComponent(ch);
  return out;
}

/** Path of an entity (relative to the root): `/CUSTOMERS('C1')` or `/AINVOICES(...)/AINVOICEITEMS_SUBFORM(3)`. */
export function entityPath(form: FormDef, row: Row, parent: { form: FormDef; row: Row } | null, encode: boolean): string {
  const own = `${form.name}${predicate(form, row, encode)}`;
  return parent ? `/${parent.form.name}${predicate(parent.form, parent.row, encode)}/${own}` : `/${own}`;
}

/** The @odata.context of a single entity. */
export function entityContext(env: EnvContext, form: FormDef, parent: { form: FormDef; row: Row } | null): string {
  const path = parent ? `${parent.form.name}${predicate(parent.form, parent.row, false)}/${form.name}` : form.name;
  return `${odataRoot(env)}/$metadata#${path}/$entity`;
}

export interface EntityBody {
  form: FormDef;
  row: Row;
  parent?: { form: FormDef; row: Row } | null;
  /** Nested rows to include (create responses), by subform. */
  children?: { form: FormDef; rows: readonly Row[] }[];
}

/** JSON text of a written entity, serialized exactly as reads serialize it (decimals from their strings). */
function entityJson(env: EnvContext, e: EntityBody): string {
  const parts = [`"@odata.context":${JSON.stringify(entityContext(env, e.form, e.parent ?? null))}`, rowJsonText(e.form, e.row).slice(1, -1)];
  for (const child of e.children ?? []) {
    const context = `${odataRoot(env)}/$metadata#${e.form.name}${predicate(e.form, e.row, false)}/${child.form.name}`;
    parts.push(`"${child.form.name}@odata.context":${JSON.stringify(context)}`, `"${child.form.name}":[${child.rows.map((r) => rowJsonText(child.form, r)).join(',')}]`);
  }
  return `{${parts.join(',')}}`;
}

/** 201 with the full entity and a Location header (quotes percent-encoded). */
export function created(env: EnvContext, e: EntityBody): Response {
  const location = `${odataRoot(env)}${entityPath(e.form, e.row, e.parent ?? null, true)}`;
  return jsonText(entityJson(env, e), 201, { location });
}

/** 200 with the full entity. */
export function updated(env: EnvContext, e: EntityBody): Response {
  return jsonText(entityJson(env, e), 200);
}
