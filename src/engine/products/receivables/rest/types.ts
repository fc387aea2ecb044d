/**
 * Resource definitions: the spec's field tables as data. One definition drives validation of request
 * bodies, serialization, `q`/`orderBy` checks, `/describe` and the UI catalog.
 */
import type { Context } from 'hono';
import type { DataView, ProductBindings, RelatedRef, Row } from '../../../core/types.ts';

export type RestContext = Context<ProductBindings>;

export type FieldType = 'string' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean' | 'array' | 'object';

/** What a field accessor sees when a row is read. */
export interface ReadContext {
  /** Read by the day (its UTC date) only: an answer made from it holds until the next day begins. */
  now: Date;
  data: DataView;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  title: string;
  /** Maximum string length (string fields). */
  maxLength?: number;
  /** Total digits shown by /describe for numbers (e.g. 18). */
  precision?: number;
  /** Maximum decimals a request may send (amounts: 4). Integers are always 0. */
  scale?: number;
  /** Required in a create body. */
  requiredOnCreate?: boolean;
  /** Never client-writable (sending it is refused). */
  readOnly?: boolean;
  /** May appear in `q`. */
  queryable?: boolean;
  /** PATCH-able. */
  updatable?: boolean;
  /** Computed on read (e.g. from the clock): can filter, cannot be an orderBy key. */
  derived?: boolean;
  /** Primary key of the resource. */
  key?: boolean;
  /** Output value; default `row[name]`. Decimal strings of number fields are emitted as JSON numbers. */
  value?: (row: Row, rc: ReadContext) => unknown;
  /** Records this value leads to, for the UI's data browser (not part of the emulated API). */
  related?: RelatedRef;
  /** Allowed values (documented in /describe; validated by parseBody when given). */
  values?: readonly string[];
  /**
   * A name that `q` resolves to identifiers before filtering (receipts' CustomerName, CustomerSite,
   * BusinessUnit; spec 000 § Common query parameters): the condition is tested against the names
   * of `kind`, and a row matches when its `rowField` holds the id of a matching name. Such
   * attributes cannot be combined with OR.
   */
  resolvedBy?: NameResolution;
  /** Accept any string or number as sent (the spec's "laxly accepted" attributes); no type check. */
  lax?: boolean;
}

export interface NameResolution {
  kind: string;
  nameField: string;
  idField: string;
  rowField: string;
}

export type ParamName =
  | 'q'
  | 'fields'
  | 'limit'
  | 'offset'
  | 'orderBy'
  | 'totalResults'
  | 'onlyData'
  | 'links'
  | 'expand'
  | 'finder';

export const ALL_COLLECTION_PARAMS: readonly ParamName[] = [
  'q', 'fields', 'limit', 'offset', 'orderBy', 'totalResults', 'onlyData', 'links', 'expand', 'finder',
];
export const ALL_ITEM_PARAMS: readonly ParamName[] = ['fields', 'onlyData', 'links', 'expand'];

/** A named finder: `finder=<name>;<var>=<value>[,<var>=<value>]`. */
export interface FinderDef {
  name: string;
  /** Variables the finder accepts, with their types (values are checked like q literals). */
  variables: { name: string; type: FieldType; title?: string }[];
  /** Variables refused by name even though the real product lists them. */
  refusedVariables?: string[];
  /**
   * Turn bound variables into a row predicate, or into the candidate rows (small sets, sorted per request).
   * May throw RestError.
   */
  resolve(vars: Record<string, string>, c: RestContext): FinderResult;
}

/**
 * `rows`: the candidate rows of a top-level collection (sorted per request; keep it small). Ignored
 * for child collections, where `filter` (always applied when given) does the work.
 */
export interface FinderResult {
  rows?: readonly Row[];
  filter?: (row: Row) => boolean;
}

export interface ActionDef {
  name: string;
  method: string;
  /** Shown in describe. */
  requestType?: string[];
  responseType?: string[];
}

export interface ResourceDef {
  /** Accessor / path name, e.g. `receivablesInvoices`. */
  name: string;
  title: string;
  titlePlural: string;
  /** Which REST root it lives under. */
  api: 'fscm' | 'crm';
  /** Record kind holding the rows (one record per row, id = String(key value)). */
  kind: string;
  /** Keep only rows of `kind` that belong to this resource (e.g. invoices, not credit memos). */
  where?: (row: Row) => boolean;
  /** Child resources: the row field holding the parent's key value. */
  parentField?: string;
  /**
   * Child resources: direct lookup of a parent's child rows (e.g. through ids kept on the parent),
   * instead of the grouped index over the whole kind (which is rebuilt after every write to it).
   */
  rowsOf?: (parent: Row, data: DataView) => readonly Row[];
  /** Primary key field name (the path segment of an item, unless pathKey says otherwise). */
  key: string;
  /** Field whose value keys the item path when it differs from the primary key (contacts: PartyNumber). */
  pathKey?: string;
  fields: FieldDef[];
  /** Child accessors (name -> child resource). */
  children: Record<string, ResourceDef>;
  /** Default orderBy, e.g. `CustomerTransactionId:desc`. The key is always the final tie-breaker. */
  defaultOrderBy: string;
  /** Extra finders (PrimaryKey is always present). */
  finders: FinderDef[];
  /** Finder names the real product has but the simulator refuses by name. */
  refusedFinders: string[];
  /** Query parameters implemented per operation; others are refused by name. */
  params: { collection: readonly ParamName[]; item: readonly ParamName[] };
  /** Error code for a query parameter an operation does not implement. */
  unimplementedParamCode: { collection: string; item: string };
  /** Item-not-found answer. */
  notFound: { code: string; status?: number };
  /** A path key that is not of the key's type (e.g. non-numeric id). */
  badKeyCode: string;
  /** Appended to the message when a non-queryable attribute is used in q (why it is not queryable). */
  queryableNote?: string;
  /** Collection/item actions listed by describe (create, update, delete, custom actions). */
  collectionActions: ActionDef[];
  itemActions: ActionDef[];
  /** Derived lookup: field name -> def (filled by defineResource). */
  byName: ReadonlyMap<string, FieldDef>;
}
