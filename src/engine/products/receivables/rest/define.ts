/** Builders so resource definitions read like the spec's field tables. */
import { ALL_COLLECTION_PARAMS, ALL_ITEM_PARAMS, type ActionDef, type FieldDef, type FieldType, type FinderDef, type ParamName, type ResourceDef } from './types.ts';
import { FW, REST_CODES } from './errors.ts';
import type { RelatedRef } from '../../../core/types.ts';

const ITEM_TYPES = ['application/json', 'application/vnd.oracle.adf.resourceitem+json'];

/** The framework's standard operations as /describe lists them (real-product facts § /describe). */
export const ACTION = {
  getCollection: { name: 'get', method: 'GET', responseType: ['application/json', 'application/vnd.oracle.adf.resourcecollection+json'] },
  getItem: { name: 'get', method: 'GET', responseType: ITEM_TYPES },
  create: { name: 'create', method: 'POST', requestType: ITEM_TYPES, responseType: ITEM_TYPES },
  update: { name: 'update', method: 'PATCH', requestType: ITEM_TYPES, responseType: ITEM_TYPES },
  delete: { name: 'delete', method: 'DELETE' },
} as const satisfies Record<string, ActionDef>;

/** Field flags: key, req (required on create), ro (read-only), q (queryable), upd (PATCH-able), derived. */
export type FieldFlag = 'key' | 'req' | 'ro' | 'q' | 'upd' | 'derived';

export function field(
  name: string,
  type: FieldType,
  flags: readonly FieldFlag[] = [],
  extra: Partial<Omit<FieldDef, 'name' | 'type'>> = {},
): FieldDef {
  const has = (f: FieldFlag) => flags.includes(f);
  return {
    name,
    type,
    title: extra.title ?? titleOf(name),
    ...(type === 'integer' ? { scale: 0 } : {}),
    ...extra,
    key: has('key') || extra.key === true,
    requiredOnCreate: has('req') || extra.requiredOnCreate === true,
    readOnly: has('ro') || has('key') || extra.readOnly === true,
    queryable: has('q') || extra.queryable === true,
    updatable: has('upd') || extra.updatable === true,
    derived: has('derived') || extra.derived === true,
  };
}

/** Shorthands: str(name, maxLength?, ...flags), num/amount/int/date/dt/bool. */
export const str = (name: string, maxLength: number | undefined, ...flags: FieldFlag[]): FieldDef =>
  field(name, 'string', flags, maxLength === undefined ? {} : { maxLength });
/** A number (ids, quantities): up to 18 digits shown in describe. */
export const num = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'number', flags, { precision: 18 });
/** An amount: JSON number with at most 4 decimals in requests. */
export const amount = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'number', flags, { precision: 18, scale: 4 });
export const int = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'integer', flags, { precision: 18 });
export const date = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'date', flags);
export const datetime = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'datetime', flags);
export const bool = (name: string, ...flags: FieldFlag[]): FieldDef => field(name, 'boolean', flags);

/** The same field, leading the UI's data browser to related records (see RelatedRef). */
export const relatedTo = (f: FieldDef, related: RelatedRef): FieldDef => ({ ...f, related });

/** "InvoiceBalanceAmount" -> "Invoice Balance Amount". */
export function titleOf(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

export interface ResourceInit {
  name: string;
  title: string;
  titlePlural?: string;
  api?: 'fscm' | 'crm';
  kind: string;
  where?: ResourceDef['where'];
  parentField?: string;
  rowsOf?: ResourceDef['rowsOf'];
  key: string;
  pathKey?: string;
  fields: FieldDef[];
  children?: Record<string, ResourceDef>;
  defaultOrderBy?: string;
  finders?: FinderDef[];
  refusedFinders?: string[];
  params?: { collection?: readonly ParamName[]; item?: readonly ParamName[] };
  unimplementedParamCode?: { collection?: string; item?: string };
  notFound?: { code: string; status?: number };
  badKeyCode?: string;
  queryableNote?: string;
  collectionActions?: ActionDef[];
  itemActions?: ActionDef[];
}

/** Check and complete a resource definition (throws at load time on inconsistent tables). */
export function defineResource(init: ResourceInit): ResourceDef {
  const byName = new Map(init.fields.map((f) => [f.name, f]));
  if (byName.size !== init.fields.length) throw new Error(`${init.name}: duplicate field`);
  const keyField = byName.get(init.key);
  if (!keyField) throw new Error(`${init.name}: key ${init.key} is not a field`);
  if (init.pathKey && !byName.has(init.pathKey)) throw new Error(`${init.name}: pathKey ${init.pathKey} is not a field`);
  // Without a prototype: a child accessor named like a built-in (`toString`, `__proto__`) is no child.
  const children: Record<string, ResourceDef> = Object.assign(Object.create(null) as Record<string, ResourceDef>, init.children);
  for (const [accessor, child] of Object.entries(children)) {
    if (!child.parentField) throw new Error(`${init.name}: child ${accessor} has no parentField`);
  }
  const defaultOrderBy = init.defaultOrderBy ?? `${init.key}:asc`;
  for (const part of defaultOrderBy.split(',')) {
    const f = byName.get(part.split(':')[0] ?? '');
    if (!f || f.derived) throw new Error(`${init.name}: default orderBy ${part} is not sortable`);
  }
  return {
    name: init.name,
    title: init.title,
    titlePlural: init.titlePlural ?? init.title,
    api: init.api ?? 'fscm',
    kind: init.kind,
    where: init.where,
    parentField: init.parentField,
    rowsOf: init.rowsOf,
    key: init.key,
    pathKey: init.pathKey,
    fields: init.fields,
    children,
    defaultOrderBy,
    finders: init.finders ?? [],
    refusedFinders: init.refusedFinders ?? [],
    params: {
      collection: init.params?.collection ?? ALL_COLLECTION_PARAMS,
      item: init.params?.item ?? ALL_ITEM_PARAMS,
    },
    unimplementedParamCode: {
      collection: init.unimplementedParamCode?.collection ?? REST_CODES.BAD_PARAM,
      item: init.unimplementedParamCode?.item ?? REST_CODES.ITEM_PARAM,
    },
    notFound: init.notFound ?? { code: FW.NO_SUCH_ITEM },
    badKeyCode: init.badKeyCode ?? REST_CODES.BAD_PARAM,
    queryableNote: init.queryableNote,
    collectionActions: init.collectionActions ?? [ACTION.getCollection],
    itemActions: init.itemActions ?? [ACTION.getItem],
    byName,
  };
}

/**
 * The child resource behind an accessor name a client sent, compared as data: only the
 * definition's own accessors count, never a property every object inherits.
 */
export function childOf(def: ResourceDef, accessor: string): ResourceDef | undefined {
  return Object.hasOwn(def.children, accessor) ? def.children[accessor] : undefined;
}

/** The field used in item paths (pathKey or key). */
export function pathKeyField(def: ResourceDef): FieldDef {
  return def.byName.get(def.pathKey ?? def.key) as FieldDef;
}
