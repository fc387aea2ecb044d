// Issue 3 § 1 (seeded receivables book); spec 000 § Contact, § Installment, § Invoice.
import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { seededRng, seedFrom } from '../../../src/engine/core/random.ts';
import { PendingTx } from '../../../src/engine/storage/write-tx.ts';
import { EnvCache } from '../../../src/engine/storage/env-cache.ts';
import { seedBook } from '../../../src/engine/products/receivables/book/seed.ts';
import { KIND, type BusinessUnitRow, type TransactionSourceRow, type TransactionTypeRow, type ContactPointRow, type ContactRoleRow, type ContactRow, type CurrencyRow, type CustomerAccountRow, type InstallmentRow, type InvoiceLineRow, type InvoiceRow, type PaymentTermRow, type ReceiptApplicationRow } from '../../../src/engine/products/receivables/book/records.ts';
import type { Environment } from '../../../src/engine/core/types.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
function seed(now = NOW) {
  const env: Environment = { key: 'env_x', product: 'receivables', name: 't', createdAt: now.toISOString(), clockOffsetMs: 0, idSeq: 0, tenantId: 't' };
  const tx = new PendingTx(new EnvCache(), env);
  seedBook({ tx, rng: seededRng(seedFrom('receivables-book-v1')), now, env });
  return tx;
}

