/**
 * The InvoiceService's names as data (spec 000 § SOAP invoice service; real-product-facts § SOAP
 * InvoiceService): path, namespaces, the createSimpleInvoice elements in their real order with the
 * REST attribute each maps to (null: a real element the simulator does not support, refused by
 * name). The WSDL, the request mapping and the fault translation all read these tables.
 */
export const SERVICE_PATH = '/fscmService/InvoiceService';
export const SERVICE_NS = 'http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/';
export const TYPES_NS = `${SERVICE_NS}types/`;
export const OPERATION = 'createSimpleInvoice';
export const SOAP_ACTION = `${SERVICE_NS}${OPERATION}`;
/** Most InvoiceLine elements one createSimpleInvoice may hold (spec 000 § Limits shows no maximum; issue 26). */
export const MAX_INVOICE_LINES = 500;

export const SOAP12_ENV_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const TOKEN_PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';
export const PASSWORD_TEXT = `${TOKEN_PROFILE}#PasswordText`;
export const PASSWORD_DIGEST = `${TOKEN_PROFILE}#PasswordDigest`;

/** Value types of the simple elements (xsd types in the WSDL). */
export type SoapValueType = 'string' | 'date' | 'decimal' | 'integer';

export interface SoapElement {
  name: string;
  /** The REST invoice (or invoice line) attribute it maps to; null when the simulator does not support it. */
  rest: string | null;
  type: SoapValueType;
  /** An attribute the element carries (Quantity@unitCode, UnitSellingPrice@currencyCode). */
  attribute?: 'unitCode' | 'currencyCode';
}

const el = (name: string, rest: string | null, type: SoapValueType = 'string', attribute?: SoapElement['attribute']): SoapElement =>
  attribute ? { name, rest, type, attribute } : { name, rest, type };

/** InvoiceLine children, in the real order. */
export const LINE_ELEMENTS: readonly SoapElement[] = [
  el('LineNumber', 'LineNumber', 'integer'),
  el('ItemNumber', null),
  el('MemoLineName', null),
  el('Description', 'Description'),
  el('Quantity', 'Quantity', 'decimal', 'unitCode'),
  el('UnitSellingPrice', 'UnitSellingPrice', 'decimal', 'currencyCode'),
  el('TaxClassificationCode', null),
  el('SalesOrder', null),
  el('SalesOrderLine', null),
];

/** invoiceHeaderInformation children before the repeated InvoiceLine, in the real order. */
export const HEADER_ELEMENTS: readonly SoapElement[] = [
  el('BusinessUnit', 'BusinessUnit'),
  el('TransactionSource', 'TransactionSource'),
  el('TransactionType', 'TransactionType'),
  el('TrxDate', 'TransactionDate', 'date'),
  el('GlDate', null, 'date'),
  el('BillToCustomerName', 'BillToCustomerName'),
  el('BillToAccountNumber', 'BillToCustomerNumber'),
  el('BillToLocation', 'BillToSite'),
  el('PaymentTermsName', 'PaymentTerms'),
  el('InvoiceCurrencyCode', 'InvoiceCurrencyCode'),
  el('ConversionRateType', null),
  el('ConversionRate', null, 'decimal'),
];

export const LINE_ELEMENT = 'InvoiceLine';
export const REST_LINES = 'receivablesInvoiceLines';

/** The one unit of measure the simulator prices in (Quantity@unitCode); other units are refused by name. */
export const UNIT_EACH = 'Ea';

/** ServiceStatus values of a result (documented in docs/reference/receivables.md § SOAP). */
export const SERVICE_STATUS = { success: 'SUCCESS', error: 'ERROR' } as const;
