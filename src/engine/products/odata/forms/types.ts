/**
 * Form definitions as data. One FormDef per form and subform drives $metadata, GetMetadataFor,
 * the service document, serialization, query validation, write coercion and the UI catalog.
 */

export type EdmType = 'Edm.String' | 'Edm.Decimal' | 'Edm.Int64' | 'Edm.DateTimeOffset';

export interface PropertyDef {
  name: string;
  type: EdmType;
  /** Edm.String only: column width in characters (UTF-16 units). */
  maxLength?: number;
  /** Edm.Decimal only. Scale is enforced on write, precision is not (spec 001 § Limits). */
  precision?: number;
  scale?: number;
  /** Part of the entity key (see FormDef.keys for the key-definition order). */
  key: boolean;
  /** Flagged read-only in $metadata (Org.OData.Core.V1.Permissions = Read). */
  readOnly: boolean;
  /** Read-only but accepted in a create body (CUSTOMERS.CUSTNAME, AINVOICES.CUSTNAME). */
  acceptedOnCreate: boolean;
  /** Checked by the form against a lookup (spec 001 write rule 4: AINVOICES.REFERENCE, CUSTOMERS.STATDES). */
  formValidated: boolean;
  /** Server-numbered unique column (Priority.OData.AutoUnique). */
  autoUnique: boolean;
  /** Required on create (Priority.OData.Mandatory). */
  mandatory: boolean;
  /** Edm.DateTimeOffset only: whether the column holds a date or a date and time (Priority.OData.DateType). */
  dateType?: 'date' | 'datetime';
  /** Localized (English) title, the Priority.OData.Description annotation. */
  title: string;
}

export interface FormDef {
  /** Internal uppercase name: entity set / navigation property / entity type name. */
  name: string;
  title: string;
  /** Every property in metadata order. */
  properties: readonly PropertyDef[];
  /** Key property names in key-definition order (canonical key text follows this order). */
  keys: readonly string[];
  /** Subform names, in metadata order of the navigation properties. */
  subforms: readonly string[];
  /** Parent form name for a subform; null for a top-level form (an entity set). */
  parent: string | null;
  /** Read-only forms answer every write verb with the API-permission refusal (spec 001 § What the service does 3). */
  readOnlyForm: boolean;
  /** Property lookup by exact (case-sensitive) name. */
  byName: ReadonlyMap<string, PropertyDef>;
}
