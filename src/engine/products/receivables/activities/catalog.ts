/**
 * UI catalog of the read-only resources (spec 000 § Read-only resources table): adjustments, receipt
 * methods, the sites LOV and the two account-activity resources with their seven children. Examples
 * per endpoint row, each refusal with a reproducing request, and data-browser entries. Ids come from
 * the seeded book (book/seeded.ts).
 */
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../../core/types.ts';
import { adjustmentResource } from '../adjustments/definitions.ts';
import { KIND, type AdjustmentRow, type CustomerAccountRow, type ReceiptMethodRow, type SiteUseRow } from '../book/records.ts';
import { seededScratchBook } from '../book/seeded.ts';
import { receiptMethodResource } from '../receipt-methods/definitions.ts';
import { FW } from '../rest/errors.ts';
import { collectionPath, FSCM_BASE } from '../rest/links.ts';
import { errorEntry as entry, jsonExample, resourceInfo } from '../rest/catalog-info.ts';
import { siteLovResource } from '../sites/definitions.ts';
import { ACTIVITY_CHILDREN } from './children.ts';
import { accountActivityResource, siteActivityResource } from './definitions.ts';

const ADJ = collectionPath(adjustmentResource);
const RM = collectionPath(receiptMethodResource);
const LOV = collectionPath(siteLovResource);
const ACT = collectionPath(accountActivityResource);
const SITE = collectionPath(siteActivityResource);

const book = seededScratchBook();
const acme = book.list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10010') as CustomerAccountRow;
const blueHarbor = book.list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10020') as CustomerAccountRow;
const acmeSite = book.list<SiteUseRow>(KIND.siteUse).find((u) => u.customerAccountId === acme.CustomerAccountId && u.SiteUseCode === 'BILL_TO' && u.PrimaryFlag) as SiteUseRow;
const adjustment = book.list<AdjustmentRow>(KIND.adjustment)[0] as AdjustmentRow;
const lockbox = book.list<ReceiptMethodRow>(KIND.receiptMethod).find((m) => m.Name === 'Lockbox Check') as ReceiptMethodRow;
const q = (text: string) => encodeURIComponent(text);

function ex(group: string, id: string, title: string, method: string, path: string, expectStatus = 200, body?: unknown): ExampleRequest {
  return jsonExample(`readonly-${id}`, group, title, method, path, expectStatus, body);
}

const G_ADJ = 'Adjustments';
const G_REF = 'Receipt methods and sites';
const G_ACT = 'Customer account activity';

