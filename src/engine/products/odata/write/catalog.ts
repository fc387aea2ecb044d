/**
 * Ready-to-send write requests for the UI console (realistic bodies from the seeded book) and the
 * requests that reproduce each write refusal. Paths are relative to the environment base; every
 * request authenticates with the environment's API user (Basic). Expected statuses hold on a
 * freshly seeded environment (docs/reference/odata.md).
 */
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';
import { WRITE_MSG } from './messages.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** A seeded draft and a seeded final invoice (numbers are fixed by the book). */
export const SEEDED_DRAFT = "AINVOICES(IVNUM='T23301',DEBIT='D',IVTYPE='A')";
export const SEEDED_FINAL = "AINVOICES(IVNUM='IN250000001',DEBIT='D',IVTYPE='A')";

function ex(id: string, title: string, method: string, path: string, body: unknown, expectStatus: number, group = 'Writes'): ExampleRequest {
  const req: ExampleRequest = { id, group, title, method, path: `${ODATA_ROOT}${path}`, auth: 'basic', expectStatus };
  if (body !== undefined) {
    req.headers = JSON_HEADERS;
    req.body = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  }
  return req;
}

export const writeExamples: ExampleRequest[] = [
  ex('odata.write.customer.create', 'Create a customer with a contact', 'POST', '/CUSTOMERS', {
    CUSTNAME: 'C2001',
    CUSTDES: 'Riverside Dental Group',
    PHONE: '503-555-0142',
    EMAIL: 'billing@riverside-dental.example',
    PAYCODE: '30',
    CUSTPERSONNEL_SUBFORM: [{ NAME: 'Ellen Park', FIRSTNAME: 'Ellen', LASTNAME: 'Park', EMAIL: 'ellen.park@riverside-dental.example' }],
  }, 201),
  ex('odata.write.customer.temporary', 'Create a temporary customer (no CUSTNAME)', 'POST', '/CUSTOMERS', { CUSTDES: 'Walk-in prospect' }, 201),
  ex('odata.write.customer.patch', 'Update a customer', 'PATCH', "/CUSTOMERS('C1002')", { PHONE: '207-555-0199', STATDES: 'Active' }, 200),
  ex('odata.write.customer.rename', 'Rename a customer (re-keys its contacts)', 'PATCH', "/CUSTOMERS('C1004')", { CUSTDES: 'Delta Freight Lines LLC' }, 200),
  ex('odata.write.contact.create', 'Add a contact to a customer', 'POST', "/CUSTOMERS('C1002')/CUSTPERSONNEL_SUBFORM", {
    NAME: 'Marcus Reed', FIRSTNAME: 'Marcus', LASTNAME: 'Reed', POSITIONDES: 'Accounts Payable', EMAIL: 'ap@blueharbor.example',
  }, 201),
  ex('odata.write.contact.patch', 'Update a contact (complete key)', 'PATCH', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply')", { CELLPHONE: '216-555-0999' }, 200),
  ex('odata.write.invoice.create', 'Create a draft invoice with lines', 'POST', '/AINVOICES', {
    CUSTNAME: 'C1001',
    DETAILS: 'Spring maintenance',
    AINVOICEITEMS_SUBFORM: [
      { PARTNAME: 'SEAL-KIT', TQUANT: 4, PRICE: 64.9 },
      { PARTNAME: 'SRV-HOUR', TQUANT: 2.5, TUNITNAME: 'hr', PRICE: 95 },
    ],
  }, 201),
  ex('odata.write.invoice.patch', 'Update a draft invoice (FINAL is ignored)', 'PATCH', `/${SEEDED_DRAFT}`, { DETAILS: 'Rush order', FINAL: 'Y' }, 200),
  ex('odata.write.line.create', 'Add a line to a draft invoice', 'POST', `/${SEEDED_DRAFT}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'VALVE-25', TQUANT: 6, PRICE: 18.5 }, 201),
  ex('odata.write.line.patch', 'Change a line quantity', 'PATCH', `/${SEEDED_DRAFT}/AINVOICEITEMS_SUBFORM(1)`, { TQUANT: 3 }, 200),
  ex('odata.write.line.delete', 'Delete an invoice line', 'DELETE', `/${SEEDED_DRAFT}/AINVOICEITEMS_SUBFORM(2)`, undefined, 204),
  ex('odata.write.final.line', 'Add a line to a finalized invoice (moves the balance)', 'POST', `/${SEEDED_FINAL}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'SRV-HOUR', TQUANT: 1, PRICE: 95 }, 201),
];

