/**
 * Row shapes of the receivables book's reference kinds (records.ts describes them), as data a
 * snapshot import checks every record against (issue 26). `kindOf<Row>` makes the compiler insist
 * on one spec per field of the interface. Ids: a row is filed under String(its key id).
 */
import { bool, dec, engineId, int, kindOf, oneOf, str, ts, type KindSchema, arr, obj, date } from '../../../core/record-schema.ts';
import type { Row } from '../../../core/types.ts';
import {
  KIND,
  type BusinessUnitRow,
  type ContactPointRow,
  type ContactRoleRow,
  type ContactRow,
  type CurrencyRow,
  type CustomerAccountRow,
  type CustomerSiteRow,
  type PaymentTermRow,
  type ReceiptMethodRow,
  type RemittanceBankAccountRow,
  type SiteUseRow,
  type TransactionSourceRow,
  type TransactionTypeRow,
} from './records.ts';

/** Filed under String(row[key]). */
export const byKey = (key: string) => (row: Row) => String(row[key]);

const status = () => oneOf('A', 'I');
const positive = (v: unknown) => (Number(v) > 0 ? null : 'must be above 0');

export const REFERENCE_KINDS: Record<string, KindSchema> = {
  [KIND.businessUnit]: kindOf<BusinessUnitRow>({
    idOf: byKey('BusinessUnitId'),
    fields: { BusinessUnitId: engineId(), BusinessUnitName: str(240), LedgerCurrencyCode: str(15).ref(KIND.currency), active: bool() },
  }),
  [KIND.transactionType]: kindOf<TransactionTypeRow>({
    idOf: byKey('TransactionTypeId'),
    fields: { TransactionTypeId: engineId(), Name: str(20), TransactionClass: oneOf('INV', 'DM', 'CM'), openReceivables: bool(), postToGL: bool(), creatable: bool(), active: bool() },
  }),
  [KIND.transactionSource]: kindOf<TransactionSourceRow>({
    idOf: byKey('TransactionSourceId'),
    fields: { TransactionSourceId: engineId(), Name: str(50), active: bool() },
  }),
  [KIND.currency]: kindOf<CurrencyRow>({
    idOf: byKey('CurrencyCode'),
    fields: {
      CurrencyCode: str(15),
      Name: str(80),
      // Amounts are rounded to it (big.js takes 0 to a few dozen places) and divided by the rate.
      Precision: int().where((v) => ((v as number) >= 0 && (v as number) <= 10 ? null : 'must be 0 to 10')),
      EnabledFlag: bool(),
      rateToUsd: dec().where(positive),
    },
  }),
  [KIND.paymentTerm]: kindOf<PaymentTermRow>({
    idOf: byKey('PaymentTermId'),
    fields: {
      PaymentTermId: engineId(),
      Name: str(15),
      Description: str(240),
      installments: arr(obj({ sequence: int(), percent: dec(), dueDays: int() }), 100).where((v) => ((v as unknown[]).length ? null : 'needs at least one installment')),
      active: bool(),
    },
  }),
  [KIND.customerAccount]: kindOf<CustomerAccountRow>({
    idOf: byKey('CustomerAccountId'),
    fields: {
      CustomerAccountId: engineId(),
      AccountNumber: str(30),
      AccountName: str(240),
      PartyId: engineId(),
      PartyNumber: str(30),
      PartyName: str(360),
      TaxpayerIdentificationNumber: str(60).orNull(),
      TaxRegistrationNumber: str(60).orNull(),
      Status: status(),
      profileTerms: str(15),
      allowPaymentTermOverride: bool(),
      CreationDate: ts(),
      LastUpdateDate: ts(),
    },
  }),
  [KIND.customerSite]: kindOf<CustomerSiteRow>({
    idOf: byKey('CustomerAccountSiteId'),
    fields: {
      CustomerAccountSiteId: engineId(),
      customerAccountId: engineId().ref(KIND.customerAccount),
      PartySiteId: engineId(),
      PartySiteNumber: str(30),
      Address1: str(240),
      City: str(60),
      PostalCode: str(60),
      Country: str(60),
      Status: status(),
    },
  }),
  [KIND.siteUse]: kindOf<SiteUseRow>({
    idOf: byKey('SiteUseId'),
    fields: {
      SiteUseId: engineId(),
      customerAccountSiteId: engineId().ref(KIND.customerSite),
      customerAccountId: engineId().ref(KIND.customerAccount),
      SiteUseCode: oneOf('BILL_TO', 'SHIP_TO'),
      Location: str(150),
      PrimaryFlag: bool(),
      Status: status(),
    },
  }),
  [KIND.contact]: kindOf<ContactRow>({
    idOf: byKey('PartyId'),
    fields: {
      PartyId: engineId(),
      PartyNumber: str(30),
      ContactName: str(450),
      ContactUniqueName: str(450),
      FirstName: str(150),
      LastName: str(150),
      JobTitle: str(100).orNull(),
      EmailAddress: str(320).orNull(),
      WorkPhoneNumber: str(60).orNull(),
      MobileNumber: str(60).orNull(),
      HomePhoneNumber: str(60).orNull(),
      FaxNumber: str(60).orNull(),
      PartyStatus: status(),
      PartyType: oneOf('PERSON'),
      AccountPartyId: engineId(),
      LastUpdateDate: ts(),
    },
  }),
  [KIND.contactPoint]: kindOf<ContactPointRow>({
    idOf: byKey('ContactPointId'),
    fields: {
      ContactPointId: engineId(),
      PartyId: engineId().ref(KIND.contact),
      ContactPointType: oneOf('EMAIL', 'PHONE'),
      EmailAddress: str(320).orNull(),
      RawPhoneNumber: str(60).orNull(),
      FormattedPhoneNumber: str(60).orNull(),
      PrimaryFlag: bool(),
      Status: status(),
      CreatedBy: str(64),
      CreationDate: ts(),
      LastUpdatedBy: str(64),
      LastUpdateDate: ts(),
    },
  }),
  [KIND.contactRole]: kindOf<ContactRoleRow>({
    idOf: byKey('ContactRoleId'),
    fields: {
      ContactRoleId: engineId(),
      contactPartyId: engineId().ref(KIND.contact),
      customerAccountId: engineId().ref(KIND.customerAccount),
      ResponsibilityType: oneOf('BILL_TO', 'SHIP_TO', 'DUN'),
      PrimaryFlag: bool(),
    },
  }),
  [KIND.receiptMethod]: kindOf<ReceiptMethodRow>({
    idOf: byKey('ReceiptMethodId'),
    fields: { ReceiptMethodId: engineId(), Name: str(30), ReceiptClass: str(30), StartDate: date(), EndDate: date().orNull() },
  }),
  [KIND.remittanceBankAccount]: kindOf<RemittanceBankAccountRow>({
    idOf: byKey('BankAccountId'),
    fields: { BankAccountId: engineId(), AccountNumber: str(100), BankName: str(360), BankBranchName: str(360) },
  }),
};
