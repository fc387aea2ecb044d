/**
 * Every message text of the read side, in one place. Quoted parts come verbatim from spec 001;
 * where the spec quotes only the start, the completion follows the emulated product's OData
 * library wording (see errors/catalog.ts for what each means).
 */
export const MSG = {
  entityNotFound: 'The specified entity was not found',
  recordNotFound: 'A record with the specified key was not found',
  netprestNoData: (form: string) => `netprest return no data for ${form}`,
  incompatibleTypes: (left: string, right: string, op: string) =>
    `A binary operator with incompatible types was detected. Found operand types '${left}' and '${right}' for operator kind '${op}'.`,
  functionNotSupported: (name: string) => `Function "${name}" is not supported`,
  mismatchedParenthesis: 'Invalid query options: parse error. Mismatched parenthesis.',
  syntaxError: (pos: number, text: string) => `Syntax error at position ${pos} in '${text}'.`,
  unterminatedString: (pos: number, text: string) => `There is an unterminated string literal at position ${pos} in '${text}'.`,
  unknownProperty: (name: string, type: string) => `Could not find a property named '${name}' on type '${type}'.`,
  navigationInFilter: (name: string) =>
    `The navigation property '${name}' cannot be used as an operand in $filter; only properties of the entity type can be compared.`,
  navigationInSelect: (name: string) =>
    `The navigation property '${name}' cannot be used in $select; navigation properties are requested with $expand.`,
  navigationInOrderby: (name: string) => `The navigation property '${name}' cannot be used in $orderby.`,
  invalidTopSkip: (option: '$top' | '$skip', value: string) =>
    `Invalid value '${value}' for ${option} query option found. The ${option} query option requires a non-negative integer value.`,
  notNavigation: (name: string, type: string) =>
    `Property '${name}' on type '${type}' is not a navigation property or complex property. Only navigation properties can be expanded.`,
  nestedExpand: (name: string) => `Nested $expand is not supported: the $expand option inside '${name}' cannot be used.`,
  readOnlyForm: (form: string) =>
    `API permission denied: form ${form} is read-only for the API; POST, PATCH, PUT and DELETE are not allowed.`,
} as const;
