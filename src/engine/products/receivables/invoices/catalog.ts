/**
 * Invoice examples, error reproductions and data-browser info for the UI. Bodies and ids come from
 * the seeded book: the seed is run once on a scratch transaction (same rng seed and id sequence as
 * a freshly created or reset environment), so every id, number and amount quoted here exists.
 */
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../../core/types.ts';
import { KIND, type InstallmentRow, type InvoiceRow } from '../book/records.ts';
import { seededScratchBook } from '../book/seeded.ts';
import { FW } from '../rest/errors.ts';
import { FSCM_BASE } from '../rest/links.ts';
import { jsonExample, resourceInfo } from '../rest/catalog-info.ts';
import { installmentResource, invoiceResource, lineResource } from './definitions.ts';
import { SIM_AR } from './lines.ts';

const INV = `${FSCM_BASE}/receivablesInvoices`;
const GROUP = 'Invoices';

/** Seeded invoices by scenario label, and their installments. */
function seededBook() {
  const tx = seededScratchBook();
  const invoices = tx.list<InvoiceRow>(KIND.invoice);
  const first = (label: string, i = 0): InvoiceRow => {
    const row = invoices.filter((r) => r.scenario === label)[i];
    if (!row) throw new Error(`catalog: no seeded ${label} invoice`);
    return row;
  };
  const installments = (inv: InvoiceRow) => inv.installmentIds.map((id) => tx.get<InstallmentRow>(KIND.installment, String(id)) as InstallmentRow);
  return { first, installments };
}

const book = seededBook();
const open = book.first('open');
const openOther = book.first('open', 2);
const deletable = book.first('open', 4);
const multi = book.first('multi-installment', 3);
const paid = book.first('fully paid');
const frozen = book.first('frozen');
const voided = book.first('void');
const posted = book.first('posted to GL');

const createBody = {
  BusinessUnit: 'US1 Business Unit',
  TransactionType: 'Invoice',
  TransactionSource: 'Manual',
  BillToCustomerNumber: '10010',
  BillToSite: 'Acme Chicago HQ',
  BillToContact: 'Jane Cooper',
  InvoiceCurrencyCode: 'USD',
  PaymentTerms: '30 NET',
  receivablesInvoiceLines: [
    { LineNumber: 1, Description: 'Hydraulic pump assembly HP-200', Quantity: 2, UnitSellingPrice: 1450.0 },
    { LineNumber: 2, Description: 'On-site installation', Quantity: 6, UnitSellingPrice: 95.5 },
  ],
};

const ex = (id: string, title: string, method: string, path: string, expectStatus: number, body?: unknown): ExampleRequest =>
  jsonExample(`invoices-${id}`, GROUP, title, method, path, expectStatus, body);

const q = (text: string) => encodeURIComponent(text);

