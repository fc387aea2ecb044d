/**
 * The seeded receivables book (issue 3 § 1): deterministic from ctx.rng, dates relative to ctx.now,
 * ids from ctx.tx.nextId(). docs/reference/receivables.md § The seeded book describes what it holds; the data is in
 * seed-data.ts, the builders in seed-accounts.ts, seed-invoices.ts and seed-receipts.ts.
 */
import { addDays } from '../../../core/clock.ts';
import type { SeedContext } from '../../../core/types.ts';
import { BUSINESS_UNITS, CURRENCIES, PAYMENT_TERMS, RECEIPT_METHODS, TRANSACTION_SOURCES, TRANSACTION_TYPES } from './seed-data.ts';
import { seedState } from '../automatch/schedule.ts';
import { KIND, type PaymentTermRow } from './records.ts';
import { seedAdjustments } from '../adjustments/seed.ts';
import { bookWriter } from './seed-context.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedInvoices } from './seed-invoices.ts';
import { seedAppliedReceipts, seedOpenReceipts, seedRemittanceBankAccounts } from './seed-receipts.ts';

export function seedBook(ctx: SeedContext): void {
  const w = bookWriter(ctx);
  const { tx, today, put } = w;

  const businessUnitIds = new Map<string, number>();
  for (const bu of BUSINESS_UNITS) {
    const id = tx.nextId();
    businessUnitIds.set(bu.name, id);
    put(KIND.businessUnit, id, { BusinessUnitId: id, BusinessUnitName: bu.name, LedgerCurrencyCode: 'USD', active: true });
  }
  for (const t of TRANSACTION_TYPES) {
    const id = tx.nextId();
    put(KIND.transactionType, id, { TransactionTypeId: id, Name: t.name, TransactionClass: t.cls, openReceivables: t.open, postToGL: t.open, creatable: t.creatable, active: true });
  }
  for (const s of TRANSACTION_SOURCES) {
    const id = tx.nextId();
    put(KIND.transactionSource, id, { TransactionSourceId: id, Name: s.name, active: s.active });
  }
  for (const c of CURRENCIES) {
    tx.put(KIND.currency, c.code, { CurrencyCode: c.code, Name: c.name, Precision: c.precision, EnabledFlag: c.enabled, rateToUsd: c.rate });
  }
  const terms = new Map<string, PaymentTermRow>();
  for (const t of PAYMENT_TERMS) {
    const id = tx.nextId();
    const row: PaymentTermRow = {
      PaymentTermId: id,
      Name: t.name,
      Description: t.description,
      installments: t.parts.map(([percent, dueDays], i) => ({ sequence: i + 1, percent, dueDays })),
      active: true,
    };
    terms.set(t.name, row);
    put(KIND.paymentTerm, id, row);
  }
  for (const m of RECEIPT_METHODS) {
    const id = tx.nextId();
    put(KIND.receiptMethod, id, { ReceiptMethodId: id, Name: m.name, ReceiptClass: m.receiptClass, StartDate: addDays(today, -1500), EndDate: m.retired ? addDays(today, -200) : null });
  }

  // The order below is the order of ids: keep it.
  const books = seedAccounts(w);
  const applied = seedInvoices(w, books, terms, businessUnitIds);
  seedAppliedReceipts(w, applied);
  seedRemittanceBankAccounts(w);
  seedOpenReceipts(w, books, businessUnitIds);
  seedState(tx, ctx.now);
  // Last, so every id above stays what it was before adjustments were seeded.
  seedAdjustments(ctx);
}
