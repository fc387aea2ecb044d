/**
 * The seven children of both account-activity parents (spec 000 § Other read-only resources: "Each
 * has its own queryable set and attribute names; each can be embedded with expand (or expand=all).
 * CreditMemoStatus, ReferenceTransactionStatus and PaymentDaysLate are derived on read: they filter
 * as predicates but cannot be sort keys"). Attribute names follow real-product-facts where it lists
 * them (standardReceiptApplications, transactionPaymentSchedules) and are the simulator's own
 * otherwise; docs/reference/receivables.md lists them with their queryable sets.
 */
import { DAY_MS, isoDate } from '../../../core/clock.ts';
import type { DataView, Row } from '../../../core/types.ts';
import { KIND, type CreditMemoRow, type InvoiceRow } from '../book/records.ts';
import { paymentDaysLate } from '../invoices/definitions.ts';
import { amount, date, defineResource, field, int, num, relatedTo, str } from '../rest/define.ts';
import { FW, REST_CODES } from '../rest/errors.ts';
import type { ReadContext, ResourceDef } from '../rest/types.ts';
import type { ResourceInit as Init } from '../rest/define.ts';
import {
  adjustmentRows,
  applicationRows,
  creditApplicationRows,
  memoRows,
  paidByOthersRows,
  receiptRows,
  rowsFor,
  scheduleRows,
  type Grouped,
} from './projections.ts';

/** Common settings of a child: rows from a projection for the parent row, read-only, GET only. */
function child(init: Omit<Init, 'parentField' | 'rowsOf' | 'unimplementedParamCode' | 'badKeyCode' | 'notFound'>, rows: (data: DataView) => Grouped): ResourceDef {
  return defineResource({
    ...init,
    parentField: 'AccountId',
    rowsOf: (parent: Row, data: DataView) => rowsFor(rows(data), parent),
    params: {
      collection: ['q', 'fields', 'limit', 'offset', 'orderBy', 'totalResults', 'onlyData', 'links', 'finder'],
      item: ['fields', 'onlyData', 'links'],
    },
    unimplementedParamCode: { collection: REST_CODES.BAD_PARAM, item: REST_CODES.BAD_PARAM },
    badKeyCode: REST_CODES.BAD_PARAM,
    notFound: { code: FW.NO_SUCH_ITEM },
  });
}

const note = (names: readonly string[]) => `Queryable attributes: ${names.join(', ')}.`;

export const STANDARD_RECEIPTS_Q = ['StandardReceiptId', 'ReceiptNumber', 'ReceiptDate', 'ReceiptState', 'ReceiptCurrencyCode'] as const;
export const standardReceiptsChild = child(
  {
    name: 'standardReceipts',
    title: 'Standard Receipt',
    titlePlural: 'Standard Receipts',
    kind: KIND.standardReceipt,
    key: 'StandardReceiptId',
    fields: [
      num('StandardReceiptId', 'key', 'q'),
      str('ReceiptNumber', 30, 'ro', 'q'),
      date('ReceiptDate', 'ro', 'q'),
      str('ReceiptMethod', 30, 'ro'),
      amount('ReceiptAmount', 'ro'),
      amount('UnappliedAmount', 'ro'),
      str('ReceiptCurrencyCode', 15, 'ro', 'q'),
      str('ReceiptState', 30, 'ro', 'q'),
      str('ReceiptStatus', 30, 'ro'),
      str('BusinessUnit', 240, 'ro'),
      str('CustomerSite', 150, 'ro'),
      num('ReceiptSiteUseId', 'ro'),
    ],
    defaultOrderBy: 'ReceiptDate:desc,StandardReceiptId:desc',
    queryableNote: note(STANDARD_RECEIPTS_Q),
  },
  receiptRows,
);

/** OP while the referenced transaction has a balance, CL once settled (the invoice as it is now). */
function referenceStatus(row: Row, data: DataView): string | null {
  const inv = data.get<InvoiceRow>(KIND.invoice, String(row.ReferenceTransactionId));
  if (!inv) return null;
  return Number(inv.InvoiceBalanceAmount) > 0 ? 'OP' : 'CL';
}

