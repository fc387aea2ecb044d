/** Receivables customer records: accounts, sites and site uses, contacts, contact points and roles. */
import type { Row } from '../../../core/types.ts';
import type { Timestamp } from './record-scalars.ts';

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
