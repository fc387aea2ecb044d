/**
 * Credit memo examples, refusals with their reproducing requests, and data-browser info for the UI
 * (spec 000 § Credit memos endpoint table; support matrix rows on credit memos). Ids come from the
 * seeded book (book/seeded.ts), so every request quoted here works on a fresh environment.
 */
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../../core/types.ts';
import { KIND, type CreditMemoRow, type InvoiceRow } from '../book/records.ts';
import { seededScratchBook } from '../book/seeded.ts';
import { FW } from '../rest/errors.ts';
import { FSCM_BASE } from '../rest/links.ts';
import { errorEntry as entry, jsonExample, resourceInfo } from '../rest/catalog-info.ts';
import { creditMemoResource, LINES } from './definitions.ts';

const CM = `${FSCM_BASE}/receivablesCreditMemos`;
const GROUP = 'Credit memos';

const book = seededScratchBook();
const memos = book.list<CreditMemoRow>(KIND.creditMemo);
const memo = memos.find((m) => m.TransactionNumber === 'CM-5001') as CreditMemoRow;
const anInvoice = book.list<InvoiceRow>(KIND.invoice)[0] as InvoiceRow;

export const memoCreateBody = {
  BusinessUnit: 'US1 Business Unit',
  TransactionNumber: 'CM-7001',
  TransactionDate: '2026-01-15',
  BillToCustomerNumber: '10010',
  CreditMemoCurrency: 'USD',
  CreditReason: 'Damaged goods',
  [LINES]: [
    { LineNumber: 1, LineDescription: 'Damaged pump housing', LineAmountCredit: 420.5, LineQuantityCredit: 1 },
    { LineNumber: 2, LineDescription: 'Freight refund', LineAmountCredit: 35 },
  ],
};

const ex = (id: string, title: string, method: string, path: string, expectStatus: number, body?: unknown): ExampleRequest =>
  jsonExample(`creditmemos-${id}`, GROUP, title, method, path, expectStatus, body);

/** One request per row of the Credit memos endpoint table, in its order. */
export const creditMemoExamples: ExampleRequest[] = [
  ex('create', 'Create a credit memo with two lines (10010)', 'POST', CM, 201, memoCreateBody),
  ex('list', 'List credit memos (only memos)', 'GET', `${CM}?totalResults=true`, 200),
  ex('list-query', 'Credit memos of customer 10080', 'GET', `${CM}?q=${encodeURIComponent("BillToCustomerNumber='10080'")}`, 200),
  ex('item', `${memo.TransactionNumber} with its lines`, 'GET', `${CM}/${memo.CustomerTransactionId}?expand=${LINES}`, 200),
  ex('patch', `Freeze ${memo.TransactionNumber} and change its recipient`, 'PATCH', `${CM}/${memo.CustomerTransactionId}`, 200, { CreditMemoStatus: 'Frozen', RecipientEmail: 'ap@acme-mfg.example' }),
  ex('lines', `Lines of ${memo.TransactionNumber}`, 'GET', `${CM}/${memo.CustomerTransactionId}/child/${LINES}`, 200),
  ex('line', 'One credit memo line', 'GET', `${CM}/${memo.CustomerTransactionId}/child/${LINES}/${memo.lineIds[0]}`, 200),
  ex('add-lines', `Add two lines to ${memo.TransactionNumber} (an array)`, 'POST', `${CM}/${memo.CustomerTransactionId}/child/${LINES}`, 201, [
    { LineNumber: 2, LineDescription: 'Restocking fee waived', LineAmountCredit: 75 },
    { LineNumber: 3, LineDescription: 'Goodwill', LineAmountCredit: 50 },
  ]),
  ex('add-line', `Add one line to ${memo.TransactionNumber} (a single object)`, 'POST', `${CM}/${memo.CustomerTransactionId}/child/${LINES}`, 201, { LineNumber: 9, LineAmountCredit: 12.5 }),
  ex('describe', 'Describe receivablesCreditMemos', 'GET', `${CM}/describe`, 200),
];


