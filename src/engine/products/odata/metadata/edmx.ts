/**
 * EDMX documents built from the form definitions (spec 001 § Root and metadata; real-product
 * facts): edmx:Edmx 4.0, Schema Priority.OData, EntityContainer DefaultContainer, subforms as
 * ContainsTarget Collection navigation properties, titles as Priority.OData.Description, declared
 * terms AutoUnique/Description/DateType/Mandatory, Core.V1.Permissions Read on read-only columns.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { ENTITY_SETS, FORMS, subformsOf, type FormDef, type PropertyDef } from '../forms/index.ts';

export const NS = 'Priority.OData';
const CORE = 'Org.OData.Core.V1';

type XmlNode = Record<string, unknown>;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

function annotation(term: string, attrs: Record<string, string>): XmlNode {
  const out: XmlNode = { '@_Term': term };
  for (const [k, v] of Object.entries(attrs)) out[`@_${k}`] = v;
  return out;
}

function property(p: PropertyDef): XmlNode {
  const node: XmlNode = { '@_Name': p.name, '@_Type': p.type };
  if (p.maxLength !== undefined) node['@_MaxLength'] = String(p.maxLength);
  if (p.precision !== undefined) node['@_Precision'] = String(p.precision);
  if (p.scale !== undefined) node['@_Scale'] = String(p.scale);
  if (p.key) node['@_Nullable'] = 'false';
  const ann: XmlNode[] = [annotation(`${NS}.Description`, { String: p.title })];
  if (p.readOnly) ann.push(annotation(`${CORE}.Permissions`, { EnumMember: `${CORE}.Permission/Read` }));
  if (p.autoUnique) ann.push(annotation(`${NS}.AutoUnique`, { Bool: 'true' }));
  if (p.mandatory) ann.push(annotation(`${NS}.Mandatory`, { Bool: 'true' }));
  if (p.dateType) ann.push(annotation(`${NS}.DateType`, { String: p.dateType }));
  node.Annotation = ann;
  return node;
}

function entityType(form: FormDef): XmlNode {
  const node: XmlNode = {
    '@_Name': form.name,
    Key: { PropertyRef: form.keys.map((k) => ({ '@_Name': k })) },
    Property: form.properties.map(property),
  };
  const subs = subformsOf(form);
  if (subs.length) {
    node.NavigationProperty = subs.map((s) => ({
      '@_Name': s.name,
      '@_Type': `Collection(${NS}.${s.name})`,
      '@_ContainsTarget': 'true',
      Annotation: [annotation(`${NS}.Description`, { String: s.title })],
    }));
  }
  node.Annotation = [annotation(`${NS}.Description`, { String: form.title })];
  return node;
}

const TERMS: XmlNode[] = [
  { '@_Name': 'AutoUnique', '@_Type': 'Edm.Boolean', '@_AppliesTo': 'Property' },
  { '@_Name': 'Description', '@_Type': 'Edm.String', '@_AppliesTo': 'EntityType Property NavigationProperty' },
  { '@_Name': 'DateType', '@_Type': 'Edm.String', '@_AppliesTo': 'Property' },
  { '@_Name': 'Mandatory', '@_Type': 'Edm.Boolean', '@_AppliesTo': 'Property' },
];

const STRING_FUNCTIONS = ['GetProductVersion', 'GetODataVersion', 'GetBinVersion', 'GetLoginName'] as const;

function functions(): { fns: XmlNode[]; imports: XmlNode[]; complex: XmlNode[] } {
  const fns: XmlNode[] = [
    {
      '@_Name': 'GetMetadataFor',
      Parameter: [{ '@_Name': 'entity', '@_Type': 'Edm.String', '@_Nullable': 'false' }],
      ReturnType: { '@_Type': 'Edm.String' },
    },
    ...STRING_FUNCTIONS.map((name) => ({ '@_Name': name, ReturnType: { '@_Type': 'Edm.String' } })),
    { '@_Name': 'GetTenantDetails', ReturnType: { '@_Type': `${NS}.TenantDetails` } },
  ];
  const imports = fns.map((f) => ({ '@_Name': f['@_Name'], '@_Function': `${NS}.${String(f['@_Name'])}` }));
  const complex: XmlNode[] = [
    {
      '@_Name': 'TenantDetails',
      Property: [
        { '@_Name': 'tenantID', '@_Type': 'Edm.String' },
        { '@_Name': 'hosting', '@_Type': 'Edm.Boolean' },
      ],
    },
  ];
  return { fns, imports, complex };
}

function document(types: readonly FormDef[], sets: readonly FormDef[], withFunctions: boolean): string {
  const f = functions();
  const container: XmlNode = {
    '@_Name': 'DefaultContainer',
    EntitySet: sets.map((s) => ({ '@_Name': s.name, '@_EntityType': `${NS}.${s.name}` })),
  };
  if (withFunctions) container.FunctionImport = f.imports;
  const schema: XmlNode = {
    '@_Namespace': NS,
    '@_xmlns': 'http://docs.oasis-open.org/odata/ns/edm',
    Term: TERMS,
    EntityType: types.map(entityType),
  };
  if (withFunctions) {
    schema.ComplexType = f.complex;
    schema.Function = f.fns;
  }
  schema.EntityContainer = container;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'edmx:Edmx': {
      '@_Version': '4.0',
      '@_xmlns:edmx': 'http://docs.oasis-open.org/odata/ns/edmx',
      'edmx:Reference': {
        '@_Uri': 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml',
        'edmx:Include': { '@_Namespace': CORE, '@_Alias': 'Core' },
      },
      'edmx:DataServices': { Schema: schema },
    },
  };
  return builder.build(doc) as string;
}

let full: string | null = null;

/** The service's complete $metadata document (built once: the definitions are constant). */
export function metadataDocument(): string {
  full ??= document(FORMS, ENTITY_SETS, true);
  return full;
}

/**
 * GetMetadataFor(entity='<FORM>'): a complete EDMX document for one form, holding its entity type,
 * the types of its subforms (the navigation targets) and its entity set.
 */
export function metadataFor(form: FormDef): string {
  const types = [form, ...subformsOf(form)];
  return document(types, form.parent ? [] : [form], false);
}