export const readOnlyExamples: ExampleRequest[] = [
  ex(G_ADJ, 'adj-list', 'List adjustments', 'GET', `${ADJ}?totalResults=true`),
  ex(G_ADJ, 'adj-item', `Adjustment ${adjustment.AdjustmentNumber}`, 'GET', `${ADJ}/${adjustment.AdjustmentId}`),
  ex(G_ADJ, 'adj-finder', 'Find an adjustment by PrimaryKey', 'GET', `${ADJ}?finder=${q(`PrimaryKey;AdjustmentId=${adjustment.AdjustmentId}`)}`),
  ex(G_ADJ, 'adj-approved', 'Approved adjustments (a charge and its reversal: net 0)', 'GET', `${ADJ}?q=${q("Status='A'")}`),
  ex(G_ADJ, 'adj-describe', 'Describe receivablesAdjustments', 'GET', `${ADJ}/describe`),
  ex(G_REF, 'rm-list', 'List receipt methods (retired ones look the same)', 'GET', RM),
  ex(G_REF, 'rm-item', `Receipt method ${lockbox.Name} (retired: EndDate in the past)`, 'GET', `${RM}/${lockbox.ReceiptMethodId}`),
  ex(G_REF, 'rm-finder', 'Find a receipt method by PrimaryKey', 'GET', `${RM}?finder=${q(`PrimaryKey;ReceiptMethodId=${lockbox.ReceiptMethodId}`)}`),
  ex(G_REF, 'rm-describe', 'Describe receiptMethods', 'GET', `${RM}/describe`),
  ex(G_REF, 'lov-list', 'Site uses of customer 10010 (names usable as BillToSite)', 'GET', `${LOV}?q=${q("AccountNumber='10010'")}`),
  ex(G_REF, 'lov-item', `Site use ${acmeSite.Location}`, 'GET', `${LOV}/${acmeSite.SiteUseId}`),
  ex(G_REF, 'lov-finder', 'Find a site use by PrimaryKey', 'GET', `${LOV}?finder=${q(`PrimaryKey;SiteUseId=${acmeSite.SiteUseId}`)}`),
  ex(G_REF, 'lov-describe', 'Describe customerAccountSitesLOV', 'GET', `${LOV}/describe`),
  ex(G_ACT, 'act-list', 'Account activities: what each customer owes (USD)', 'GET', `${ACT}?fields=AccountNumber,CustomerName,TotalOpenReceivablesForAccount,TotalTransactionsDueForAccount&onlyData=true`),
  ex(G_ACT, 'act-negative', 'Accounts whose unapplied cash exceeds what they owe', 'GET', `${ACT}?q=${q('TotalOpenReceivablesForAccount<0')}`),
  ex(G_ACT, 'act-finder', 'Find the activity of account 10020 (CustomerAccountActivitiesFinder)', 'GET', `${ACT}?finder=${q('CustomerAccountActivitiesFinder;AccountNumber=10020')}`),
  ex(G_ACT, 'act-item', `Account ${acme.AccountNumber} with all seven children`, 'GET', `${ACT}/${acme.CustomerAccountId}?expand=all`),
  ...Object.keys(ACTIVITY_CHILDREN).map((name) => ex(G_ACT, `act-${name}`, `${name} of account ${acme.AccountNumber}`, 'GET', `${ACT}/${acme.CustomerAccountId}/child/${name}`)),
  ex(G_ACT, 'act-late', `Late payment schedules of account ${acme.AccountNumber}`, 'GET', `${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules?q=${q('PaymentDaysLate>0')}`),
  ex(G_ACT, 'act-applications', `What paid the invoices of account ${blueHarbor.AccountNumber}`, 'GET', `${ACT}/${blueHarbor.CustomerAccountId}/child/standardReceiptApplications`),
  ex(G_ACT, 'act-describe', 'Describe receivablesCustomerAccountActivities', 'GET', `${ACT}/describe`),
  ex(G_ACT, 'site-list', 'Site activities (one row per bill-to site)', 'GET', `${SITE}?onlyData=true`),
  ex(G_ACT, 'site-item', `Site ${acmeSite.Location} with its payment schedules`, 'GET', `${SITE}/${acmeSite.SiteUseId}?expand=transactionPaymentSchedules`),
  ex(G_ACT, 'site-finder', 'Sites of Acme (CustomerAccountSiteActivitiesFinder)', 'GET', `${SITE}?finder=${q('CustomerAccountSiteActivitiesFinder;AccountNumber=10010')}`),
  ex(G_ACT, 'site-describe', 'Describe receivablesCustomerAccountSiteActivities', 'GET', `${SITE}/describe`),
];


