/**
 * `/<resource>/describe`: runtime metadata generated from the same definitions (spec 000 § Read-only
 * resources table, describe row; shape per real-product-facts /describe).
 */
import type { Row } from '../../../core/types.ts';
import { primaryKeyFinder } from './params.ts';
import { collectionHref } from './links.ts';
import type { FieldDef, ResourceDef, RestContext } from './types.ts';

function allowChanges(f: FieldDef): 'always' | 'inCreate' | 'never' {
  if (f.readOnly) return 'never';
  return f.updatable ? 'always' : 'inCreate';
}

export function describeAttribute(f: FieldDef): Row {
  const a: Row = {
    name: f.name,
    type: f.type,
    updatable: !f.readOnly && f.updatable === true,
    mandatory: f.requiredOnCreate === true,
    queryable: f.queryable === true,
    allowChanges: allowChanges(f),
    title: f.title,
  };
  if (f.precision !== undefined) a.precision = f.precision;
  if (f.maxLength !== undefined) a.maxLength = String(f.maxLength);
  if (f.values) a.values = [...f.values];
  return a;
}

function describeResource(def: ResourceDef, href: string): Row {
  const children: Row = {};
  for (const [accessor, child] of Object.entries(def.children)) {
    children[accessor] = describeResource(child, `${href}/{id}/child/${accessor}`);
  }
  return {
    title: def.title,
    titlePlural: def.titlePlural,
    attributes: def.fields.filter((f) => !(f.type === 'array' && def.children[f.name])).map(describeAttribute),
    collection: {
      rangeSize: 25,
      finders: [primaryKeyFinder(def), ...def.finders].map((fd) => ({
        name: fd.name,
        attributes: fd.variables.map((v) => ({ name: v.name, type: v.type, updatable: true, mandatory: fd.name === 'PrimaryKey', queryable: false })),
      })),
      links: [{ rel: 'self', href, name: def.name, kind: 'collection' }],
      actions: def.collectionActions,
    },
    item: {
      links: [
        { rel: 'self', href: `${href}/{id}`, name: def.name, kind: 'item' },
        { rel: 'canonical', href: `${href}/{id}`, name: def.name, kind: 'item' },
        ...Object.keys(def.children).map((accessor) => ({ rel: 'child', href: `${href}/{id}/child/${accessor}`, name: accessor, kind: 'collection' })),
      ],
      actions: def.itemActions,
    },
    children,
  };
}

export function describeBody(c: RestContext, def: ResourceDef): Row {
  const href = collectionHref(c, def);
  return {
    Resources: { [def.name]: describeResource(def, href) },
    links: [{ rel: 'self', href: `${href}/describe`, name: 'describe', kind: 'describe' }],
  };
}
