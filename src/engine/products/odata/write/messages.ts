/**
 * Message texts of the write side (spec 001 § Write rules, Errors). Quoted starts come verbatim
 * from the spec; completions follow the emulated product's OData library wording. Form refusals
 * are in the instance language (English); the InterfaceErrors builder adds the "Line N- " counter.
 */
export const ENTITY_NAMESPACE = 'Priority.OData';

export const WRITE_MSG = {
  // Body checks (rule 1).
  startArray: "An unexpected 'StartArray' node was found when reading from the JSON reader. A 'StartObject' node was expected.",
  bodyEmpty: 'request body is empty',
  unsupportedMime: (contentType: string) =>
    `A supported MIME type could not be found that matches the content type of the request. None of the supported type(s) 'application/json' matches the content type '${contentType}'.`,
  // Deserialization (rule 2).
  unknownProperty: (name: string, form: string) =>
    `The property '${name}' does not exist on type '${ENTITY_NAMESPACE}.${form}'. Make sure to only use property names that are defined by the type or mark the type as open type.`,
  cannotConvert: (edmType: string) => `Cannot convert a primitive value to the expected type '${edmType}'. See the inner exception for more details.`,
  cannotConvertLiteral: (literal: string, edmType: string) => `Cannot convert the literal '${literal}' to the expected type '${edmType}'.`,
  expectedArray: (node: string, name: string) =>
    `An unexpected '${node}' node was found when reading from the JSON reader. A 'StartArray' node was expected for the navigation property '${name}'.`,
  expectedObject: (node: string) => `An unexpected '${node}' node was found when reading from the JSON reader. A 'StartObject' node was expected.`,
  deepUpdate: (name: string) =>
    `The navigation property '${name}' cannot be written in a PATCH request; write its rows at the entity's ${name} path.`,
  // Conflicts.
  keyExists: (form: string, key: string) => `A record with the key '${key}' already exists in ${form}.`,
  // Form refusals (InterfaceErrors, rules 4-6).
  missingRequired: (title: string) => `A value must be specified in the required column ${title}.`,
  notInTable: (title: string, value: string, table: string) => `The value '${value}' in column ${title} does not exist in the ${table} table.`,
  wholeQuantity: (unit: string) => `The quantity of a line in unit '${unit}' must be a whole number.`,
  // DELETE refusals by row state (spec 001 § Errors: four different messages).
  deleteNamedCustomer: 'A customer cannot be deleted from this form. To remove a customer from the ledger, run the Delete Customers from Ledger program.',
  deleteTemporaryCustomer: 'A temporary customer cannot be deleted from this form. Run the Delete Temporary Customers program.',
  deleteDraftInvoice: 'A draft invoice cannot be deleted from this form. Run the Delete Temporary Invoices program.',
  deleteFinalInvoice: 'This invoice is finalized and cannot be deleted. Use the Cancel Invoice program to reverse it.',
} as const;