/** The refusals of these resources, each with a request that triggers it on a fresh environment. */
export const readOnlyErrorEntries: ErrorEntry[] = [
  entry(FW.METHOD_NOT_ALLOWED, 405, 'Adjustments are read-only', 'POST, PATCH, PUT or DELETE on receivablesAdjustments; the message names the operation.', '000 Support matrix (POST/PATCH/DELETE on receivablesAdjustments); What the service does 5',
    ex(G_ADJ, 'err-adj-post', 'Create an adjustment', 'POST', ADJ, 405, { AdjustmentAmount: -10 }), 'Only GET receivablesAdjustments: REST offers no way to create, change or delete an adjustment.'),
  entry(FW.METHOD_NOT_ALLOWED, 405, 'Receipt methods are read-only', 'POST, PATCH, PUT or DELETE on receiptMethods; the message names the operation.', '000 Support matrix (receiptMethods)',
    ex(G_REF, 'err-rm-patch', 'Rename a receipt method', 'PATCH', `${RM}/${lockbox.ReceiptMethodId}`, 405, { Name: 'Lockbox' }), 'Only GET receiptMethods, and send an existing method’s Name as a receipt’s ReceiptMethod.'),
  entry(FW.METHOD_NOT_ALLOWED, 405, 'The sites LOV is read-only', 'POST, PATCH, PUT or DELETE on customerAccountSitesLOV; the message names the operation.', '000 Support matrix (customerAccountSitesLOV)',
    ex(G_REF, 'err-lov-delete', 'Delete a site use', 'DELETE', `${LOV}/${acmeSite.SiteUseId}`, 405), 'Only GET customerAccountSitesLOV, and use its site names as BillToSite or CustomerSite.'),
  entry(FW.METHOD_NOT_ALLOWED, 405, 'Account activity is read-only', 'POST, PATCH, PUT or DELETE on the account-activity resources or their children.', '000 Read-only resources table (GET only)',
    ex(G_ACT, 'err-act-post', 'POST to the account activities', 'POST', ACT, 405, {}), 'Only GET the activity resources and their children; they change as invoices and receipts change and AutoMatch runs.'),
  entry(FW.NO_SUCH_RESOURCE, 404, 'Adjustment flexfields', 'receivablesAdjustments/{AdjustmentId}/child/receivablesAdjustmentDFF is refused by name.', '000 Support matrix (receivablesAdjustmentDFF)',
    ex(G_ADJ, 'err-adj-dff', 'Flexfields of an adjustment', 'GET', `${ADJ}/${adjustment.AdjustmentId}/child/receivablesAdjustmentDFF`, 404), 'Read adjustments without the receivablesAdjustmentDFF child; it is not offered.', '^The child receivablesAdjustmentDFF '),
  entry(FW.INVALID_EXPAND, 400, 'Expand adjustment flexfields', 'expand=receivablesAdjustmentDFF is refused by name.', '000 Support matrix (receivablesAdjustmentDFF, and expand naming it)',
    ex(G_ADJ, 'err-adj-expand', 'Adjustments with their flexfields', 'GET', `${ADJ}?expand=receivablesAdjustmentDFF`, 400), 'Leave receivablesAdjustmentDFF out of expand; it is not offered.'),
  entry(FW.NO_SUCH_RESOURCE, 404, 'Site uses of customerAccountSites', '/customerAccountSites/{id}/child/siteUses is not offered; read site uses through customerAccountSitesLOV.', '000 Support matrix (/customerAccountSites/{id}/child/siteUses)',
    ex(G_REF, 'err-site-uses', 'Site uses under customerAccountSites', 'GET', `${FSCM_BASE}/customerAccountSites/${acmeSite.customerAccountSiteId}/child/siteUses`, 404), 'Read site uses through customerAccountSitesLOV, e.g. q=AccountNumber=\'10010\'.', 'siteUses child are not offered'),
  entry(FW.NO_SUCH_ITEM, 404, 'Adjustment not found', 'An AdjustmentId that does not exist in this environment (another tenant\'s row answers the same).', '000 Read-only resources table (another tenant\'s row gives 404); What the service does 2',
    ex(G_ADJ, 'err-adj-404', 'An adjustment that does not exist', 'GET', `${ADJ}/999999999999999`, 404), 'Use an AdjustmentId listed by GET receivablesAdjustments in this environment (or finder PrimaryKey;AdjustmentId=<id>).'),
  entry(FW.INVALID_ORDER_BY, 400, 'Sort by a derived activity attribute', 'CreditMemoStatus, ReferenceTransactionStatus, PaymentDaysLate and the activity totals are derived on read: they filter but cannot be sort keys.', '000 Other read-only resources (derived on read: filter, not sort keys)',
    ex(G_ACT, 'err-sort-derived', 'Payment schedules sorted by PaymentDaysLate', 'GET', `${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules?orderBy=PaymentDaysLate:desc`, 400), 'Filter on PaymentDaysLate, the statuses and the totals with q, and sort by them on the client.'),
  entry(FW.INVALID_FINDER, 400, 'Activity finder variable not supported', 'TransactionLimitByDays and TransactionStatus of the activity finders limit the children in the real product; the simulator refuses them by name (filter the children with q).', '000 Common query parameters finder; real-product-facts, Fields of resources the spec does not list (real finders on activities)',
    ex(G_ACT, 'err-finder-var', 'CustomerAccountActivitiesFinder with TransactionStatus', 'GET', `${ACT}?finder=${q('CustomerAccountActivitiesFinder;TransactionStatus=Both')}`, 400), 'Drop TransactionLimitByDays and TransactionStatus from the finder and filter the children with q instead (e.g. PaymentDaysLate>0).'),
  entry(FW.INVALID_QUERY, 400, 'Activity child: non-queryable attribute', 'Each activity child has its own queryable set (e.g. TotalBalanceAmount of a payment schedule is not queryable).', '000 Other read-only resources (each child has its own queryable set)',
    ex(G_ACT, 'err-child-q', 'Filter payment schedules on TotalBalanceAmount', 'GET', `${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules?q=${q('TotalBalanceAmount>0')}`, 400), 'Filter each activity child only on its own queryable attributes (e.g. PaymentDaysLate on transactionPaymentSchedules); check the rest, such as TotalBalanceAmount, on the client.', 'is not queryable\\. Queryable attributes:'),
];

/**
 * Data-browser entries: the three lists and both activity parents. The seven children show as related
 * tables of an opened activity record (they are listed under the parent, not as resources of their
 * own: their names, e.g. standardReceipts, are also top-level resources).
 */
export const readOnlyResources: ResourceInfo[] = [
  resourceInfo(adjustmentResource, G_ADJ),
  resourceInfo(receiptMethodResource, G_REF),
  resourceInfo(siteLovResource, G_REF),
  resourceInfo(accountActivityResource, G_ACT),
  resourceInfo(siteActivityResource, G_ACT),
];