/** One realistic request per row of the Invoices endpoint table (spec 000 § Invoices), in the table's order. */
export const invoiceExamples: ExampleRequest[] = [
  ex('list', 'List invoices (newest first)', 'GET', `${INV}?limit=10&totalResults=true`, 200),
  ex('list-query', 'Open Complete invoices over 100, by number', 'GET', `${INV}?q=${q("InvoiceBalanceAmount>100;InvoiceStatus='Complete'")}&orderBy=TransactionNumber:desc&limit=25`, 200),
  ex('list-expand', 'Invoices with lines and installments', 'GET', `${INV}?limit=5&expand=receivablesInvoiceLines,receivablesInvoiceInstallments`, 200),
  ex('list-sync', 'Incremental sync: changed since a watermark', 'GET', `${INV}?q=${q("LastUpdateDate > '2026-01-01T00:00:00.000+0000'")}&orderBy=CustomerTransactionId:asc`, 200),
  ex('create', 'Create an invoice for Acme Manufacturing (10010)', 'POST', INV, 201, createBody),
  ex('create-jpy', 'Create a yen invoice for Fujimoto Trading (10060)', 'POST', INV, 201, {
    ...createBody, BillToCustomerNumber: '10060', BillToSite: 'Fujimoto Tokyo', BillToContact: 'Haruto Sato', InvoiceCurrencyCode: 'JPY',
    receivablesInvoiceLines: [{ Description: 'Industrial sensor module S-14', Quantity: 12, UnitSellingPrice: 18500 }],
  }),
  ex('item', `Invoice ${multi.TransactionNumber} with everything expanded`, 'GET', `${INV}/${multi.CustomerTransactionId}?expand=all`, 200),
  ex('item-fields', 'Invoice balance only, without links', 'GET', `${INV}/${open.CustomerTransactionId}?fields=TransactionNumber,InvoiceBalanceAmount,DueDate&onlyData=true`, 200),
  ex('patch-status', `Freeze ${open.TransactionNumber}`, 'PATCH', `${INV}/${open.CustomerTransactionId}`, 200, { InvoiceStatus: 'Frozen' }),
  ex('patch-terms', `Move ${openOther.TransactionNumber} to 2 PAY 30/60 (re-derives the schedule)`, 'PATCH', `${INV}/${openOther.CustomerTransactionId}`, 200, { PaymentTerms: '2 PAY 30/60' }),
  ex('delete', `Delete ${deletable.TransactionNumber}`, 'DELETE', `${INV}/${deletable.CustomerTransactionId}`, 204),
  ex('add-line', `Add a line to ${open.TransactionNumber}`, 'POST', `${INV}/${open.CustomerTransactionId}/child/receivablesInvoiceLines`, 201, {
    Description: 'Calibration service', Quantity: 1, UnitSellingPrice: 240,
  }),
  ex('lines', `Lines of ${multi.TransactionNumber}`, 'GET', `${INV}/${multi.CustomerTransactionId}/child/receivablesInvoiceLines`, 200),
  ex('line', 'One invoice line', 'GET', `${INV}/${multi.CustomerTransactionId}/child/receivablesInvoiceLines/${multi.lineIds[0]}`, 200),
  ex('installments', `Installments of ${multi.TransactionNumber}`, 'GET', `${INV}/${multi.CustomerTransactionId}/child/receivablesInvoiceInstallments`, 200),
  ex('installment', 'One installment', 'GET', `${INV}/${multi.CustomerTransactionId}/child/receivablesInvoiceInstallments/${multi.installmentIds[1]}`, 200),
  ex('split', `Split ${openOther.TransactionNumber} into two installments`, 'POST', `${INV}/${openOther.CustomerTransactionId}/action/splitInstallments`, 200, splitInHalf(openOther)),
  ex('describe', 'Describe receivablesInvoices', 'GET', `${INV}/describe`, 200),
];

/**
 * Two installments: installment 1 keeps its due date, the new one is due in a year (seeded
 * transaction dates move with the environment clock, so a fixed date could fall before them).
 */
function splitInHalf(inv: InvoiceRow) {
  const total = inv.EnteredAmount;
  const decimals = total.includes('.') ? (total.split('.')[1] as string).length : 0;
  const scale = 10 ** decimals;
  const minor = Math.round(Number(total) * scale); // exact: at most 3 decimals and well below 2^53
  const firstMinor = Math.floor(minor / 2);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  return {
    installmentPayload: [
      { InstallmentSequenceNumber: 1, OriginalAmount: firstMinor / scale },
      { InstallmentSequenceNumber: 2, InstallmentDueDate: nextYear, OriginalAmount: (minor - firstMinor) / scale },
    ],
  };
}

const multiInst = book.installments(multi);

