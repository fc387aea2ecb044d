/**
 * A write body checked against a form definition, as the OData layer does before the form sees it
 * (spec 001 write rule 2): unknown properties and wrong JSON types are refused for the whole body
 * (nested rows included) before any form logic runs. Instance annotations (`@…` keys) are ignored.
 */
import { ODataError } from '../errors/envelope.ts';
import { subformOf, type FormDef } from '../forms/index.ts';
import { coerceValue } from './coerce.ts';
import { WRITE_MSG } from './messages.ts';

export interface Payload {
  form: FormDef;
  /** Coerced values of the properties present, by name (read-only ones included; the form decides). */
  values: Map<string, unknown>;
  /** Nested rows by subform name (creates only). */
  children: Map<string, Payload[]>;
  /** True when the body named no property and no subform. */
  empty: boolean;
}

function nodeName(v: unknown): string {
  if (Array.isArray(v)) return 'StartArray';
  if (v !== null && typeof v === 'object') return 'StartObject';
  return 'PrimitiveValue';
}

export function readPayload(form: FormDef, body: Record<string, unknown>, mode: 'create' | 'update'): Payload {
  const values = new Map<string, unknown>();
  const children = new Map<string, Payload[]>();
  let named = 0;
  for (const [name, raw] of Object.entries(body)) {
    if (name.includes('@')) continue; // instance or property annotation
    named++;
    const child = subformOf(form, name);
    if (child) {
      if (mode === 'update') throw new ODataError(400, WRITE_MSG.deepUpdate(name), name);
      if (!Array.isArray(raw)) throw new ODataError(400, WRITE_MSG.expectedArray(nodeName(raw), name), name);
      children.set(
        name,
        raw.map((item) => {
          if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new ODataError(400, WRITE_MSG.expectedObject(nodeName(item)), name);
          return readPayload(child, item as Record<string, unknown>, 'create');
        }),
      );
      continue;
    }
    const p = form.byName.get(name);
    if (!p) throw new ODataError(400, WRITE_MSG.unknownProperty(name, form.name), name);
    values.set(name, coerceValue(p, raw));
  }
  return { form, values, children, empty: named === 0 };
}

/** The value given for a property, treating '' and null as absent (keys, lookups). */
export function nonEmpty(payload: Payload, name: string): string | null {
  const v = payload.values.get(name);
  return typeof v === 'string' && v !== '' ? v : null;
}
