/** Receivables transaction records: invoices with their lines and installments, credit memos, credit applications and adjustments. */
import type { Row } from '../../../core/types.ts';
import type { Amount, IsoDate, Timestamp } from './record-scalars.ts';
import type { TransactionClass } from './records-setup.ts';

export type InvoiceStatus = 'Complete' | 'Incomplete' | 'Frozen';
export type DeliveryMethod = 'E-Mail' | 'Paper' | 'XML';

/**
 * Kind `invoice`: a receivables invoice header (spec 000 § Invoice). Header totals and DueDate are
 * stored (kept current by every write) so collection reads never touch children.
 * `lineIds`/`installmentIds` keep child lookups O(children) without scanning the line tables.
 */
export interface InvoiceRow extends Row {
  CustomerTransactionId: number;
  TransactionNumber: string;
  BusinessUnit: string;
  TransactionType: string;
  TransactionSource: string;
  BillToCustomerNumber: string;
  InvoiceCurrencyCode: string;
  TransactionDate: IsoDate;
  PaymentTerms: string;
  DueDate: IsoDate | null;
  EnteredAmount: Amount;
  InvoiceBalanceAmount: Amount;
  InvoiceStatus: InvoiceStatus;
  BillToPartyId: number;
  BillToCustomerName: string;
  BillToSite: string | null;
  BillToContact: string | null;
  DeliveryMethod: DeliveryMethod;
  Email: string | null;
  LastUpdateDate: Timestamp;
  customerAccountId: number;
  billToSiteUseId: number | null;
  billToContactPartyId: number | null;
  /** GL date once posted to the general ledger; PaymentTerms then cannot change (PATCH rule 2). */
  glPostedDate: IsoDate | null;
  /** True when the transaction type has no open receivables (a void): balance 0, no lines accepted. */
  voided: boolean;
  lineIds: number[];
  installmentIds: number[];
  /** Seed scenario label (documentation aid, docs/reference/receivables.md § The seeded book); null for API-created rows. */
  scenario: string | null;
  CreationDate: Timestamp;
}

/** Kind `invoiceLine`: one invoice line. LineAmount is stored already rounded to the currency precision. */
export interface InvoiceLineRow extends Row {
  CustomerTransactionLineId: number;
  invoiceId: number;
  LineNumber: number;
  Description: string | null;
  Quantity: Amount;
  UnitSellingPrice: Amount;
  LineAmount: Amount;
  lastUpdateDate: Timestamp;
}

/**
 * Kind `installment`: one payment schedule of an invoice (spec 000 § Installment).
 * InstallmentBalanceDue = OriginalAmount - AmountPaid - InstallmentAmountCredited (a void: 0).
 * `closedBy` tells a settled installment (cannot change, splitInstallments rule 5) from one set to
 * zero by a split (can change again).
 */
export interface InstallmentRow extends Row {
  InstallmentId: number;
  invoiceId: number;
  InstallmentSequenceNumber: number;
  InstallmentDueDate: IsoDate;
  OriginalAmount: Amount;
  InstallmentBalanceDue: Amount;
  AmountPaid: Amount;
  InstallmentAmountAdjusted: Amount;
  InstallmentAmountCredited: Amount;
  PendingAdjustmentAmount: Amount;
  DisputeAmount: Amount;
  DisputeDate: IsoDate | null;
  InstallmentStatus: 'OP' | 'CL';
  InstallmentClosedDate: IsoDate | null;
  InstallmentGLClosedDate: IsoDate | null;
  LastUpdateDate: Timestamp;
  closedBy: 'settlement' | 'zero' | 'void' | null;
}


/** Kind `creditMemo`: a credit memo header (shares the CustomerTransactionId id space with invoices). */
export interface CreditMemoRow extends Row {
  CustomerTransactionId: number;
  TransactionNumber: string;
  BusinessUnit: string;
  TransactionDate: IsoDate;
  TransactionType: 'Credit Memo';
  BillToCustomerNumber: string;
  CreditMemoCurrency: string;
  CreditReason: string | null;
  CreditMemoStatus: InvoiceStatus;
  RecipientEmail: string | null;
  /** Negative: a credit. */
  EnteredAmount: Amount;
  /** Negative while unapplied, 0 once fully applied. */
  TransactionBalanceDue: Amount;
  customerAccountId: number;
  /** Bill-to site use the memo belongs to (site activity); the account's primary when not known. */
  billToSiteUseId?: number | null;
  lineIds: number[];
  LastUpdateDate: Timestamp;
}

/** Kind `creditMemoLine`. LineAmountCredit is positive. */
export interface CreditMemoLineRow extends Row {
  CustomerTransactionLineId: number;
  creditMemoId: number;
  LineNumber: number;
  LineDescription: string | null;
  LineAmountCredit: Amount;
  LineQuantityCredit: Amount | null;
}

/** Kind `creditApplication`: a credit memo applied to an invoice installment (InstallmentAmountCredited). */
export interface CreditApplicationRow extends Row {
  CreditApplicationId: number;
  creditMemoId: number;
  CreditMemoNumber: string;
  ReferenceTransactionId: number;
  ReferenceInstallmentId: number;
  AmountApplied: Amount;
  ApplicationDate: IsoDate;
  customerAccountId: number;
}

/**
 * Kind `adjustment`: a manual increase or decrease requested on an invoice installment (field names
 * from the real receivablesAdjustments). The book's adjustments never move a balance (spec 000 §
 * What the service does 5; InstallmentAmountAdjusted is always 0): each is Rejected, or Approved
 * together with an Approved reversal of the same amount on the same installment (net 0).
 * AdjustmentAmount is in the transaction currency; AccountedAmount in the ledger currency USD.
 */
export interface AdjustmentRow extends Row {
  AdjustmentId: number;
  AdjustmentNumber: string;
  AdjustmentType: 'Invoice' | 'Line' | 'Charges' | 'Freight' | 'Tax';
  AdjustmentAmount: Amount;
  AdjustmentDate: IsoDate;
  AccountingDate: IsoDate;
  /** A Approved, R Rejected (W and M, waiting or under research, would be pending: none exist). */
  Status: 'A' | 'R';
  ReceivablesActivity: string;
  BusinessUnit: string;
  CustomerTransactionId: number;
  TransactionNumber: string;
  TransactionClass: TransactionClass;
  AccountedAmount: Amount;
  Currency: string;
  InstallmentNumber: number;
  /** The installment's balance due when the adjustment was decided (unchanged by it). */
  InstallmentBalance: Amount;
  AdjustmentReason: string;
  ApprovedBy: string | null;
  BillToSiteUseId: number | null;
  Comments: string | null;
  installmentId: number;
  customerAccountId: number;
}
