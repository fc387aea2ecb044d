/** Receivables setup records: business units, transaction types and sources, currencies, payment terms, receipt methods and remittance bank accounts. */
import type { Row } from '../../../core/types.ts';
import type { Amount, IsoDate } from './record-scalars.ts';

/** Kind `businessUnit`: an operating unit invoices and receipts are entered in. Ledger currency USD. */
export interface BusinessUnitRow extends Row {
  BusinessUnitId: number;
  BusinessUnitName: string;
  LedgerCurrencyCode: string;
  active: boolean;
}

/** Transaction class of a type: invoice, debit memo, credit memo. */
export type TransactionClass = 'INV' | 'DM' | 'CM';

/**
 * Kind `transactionType`: AR transaction type (max 20 characters, spec Invoice table).
 * `openReceivables` false is the real product's way to void: a transaction of such a type carries
 * no balance and accepts no lines (spec 000 § Add-line rule, 409).
 */
export interface TransactionTypeRow extends Row {
  TransactionTypeId: number;
  Name: string;
  TransactionClass: TransactionClass;
  openReceivables: boolean;
  postToGL: boolean;
  /** Whether POST receivablesInvoices accepts it (INV/DM types with open receivables). */
  creatable: boolean;
  active: boolean;
}

/** Kind `transactionSource`: where a transaction came from (max 50 characters). */
export interface TransactionSourceRow extends Row {
  TransactionSourceId: number;
  Name: string;
  active: boolean;
}

/** Kind `currency`: ISO 4217 currency with its precision; DEM is defined but disabled (AR-1030). */
export interface CurrencyRow extends Row {
  CurrencyCode: string;
  Name: string;
  Precision: number;
  EnabledFlag: boolean;
  /** Rate to the ledger currency USD (for account-activity totals, spec 000 § What the service does 8). */
  rateToUsd: Amount;
}

/** One installment of a payment term: share of the amount in percent and days after the transaction date. */
export interface TermInstallment {
  sequence: number;
  percent: Amount;
  dueDays: number;
}

/** Kind `paymentTerm`: payment terms name (max 15 characters) and its installment split. */
export interface PaymentTermRow extends Row {
  PaymentTermId: number;
  Name: string;
  Description: string;
  installments: TermInstallment[];
  active: boolean;
}


/** Kind `receiptMethod`: a configured receipt method (no status attribute exists, spec 000). */
export interface ReceiptMethodRow extends Row {
  ReceiptMethodId: number;
  Name: string;
  ReceiptClass: string;
  StartDate: IsoDate;
  EndDate: IsoDate | null;
}

/** Kind `remittanceBankAccount`: an internal bank account receipts are remitted to (resolves RemittanceBankName/Branch). */
export interface RemittanceBankAccountRow extends Row {
  BankAccountId: number;
  AccountNumber: string;
  BankName: string;
  BankBranchName: string;
}