describe('seeded receivables book', () => {
  const tx = seed();
  const invoices = tx.list<InvoiceRow>(KIND.invoice);
  const installments = tx.list<InstallmentRow>(KIND.installment);
  const lines = tx.list<InvoiceLineRow>(KIND.invoiceLine);

  it('is deterministic: the same seed and clock give the same book', () => {
    const again = seed();
    for (const kind of Object.values(KIND)) expect(again.list(kind)).toEqual(tx.list(kind));
  });

  it('business units, transaction types and sources: the names invoice create resolves (scope 1; spec 000 § Invoice table)', () => {
    const bus = tx.list<BusinessUnitRow>(KIND.businessUnit);
    expect(bus.map((b) => [b.BusinessUnitName, b.LedgerCurrencyCode, b.active])).toEqual([['US1 Business Unit', 'USD', true], ['US2 Business Unit', 'USD', true]]);
    const types = tx.list<TransactionTypeRow>(KIND.transactionType);
    for (const t of types) expect(t.Name.length).toBeLessThanOrEqual(20); // string(20)
    expect(types.filter((t) => t.creatable).map((t) => t.Name)).toEqual(['Invoice', 'Debit Memo']);
    expect(types.filter((t) => !t.openReceivables).map((t) => t.Name)).toEqual(['Void']);
    const sources = tx.list<TransactionSourceRow>(KIND.transactionSource);
    for (const src of sources) expect(src.Name.length).toBeLessThanOrEqual(50); // string(50)
    expect(sources.filter((src) => src.active).map((src) => src.Name)).toEqual(['Manual', 'Spreadsheet', 'Distributed Order Orchestration']);
    expect(sources.some((src) => !src.active)).toBe(true);
    // Every seeded invoice names a business unit, type and source of the book.
    for (const inv of invoices) {
      expect(bus.map((b) => b.BusinessUnitName)).toContain(inv.BusinessUnit);
      expect(types.map((t) => t.Name)).toContain(inv.TransactionType);
      expect(sources.map((src) => src.Name)).toContain(inv.TransactionSource);
    }
  });

  it('currencies USD 2, EUR 2, GBP 2, JPY 0, KWD 3, DEM defined but disabled', () => {
    const c = Object.fromEntries(tx.list<CurrencyRow>(KIND.currency).map((r) => [r.CurrencyCode, [r.Precision, r.EnabledFlag]]));
    expect(c).toEqual({ USD: [2, true], EUR: [2, true], GBP: [2, true], JPY: [0, true], KWD: [3, true], DEM: [2, false] });
  });

  it('payment terms IMMEDIATE, 30 NET, 45 NET, a 2- and a 3-installment split summing to 100%', () => {
    const terms = tx.list<PaymentTermRow>(KIND.paymentTerm);
    expect(terms.map((t) => t.Name)).toEqual(expect.arrayContaining(['IMMEDIATE', '30 NET', '45 NET']));
    expect(terms.map((t) => t.installments.length).sort()).toEqual([1, 1, 1, 2, 3]);
    for (const t of terms) {
      expect(t.Name.length).toBeLessThanOrEqual(15);
      expect(t.installments.reduce((s, i) => s.plus(i.percent), new Big(0)).eq(100)).toBe(true);
    }
  });

  it('at least 8 customer accounts, one whose profile disables payment-term overrides, each with a bill-to site', () => {
    const accounts = tx.list<CustomerAccountRow>(KIND.customerAccount);
    expect(accounts.length).toBeGreaterThanOrEqual(8);
    expect(accounts.filter((a) => !a.allowPaymentTermOverride)).toHaveLength(1);
    const uses = tx.list<{ customerAccountId: number; SiteUseCode: string }>(KIND.siteUse);
    for (const a of accounts) expect(uses.some((u) => u.customerAccountId === a.CustomerAccountId && u.SiteUseCode === 'BILL_TO')).toBe(true);
  });

  it('contacts carry exactly the spec Contact fields; active/inactive, with/without email, with/without BILL_TO', () => {
    const contacts = tx.list<ContactRow>(KIND.contact);
    const specFields = ['PartyId', 'PartyNumber', 'ContactName', 'ContactUniqueName', 'FirstName', 'LastName', 'JobTitle', 'EmailAddress', 'WorkPhoneNumber', 'MobileNumber', 'HomePhoneNumber', 'FaxNumber', 'PartyStatus', 'PartyType', 'AccountPartyId', 'LastUpdateDate'];
    for (const c of contacts) {
      expect(Object.keys(c).sort()).toEqual([...specFields].sort());
      expect(c.ContactUniqueName).toBe(c.ContactName);
      expect(c.PartyType).toBe('PERSON');
      expect([c.MobileNumber, c.HomePhoneNumber, c.FaxNumber]).toEqual([null, null, null]);
    }
    const roles = tx.list<ContactRoleRow>(KIND.contactRole);
    const billTo = (c: ContactRow) => roles.some((r) => r.contactPartyId === c.PartyId && r.ResponsibilityType === 'BILL_TO');
    expect(contacts.some((c) => c.PartyStatus === 'I')).toBe(true);
    expect(contacts.some((c) => c.PartyStatus === 'A' && !c.EmailAddress)).toBe(true);
    expect(contacts.some((c) => c.PartyStatus === 'A' && !billTo(c))).toBe(true);
    expect(contacts.some((c) => c.PartyStatus === 'A' && billTo(c) && c.EmailAddress)).toBe(true);
    const points = tx.list<ContactPointRow>(KIND.contactPoint);
    for (const c of contacts) {
      const email = points.find((p) => p.PartyId === c.PartyId && p.ContactPointType === 'EMAIL');
      expect(email?.EmailAddress ?? null).toBe(c.EmailAddress); // same value as the EMAIL contact point
      expect(points.some((p) => p.PartyId === c.PartyId && p.ContactPointType === 'PHONE' && p.FormattedPhoneNumber === c.WorkPhoneNumber)).toBe(true);
    }
  });

  it('at least 40 invoices covering every scenario', () => {
    expect(invoices.length).toBeGreaterThanOrEqual(40);
    const labels = new Set(invoices.map((i) => i.scenario));
    for (const l of ['open', 'partly paid', 'fully paid', 'credited', 'disputed', 'past due', 'multi-installment', 'incomplete', 'frozen', 'posted to GL', 'foreign currency', 'void']) {
      expect(labels.has(l), l).toBe(true);
    }
    expect(new Set(invoices.map((i) => i.InvoiceCurrencyCode))).toEqual(new Set(['USD', 'EUR', 'GBP', 'JPY', 'KWD']));
    expect(invoices.some((i) => i.InvoiceStatus === 'Incomplete')).toBe(true);
    expect(invoices.some((i) => i.InvoiceStatus === 'Frozen')).toBe(true);
    expect(invoices.some((i) => i.glPostedDate)).toBe(true);
  });

  it('every invoice is consistent: EnteredAmount = sum of lines; schedule sums to it; balance = sum of installment balances', () => {
    const apps = tx.list<ReceiptApplicationRow>(KIND.receiptApplication);
    for (const inv of invoices) {
      expect(inv.TransactionNumber).toBe(`INV-${inv.CustomerTransactionId}`);
      const ls = lines.filter((l) => l.invoiceId === inv.CustomerTransactionId);
      expect(ls.reduce((s, l) => s.plus(l.LineAmount), new Big(0)).eq(inv.EnteredAmount)).toBe(true);
      const is = installments.filter((i) => i.invoiceId === inv.CustomerTransactionId);
      if (inv.InvoiceStatus === 'Incomplete') {
        expect(is).toEqual([]);
        continue;
      }
      expect(is.length).toBeGreaterThanOrEqual(1); // every invoice has at least one installment
      expect(is.reduce((s, i) => s.plus(i.OriginalAmount), new Big(0)).eq(inv.EnteredAmount)).toBe(true);
      expect(is.reduce((s, i) => s.plus(i.InstallmentBalanceDue), new Big(0)).eq(inv.InvoiceBalanceAmount)).toBe(true);
      for (const i of is) {
        const paid = apps.filter((a) => a.ReferenceInstallmentId === i.InstallmentId).reduce((s, a) => s.plus(a.ApplicationAmount), new Big(0));
        expect(paid.eq(i.AmountPaid)).toBe(true); // AmountPaid = total of applied receipt applications
        expect(i.InstallmentStatus === 'CL').toBe(new Big(i.InstallmentBalanceDue).eq(0));
        expect(i.LastUpdateDate <= inv.LastUpdateDate).toBe(true);
      }
      if (inv.voided) expect(new Big(inv.InvoiceBalanceAmount).eq(0)).toBe(true);
    }
  });

  it('seeded timestamps are before now and in the spec format', () => {
    for (const inv of invoices) {
      expect(inv.LastUpdateDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
      expect(Date.parse(inv.LastUpdateDate.replace('+0000', 'Z'))).toBeLessThan(NOW.getTime());
    }
  });
});
