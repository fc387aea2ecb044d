/**
 * Receipt examples, error entries with reproducing requests, and data-browser entries for the UI.
 * Ids and numbers come from the seeded book (book/seeded.ts), so every request works on a fresh
 * environment. The "cash cycle" group is the guided exercise of docs/teach.md § The cash cycle, step by step.
 */
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../../core/types.ts';
import { KIND, type CustomerAccountRow, type InvoiceRow, type StandardReceiptRow } from '../book/records.ts';
import { seededScratchBook } from '../book/seeded.ts';
import { jsonExample, resourceInfo } from '../rest/catalog-info.ts';
import { FSCM_BASE } from '../rest/links.ts';
import { RCP, receiptResource, referenceResource } from './definitions.ts';

const RCPT = `${FSCM_BASE}/standardReceipts`;
const INV = `${FSCM_BASE}/receivablesInvoices`;
const JSON_CT = { 'content-type': 'application/json' };
const GROUP = 'Standard receipts';
const CYCLE = 'Cash cycle (guided)';

const book = seededScratchBook();
const receipts = book.list<StandardReceiptRow>(KIND.standardReceipt);
const seeded = (label: string): StandardReceiptRow => {
  const row = receipts.find((r) => r.Comments === `Seeded: ${label}`);
  if (!row) throw new Error(`catalog: no seeded ${label} receipt`);
  return row;
};
const unapplied = seeded('unapplied');
const unidentified = seeded('unidentified');
const unaccounted = seeded('unaccounted');
const accounted = seeded('accounted');
const applied = receipts.find((r) => r.State === 'APPLIED') as StandardReceiptRow;
/** An open USD invoice of Blue Harbor Logistics (10020), the customer of the seeded unapplied receipt. */
const target = book
  .list<InvoiceRow>(KIND.invoice)
  .find((i) => i.BillToCustomerNumber === '10020' && i.InvoiceStatus === 'Complete' && !i.voided && Number(i.InvoiceBalanceAmount) > 0 && i.InvoiceCurrencyCode === 'USD') as InvoiceRow;

