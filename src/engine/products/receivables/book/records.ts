/**
 * The receivables book: record kinds, and (re-exported from records-*.ts) the shapes of their rows.
 *
 * Conventions:
 * - PascalCase fields are API attributes (named as the spec's field tables name them);
 *   camelCase fields are internal links and flags the REST surface never emits.
 * - Amounts are decimal strings (big.js through core/money.ts), never floats.
 * - Dates are `yyyy-MM-dd`; datetimes are `yyyy-MM-ddTHH:mm:ss.sss+0000` (spec 000 § Resources, General).
 * - Ids are numbers from `tx.nextId()`; the row key (record id) is `String(id)`.
 */

/** Record kind names (the `kind` of each stored row). */
export const KIND = {
  businessUnit: 'businessUnit',
  transactionType: 'transactionType',
  transactionSource: 'transactionSource',
  currency: 'currency',
  paymentTerm: 'paymentTerm',
  customerAccount: 'customerAccount',
  customerSite: 'customerSite',
  siteUse: 'siteUse',
  contact: 'contact',
  contactPoint: 'contactPoint',
  contactRole: 'contactRole',
  invoice: 'invoice',
  invoiceLine: 'invoiceLine',
  installment: 'installment',
  receiptMethod: 'receiptMethod',
  remittanceBankAccount: 'remittanceBankAccount',
  standardReceipt: 'standardReceipt',
  remittanceReference: 'remittanceReference',
  receiptApplication: 'receiptApplication',
  /** AutoMatch: one row (id `settings`) of settings and due time, and one row per run (automatch/). */
  automatchState: 'automatchState',
  automatchRun: 'automatchRun',
  creditMemo: 'creditMemo',
  creditMemoLine: 'creditMemoLine',
  creditApplication: 'creditApplication',
  /** Read-only adjustments (receivablesAdjustments); seeded only, see docs/reference/receivables.md § The seeded book. */
  adjustment: 'adjustment',
  /** One row (id `last`): the last LastUpdateDate issued, so watermarks strictly increase. */
  syncWatermark: 'syncWatermark',
} as const;

export type Kind = (typeof KIND)[keyof typeof KIND];

export type * from './record-scalars.ts';
export type * from './records-setup.ts';
export type * from './records-customers.ts';
export type * from './records-transactions.ts';
export * from './records-receipts.ts';