export const APPLICATIONS_Q = ['ApplicationId', 'ApplicationDate', 'StandardReceiptId', 'ReceiptNumber', 'ReferenceTransactionId', 'ReferenceTransactionNumber', 'ReferenceTransactionStatus'] as const;
export const standardReceiptApplicationsChild = child(
  {
    name: 'standardReceiptApplications',
    title: 'Standard Receipt Application',
    titlePlural: 'Standard Receipt Applications',
    kind: KIND.receiptApplication,
    key: 'ApplicationId',
    fields: [
      num('ApplicationId', 'key', 'q'),
      date('ApplicationDate', 'ro', 'q'),
      date('AccountingDate', 'ro'),
      amount('ApplicationAmount', 'ro'),
      str('ApplicationCurrency', 15, 'ro'),
      str('ApplicationStatus', 30, 'ro'),
      str('ActivityName', 50, 'ro'),
      num('StandardReceiptId', 'ro', 'q'),
      str('ReceiptNumber', 30, 'ro', 'q'),
      relatedTo(num('ReferenceTransactionId', 'ro', 'q'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The invoice it paid' }),
      str('ReferenceTransactionNumber', 30, 'ro', 'q'),
      num('ReferenceInstallmentId', 'ro'),
      field('ReferenceTransactionStatus', 'string', ['ro', 'q', 'derived'], { maxLength: 2, values: ['OP', 'CL'], value: (row, rc) => referenceStatus(row, rc.data) }),
    ],
    defaultOrderBy: 'ApplicationDate:desc,ApplicationId:desc',
    queryableNote: note(APPLICATIONS_Q),
  },
  applicationRows,
);

/** Today as a day number per read (one request reads one clock). */
const todays = new WeakMap<ReadContext, number>();

/**
 * PaymentDaysLate as the installment resource defines it (invoices/definitions.ts paymentDaysLate:
 * max(0, today - due) while OP, 0 once CL), from the projection's day number of the due date.
 */
function daysLate(row: Row, rc: ReadContext): number {
  if (typeof row.dueDay !== 'number') return paymentDaysLate({ InstallmentStatus: row.InstallmentStatus as 'OP' | 'CL', InstallmentDueDate: row.PaymentScheduleDueDate as string }, rc);
  if (row.InstallmentStatus !== 'OP') return 0;
  let today = todays.get(rc);
  if (today === undefined) todays.set(rc, (today = Date.parse(`${isoDate(rc.now)}T00:00:00Z`) / DAY_MS));
  return Math.max(0, Math.round(today - row.dueDay));
}

export const SCHEDULES_Q = ['InstallmentId', 'TransactionId', 'TransactionNumber', 'TransactionClass', 'PaymentScheduleDueDate', 'InstallmentStatus', 'PaymentDaysLate'] as const;
export const transactionPaymentSchedulesChild = child(
  {
    name: 'transactionPaymentSchedules',
    title: 'Transaction Payment Schedule',
    titlePlural: 'Transaction Payment Schedules',
    kind: KIND.installment,
    key: 'InstallmentId',
    fields: [
      num('InstallmentId', 'key', 'q'),
      int('InstallmentNumber', 'ro'),
      relatedTo(num('TransactionId', 'ro', 'q'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The transaction' }),
      str('TransactionNumber', 30, 'ro', 'q'),
      date('TransactionDate', 'ro'),
      str('TransactionType', 20, 'ro'),
      field('TransactionClass', 'string', ['ro', 'q'], { maxLength: 20, values: ['INV', 'DM', 'CM'] }),
      str('PurchaseOrder', 50, 'ro'),
      date('AccountingDate', 'ro'),
      date('PaymentScheduleDueDate', 'ro', 'q'),
      str('EnteredCurrency', 15, 'ro'),
      amount('TotalOriginalAmount', 'ro'),
      amount('TotalBalanceAmount', 'ro'),
      field('InstallmentStatus', 'string', ['ro', 'q'], { maxLength: 2, values: ['OP', 'CL'] }),
      field('PaymentDaysLate', 'number', ['ro', 'q', 'derived'], {
        precision: 18,
        value: (row, rc) => daysLate(row, rc),
      }),
    ],
    defaultOrderBy: 'PaymentScheduleDueDate:asc,InstallmentId:asc',
    queryableNote: note(SCHEDULES_Q),
  },
  scheduleRows,
);

/** OP while the memo has credit left to apply, CL once fully applied (the memo as it is now). */
function memoStatus(row: Row, data: DataView): string | null {
  const memo = data.get<CreditMemoRow>(KIND.creditMemo, String(row.CreditMemoId));
  if (!memo) return null;
  return Number(memo.TransactionBalanceDue) !== 0 ? 'OP' : 'CL';
}

export const MEMOS_Q = ['CreditMemoId', 'CreditMemoNumber', 'TransactionDate', 'EnteredCurrency', 'CreditMemoStatus'] as const;
export const creditMemosChild = child(
  {
    name: 'creditMemos',
    title: 'Credit Memo',
    titlePlural: 'Credit Memos',
    kind: KIND.creditMemo,
    key: 'CreditMemoId',
    fields: [
      relatedTo(num('CreditMemoId', 'key', 'q'), { resource: 'receivablesCreditMemos', column: 'CustomerTransactionId', title: 'The credit memo' }),
      str('CreditMemoNumber', 30, 'ro', 'q'),
      date('TransactionDate', 'ro', 'q'),
      str('BusinessUnit', 240, 'ro'),
      str('CreditReason', 240, 'ro'),
      str('EnteredCurrency', 15, 'ro', 'q'),
      amount('CreditMemoAmount', 'ro'),
      amount('CreditMemoBalance', 'ro'),
      field('CreditMemoStatus', 'string', ['ro', 'q', 'derived'], { maxLength: 2, values: ['OP', 'CL'], value: (row, rc) => memoStatus(row, rc.data) }),
    ],
    defaultOrderBy: 'TransactionDate:desc,CreditMemoId:desc',
    queryableNote: note(MEMOS_Q),
  },
  memoRows,
);

export const CREDIT_APPLICATIONS_Q = ['ApplicationId', 'CreditMemoNumber', 'AppliedTransactionNumber', 'ApplicationDate'] as const;
export const creditMemoApplicationsChild = child(
  {
    name: 'creditMemoApplications',
    title: 'Credit Memo Application',
    titlePlural: 'Credit Memo Applications',
    kind: KIND.creditApplication,
    key: 'ApplicationId',
    fields: [
      num('ApplicationId', 'key', 'q'),
      relatedTo(num('CreditMemoId', 'ro'), { resource: 'receivablesCreditMemos', column: 'CustomerTransactionId', title: 'The credit memo' }),
      str('CreditMemoNumber', 30, 'ro', 'q'),
      relatedTo(num('AppliedTransactionId', 'ro'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The credited invoice' }),
      str('AppliedTransactionNumber', 30, 'ro', 'q'),
      num('AppliedInstallmentId', 'ro'),
      amount('AmountApplied', 'ro'),
      str('ApplicationCurrency', 15, 'ro'),
      date('ApplicationDate', 'ro', 'q'),
    ],
    defaultOrderBy: 'ApplicationDate:desc,ApplicationId:desc',
    queryableNote: note(CREDIT_APPLICATIONS_Q),
  },
  creditApplicationRows,
);

export const PAID_BY_OTHERS_Q = ['ApplicationId', 'TransactionNumber', 'ReceiptNumber', 'PayingCustomerAccountNumber', 'ApplicationDate'] as const;
export const transactionsPaidByOtherCustomersChild = child(
  {
    name: 'transactionsPaidByOtherCustomers',
    title: 'Transaction Paid by Other Customer',
    titlePlural: 'Transactions Paid by Other Customers',
    kind: KIND.receiptApplication,
    key: 'ApplicationId',
    fields: [
      num('ApplicationId', 'key', 'q'),
      relatedTo(num('TransactionId', 'ro'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The transaction' }),
      str('TransactionNumber', 30, 'ro', 'q'),
      num('InstallmentId', 'ro'),
      amount('AmountApplied', 'ro'),
      str('TransactionCurrency', 15, 'ro'),
      date('ApplicationDate', 'ro', 'q'),
      num('StandardReceiptId', 'ro'),
      str('ReceiptNumber', 30, 'ro', 'q'),
      str('PayingCustomerAccountNumber', 30, 'ro', 'q'),
      str('PayingCustomerName', 360, 'ro'),
    ],
    defaultOrderBy: 'ApplicationDate:desc,ApplicationId:desc',
    queryableNote: note(PAID_BY_OTHERS_Q),
  },
  paidByOthersRows,
);

export const TRANSACTION_ADJUSTMENTS_Q = ['AdjustmentId', 'AdjustmentNumber', 'TransactionNumber', 'AdjustmentStatus', 'AdjustmentDate'] as const;
export const transactionAdjustmentsChild = child(
  {
    name: 'transactionAdjustments',
    title: 'Transaction Adjustment',
    titlePlural: 'Transaction Adjustments',
    kind: KIND.adjustment,
    key: 'AdjustmentId',
    fields: [
      relatedTo(num('AdjustmentId', 'key', 'q'), { resource: 'receivablesAdjustments', column: 'AdjustmentId', title: 'The adjustment' }),
      str('AdjustmentNumber', 20, 'ro', 'q'),
      relatedTo(num('TransactionId', 'ro'), { resource: 'receivablesInvoices', column: 'CustomerTransactionId', title: 'The adjusted transaction' }),
      str('TransactionNumber', 30, 'ro', 'q'),
      int('InstallmentNumber', 'ro'),
      str('AdjustmentType', 30, 'ro'),
      amount('AdjustedAmount', 'ro'),
      str('AdjustmentCurrency', 15, 'ro'),
      field('AdjustmentStatus', 'string', ['ro', 'q'], { maxLength: 30, values: ['A', 'M', 'R', 'W'] }),
      date('AdjustmentDate', 'ro', 'q'),
      str('ActivityName', 50, 'ro'),
      str('AdjustmentReason', 30, 'ro'),
    ],
    defaultOrderBy: 'AdjustmentDate:desc,AdjustmentId:desc',
    queryableNote: note(TRANSACTION_ADJUSTMENTS_Q),
  },
  adjustmentRows,
);

/** The seven children, in the spec's order, under their accessor names. */
export const ACTIVITY_CHILDREN: Record<string, ResourceDef> = {
  standardReceipts: standardReceiptsChild,
  standardReceiptApplications: standardReceiptApplicationsChild,
  transactionPaymentSchedules: transactionPaymentSchedulesChild,
  creditMemos: creditMemosChild,
  creditMemoApplications: creditMemoApplicationsChild,
  transactionsPaidByOtherCustomers: transactionsPaidByOtherCustomersChild,
  transactionAdjustments: transactionAdjustmentsChild,
};