/** A request that triggers each invoice error code on a freshly seeded environment. */
export const invoiceErrorReproductions: Record<string, ExampleRequest> = {
  'AR-1000': ex('err-ar-1000', 'Create without business unit, type, source', 'POST', INV, 400, {
    BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 10 }],
  }),
  'AR-1001': ex('err-ar-1001', 'Create without lines', 'POST', INV, 400, { ...createBody, receivablesInvoiceLines: [] }),
  'AR-1010': ex('err-ar-1010', 'Unknown customer number', 'POST', INV, 400, { ...createBody, BillToCustomerNumber: '99999', BillToSite: undefined, BillToContact: undefined }),
  'AR-1020': ex('err-ar-1020', 'PATCH a non-updatable attribute (DueDate)', 'PATCH', `${INV}/${open.CustomerTransactionId}`, 400, { DueDate: '2030-01-01' }),
  'AR-1030': ex('err-ar-1030', 'Disabled currency DEM', 'POST', INV, 400, { ...createBody, InvoiceCurrencyCode: 'DEM' }),
  'AR-1031': ex('err-ar-1031', 'Inactive bill-to contact (Wade Warren)', 'POST', INV, 400, { ...createBody, BillToContact: 'Wade Warren' }),
  'AR-1040': ex('err-ar-1040', 'Split omitting an existing installment', 'POST', `${INV}/${multi.CustomerTransactionId}/action/splitInstallments`, 400, {
    installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: Number(multi.EnteredAmount) }],
  }),
  'AR-2010': ex('err-ar-2010', `Split the Frozen invoice ${frozen.TransactionNumber}`, 'POST', `${INV}/${frozen.CustomerTransactionId}/action/splitInstallments`, 409, {
    installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: Number(frozen.EnteredAmount) }],
  }),
  'AR-2012': ex('err-ar-2012', 'Move the due date of an installment closed by settlement', 'POST', `${INV}/${multi.CustomerTransactionId}/action/splitInstallments`, 409, {
    installmentPayload: multiInst.map((i) => ({
      InstallmentSequenceNumber: i.InstallmentSequenceNumber,
      OriginalAmount: Number(i.OriginalAmount),
      ...(i.InstallmentSequenceNumber === 1 ? { InstallmentDueDate: '2099-12-31' } : {}),
    })),
  }),
  'AR-7041': ex('err-ar-7041', 'Invoice that does not exist', 'GET', `${INV}/999999999999999`, 404),
  'AR-7043': ex('err-ar-7043', 'A line of another invoice', 'GET', `${INV}/${open.CustomerTransactionId}/child/receivablesInvoiceLines/${multi.lineIds[0]}`, 404),
  AR_TRX_DELETE_NOT_ALLOWED: ex('err-delete', `Delete the paid invoice ${paid.TransactionNumber}`, 'DELETE', `${INV}/${paid.CustomerTransactionId}`, 400),
  'REST-01002': ex('err-rest-01002', 'Non-numeric CustomerTransactionId', 'GET', `${INV}/INV-1`, 400),
  'REST-01003': ex('err-rest-01003', 'expand on an invoice line item read', 'GET', `${INV}/${multi.CustomerTransactionId}/child/receivablesInvoiceLines/${multi.lineIds[0]}?expand=all`, 400),
  'REST-01007': ex('err-rest-01007', 'Invalid JSON', 'POST', INV, 400, '{"BusinessUnit": "US1 Business Unit",'),
  [FW.NUMBER_OUT_OF_RANGE]: ex('err-out-of-range', 'A line worth more than the amount range', 'POST', INV, 400, {
    ...createBody, receivablesInvoiceLines: [{ Description: 'Fleet of cargo ships', Quantity: 1000000, UnitSellingPrice: 250000000 }],
  }),
  [FW.UNKNOWN_ATTRIBUTE]: ex('err-unknown-attribute', 'Create with an attribute the invoice does not have', 'POST', INV, 400, { ...createBody, PurchaseOrder: 'PO-1001' }),
  [FW.READ_ONLY_ATTRIBUTE]: ex('err-read-only', 'Create sending the read-only EnteredAmount', 'POST', INV, 400, { ...createBody, EnteredAmount: 100 }),
  [FW.INVALID_ATTRIBUTE_VALUE]: ex('err-wrong-type', 'Quantity sent as a string', 'POST', INV, 400, { ...createBody, receivablesInvoiceLines: [{ Description: 'Widget', Quantity: 'two', UnitSellingPrice: 10 }] }),
  [FW.VALUE_TOO_LONG]: ex('err-too-long', 'A BillToCustomerNumber longer than 30 characters', 'POST', INV, 400, { ...createBody, BillToCustomerNumber: '1'.repeat(31) }),
  [FW.TOO_MANY_DECIMALS]: ex('err-decimals', 'A price with 5 decimals', 'POST', INV, 400, { ...createBody, receivablesInvoiceLines: [{ Description: 'Widget', Quantity: 1, UnitSellingPrice: 10.12345 }] }),
  [FW.BODY_NOT_OBJECT]: ex('err-not-object', 'A JSON array as the body', 'POST', INV, 400, '[]'),
  [FW.NO_SUCH_ITEM]: ex('err-no-installment', 'An installment of another invoice', 'GET', `${INV}/${open.CustomerTransactionId}/child/receivablesInvoiceInstallments/${multi.installmentIds[0]}`, 404),
  [SIM_AR.LINE_NOT_POSITIVE]: ex('err-line-not-positive', 'Add a line worth nothing', 'POST', `${INV}/${open.CustomerTransactionId}/child/receivablesInvoiceLines`, 400, { Quantity: 0, UnitSellingPrice: 10 }),
  [SIM_AR.SPLIT_INVALID]: ex('err-split-sum', 'Split amounts that do not sum to the total', 'POST', `${INV}/${posted.CustomerTransactionId}/action/splitInstallments`, 400, {
    installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 1 }],
  }),
  [SIM_AR.NO_LINES_ACCEPTED]: ex('err-void-line', `Add a line to the void ${voided.TransactionNumber}`, 'POST', `${INV}/${voided.CustomerTransactionId}/child/receivablesInvoiceLines`, 409, { Quantity: 1, UnitSellingPrice: 10 }),
  '409': ex('err-void-line-409', `Add a line to the void ${voided.TransactionNumber}`, 'POST', `${INV}/${voided.CustomerTransactionId}/child/receivablesInvoiceLines`, 409, { Quantity: 1, UnitSellingPrice: 10 }),
};

