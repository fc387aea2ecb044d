/** Receivables receipt records: standard receipts, remittance references and receipt applications. */
import type { Row } from '../../../core/types.ts';
import type { Amount, IsoDate, Timestamp } from './record-scalars.ts';

export type ReceiptState = 'APPLIED' | 'UNAPPLIED' | 'UNIDENTIFIED' | 'INSUFFICIENT FUNDS' | 'REVERSE PAYMENT' | 'STOP PAYMENT';
export type ReceiptStatus = 'CONFIRMED' | 'CLEARED' | 'APPROVED' | 'REMITTED';

/**
 * Kind `standardReceipt`: a standard receipt (spec 000 § Standard receipt). Every attribute of the
 * table is stored (null when not sent); remittance references are rows of their own.
 * Invariant: Amount = UnappliedAmount + the sum of its applications' ApplicationAmount.
 */
export interface StandardReceiptRow extends Row {
  StandardReceiptId: number;
  ReceiptNumber: string;
  ReceiptMethod: string;
  BusinessUnit: string;
  Amount: Amount;
  Currency: string;
  ReceiptDate: IsoDate;
  AccountingDate: IsoDate;
  CustomerAccountNumber: string | null;
  CustomerName: string | null;
  CustomerSite: string | null;
  CustomerBankAccountNumber?: string | null;
  State: ReceiptState;
  Status: ReceiptStatus;
  UnappliedAmount: Amount;
  StructuredPaymentReference?: string | null;
  DocumentNumber?: string | null;
  Comments?: string | null;
  MaturityDate?: IsoDate | null;
  PostmarkDate?: IsoDate | null;
  ConversionDate?: IsoDate | null;
  ConversionRate?: Amount | null;
  ConversionRateType?: string | null;
  RemittanceBankAccountNumber?: string | null;
  RemittanceBankAllowOverride?: boolean | null;
  RemittanceBankDepositDate?: IsoDate | null;
  CardHolderFirstName?: string | null;
  CardHolderLastName?: string | null;
  CreditCardTokenNumber?: string | null;
  CreditCardExpirationDate?: IsoDate | null;
  CreditCardIssuerCode?: string | null;
  CreditCardAuthorizationRequestIdentifier?: unknown;
  VoiceAuthorizationCode?: string | null;
  standardReceiptDFF?: Row | null;
  standardReceiptGdf?: Row | null;
  /** Resolved business unit (q resolves BusinessUnit names to it). */
  businessUnitId?: number;
  /** Resolved customer account (null while UNIDENTIFIED). */
  customerAccountId: number | null;
  /** Resolved bill-to site use of CustomerSite (null when none given or unidentified). */
  customerSiteUseId?: number | null;
  /** Ids of its remittance references, in RemittanceReferenceId order. */
  referenceIds?: number[];
  /**
   * Processing facts behind Receipt rules 4-5 (receipts/guards.ts): accounting state (created
   * receipts are `pending` until accounting runs; the seed has accounted and unaccounted ones),
   * frozen, and the receipt's origin (netting and bills receivable receipts are not standard cash).
   */
  accounting?: 'pending' | 'accounted' | 'unaccounted';
  frozen?: boolean;
  origin?: 'cash' | 'netting' | 'bills-receivable';
  CreatedBy: string;
  CreationDate: Timestamp;
  LastUpdatedBy: string;
  LastUpdateDate: Timestamp;
}

export const RECEIPT_MATCH_BY = [
  'Transaction Number',
  'Balance Forward Billing Number',
  'Contract Number',
  'Purchase Order',
  'Sales Order',
  'Shipping Reference',
] as const;
export type ReceiptMatchBy = (typeof RECEIPT_MATCH_BY)[number];

/** Kind `remittanceReference`: what a receipt says it pays (spec 000 § Remittance reference). */
export interface RemittanceReferenceRow extends Row {
  RemittanceReferenceId: number;
  receiptId: number;
  /** The run that applied this reference (for seeded applications, the receipt's id), so no later run applies it again. */
  appliedBy?: number | null;
  ReceiptMatchBy: ReceiptMatchBy;
  ReferenceNumber: string | null;
  ReferenceAmount: Amount | null;
  CustomerReason: string | null;
  CustomerReference: string | null;
  CreatedBy: string;
  CreationDate: Timestamp;
  LastUpdatedBy: string;
  LastUpdateDate: Timestamp;
}

/**
 * Kind `receiptApplication`: a receipt applied to an invoice installment (made only by AutoMatch or
 * the seed). Field names follow the real account-activity child standardReceiptApplications.
 * ApplicationAmount is in the invoice currency.
 */
export interface ReceiptApplicationRow extends Row {
  ApplicationId: number;
  StandardReceiptId: number;
  ReceiptNumber: string;
  ReferenceTransactionId: number;
  ReferenceTransactionNumber: string;
  ReferenceInstallmentId: number;
  ApplicationAmount: Amount;
  Currency: string;
  ApplicationDate: IsoDate;
  AccountingDate: IsoDate;
  ApplicationStatus: 'APP';
  ActivityName: string | null;
  customerAccountId: number;
  LastUpdateDate: Timestamp;
}
