/**
 * The receivables book: record kinds and the shapes of their rows.
 *
 * Conventions:
 * - PascalCase fields are API attributes (named as the spec's field tables name them);
 *   camelCase fields are internal links and flags the REST surface never emits.
 * - Amounts are decimal strings (big.js through core/money.ts), never floats.
 * - Dates are `yyyy-MM-dd`; datetimes are `yyyy-MM-ddTHH:mm:ss.sss+0000` (spec 000 § Resources, General).
 * - Ids are numbers from `tx.nextId()`; the row key (record id) is `String(id)`.
 */
import type { Row } from '../../../core/types.ts';

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
  /** Read-only adjustments (receivablesAdjustments); seeded only, see docs/receivables-book.md. */
  adjustment: 'adjustment',
  /** One row (id `last`): the last LastUpdateDate issued, so watermarks strictly increase. */
  syncWatermark: 'syncWatermark',
} as const;

export type Kind = (typeof KIND)[keyof typeof KIND];

/** Decimal amount as a string, e.g. "1250.00" (never a float). */
export type Amount = string;
/** `yyyy-MM-dd`. */
export type IsoDate = string;
/** `yyyy-MM-ddTHH:mm:ss.sss+0000`. */
export type Timestamp = string;

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

/**
 * Kind `customerAccount`: a customer account of an ORGANIZATION party.
 * `AccountNumber` is what BillToCustomerNumber names; `PartyId` is the BillToPartyId of invoices and
 * the AccountPartyId of its contacts. `allowPaymentTermOverride` false is the profile flag that
 * refuses a PaymentTerms change (spec 000 § PATCH rule 2).
 */
export interface CustomerAccountRow extends Row {
  CustomerAccountId: number;
  AccountNumber: string;
  AccountName: string;
  PartyId: number;
  PartyNumber: string;
  PartyName: string;
  TaxpayerIdentificationNumber: string | null;
  TaxRegistrationNumber: string | null;
  Status: 'A' | 'I';
  /** Profile: default payment terms name. */
  profileTerms: string;
  /** Profile: whether an invoice may carry terms other than the profile's (PATCH rule 2). */
  allowPaymentTermOverride: boolean;
  CreationDate: Timestamp;
  LastUpdateDate: Timestamp;
}

/** Kind `customerSite`: a customer account site (an address of the account). */
export interface CustomerSiteRow extends Row {
  CustomerAccountSiteId: number;
  customerAccountId: number;
  PartySiteId: number;
  PartySiteNumber: string;
  Address1: string;
  City: string;
  PostalCode: string;
  Country: string;
  Status: 'A' | 'I';
}

/**
 * Kind `siteUse`: one use (BILL_TO, SHIP_TO) of an account site. `Location` is the site name that
 * BillToSite names on invoice create; customerAccountSitesLOV shows one row per site use.
 */
export interface SiteUseRow extends Row {
  SiteUseId: number;
  customerAccountSiteId: number;
  customerAccountId: number;
  SiteUseCode: 'BILL_TO' | 'SHIP_TO';
  Location: string;
  PrimaryFlag: boolean;
  Status: 'A' | 'I';
}

/**
 * Kind `contact`: a PERSON party who is a contact of a customer account. Exactly the spec's Contact
 * table fields (spec 000 § Contact); ContactPoint rows are separate (kind `contactPoint`).
 * EmailAddress equals the primary active EMAIL contact point; WorkPhoneNumber the PHONE one.
 */
export interface ContactRow extends Row {
  PartyId: number;
  PartyNumber: string;
  ContactName: string;
  ContactUniqueName: string;
  FirstName: string;
  LastName: string;
  JobTitle: string | null;
  EmailAddress: string | null;
  WorkPhoneNumber: string | null;
  MobileNumber: null;
  HomePhoneNumber: null;
  FaxNumber: null;
  PartyStatus: 'A' | 'I';
  PartyType: 'PERSON';
  /** PartyId of the customer account's organization party. */
  AccountPartyId: number;
  LastUpdateDate: Timestamp;
}

/** Kind `contactPoint`: an EMAIL or PHONE channel of a contact (spec ContactPoint fields plus PartyId). */
export interface ContactPointRow extends Row {
  ContactPointId: number;
  /** The contact's PartyId (parent link). */
  PartyId: number;
  ContactPointType: 'EMAIL' | 'PHONE';
  EmailAddress: string | null;
  RawPhoneNumber: string | null;
  FormattedPhoneNumber: string | null;
  PrimaryFlag: boolean;
  Status: 'A' | 'I';
  CreatedBy: string;
  CreationDate: Timestamp;
  LastUpdatedBy: string;
  LastUpdateDate: Timestamp;
}

/**
 * Kind `contactRole`: a responsibility a contact holds for an account (BILL_TO, SHIP_TO, DUN).
 * Kept apart from `contact` so contact rows carry exactly the spec's fields. BillToContact
 * defaulting needs an active contact with a BILL_TO role and an email.
 */
export interface ContactRoleRow extends Row {
  ContactRoleId: number;
  contactPartyId: number;
  customerAccountId: number;
  ResponsibilityType: 'BILL_TO' | 'SHIP_TO' | 'DUN';
  PrimaryFlag: boolean;
}

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
  /** Seed scenario label (documentation aid, docs/receivables-book.md); null for API-created rows. */
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