/** Requests reproducing each write refusal, by message id (ids match writeErrorEntries codes). */
export const writeErrorReproductions: Record<string, ExampleRequest> = {
  'write.startArray': ex('odata.err.startArray', 'Array body', 'POST', '/CUSTOMERS', '[{"CUSTDES":"x"}]', 400, 'Errors'),
  'write.bodyEmpty': ex('odata.err.bodyEmpty', 'Malformed JSON body', 'POST', '/CUSTOMERS', '{"CUSTDES": ', 400, 'Errors'),
  'write.unsupportedMime': {
    ...ex('odata.err.mime', 'Non-JSON Content-Type', 'POST', '/CUSTOMERS', '{"CUSTDES":"x"}', 400, 'Errors'),
    headers: { 'content-type': 'text/plain' },
  },
  'write.unknownProperty': ex('odata.err.unknownProperty', 'Unknown property', 'POST', '/CUSTOMERS', { CUSTDES: 'x', REFERENCE: 'R-1' }, 400, 'Errors'),
  'write.cannotConvert': ex('odata.err.cannotConvert', 'Wrong JSON type', 'POST', '/CUSTOMERS', { CUSTDES: 'x', MAX_CREDIT: 'lots' }, 400, 'Errors'),
  'write.keyExists': ex('odata.err.keyExists', 'Customer key already exists', 'POST', '/CUSTOMERS', { CUSTNAME: 'C1001', CUSTDES: 'Duplicate' }, 409, 'Errors'),
  'write.missingRequired': ex('odata.err.missingRequired', 'Empty payload', 'POST', '/CUSTOMERS', {}, 400, 'Errors'),
  'write.notInTable': ex('odata.err.notInTable', 'Invoice for an unknown customer', 'POST', '/AINVOICES', { CUSTNAME: 'NOPE' }, 400, 'Errors'),
  'write.reference': ex('odata.err.reference', 'AINVOICES.REFERENCE is form-validated', 'POST', '/AINVOICES', { CUSTNAME: 'C1001', REFERENCE: 'PO-77' }, 400, 'Errors'),
  'write.customerStatus': ex('odata.err.customerStatus', 'Customer status outside the list', 'PATCH', "/CUSTOMERS('C1001')", { STATDES: 'Gold' }, 400, 'Errors'),
  'write.wholeQuantity': ex('odata.err.wholeQuantity', "Fractional quantity on unit 'ea'", 'POST', `/${SEEDED_DRAFT}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'PUMP-100', TQUANT: 1.5 }, 400, 'Errors'),
  'write.recordNotFound': ex('odata.err.recordNotFound', 'PATCH a key with no row', 'PATCH', "/CUSTOMERS('NOPE')", { PHONE: '1' }, 400, 'Errors'),
  'write.deleteNamedCustomer': ex('odata.err.deleteNamedCustomer', 'Delete a customer', 'DELETE', "/CUSTOMERS('C1003')", undefined, 400, 'Errors'),
  'write.deleteTemporaryCustomer': ex('odata.err.deleteTemporaryCustomer', 'Delete a temporary customer', 'DELETE', "/CUSTOMERS('T1001')", undefined, 400, 'Errors'),
  'write.deleteDraftInvoice': ex('odata.err.deleteDraftInvoice', 'Delete a draft invoice', 'DELETE', `/${SEEDED_DRAFT}`, undefined, 400, 'Errors'),
  'write.deleteFinalInvoice': ex('odata.err.deleteFinalInvoice', 'Delete a finalized invoice', 'DELETE', `/${SEEDED_FINAL}`, undefined, 400, 'Errors'),
  'write.contactDelete': ex('odata.err.contactDelete', 'Delete a contact (bare 404)', 'DELETE', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply')", undefined, 404, 'Errors'),
  'write.deepUpdate': ex('odata.err.deepUpdate', 'Subform rows in a PATCH', 'PATCH', "/CUSTOMERS('C1001')", { CUSTPERSONNEL_SUBFORM: [] }, 400, 'Errors'),
};

const entry = (code: string, status: number, title: string, meaning: string, spec: string, avoid: string): ErrorEntry => ({
  code,
  status,
  title,
  meaning,
  spec,
  avoid,
  ...(writeErrorReproductions[code] ? { reproduce: writeErrorReproductions[code] } : {}),
});

/** Catalog entries of the write refusals (for the product's error catalog). */
export const writeErrorEntries: ErrorEntry[] = [
  entry('write.startArray', 400, WRITE_MSG.startArray, 'The body is a JSON array; a write takes one JSON object.', '001 § Write rules 1', 'Send one JSON object per write, e.g. {"CUSTDES":"x"}; create several rows with one POST each or in a $batch.'),
  entry('write.bodyEmpty', 400, WRITE_MSG.bodyEmpty, 'Malformed JSON, a bare string, literal null, trailing junk or a zero-byte body.', '001 § Write rules 1', 'Send one well-formed JSON object made by a JSON serializer, with nothing after it; a PATCH that changes nothing is {}.'),
  entry('write.unsupportedMime', 400, WRITE_MSG.unsupportedMime('<type>'), 'A Content-Type other than application/json (a missing one is tolerated).', '001 § Write rules 1', 'Send Content-Type: application/json (or no Content-Type at all) on POST and PATCH.'),
  entry('write.unknownProperty', 400, WRITE_MSG.unknownProperty('<X>', '<FORM>'), 'The body names a property the form does not have.', '001 § Write rules 2, 4', 'Send only properties $metadata lists for the form, spelled exactly (REFERENCE exists on AINVOICES, not on CUSTOMERS); child rows go in the subform array, e.g. CUSTPERSONNEL_SUBFORM.'),
  entry('write.cannotConvert', 400, WRITE_MSG.cannotConvert('<Edm type>'), 'A value of the wrong JSON type; the innererror names the literal.', '001 § Write rules 2', 'Send each value in its type\'s JSON form ($metadata gives the type): Edm.Decimal and Edm.Int64 as JSON numbers ("MAX_CREDIT": 5000), Edm.String as a string, dates as ISO-8601 strings.'),
  entry('write.keyExists', 409, WRITE_MSG.keyExists('CUSTOMERS', '<key>'), 'POST CUSTOMERS with a CUSTNAME that is taken.', '001 § States and transitions (POST CUSTOMERS: 409 if key exists); Errors table, Key already exists on customer create', "Pick a CUSTNAME no customer has (rows accumulate, so check with GET CUSTOMERS('<CUSTNAME>') first), PATCH the existing customer instead, or leave CUSTNAME out to get a temporary T-number."),
  entry('write.missingRequired', 400, WRITE_MSG.missingRequired('<column>'), 'InterfaceErrors: an empty payload, or a create without its required column.', '001 § Write rules 5; Errors table, Form refusal', 'Never POST an empty object: a customer needs at least one column (e.g. CUSTDES), an invoice its CUSTNAME, a contact its NAME and each invoice line its PARTNAME.'),
  entry('write.notInTable', 400, WRITE_MSG.notInTable('<column>', '<value>', '<table>'), 'InterfaceErrors: the invoice customer does not exist.', '001 § Write rules 5; Entity sets, POST /AINVOICES (CUSTNAME must exist); Errors table, Form refusal', 'Send as the invoice CUSTNAME the key of an existing customer (list CUSTOMERS?$select=CUSTNAME), or create the customer first.'),
  entry('write.reference', 400, WRITE_MSG.notInTable('Cust. Reference', '<value>', 'Customer Orders'), 'InterfaceErrors: every non-empty AINVOICES.REFERENCE is refused by the lookup.', '001 § Write rules 4; Errors table, Form refusal', 'Leave AINVOICES.REFERENCE out (or send null or an empty string): every other value is refused, so carry your own reference in a free-text column such as DETAILS.'),
  entry('write.customerStatus', 400, WRITE_MSG.notInTable('Status', '<value>', 'Customer Statuses'), 'InterfaceErrors: CUSTOMERS.STATDES must be Active or Potential.', '001 § Write rules 4; Errors table, Form refusal', 'Send CUSTOMERS.STATDES only as Active or Potential, spelled exactly, or leave it out.'),
  entry('write.wholeQuantity', 400, WRITE_MSG.wholeQuantity('ea'), "InterfaceErrors: a fractional TQUANT on a line in unit 'ea'.", '001 § Write rules 6; Errors table, Form refusal', "Send a whole TQUANT (e.g. 2, not 1.5) for parts sold in 'ea'; fractions fit only parts in divisible units such as 'hr'."),
  entry('write.recordNotFound', 400, 'A record with the specified key was not found', 'PATCH or DELETE of a well-formed key with no row (resolved before the body).', '001 § Key addressing (on PATCH and DELETE); Errors table, Key with no row on PATCH/DELETE', "PATCH or DELETE only keys read back from the set in this environment (e.g. GET CUSTOMERS?$select=CUSTNAME); a contact's FIRM key part follows its customer's current CUSTDES."),
  entry('write.deleteNamedCustomer', 400, WRITE_MSG.deleteNamedCustomer, 'DELETE of a named customer.', '001 § Errors (DELETE of a named customer: customer-ledger deletion program); Entity sets, DELETE CUSTOMERS', 'Do not DELETE customers through the API: a customer leaves the ledger through the ERP’s customer-ledger deletion program, so keep the row and PATCH what changes.'),
  entry('write.deleteTemporaryCustomer', 400, WRITE_MSG.deleteTemporaryCustomer, 'DELETE of a temporary (T-numbered) customer.', '001 § Errors (DELETE of a temporary customer: temporary-customer program); Entity sets, DELETE CUSTOMERS', 'Do not DELETE temporary customers: the ERP’s temporary-customer program clears them, and sending a CUSTNAME on create avoids making one.'),
  entry('write.deleteDraftInvoice', 400, WRITE_MSG.deleteDraftInvoice, 'DELETE of a draft invoice.', '001 § Errors (DELETE of a draft invoice: temporary-invoice deletion program); Entity sets, DELETE CUSTOMERS, AINVOICES items', "Do not DELETE draft invoices: fix a draft with PATCH and with DELETE on its AINVOICEITEMS_SUBFORM(<KLINE>) lines, and leave removal to the ERP's temporary-invoice deletion program."),
  entry('write.deleteFinalInvoice', 400, WRITE_MSG.deleteFinalInvoice, 'DELETE of a finalized invoice.', '001 § Errors (DELETE of a finalized invoice: use the cancellation program); Entity sets, DELETE CUSTOMERS, AINVOICES items', 'Do not DELETE finalized invoices: the ERP’s cancellation program reverses one by adding a Canceled row with negative totals.'),
  entry('write.contactDelete', 404, '(empty body)', 'Contact DELETE answers the bare 404.', '001 § Entity sets, DELETE CUSTOMERS (contact DELETE answers bare 404)', "Do not DELETE contacts; change one with PATCH at its complete key, e.g. CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply') with INACTIVE 'Y'."),
  entry('write.deepUpdate', 400, WRITE_MSG.deepUpdate('<SUBFORM>'), 'A PATCH body naming a subform; write child rows at their own path.', "001 § Entity sets, PATCH /CUSTOMERS (columns to change); Write rules 8 (nested writes are a create feature; the refusal is the simulator's own)", "PATCH only the parent's own columns and write child rows at their own path, e.g. POST or PATCH CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM; subform arrays belong in a create."),
];
