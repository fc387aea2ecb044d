/**
 * The invoice, invoice line and installment resources as data (spec 000 § Invoice (receivablesInvoices),
 * Invoice line, Installment; queryable lists from § Common query parameters).
 */
import { daysBetween, isoDate } from '../../../core/clock.ts';
import { KIND, type InstallmentRow } from '../book/records.ts';
import { amount, date, datetime, defineResource, field, int, num, relatedTo, str, ACTION } from '../rest/define.ts';
import { REST_CODES } from '../rest/errors.ts';
import type { ReadContext } from '../rest/types.ts';

export const AR = {
  MISSING_REQUIRED: 'AR-1000',
  NO_LINES: 'AR-1001',
  UNKNOWN_CUSTOMER: 'AR-1010',
  NOT_UPDATABLE: 'AR-1020',
  BAD_CURRENCY: 'AR-1030',
  BAD_CONTACT: 'AR-1031',
  SPLIT_OMITS: 'AR-1040',
  SPLIT_NOT_COMPLETE: 'AR-2010',
  SPLIT_BELOW_SETTLED: 'AR-2012',
  INVOICE_NOT_FOUND: 'AR-7041',
  LINE_NOT_FOUND: 'AR-7043',
  DELETE_NOT_ALLOWED: 'AR_TRX_DELETE_NOT_ALLOWED',
} as const;

/** max(0, today - due) while OP, 0 once CL, from the environment clock (spec 000 § Installment). */
export function paymentDaysLate(row: Pick<InstallmentRow, 'InstallmentStatus' | 'InstallmentDueDate'>, rc: Pick<ReadContext, 'now'>): number {
  if (row.InstallmentStatus !== 'OP') return 0;
  return Math.max(0, daysBetween(row.InstallmentDueDate, isoDate(rc.now)));
}

export const installmentResource = defineResource({
  name: 'receivablesInvoiceInstallments',
  title: 'Invoice Installment',
  titlePlural: 'Invoice Installments',
  kind: KIND.installment,
  parentField: 'invoiceId',
  key: 'InstallmentId',
  fields: [
    num('InstallmentId', 'key', 'q'),
    num('InstallmentSequenceNumber', 'ro', 'q'),
    date('InstallmentDueDate', 'ro', 'q'),
    amount('OriginalAmount', 'ro', 'q'),
    amount('InstallmentBalanceDue', 'ro', 'q'),
    amount('AmountPaid', 'ro', 'q'),
    amount('InstallmentAmountAdjusted', 'ro', 'q'),
    amount('InstallmentAmountCredited', 'ro', 'q'),
    amount('PendingAdjustmentAmount', 'ro', 'q'),
    amount('DisputeAmount', 'ro', 'q'),
    date('DisputeDate', 'ro', 'q'),
    str('InstallmentStatus', undefined, 'ro', 'q'),
    date('InstallmentClosedDate', 'ro', 'q'),
    date('InstallmentGLClosedDate', 'ro', 'q'),
    field('PaymentDaysLate', 'number', ['ro', 'q', 'derived'], {
      precision: 18,
      value: (row, rc) => paymentDaysLate(row as InstallmentRow, rc),
    }),
    datetime('LastUpdateDate', 'ro'),
  ],
  defaultOrderBy: 'InstallmentSequenceNumber:asc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  badKeyCode: REST_CODES.BAD_PARAM,
});

export const lineResource = defineResource({
  name: 'receivablesInvoiceLines',
  title: 'Invoice Line',
  titlePlural: 'Invoice Lines',
  kind: KIND.invoiceLine,
  parentField: 'invoiceId',
  key: 'CustomerTransactionLineId',
  fields: [
    num('CustomerTransactionLineId', 'key', 'q'),
    num('LineNumber'),
    str('Description', 240),
    field('Quantity', 'number', [], { precision: 18, scale: 4 }),
    amount('UnitSellingPrice'),
    amount('LineAmount', 'ro'),
  ],
  defaultOrderBy: 'LineNumber:asc',
  params: {
    collection: ['q', 'fields', 'limit', 'offset', 'totalResults', 'onlyData', 'links', 'orderBy', 'finder'],
    item: ['fields', 'onlyData', 'links'],
  },
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.ITEM_PARAM },
  notFound: { code: AR.LINE_NOT_FOUND, status: 404 },
  badKeyCode: REST_CODES.BAD_PARAM,
  queryableNote: 'Only CustomerTransactionLineId is queryable on invoice lines.',
  collectionActions: [
    ACTION.getCollection,
    ACTION.create,
  ],
});

export const INVOICE_STATUS_VALUES = ['Complete', 'Incomplete', 'Frozen'] as const;
export const DELIVERY_METHOD_VALUES = ['E-Mail', 'Paper', 'XML'] as const;

export const invoiceResource = defineResource({
  name: 'receivablesInvoices',
  title: 'Receivables Invoice',
  titlePlural: 'Receivables Invoices',
  kind: KIND.invoice,
  key: 'CustomerTransactionId',
  fields: [
    num('CustomerTransactionId', 'key', 'q'),
    str('TransactionNumber', 30, 'ro', 'q'),
    str('BusinessUnit', 240, 'req'),
    str('TransactionType', 20, 'req'),
    str('TransactionSource', 50, 'req'),
    str('BillToCustomerNumber', 30, 'req'),
    str('InvoiceCurrencyCode', 15, 'req'),
    date('TransactionDate', 'upd'),
    str('PaymentTerms', 15, 'upd'),
    // Optional on create (due date of a single-installment schedule); read-only for PATCH purposes.
    date('DueDate'),
    amount('EnteredAmount', 'ro'),
    amount('InvoiceBalanceAmount', 'ro', 'q'),
    field('InvoiceStatus', 'string', ['q', 'upd'], { maxLength: 30, values: INVOICE_STATUS_VALUES }),
    relatedTo(int('BillToPartyId', 'ro', 'q'), { resource: 'receivablesInvoices', column: 'BillToPartyId', title: 'Invoices of this customer' }),
    str('BillToCustomerName', 360),
    str('BillToSite', 150),
    relatedTo(str('BillToContact', 360), { resource: 'contacts', column: 'ContactName', title: 'The contact' }),
    field('DeliveryMethod', 'string', ['q'], { maxLength: 30, values: DELIVERY_METHOD_VALUES }),
    str('Email', 240, 'q'),
    datetime('LastUpdateDate', 'ro', 'q'),
    field('receivablesInvoiceLines', 'array', ['req']),
    field('receivablesInvoiceInstallments', 'array', ['ro']),
  ],
  children: { receivablesInvoiceLines: lineResource, receivablesInvoiceInstallments: installmentResource },
  defaultOrderBy: 'CustomerTransactionId:desc',
  unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
  notFound: { code: AR.INVOICE_NOT_FOUND, status: 404 },
  badKeyCode: REST_CODES.BAD_PARAM,
  queryableNote:
    'Queryable invoice attributes: CustomerTransactionId, TransactionNumber, InvoiceStatus, InvoiceBalanceAmount, BillToPartyId, DeliveryMethod, Email, LastUpdateDate.',
  collectionActions: [
    ACTION.getCollection,
    ACTION.create,
  ],
  itemActions: [
    ACTION.getItem,
    ACTION.update,
    ACTION.delete,
    { name: 'splitInstallments', method: 'POST', requestType: ['application/vnd.oracle.adf.action+json'], responseType: ['application/json', 'application/vnd.oracle.adf.actionresult+json'] },
  ],
});
