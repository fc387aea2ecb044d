/**
 * EDMX documents built from the form definitions (spec 001 § Root and metadata; real-product
 * facts): edmx:Edmx 4.0, Schema Priority.OData, EntityContainer DefaultContainer, subforms as
 * ContainsTarget Collection navigation properties, titles as Priority.OData.Description, declared
 * terms AutoUnique/Description/DateType/Mandatory, Core.V1.Permissions Read on read-only columns.
 */
import { el, xmlDocument, type XmlItem } from '../../../core/xml-tree.ts';
import { ENTITY_SETS, FORMS, subformsOf, type FormDef, type PropertyDef } from '../forms/index.ts';

export const NS = 'Priority.OData';
const CORE = 'Org.OData.Core.V1';

const annotation = (term: string, attrs: Record<string, string>): XmlItem => el('Annotation', { Term: term, ...attrs });
const description = (title: string): XmlItem => annotation(`${NS}.Description`, { String: title });

function property(p: PropertyDef): XmlItem {
  const annotations = [description(p.title)];
  if (p.readOnly) annotations.push(annotation(`${CORE}.Permissions`, { EnumMember: `${CORE}.Permission/Read` }));
  if (p.autoUnique) annotations.push(annotation(`${NS}.AutoUnique`, { Bool: 'true' }));
  if (p.mandatory) annotations.push(annotation(`${NS}.Mandatory`, { Bool: 'true' }));
  if (p.dateType) annotations.push(annotation(`${NS}.DateType`, { String: p.dateType }));
  const attrs = { Name: p.name, Type: p.type, MaxLength: p.maxLength, Precision: p.precision, Scale: p.scale, Nullable: p.key ? 'false' : undefined };
  return el('Property', attrs, annotations);
}

function entityType(form: FormDef): XmlItem {
  return el('EntityType', { Name: form.name }, [
    el('Key', undefined, form.keys.map((k) => el('PropertyRef', { Name: k }))),
    ...form.properties.map(property),
    ...subformsOf(form).map((s) =>
      el('NavigationProperty', { Name: s.name, Type: `Collection(${NS}.${s.name})`, ContainsTarget: 'true' }, [description(s.title)]),
    ),
    description(form.title),
  ]);
}

const TERMS: XmlItem[] = [
  el('Term', { Name: 'AutoUnique', Type: 'Edm.Boolean', AppliesTo: 'Property' }),
  el('Term', { Name: 'Description', Type: 'Edm.String', AppliesTo: 'EntityType Property NavigationProperty' }),
  el('Term', { Name: 'DateType', Type: 'Edm.String', AppliesTo: 'Property' }),
  el('Term', { Name: 'Mandatory', Type: 'Edm.Boolean', AppliesTo: 'Property' }),
];

const STRING_FUNCTIONS = ['GetProductVersion', 'GetODataVersion', 'GetBinVersion', 'GetLoginName'] as const;
const FUNCTION_NAMES = ['GetMetadataFor', ...STRING_FUNCTIONS, 'GetTenantDetails'];

const FUNCTIONS: XmlItem[] = [
  el('Function', { Name: 'GetMetadataFor' }, [
    el('Parameter', { Name: 'entity', Type: 'Edm.String', Nullable: 'false' }),
    el('ReturnType', { Type: 'Edm.String' }),
  ]),
  ...STRING_FUNCTIONS.map((name) => el('Function', { Name: name }, [el('ReturnType', { Type: 'Edm.String' })])),
  el('Function', { Name: 'GetTenantDetails' }, [el('ReturnType', { Type: `${NS}.TenantDetails` })]),
];

const TENANT_DETAILS = el('ComplexType', { Name: 'TenantDetails' }, [
  el('Property', { Name: 'tenantID', Type: 'Edm.String' }),
  el('Property', { Name: 'hosting', Type: 'Edm.Boolean' }),
]);

function document(types: readonly FormDef[], sets: readonly FormDef[], withFunctions: boolean): string {
  const container = el('EntityContainer', { Name: 'DefaultContainer' }, [
    ...sets.map((s) => el('EntitySet', { Name: s.name, EntityType: `${NS}.${s.name}` })),
    ...(withFunctions ? FUNCTION_NAMES.map((name) => el('FunctionImport', { Name: name, Function: `${NS}.${name}` })) : []),
  ]);
  const schema = el('Schema', { Namespace: NS, xmlns: 'http://docs.oasis-open.org/odata/ns/edm' }, [
    ...TERMS,
    ...types.map(entityType),
    ...(withFunctions ? [TENANT_DETAILS, ...FUNCTIONS] : []),
    container,
  ]);
  return xmlDocument(
    el('edmx:Edmx', { Version: '4.0', 'xmlns:edmx': 'http://docs.oasis-open.org/odata/ns/edmx' }, [
      el('edmx:Reference', { Uri: 'https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml' }, [
        el('edmx:Include', { Namespace: CORE, Alias: 'Core' }),
      ]),
      el('edmx:DataServices', undefined, [schema]),
    ]),
    { encoding: 'utf-8', indent: true },
  );
}

let full: string | null = null;

/** The service's complete $metadata document (built once: the definitions are constant). */
export function metadataDocument(): string {
  full ??= document(FORMS, ENTITY_SETS, true);
  return full;
}

const perForm = new Map<FormDef, string>();

/**
 * GetMetadataFor(entity='<FORM>'): a complete EDMX document for one form, holding its entity type,
 * the types of its subforms (the navigation targets) and its entity set.
 */
export function metadataFor(form: FormDef): string {
  let doc = perForm.get(form);
  if (doc === undefined) {
    doc = document([form, ...subformsOf(form)], form.parent ? [] : [form], false);
    perForm.set(form, doc);
  }
  return doc;
}

