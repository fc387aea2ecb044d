/**
 * Every error code and refusal of spec 000 as data: the Errors table, the token endpoint errors,
 * SOAP faults, the 404/405/409 behaviours, and the framework's own codes where the spec names none.
 * `reproduce` is a request that triggers the entry on a freshly seeded environment (paths relative
 * to the environment base). Invoice-specific reproductions come from invoices/catalog.ts and are
 * merged by receivablesErrors().
 */
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { CRM_BASE, FSCM_BASE } from '../rest/links.ts';
import { FW } from '../rest/errors.ts';
import { SOAP_ERROR_ENTRIES } from '../soap/examples.ts';

/** A contact and a contact point of the seeded book (first account's first contact). */
export const SEEDED_CONTACT_NUMBER = '300100';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_CT = { 'content-type': 'application/json' };

function req(id: string, title: string, method: string, path: string, expectStatus: number, more: Partial<ExampleRequest> = {}): ExampleRequest {
  return { id: `err-${id}`, group: 'Errors', title, method, path, auth: 'bearer', expectStatus, ...more };
}

type Entry = Omit<ErrorEntry, 'reproduce'> & { reproduce?: ExampleRequest };

export const ERROR_ENTRIES: Entry[] = [
  // ---- spec 000 § Errors table ----------------------------------------------------------------
  { code: 'AR-1000', status: 400, title: 'Missing required attributes', meaning: 'Invoice create without one or more of BusinessUnit, TransactionType, TransactionSource, BillToCustomerNumber, InvoiceCurrencyCode; each is listed in o:errorDetails with its o:errorPath.', spec: '000 Errors table; Invoices Create rule 1' },
  { code: 'AR-1001', status: 400, title: 'Invoice without lines', meaning: 'Invoice create with no receivablesInvoiceLines.', spec: '000 Errors table; Invoices Create rule 1' },
  { code: 'AR-1010', status: 400, title: 'Unknown customer', meaning: 'BillToCustomerNumber names no customer account.', spec: '000 Errors table; Invoices Create rule 2' },
  { code: 'AR-1020', status: 400, title: 'Attribute not updatable', meaning: 'Invoice PATCH with an attribute other than InvoiceStatus, PaymentTerms, TransactionDate (named in the message).', spec: '000 Errors table; Invoices PATCH rule 1' },
  { code: 'AR-1030', status: 400, title: 'Currency or amount invalid', meaning: 'Undefined or disabled currency, or a line whose non-zero amount rounds to zero at the currency precision.', spec: '000 Errors table; Invoices Create rule 2' },
  { code: 'AR-1031', status: 400, title: 'Bill-to contact invalid', meaning: 'BillToContact names no active contact of the bill-to customer.', spec: '000 Errors table; Invoice table BillToContact' },
  { code: 'AR-1040', status: 400, title: 'Installment omitted', meaning: 'splitInstallments payload omits an existing installment.', spec: '000 Errors table; splitInstallments rule 2' },
  { code: 'AR-2010', status: 409, title: 'Invoice not Complete', meaning: 'splitInstallments on an invoice that is not Complete.', spec: '000 Errors table; splitInstallments rule 1' },
  { code: 'AR-2012', status: 409, title: 'Installment settled', meaning: 'An installment set below what settled it, or a closed-by-settlement installment changed (named in the message).', spec: '000 Errors table; splitInstallments rule 5' },
  { code: 'AR-7041', status: 404, title: 'Invoice not found', meaning: 'The invoice (or parent invoice) does not exist in this environment.', spec: '000 Errors table' },
  { code: 'AR-7043', status: 404, title: 'Line not on invoice', meaning: 'The invoice line does not belong to the invoice.', spec: '000 Errors table' },
  { code: 'AR_TRX_DELETE_NOT_ALLOWED', status: 400, title: 'Invoice has applications', meaning: 'DELETE of an invoice that has receipt applications (a simulator restriction; unapply first).', spec: '000 Errors table; Invoices DELETE rule' },
  { code: 'AR_RCP_DUP_NUM', status: 400, title: 'Duplicate receipt', meaning: 'A receipt with the same number, date, amount and customer exists.', spec: '000 Errors table; Receipt rule 1' },
  { code: 'AR_INVAL_RECEIPT_MTH_ID', status: 400, title: 'Receipt method not configured', meaning: 'ReceiptMethod names no configured receipt method.', spec: '000 Errors table; Receipt rule 1' },
  { code: 'REST-01002', status: 400, title: 'Invalid path id or parameter', meaning: 'A non-numeric CustomerTransactionId, or a query parameter the collection or child does not implement (named in the message).', spec: '000 Errors table; Common query parameters', reproduce: req('rest-01002', 'Non-numeric invoice id', 'GET', `${FSCM_BASE}/receivablesInvoices/abc`, 400) },
  { code: 'REST-01003', status: 400, title: 'Parameter not implemented / invoice missing', meaning: 'An unimplemented parameter on an invoice line item read (400); DELETE of a missing invoice (404).', spec: '000 Errors table; Invoices DELETE rule' },
  { code: 'REST-01007', status: 400, title: 'Invalid JSON', meaning: 'The request body is not valid JSON.', spec: '000 Errors table; Invoices Create rule 4', reproduce: req('rest-01007', 'Invalid JSON body', 'POST', `${FSCM_BASE}/receivablesInvoices`, 400, { headers: JSON_CT, body: '{"BusinessUnit": ' }) },
  { code: 'REST-01400', status: 400, title: 'Non-numeric id', meaning: 'A non-numeric receipt, remittance reference or contact point id in the path.', spec: '000 Errors table; Contacts table', reproduce: req('rest-01400', 'Non-numeric contact point id', 'GET', `${CRM_BASE}/contacts/${SEEDED_CONTACT_NUMBER}/child/ContactPoint/abc`, 400) },
  { code: 'REST-01401', status: 401, title: 'Not authenticated', meaning: 'Missing, invalid, expired or revoked bearer token, or a token of another environment.', spec: '000 Errors table; Authentication 3', reproduce: req('rest-01401', 'Request without a token', 'GET', `${CRM_BASE}/contacts`, 401, { auth: 'none' }) },
  { code: 'REST-01404', status: 404, title: 'Contact not found', meaning: 'No contact with that PartyNumber (a PartyId in the path also gives this), or no such contact point.', spec: '000 Errors table; Contacts table', reproduce: req('rest-01404', 'Unknown contact', 'GET', `${CRM_BASE}/contacts/999999999`, 404) },
  { code: 'FND_SECURITY_INSUFFICIENT_PRIVILEGE', status: 403, title: 'Missing receipt privilege', meaning: 'The client lacks AR_CREATE_RECEIVABLES_RECEIPT_PRIV or AR_MANAGE_RECEIVABLES_RECEIPT_PRIV for a receipt operation.', spec: '000 Errors table; Authentication 5' },

  // ---- token endpoint (spec 000 § Authentication 2) --------------------------------------------
  { code: 'invalid_request', status: 400, title: 'Token request incomplete', meaning: 'grant_type, client_id, client_secret or scope missing (also: not form-encoded, repeated parameter). Answered 405 with the same code for a method other than POST.', spec: '000 Authentication 2', reproduce: req('invalid-request', 'Token request without scope', 'POST', '/oauth/token', 400, { auth: 'none', headers: FORM, body: 'grant_type=client_credentials&client_id=x&client_secret=y' }) },
  { code: 'invalid_scope', status: 400, title: 'Scope not granted', meaning: 'A scope other than urn:opc:resource:consumer::all, or that scope combined with another.', spec: '000 Authentication 2; Token endpoint', reproduce: req('invalid-scope', 'The consumer scope combined with openid', 'POST', '/oauth/token', 400, { auth: 'none', headers: FORM, body: 'grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall%20openid&client_id={clientId}&client_secret={clientSecret}' }) },
  { code: 'invalid_client', status: 401, title: 'Client authentication failed', meaning: 'Unknown client, wrong secret, revoked client, or a client of another environment: one code and one message for all four.', spec: '000 Authentication 2', reproduce: req('invalid-client', 'Unknown client', 'POST', '/oauth/token', 401, { auth: 'none', headers: FORM, body: 'grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=nobody&client_secret=wrong' }) },
  { code: 'unsupported_grant_type', status: 400, title: 'Grant type not supported', meaning: 'grant_type other than client_credentials (RFC 6749 § 5.2; the spec is silent).', spec: '000 Authentication 1 (client credentials only)', reproduce: req('unsupported-grant', 'Password grant', 'POST', '/oauth/token', 400, { auth: 'none', headers: FORM, body: 'grant_type=password&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=x&client_secret=y' }) },

  // ---- SOAP faults (spec 000 § Errors, Other behaviours; Authentication 4): soap/examples.ts ------
  ...SOAP_ERROR_ENTRIES,

  // ---- behaviours without a spec code: the framework's codes -----------------------------------
  { code: FW.NO_SUCH_RESOURCE, status: 404, title: 'No such resource', meaning: 'A resource path that does not exist: unknown resources and actions (including action/complete and applyReceipt), contacts under fscmRestApi, unknown child accessors.', spec: '000 Errors, Other behaviours; Support matrix', reproduce: req('no-resource', 'Contacts under fscmRestApi', 'GET', `${FSCM_BASE}/contacts`, 404) },
  { code: FW.METHOD_NOT_ALLOWED, status: 405, title: 'Operation not allowed', meaning: 'POST/PATCH/DELETE on a read-only resource such as contacts; the message names the operation.', spec: '000 Support matrix', reproduce: req('method', 'Delete a contact', 'DELETE', `${CRM_BASE}/contacts/${SEEDED_CONTACT_NUMBER}`, 405) },
  { code: FW.INVALID_QUERY, status: 400, title: 'Invalid q', meaning: 'A q expression with a syntax error, BETWEEN, IS NULL, NOT, parenthesised grouping, a comma as separator, a bad literal, or an unknown or non-queryable attribute.', spec: '000 Common query parameters (q); Errors, Other behaviours', reproduce: req('q', 'Filter on a non-queryable attribute', 'GET', `${CRM_BASE}/contacts?q=${encodeURIComponent("WorkPhoneNumber='1'")}`, 400) },
  { code: FW.INVALID_ORDER_BY, status: 400, title: 'Invalid orderBy', meaning: 'orderBy names an unknown attribute, a derived attribute (filter only), or a direction other than asc/desc.', spec: '000 Common query parameters (orderBy); Errors, Other behaviours', reproduce: req('orderby', 'Sort by an unknown attribute', 'GET', `${CRM_BASE}/contacts?orderBy=Nope:asc`, 400) },
  { code: FW.INVALID_FINDER, status: 400, title: 'Invalid finder', meaning: 'A finder the resource does not support (named), or a variable it does not accept.', spec: '000 Common query parameters (finder); Contacts table', reproduce: req('finder', 'Refused contact finder', 'GET', `${CRM_BASE}/contacts?finder=MyContacts`, 400) },
  { code: FW.INVALID_EXPAND, status: 400, title: 'Invalid expand', meaning: 'expand names a child accessor the resource does not have.', spec: '000 Common query parameters (expand)', reproduce: req('expand', 'Expand an unknown child', 'GET', `${CRM_BASE}/contacts?expand=Addresses`, 400) },
  { code: FW.INVALID_FIELDS, status: 400, title: 'Unknown field', meaning: 'fields names an attribute the resource does not have.', spec: '000 Errors, Other behaviours (unknown fields)', reproduce: req('fields', 'Project an unknown field', 'GET', `${CRM_BASE}/contacts?fields=Nope`, 400) },
  { code: FW.INVALID_PARAMETER_VALUE, status: 400, title: 'Invalid parameter value', meaning: 'onlyData or totalResults other than true/false.', spec: '000 Common query parameters', reproduce: req('param-value', 'onlyData=maybe', 'GET', `${CRM_BASE}/contacts?onlyData=maybe`, 400) },
  { code: FW.UNKNOWN_ATTRIBUTE, status: 400, title: 'Unknown attribute in body', meaning: 'A request body attribute the resource does not have (named).', spec: '000 Errors, Other behaviours (unknown fields); Isolation and bad input' },
  { code: FW.READ_ONLY_ATTRIBUTE, status: 400, title: 'Read-only attribute in body', meaning: 'A read-only attribute sent on create (e.g. LineAmount).', spec: '000 Invoice line table (LineAmount: sending it is refused)' },
  { code: FW.INVALID_ATTRIBUTE_VALUE, status: 400, title: 'Wrong attribute type', meaning: 'A body attribute of the wrong JSON type, an invalid date, or a value outside its allowed list.', spec: '000 Resources, General' },
  { code: FW.VALUE_TOO_LONG, status: 400, title: 'Value too long', meaning: 'A string longer than the field table allows.', spec: '000 Limits (field lengths)' },
  { code: FW.TOO_MANY_DECIMALS, status: 400, title: 'Too many decimals', meaning: 'An amount with more than 4 decimal places.', spec: '000 Resources, General; Limits (amount decimals)' },
  { code: FW.NUMBER_OUT_OF_RANGE, status: 400, title: 'Amount out of range', meaning: 'An amount or quantity (sent, or computed such as a line amount or invoice total) of 100000000000 or more in absolute value: beyond the 15 significant digits a JSON number carries exactly.', spec: '000 Resources, General; Invoices Create rule 2 (an unrepresentable amount is never stored)' },
  { code: FW.NO_SUCH_ITEM, status: 404, title: 'Item not found', meaning: 'An item the spec gives no code for, such as an installment that is not one of the invoice’s installments.', spec: '000 Errors, Other behaviours' },
  { code: FW.BODY_NOT_OBJECT, status: 400, title: 'Body is not an object', meaning: 'The JSON body is an array, string, number or null where an object is required.', spec: '000 Resources, General' },
];

/**
 * The product's error catalog: these entries with invoice reproductions merged in (invoices/catalog.ts
 * invoiceErrorReproductions), plus resource modules' own entries for codes this file does not list.
 */
export function errorCatalog(invoiceReproductions: Record<string, ExampleRequest> = {}, more: readonly ErrorEntry[] = []): ErrorEntry[] {
  const out: ErrorEntry[] = ERROR_ENTRIES.map((e) => {
    const extra = invoiceReproductions[e.code];
    return e.reproduce || !extra ? { ...e } : { ...e, reproduce: extra };
  });
  const known = new Set(out.map((e) => e.code));
  for (const e of more) if (!known.has(e.code)) out.push({ ...e });
  return out;
}
