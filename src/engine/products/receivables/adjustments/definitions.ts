/**
 * receivablesAdjustments as data (spec 000 § Other read-only resources; Read-only resources endpoint
 * table; fields from real-product-facts). Read-only. The six queryable attributes (the spec says
 * "six" without naming them) are the simulator's choice: AdjustmentId, AdjustmentNumber,
 * CustomerTransactionId, TransactionNumber, Status, AdjustmentDate.
 */
import { KIND } from '../book/records.ts';
import { amount, date, defineResource, field, int, num, relatedTo, str } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';

/** The real resource's flexfield child, refused by name (support matrix). */
export const ADJUSTMENT_DFF = 'receivablesAdjustmentDFF';

export const ADJUSTMENT_QUERYABLE = ['AdjustmentId', 'AdjustmentNumber', 'CustomerTransactionId', 'TransactionNumber', 'Status', 'AdjustmentDate'] as const;

export const adjustmentResource = defineResource({
  name: 'receivablesAdjustments',
  title: 'Receivables Adjustment',
  titlePlural: 'Receivables Adjustments',
  kind: KIND.adjustment,
  key: 'AdjustmentId',
  fields: [
    num('AdjustmentId', 'key', 'q'),
    str('AdjustmentNumber', 20, 'ro', 'q'),
    field('AdjustmentType', 'string', ['ro'], { maxLength: 30, values: ['Invoice', 'Line', 'Charges', 'Freight', 'Tax'] }),
    amount('AdjustmentAmount', 'ro'),
    date('AdjustmentDate', 'ro', 'q'),
    date('AccountingDate', 'ro'),
    // A Approved, R Rejected; W (waiting approval) and M (more research) exist in the product but not in the book.
    field('Status', 'string', ['ro', 'q'], { maxLength: 30, values: ['A', 'M', 'R', 'W'] }),
    str('ReceivablesActivity', 50, 'ro'),
    str('BusinessUnit', 240, 'ro'),
    relatedTo(num('CustomerTransactionId', 'ro', 'q'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The adjusted invoice' }),
    str('TransactionNumber', 30, 'ro', 'q'),
    field('TransactionClass', 'string', ['ro'], { maxLength: 20, values: ['INV', 'DM', 'CM'] }),
    amount('AccountedAmount', 'ro'),
    str('Currency', 15, 'ro'),
    int('InstallmentNumber', 'ro'),
    amount('InstallmentBalance', 'ro'),
    str('AdjustmentReason', 30, 'ro'),
    str('ApprovedBy', 64, 'ro'),
    relatedTo(num('BillToSiteUseId', 'ro'), { resource: 'receivablesCustomerAccountSiteActivities', column: 'BillToSiteUseId', title: 'The bill-to site activity' }),
    str('Comments', 240, 'ro'),
  ],
  defaultOrderBy: 'AdjustmentId:asc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: FW.NO_SUCH_ITEM },
  badKeyCode: REST_CODES.BAD_PARAM,
  queryableNote: `Queryable adjustment attributes: ${ADJUSTMENT_QUERYABLE.join(', ')}.`,
});
