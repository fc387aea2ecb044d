/**
 * Bill-to contact resolution and the DeliveryMethod/Email derivation (spec 000 § Invoice table
 * BillToContact, DeliveryMethod, Email; PATCH rule 3). Pure functions over the account's contacts.
 */
import type { ContactRoleRow, ContactRow, DeliveryMethod } from '../book/records.ts';

/** An active contact of the account whose ContactName matches (case-insensitive); null -> AR-1031. */
export function contactByName(name: string, contacts: readonly ContactRow[]): ContactRow | null {
  const wanted = name.trim().toLowerCase();
  return contacts.find((c) => c.PartyStatus === 'A' && c.ContactName.toLowerCase() === wanted) ?? null;
}

/** Default recipient: an active contact with BILL_TO responsibility and an email (primary role first, then lowest PartyId). */
export function defaultBillToContact(contacts: readonly ContactRow[], roles: readonly ContactRoleRow[]): ContactRow | null {
  const billTo = roles.filter((r) => r.ResponsibilityType === 'BILL_TO');
  const candidates = contacts
    .filter((c) => c.PartyStatus === 'A' && c.EmailAddress)
    .map((c) => ({ c, role: billTo.find((r) => r.contactPartyId === c.PartyId) }))
    .filter((x) => x.role !== undefined)
    .sort((a, b) => Number(b.role?.PrimaryFlag) - Number(a.role?.PrimaryFlag) || a.c.PartyId - b.c.PartyId);
  return candidates[0]?.c ?? null;
}

/**
 * An explicit Email always wins; a null/omitted Email is derived from the bill-to contact.
 * DeliveryMethod defaults to E-Mail when a recipient resolves, else Paper.
 */
export function deriveDelivery(
  explicitEmail: string | null | undefined,
  explicitMethod: DeliveryMethod | null | undefined,
  contact: ContactRow | null,
): { Email: string | null; DeliveryMethod: DeliveryMethod } {
  const email = explicitEmail ?? contact?.EmailAddress ?? null;
  return { Email: email, DeliveryMethod: explicitMethod ?? (email ? 'E-Mail' : 'Paper') };
}