/** Catalog entries for the simulator's own invoice codes (behaviours the spec gives a status but no code). */
export const invoiceErrorEntries: ErrorEntry[] = [
  { code: SIM_AR.LINE_NOT_POSITIVE, status: 400, title: 'Line not worth a positive amount', meaning: 'A line added to an invoice whose Quantity x UnitSellingPrice is zero or negative.', spec: '000 Invoices, Add-line rule', reproduce: invoiceErrorReproductions[SIM_AR.LINE_NOT_POSITIVE], avoid: 'Send a Quantity and UnitSellingPrice whose product is positive: an added line only raises an invoice, and no REST call lowers a balance.' },
  { code: SIM_AR.SPLIT_INVALID, status: 400, title: 'Invalid installment split', meaning: 'splitInstallments amounts that do not sum to the transaction amount, a due date before the transaction date, non-contiguous or repeated sequences, a new installment not greater than zero, or an amount the currency cannot express.', spec: '000 splitInstallments rule 3', reproduce: invoiceErrorReproductions[SIM_AR.SPLIT_INVALID], avoid: 'Make the installmentPayload amounts sum exactly to the invoice amount at its currency precision, number InstallmentSequenceNumber 1, 2, 3 without gaps or repeats, date installments on or after TransactionDate, and give new installments an amount above zero.' },
  { code: SIM_AR.NO_LINES_ACCEPTED, status: 409, title: 'Transaction does not accept lines', meaning: 'Adding a line to a void (a transaction whose type has no open receivables).', spec: '000 Invoices, Add-line rule; Errors, Other behaviours', reproduce: invoiceErrorReproductions[SIM_AR.NO_LINES_ACCEPTED], avoid: 'Add lines only to invoices, never to a void; bill the extra amount on a new invoice instead.' },
];

/** Data-browser entries: invoices with their two children. */
export const invoiceResources: ResourceInfo[] = [
  resourceInfo(invoiceResource, GROUP),
  { ...resourceInfo(lineResource, GROUP), path: `${INV}/{CustomerTransactionId}/child/receivablesInvoiceLines` },
  { ...resourceInfo(installmentResource, GROUP), path: `${INV}/{CustomerTransactionId}/child/receivablesInvoiceInstallments` },
];