/** The BillToPartyId of Blue Harbor's invoices: an internal id integrations mistake for the account number. */
const partyId = (book.list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10020') as CustomerAccountRow).PartyId;

const ex = (id: string, group: string, title: string, method: string, path: string, expectStatus: number, body?: unknown, more: Partial<ExampleRequest> = {}): ExampleRequest =>
  jsonExample(`receipts-${id}`, group, title, method, path, expectStatus, body, more);
const q = (text: string) => encodeURIComponent(text);

const receipt = (over: Record<string, unknown> = {}) => ({
  ReceiptNumber: 'CHK-40021',
  ReceiptMethod: 'Check',
  BusinessUnit: 'US1 Business Unit',
  Amount: Number(target.InvoiceBalanceAmount),
  Currency: 'USD',
  ReceiptDate: '2026-03-14',
  CustomerAccountNumber: '10020',
  remittanceReferences: [{ ReceiptMatchBy: 'Transaction Number', ReferenceNumber: target.TransactionNumber }],
  ...over,
});

/** One request per row of the Standard receipts endpoint table, plus the privilege refusal. */
export const receiptExamples: ExampleRequest[] = [
  ex('list', GROUP, 'List receipts (newest first)', 'GET', `${RCPT}?limit=10&totalResults=true`, 200),
  ex('list-customer', GROUP, 'Receipts of Blue Harbor Logistics (a name resolved to the customer)', 'GET', `${RCPT}?q=${q("CustomerName='Blue Harbor Logistics'")}`, 200),
  ex('finder', GROUP, 'StandardReceiptsFinder by receipt number', 'GET', `${RCPT}?finder=StandardReceiptsFinder;ReceiptNumber=${unapplied.ReceiptNumber}`, 200),
  ex('item', GROUP, `Applied receipt ${applied.ReceiptNumber} with its references`, 'GET', `${RCPT}/${applied.StandardReceiptId}?expand=remittanceReferences`, 200),
  ex('create', GROUP, 'Record a check from Blue Harbor Logistics that names the invoice it pays', 'POST', RCPT, 201, receipt()),
  ex('create-unidentified', GROUP, 'Record a wire with no customer information (UNIDENTIFIED)', 'POST', RCPT, 201, {
    ReceiptNumber: 'WIRE-88120', ReceiptMethod: 'Wire Transfer', BusinessUnit: 'US1 Business Unit', Amount: 1500, Currency: 'USD', ReceiptDate: '2026-03-14', Comments: 'Bank statement line 42',
  }),
  ex('create-upsert', GROUP, 'Retry-safe create: Upsert-Mode answers the existing receipt on a duplicate', 'POST', RCPT, 201, receipt({ ReceiptNumber: 'CHK-40022' }), { headers: { ...JSON_CT, 'Upsert-Mode': 'true' } }),
  ex('identify', GROUP, `Identify the customer of ${unidentified.ReceiptNumber} (UNIDENTIFIED -> UNAPPLIED)`, 'PATCH', `${RCPT}/${unidentified.StandardReceiptId}`, 200, { CustomerAccountNumber: '10010' }),
  ex('delete', GROUP, `Delete ${unaccounted.ReceiptNumber} (no applications, not accounted)`, 'DELETE', `${RCPT}/${unaccounted.StandardReceiptId}`, 204),
  ex('add-reference', GROUP, `Tell AutoMatch what ${unapplied.ReceiptNumber} pays`, 'POST', `${RCPT}/${unapplied.StandardReceiptId}/child/remittanceReferences`, 201, {
    ReceiptMatchBy: 'Transaction Number', ReferenceNumber: target.TransactionNumber, ReferenceAmount: Math.min(Number(unapplied.Amount), Number(target.InvoiceBalanceAmount)),
  }),
  ex('references', GROUP, `References of ${applied.ReceiptNumber}`, 'GET', `${RCPT}/${applied.StandardReceiptId}/child/remittanceReferences`, 200),
  ex('describe', GROUP, 'Describe standardReceipts', 'GET', `${RCPT}/describe`, 200),
  ex('no-privilege', GROUP, 'List receipts with the client that holds no receipt privilege (403)', 'GET', RCPT, 403, undefined, { privileges: [] }),

  // The guided cash cycle (docs/teach.md): record, watch it wait, let AutoMatch apply it, sync.
  ex('cycle-1', CYCLE, `1. Record a check paying ${target.TransactionNumber} in full`, 'POST', RCPT, 201, receipt({ ReceiptNumber: 'CYCLE-1' })),
  ex('cycle-2', CYCLE, '2. Read it back: UNAPPLIED (creating never applies)', 'GET', `${RCPT}?q=${q("ReceiptNumber='CYCLE-1'")}&expand=remittanceReferences`, 200),
  ex('cycle-3', CYCLE, `3. After AutoMatch ran (AutoMatch view, or the clock moved): ${target.TransactionNumber}'s installments`, 'GET', `${INV}/${target.CustomerTransactionId}/child/receivablesInvoiceInstallments`, 200),
  ex('cycle-4', CYCLE, '4. Incremental sync picks up the paid invoice', 'GET', `${INV}?q=${q("LastUpdateDate > '2026-01-01T00:00:00.000+0000'")}&orderBy=LastUpdateDate:desc&limit=5`, 200),
];

/** Requests that reproduce the spec's receipt codes on a freshly seeded environment (merged by code). */
export const receiptErrorReproductions: Record<string, ExampleRequest> = {
  [RCP.DUPLICATE]: ex('err-dup', 'Errors', `Record ${accounted.ReceiptNumber} again`, 'POST', RCPT, 400, {
    ReceiptNumber: accounted.ReceiptNumber, ReceiptMethod: accounted.ReceiptMethod, BusinessUnit: accounted.BusinessUnit, Amount: Number(accounted.Amount), Currency: accounted.Currency, ReceiptDate: accounted.ReceiptDate, CustomerAccountNumber: accounted.CustomerAccountNumber,
  }),
  [RCP.BAD_METHOD]: ex('err-method', 'Errors', 'The retired Lockbox Check (a receipt dated after its end date)', 'POST', RCPT, 400, receipt({ ReceiptMethod: 'Lockbox Check', ReceiptNumber: 'LBX-1', ReceiptDate: '2099-12-31' })),
  [RCP.NO_PRIVILEGE]: ex('err-privilege', 'Errors', 'Read receipts with the client without receipt privileges', 'GET', RCPT, 403, undefined, { privileges: [] }),
};

const entry = (code: string, title: string, meaning: string, spec: string, reproduce: ExampleRequest, avoid: string): ErrorEntry => ({ code, status: reproduce.expectStatus ?? 400, title, meaning, spec, reproduce, avoid });

/** The simulator's receipt codes (spec 000 § Errors: "Validation failures of receipt creation ... not shown"). */
export const receiptErrorEntries: ErrorEntry[] = [
  entry(RCP.MISSING_REQUIRED, 'Receipt attributes missing', 'Receipt create without one or more of Amount, BusinessUnit, Currency, ReceiptDate, ReceiptMethod; each is listed in o:errorDetails.', '000 Receipt rule 1', ex('err-4000', 'Errors', 'A receipt with only an amount', 'POST', RCPT, 400, { Amount: 10 }), 'Send Amount, BusinessUnit, Currency, ReceiptDate and ReceiptMethod on every receipt create; o:errorDetails names each one missing.'),
  entry(RCP.UNKNOWN_CUSTOMER, 'Customer does not resolve', 'CustomerAccountNumber, CustomerName or CustomerSite given but naming no active customer account or bill-to site (named in o:errorPath). A BillToPartyId is an internal id, never a CustomerAccountNumber.', '000 States and transitions, Standard receipt (customer resolves); Invoice table BillToPartyId', ex('err-4001', 'Errors', 'An internal party id sent as the customer account number', 'POST', RCPT, 400, receipt({ ReceiptNumber: 'X-1', CustomerAccountNumber: String(partyId) })), 'Send the account number (e.g. 10020) as CustomerAccountNumber, or CustomerName with a CustomerSite of that account, never a BillToPartyId; omit all three to record an UNIDENTIFIED receipt.'),
  entry(RCP.BAD_AMOUNT, 'Amount not positive or not expressible', 'Amount or ReferenceAmount zero or negative, or with more decimals than its currency has (JPY 0, USD 2, KWD 3).', '000 Standard receipt table (Amount); Remittance reference (ReferenceAmount)', ex('err-4002', 'Errors', 'A yen receipt with decimals', 'POST', RCPT, 400, receipt({ ReceiptNumber: 'X-2', Currency: 'JPY', Amount: 1500.5, remittanceReferences: [] })), 'Send Amount and ReferenceAmount above zero with no more decimals than the currency has (JPY 0, USD 2, KWD 3); omit ReferenceAmount to let matching allocate.'),
  entry(RCP.BAD_CURRENCY, 'Currency not configured', 'Currency undefined or disabled (DEM is defined but disabled).', '000 Standard receipt table (Currency)', ex('err-4003', 'Errors', 'A receipt in the disabled DEM', 'POST', RCPT, 400, receipt({ ReceiptNumber: 'X-3', Currency: 'DEM' })), 'Send an enabled ISO 4217 code in Currency (e.g. USD); DEM is disabled.'),
  entry(RCP.BAD_BUSINESS_UNIT, 'Business unit not configured', 'BusinessUnit names no configured business unit.', '000 Standard receipt table (BusinessUnit)', ex('err-4004', 'Errors', 'A receipt for an unknown business unit', 'POST', RCPT, 400, receipt({ ReceiptNumber: 'X-4', BusinessUnit: 'EU9 Business Unit' })), 'Send a configured business unit name exactly, e.g. US1 Business Unit (the BusinessUnit of the invoices being paid).'),
  entry(RCP.REJECTED_ATTRIBUTE, 'Attribute rejected on receipts', 'InstallmentId, PaymentScheduleId, InstallmentNumber, externalPaymentId or paymentId: receipts never target installments; carry references in ReceiptNumber, StructuredPaymentReference, Comments or a flexfield.', '000 Receipt rule 2', ex('err-4005', 'Errors', 'A receipt naming the installment it pays', 'POST', RCPT, 400, receipt({ ReceiptNumber: 'X-5', InstallmentId: 300000000000100 })), 'Drop installment and provider ids; name the invoice in remittanceReferences (ReceiptMatchBy Transaction Number, ReferenceNumber) and put the provider’s payment id in StructuredPaymentReference.'),
  entry(RCP.PATCH_REFUSED, 'Receipt cannot be updated', 'PATCH of a receipt that is applied, approved, reversed, automatic, AP/AR netting, bill-to receivables, frozen or unaccounted. Edit the customer before AutoMatch applies the receipt.', '000 Receipt rule 4', ex('err-4006', 'Errors', `Change the customer of the applied ${applied.ReceiptNumber}`, 'PATCH', `${RCPT}/${applied.StandardReceiptId}`, 400, { CustomerBankAccountNumber: '12-3456' }), 'Set the customer (CustomerAccountNumber, CustomerName, CustomerSite) on create or before AutoMatch applies the receipt; an applied or otherwise locked receipt keeps its values.'),
  entry(RCP.DELETE_REFUSED, 'Receipt cannot be deleted', 'DELETE of a receipt with applications (never silently unapplied), or one that is accounted, frozen, reversed or automatic.', '000 Receipt rule 5', ex('err-4007', 'Errors', `Delete the applied ${applied.ReceiptNumber}`, 'DELETE', `${RCPT}/${applied.StandardReceiptId}`, 400), 'Delete only receipts without applications that are not accounted, frozen, reversed or automatic; REST never unapplies, so an applied receipt stays.'),
];

/** Data-browser entries: receipts and their references. */
export const receiptResources: ResourceInfo[] = [
  resourceInfo(receiptResource, GROUP),
  resourceInfo(referenceResource, GROUP, `${RCPT}/{StandardReceiptId}/child/remittanceReferences`),
];
