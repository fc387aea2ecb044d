/** Small builders so the form tables read like the spec's property lists: S(n), D(pNsM), Int64, DTO. */
import type { EdmType, FormDef, PropertyDef } from './types.ts';

/**
 * Flags, as the spec writes them: key; ro (read-only); create (ro but accepted on create);
 * fv (form-validated); au (auto-unique); mand (mandatory on create); date (date-only DTO).
 */
export type Flag = 'key' | 'ro' | 'create' | 'fv' | 'au' | 'mand' | 'date';

function prop(name: string, type: EdmType, title: string, flags: readonly Flag[], extra: Partial<PropertyDef>): PropertyDef {
  const has = (f: Flag) => flags.includes(f);
  return {
    name,
    type,
    title,
    key: has('key'),
    readOnly: has('ro') || has('create'),
    acceptedOnCreate: has('create'),
    formValidated: has('fv'),
    autoUnique: has('au'),
    mandatory: has('mand'),
    ...(type === 'Edm.DateTimeOffset' ? { dateType: has('date') ? 'date' : 'datetime' } : {}),
    ...extra,
  } as PropertyDef;
}

/** String of max length n. */
export const S = (name: string, n: number, title: string, ...flags: Flag[]): PropertyDef =>
  prop(name, 'Edm.String', title, flags, { maxLength: n });

/** Decimal with precision p and scale s. */
export const D = (name: string, p: number, s: number, title: string, ...flags: Flag[]): PropertyDef =>
  prop(name, 'Edm.Decimal', title, flags, { precision: p, scale: s });

export const I = (name: string, title: string, ...flags: Flag[]): PropertyDef => prop(name, 'Edm.Int64', title, flags, {});

/** DateTimeOffset. */
export const T = (name: string, title: string, ...flags: Flag[]): PropertyDef =>
  prop(name, 'Edm.DateTimeOffset', title, flags, {});

export function form(def: {
  name: string;
  title: string;
  properties: PropertyDef[];
  keys: string[];
  subforms?: string[];
  parent?: string;
  readOnlyForm?: boolean;
}): FormDef {
  const byName = new Map(def.properties.map((p) => [p.name, p]));
  if (byName.size !== def.properties.length) throw new Error(`duplicate property in ${def.name}`);
  for (const k of def.keys) if (!byName.get(k)?.key) throw new Error(`${def.name}: key ${k} not flagged`);
  return {
    name: def.name,
    title: def.title,
    properties: def.properties,
    keys: def.keys,
    subforms: def.subforms ?? [],
    parent: def.parent ?? null,
    readOnlyForm: def.readOnlyForm ?? false,
    byName,
  };
}
