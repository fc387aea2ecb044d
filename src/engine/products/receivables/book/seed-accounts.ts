/** The seeded book's customer accounts with their sites, site uses, contacts, contact points and roles. */
import { addDays } from '../../../core/clock.ts';
import { ACCOUNTS } from './seed-data.ts';
import { KIND, type ContactPointRow, type ContactRoleRow, type ContactRow, type CustomerAccountRow, type CustomerSiteRow, type SiteUseRow } from './records.ts';
import type { AccountBook, BookWriter } from './seed-context.ts';

/** Every seeded account by its number. */
export function seedAccounts(w: BookWriter): Map<string, AccountBook> {
  const { tx, rng, today, stamp, put } = w;
  const books = new Map<string, AccountBook>();
  let personSeq = 0;
  ACCOUNTS.forEach((a, ai) => {
    const accountId = tx.nextId();
    const partyId = tx.nextId();
    const created = stamp(addDays(today, -900 + ai));
    const account: CustomerAccountRow = {
      CustomerAccountId: accountId,
      AccountNumber: a.number,
      AccountName: a.name,
      PartyId: partyId,
      PartyNumber: String(200100 + ai * 10),
      PartyName: a.name,
      TaxpayerIdentificationNumber: a.taxpayerId,
      TaxRegistrationNumber: a.taxRegistration,
      Status: 'A',
      profileTerms: a.terms,
      allowPaymentTermOverride: a.allowTermOverride,
      CreationDate: created,
      LastUpdateDate: created,
    };
    put(KIND.customerAccount, accountId, account);
    const billTo: SiteUseRow[] = [];
    a.sites.forEach((s, si) => {
      const siteId = tx.nextId();
      const site: CustomerSiteRow = {
        CustomerAccountSiteId: siteId,
        customerAccountId: accountId,
        PartySiteId: tx.nextId(),
        PartySiteNumber: String(400100 + ai * 10 + si),
        Address1: s.address,
        City: s.city,
        PostalCode: s.postal,
        Country: a.country,
        Status: 'A',
      };
      put(KIND.customerSite, siteId, site);
      for (const code of ['BILL_TO', 'SHIP_TO'] as const) {
        const useId = tx.nextId();
        const use: SiteUseRow = {
          SiteUseId: useId,
          customerAccountSiteId: siteId,
          customerAccountId: accountId,
          SiteUseCode: code,
          Location: code === 'BILL_TO' ? s.location : `${s.location} Ship`,
          PrimaryFlag: si === 0,
          Status: 'A',
        };
        put(KIND.siteUse, useId, use);
        if (code === 'BILL_TO') billTo.push(use);
      }
    });
    const contacts: ContactRow[] = [];
    const roles: ContactRoleRow[] = [];
    for (const p of a.contacts) {
      const pid = tx.nextId();
      const updated = stamp(addDays(today, -400 + personSeq));
      const email = p.email ? `${p.first}.${p.last}@${a.domain}`.toLowerCase() : null;
      const phone = `${a.phonePrefix} ${String(rng.int(1000000, 9999999))}`;
      const contact: ContactRow = {
        PartyId: pid,
        PartyNumber: String(300100 + personSeq),
        ContactName: `${p.first} ${p.last}`,
        ContactUniqueName: `${p.first} ${p.last}`,
        FirstName: p.first,
        LastName: p.last,
        JobTitle: p.title,
        EmailAddress: email,
        WorkPhoneNumber: phone,
        MobileNumber: null,
        HomePhoneNumber: null,
        FaxNumber: null,
        PartyStatus: p.active ? 'A' : 'I',
        PartyType: 'PERSON',
        AccountPartyId: partyId,
        LastUpdateDate: updated,
      };
      personSeq++;
      contacts.push(contact);
      put(KIND.contact, pid, contact);
      const point = (type: 'EMAIL' | 'PHONE'): ContactPointRow => ({
        ContactPointId: tx.nextId(),
        PartyId: pid,
        ContactPointType: type,
        EmailAddress: type === 'EMAIL' ? email : null,
        RawPhoneNumber: type === 'PHONE' ? phone.replace(/\s+/g, '') : null,
        FormattedPhoneNumber: type === 'PHONE' ? phone : null,
        PrimaryFlag: true,
        Status: p.active ? 'A' : 'I',
        CreatedBy: 'SEED.LOADER',
        CreationDate: updated,
        LastUpdatedBy: 'SEED.LOADER',
        LastUpdateDate: updated,
      });
      if (email) {
        const cp = point('EMAIL');
        put(KIND.contactPoint, cp.ContactPointId, cp);
      }
      const ph = point('PHONE');
      put(KIND.contactPoint, ph.ContactPointId, ph);
      for (const [type, primary] of p.roles) {
        const rid = tx.nextId();
        const role: ContactRoleRow = { ContactRoleId: rid, contactPartyId: pid, customerAccountId: accountId, ResponsibilityType: type, PrimaryFlag: primary };
        roles.push(role);
        put(KIND.contactRole, rid, role);
      }
    }
    books.set(a.number, { account, billTo, contacts, roles });
  });
  return books;
}
