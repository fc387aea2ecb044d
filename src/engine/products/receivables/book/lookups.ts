/**
 * Lookups over the book by the names the API uses. Works on the cached view (reads) and inside a
 * write (a WriteTx is a DataView that sees its own writes). Maps are cached per data version.
 */
import { indexed } from '../../../core/indexed.ts';
import type { DataView } from '../../../core/types.ts';
import {
  KIND,
  type BusinessUnitRow,
  type ContactRoleRow,
  type ContactRow,
  type CreditApplicationRow,
  type CurrencyRow,
  type CustomerAccountRow,
  type PaymentTermRow,
  type ReceiptApplicationRow,
  type ReceiptMethodRow,
  type RemittanceBankAccountRow,
  type StandardReceiptRow,
  type SiteUseRow,
  type TransactionSourceRow,
  type TransactionTypeRow,
} from './records.ts';

function indexBy<T extends Record<string, unknown>>(data: DataView, kind: string, field: keyof T & string): Map<string, T> {
  return data.derived(`book:by:${kind}:${field}`, [kind], () => {
    const m = new Map<string, T>();
    for (const r of data.list<T>(kind)) m.set(String(r[field]), r);
    return m;
  });
}

function groupBy<T extends Record<string, unknown>>(data: DataView, kind: string, field: keyof T & string): Map<string, T[]> {
  return data.derived(`book:group:${kind}:${field}`, [kind], () => {
    const m = new Map<string, T[]>();
    for (const r of data.list<T>(kind)) {
      const k = String(r[field]);
      const g = m.get(k);
      if (g) g.push(r);
      else m.set(k, [r]);
    }
    return m;
  });
}

export const accountByNumber = (data: DataView, number: string): CustomerAccountRow | undefined =>
  indexBy<CustomerAccountRow>(data, KIND.customerAccount, 'AccountNumber').get(number);

export const accountById = (data: DataView, id: number): CustomerAccountRow | undefined =>
  data.get<CustomerAccountRow>(KIND.customerAccount, String(id));

export const currencyByCode = (data: DataView, code: string): CurrencyRow | undefined => data.get<CurrencyRow>(KIND.currency, code);

export const termByName = (data: DataView, name: string): PaymentTermRow | undefined =>
  indexBy<PaymentTermRow>(data, KIND.paymentTerm, 'Name').get(name);

export const businessUnitByName = (data: DataView, name: string): BusinessUnitRow | undefined =>
  indexBy<BusinessUnitRow>(data, KIND.businessUnit, 'BusinessUnitName').get(name);

export const transactionTypeByName = (data: DataView, name: string): TransactionTypeRow | undefined =>
  indexBy<TransactionTypeRow>(data, KIND.transactionType, 'Name').get(name);

export const transactionSourceByName = (data: DataView, name: string): TransactionSourceRow | undefined =>
  indexBy<TransactionSourceRow>(data, KIND.transactionSource, 'Name').get(name);

/** Contacts of an account, by the account's organization PartyId (contact AccountPartyId). */
export const contactsOfParty = (data: DataView, partyId: number): ContactRow[] =>
  groupBy<ContactRow>(data, KIND.contact, 'AccountPartyId').get(String(partyId)) ?? [];

export const rolesOfAccount = (data: DataView, accountId: number): ContactRoleRow[] =>
  groupBy<ContactRoleRow>(data, KIND.contactRole, 'customerAccountId').get(String(accountId)) ?? [];

/** Active BILL_TO site uses of an account, primary first. */
export const billToUses = (data: DataView, accountId: number): SiteUseRow[] =>
  (groupBy<SiteUseRow>(data, KIND.siteUse, 'customerAccountId').get(String(accountId)) ?? [])
    .filter((u) => u.SiteUseCode === 'BILL_TO' && u.Status === 'A')
    .sort((a, b) => Number(b.PrimaryFlag) - Number(a.PrimaryFlag) || a.SiteUseId - b.SiteUseId);

export const receiptApplicationsOf = (data: DataView, invoiceId: number): ReceiptApplicationRow[] =>
  groupBy<ReceiptApplicationRow>(data, KIND.receiptApplication, 'ReferenceTransactionId').get(String(invoiceId)) ?? [];

export const creditApplicationsOf = (data: DataView, invoiceId: number): CreditApplicationRow[] =>
  groupBy<CreditApplicationRow>(data, KIND.creditApplication, 'ReferenceTransactionId').get(String(invoiceId)) ?? [];

export const receiptMethodByName = (data: DataView, name: string): ReceiptMethodRow | undefined =>
  indexBy<ReceiptMethodRow>(data, KIND.receiptMethod, 'Name').get(name);

export const remittanceBankByAccount = (data: DataView, number: string): RemittanceBankAccountRow | undefined =>
  indexBy<RemittanceBankAccountRow>(data, KIND.remittanceBankAccount, 'AccountNumber').get(number);

/** Account by name, case-insensitive (receipt CustomerName resolution). */
export const accountByName = (data: DataView, name: string): CustomerAccountRow | undefined =>
  data
    .derived(`book:accountByName`, [KIND.customerAccount], () => {
      const m = new Map<string, CustomerAccountRow>();
      for (const a of data.list<CustomerAccountRow>(KIND.customerAccount)) if (!m.has(a.AccountName.toLowerCase())) m.set(a.AccountName.toLowerCase(), a);
      return m;
    })
    .get(name.toLowerCase());

/** Receipt ids by ReceiptNumber, kept current row by row (duplicate detection on every create, Receipt rule 1). */
const receiptNumberIndex = (data: DataView): Map<string, Set<string>> =>
  indexed<Map<string, Set<string>>>(data, 'book:receiptsByNumber', KIND.standardReceipt, {
    // A map of sets: patched after a commit of any size (generate commits receipts by the thousand).
    constantUpdate: true,
    build(rows) {
      const m = new Map<string, Set<string>>();
      for (const r of rows) {
        const n = String(r.ReceiptNumber);
        (m.get(n) ?? m.set(n, new Set()).get(n))?.add(String(r.StandardReceiptId));
      }
      return m;
    },
    update(m, change) {
      if (change.before) m.get(String(change.before.ReceiptNumber))?.delete(change.id);
      if (change.after) {
        const n = String(change.after.ReceiptNumber);
        (m.get(n) ?? m.set(n, new Set()).get(n))?.add(change.id);
      }
    },
  });

export const receiptsByNumber = (data: DataView, number: string): StandardReceiptRow[] =>
  [...(receiptNumberIndex(data).get(number) ?? [])].map((id) => data.get<StandardReceiptRow>(KIND.standardReceipt, id)).filter((r): r is StandardReceiptRow => !!r);

export const applicationsOfReceipt = (data: DataView, receiptId: number): ReceiptApplicationRow[] =>
  groupBy<ReceiptApplicationRow>(data, KIND.receiptApplication, 'StandardReceiptId').get(String(receiptId)) ?? [];