/** Each credit memo refusal, with a request that triggers it on a fresh environment. */
export const creditMemoErrorEntries: ErrorEntry[] = [
  entry('AR-1000', 400, 'Credit memo: required attributes missing', 'Credit memo create without BusinessUnit, TransactionDate, TransactionNumber or BillToCustomerNumber, or a line without LineNumber or LineAmountCredit; each is listed in o:errorDetails.', '000 Credit memo table; Credit memos table (POST)',
    ex('err-ar-1000', 'Create a credit memo without a number and date', 'POST', CM, 400, { BusinessUnit: 'US1 Business Unit', BillToCustomerNumber: '10010', [LINES]: [{ LineNumber: 1, LineAmountCredit: 10 }] }), 'Send BusinessUnit, TransactionNumber (your own number), TransactionDate and BillToCustomerNumber, and LineNumber and LineAmountCredit on every line.'),
  entry('AR-1001', 400, 'Credit memo: no lines', 'Credit memo create with no receivablesCreditMemoLines.', '000 Credit memos table (POST: body with receivablesCreditMemoLines)',
    ex('err-ar-1001', 'Create a credit memo without lines', 'POST', CM, 400, { ...memoCreateBody, [LINES]: [] }), 'Send at least one line in receivablesCreditMemoLines, each with LineNumber and a positive LineAmountCredit.'),
  entry('AR-1010', 400, 'Credit memo: unknown customer', 'BillToCustomerNumber names no customer account.', '000 Credit memo table (BillToCustomerNumber)',
    ex('err-ar-1010', 'Credit memo for an unknown customer', 'POST', CM, 400, { ...memoCreateBody, BillToCustomerNumber: '99999' }), 'Send an existing customer account number (e.g. 10010) as BillToCustomerNumber.'),
  entry('AR-1030', 400, 'Credit memo: currency or amount invalid', 'CreditMemoCurrency undefined or disabled, or a LineAmountCredit with more decimals than the currency has.', '000 Credit memo table (CreditMemoCurrency); Invoices Create rule 2 (an amount unrepresentable in its currency is never stored)',
    ex('err-ar-1030', 'Credit memo in the disabled currency DEM', 'POST', CM, 400, { ...memoCreateBody, CreditMemoCurrency: 'DEM' }), 'Send an enabled code in CreditMemoCurrency (not InvoiceCurrencyCode; DEM is disabled), and LineAmountCredit with no more decimals than that currency has.'),
  entry(FW.INVALID_ATTRIBUTE_VALUE, 400, 'Credit memo: status other than Complete on create', 'CreditMemoStatus is Complete on creation; other values are refused (also a non-positive LineAmountCredit).', '000 Credit memo table (CreditMemoStatus; TransactionType)',
    ex('err-status', 'Create a credit memo as Incomplete', 'POST', CM, 400, { ...memoCreateBody, CreditMemoStatus: 'Incomplete' }), 'Omit CreditMemoStatus on create (a new memo is Complete) and PATCH it afterwards; keep LineAmountCredit positive.',
    'CreditMemoStatus must be|LineAmountCredit must be positive'),
  // Sending the ready "Create a credit memo" twice gets this (issue 24 § 1.1): its code is the framework's value code.
  entry(FW.INVALID_ATTRIBUTE_VALUE, 400, 'Credit memo: transaction number already used', 'TransactionNumber names a transaction (credit memo or invoice) that already exists: your own numbers are unique across both.', '000 Credit memo table (TransactionNumber: your own, unique)',
    ex('err-duplicate-number', `Create a credit memo numbered ${memo.TransactionNumber} (already used)`, 'POST', CM, 400, { ...memoCreateBody, TransactionNumber: memo.TransactionNumber }), 'Send a TransactionNumber no transaction uses yet (e.g. the next of your own series); read receivablesCreditMemos?q=TransactionNumber=… first when unsure.',
    'already used by another transaction'),
  entry(FW.INVALID_ATTRIBUTE_VALUE, 400, 'Credit memo: TransactionType must stay Credit Memo', 'A PATCH of TransactionType to anything but Credit Memo.', '000 Credit memos table (PATCH: TransactionType must stay Credit Memo)',
    ex('err-type', `Turn ${memo.TransactionNumber} into an invoice`, 'PATCH', `${CM}/${memo.CustomerTransactionId}`, 400, { TransactionType: 'Invoice' }), 'Leave TransactionType out of the PATCH or send Credit Memo; to bill the customer, create an invoice under receivablesInvoices.',
    'TransactionType must remain'),
  entry('AR-1020', 400, 'Credit memo: AllowCompletion refused', 'A credit memo PATCH with AllowCompletion or ControlCompletionReason (named), or any attribute other than CreditMemoStatus, RecipientEmail, TransactionType.', '000 Credit memos table (PATCH)',
    ex('err-allow-completion', `PATCH AllowCompletion on ${memo.TransactionNumber}`, 'PATCH', `${CM}/${memo.CustomerTransactionId}`, 400, { AllowCompletion: 'Y' }), 'PATCH only CreditMemoStatus, RecipientEmail and TransactionType (Credit Memo); leave AllowCompletion and ControlCompletionReason out.'),
  entry(FW.NO_SUCH_ITEM, 404, 'Credit memo: an invoice id', 'An invoice id under receivablesCreditMemos (and a memo id under receivablesInvoices answers AR-7041): the two resources share the id space, not their rows.', '000 Credit memo (receivablesCreditMemos)',
    ex('err-invoice-id', 'An invoice id under receivablesCreditMemos', 'GET', `${CM}/${anInvoice.CustomerTransactionId}`, 404), 'Read each document under its own resource, with an id from that collection: invoices under receivablesInvoices, credit memos under receivablesCreditMemos.'),
  entry(FW.NO_SUCH_RESOURCE, 404, 'Credit memo: approve and rework actions', 'The approve and rework actions of the real resource are refused by name.', '000 Support matrix (Credit memo actions approve and rework)',
    ex('err-approve', `Approve ${memo.TransactionNumber}`, 'POST', `${CM}/${memo.CustomerTransactionId}/action/approve`, 404, {}), 'Skip approve and rework: a credit memo is created Complete; change its status with PATCH CreditMemoStatus.', '^The credit memo action (approve|rework) '),
  entry(FW.NO_SUCH_RESOURCE, 404, 'Credit memo: other children', 'Distributions, attachments, notes and the flexfield children of a credit memo (and of its lines) answer 404 by name.', '000 Support matrix (the seven other credit memo children)',
    ex('err-distributions', `Distributions of ${memo.TransactionNumber}`, 'GET', `${CM}/${memo.CustomerTransactionId}/child/receivablesCreditMemoDistributions`, 404), 'Read only the receivablesCreditMemoLines child; distributions, attachments, notes and flexfields are not exposed.', '^The child \\w+ of receivablesCreditMemos '),
  entry(FW.INVALID_EXPAND, 400, 'Credit memo: expand an unoffered child', 'expand naming a credit memo child the simulator does not offer (notes, attachments, distributions, flexfields) or no child at all.', '000 Credit memos table (GET item: unrecognised child refused by name)',
    ex('err-expand-notes', 'Credit memos with their notes', 'GET', `${CM}?expand=notes`, 400), 'Expand only receivablesCreditMemoLines (or all on an item).'),
  entry(FW.INVALID_QUERY, 400, 'Credit memo: q on a non-queryable attribute', 'Only the nine queryable credit memo attributes may appear in q (EnteredAmount is not one).', '000 Common query parameters (queryable attributes of credit memos: nine)',
    ex('err-q', 'Filter credit memos on EnteredAmount', 'GET', `${CM}?q=${encodeURIComponent('EnteredAmount<0')}`, 400), 'Filter credit memos only on their nine queryable attributes (describe marks them; EnteredAmount is not one) and filter the rest on the client.', 'is not queryable\\. Queryable credit memo'),
];

/** Data-browser entries: credit memos (their lines show as a related table of an opened memo). */
export const creditMemoResources: ResourceInfo[] = [resourceInfo(creditMemoResource, GROUP)];
