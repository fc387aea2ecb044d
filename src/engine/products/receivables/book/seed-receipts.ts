/** The seeded book's receipts beyond the invoices' own: remittance references and receipts not applied yet. */
import { addDays } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import { BUSINESS_UNITS, RECEIPT_SCENARIOS, REMITTANCE_BANK_ACCOUNTS } from './seed-data.ts';
import { KIND, type RemittanceReferenceRow, type StandardReceiptRow } from './records.ts';
import type { AccountBook, BookWriter } from './seed-context.ts';
import type { AppliedReceipt } from './seed-invoices.ts';

export function seedAppliedReceipts(w: BookWriter, applied: readonly AppliedReceipt[]): void {
  const { tx, put } = w;
  // What the customer said each applied receipt paid: the invoice number, applied by an earlier run.
  for (const { receipt, invoiceNumber } of applied) {
    const refId = tx.nextId();
    const reference: RemittanceReferenceRow = {
      RemittanceReferenceId: refId,
      receiptId: receipt.StandardReceiptId,
      ReceiptMatchBy: 'Transaction Number',
      ReferenceNumber: invoiceNumber,
      ReferenceAmount: null,
      CustomerReason: null,
      CustomerReference: null,
      appliedBy: receipt.StandardReceiptId,
      CreatedBy: 'SEED.LOADER',
      CreationDate: receipt.CreationDate,
      LastUpdatedBy: 'SEED.LOADER',
      LastUpdateDate: receipt.CreationDate,
    };
    put(KIND.remittanceReference, refId, reference);
    put(KIND.standardReceipt, receipt.StandardReceiptId, { ...receipt, referenceIds: [refId] });
  }
}

export function seedRemittanceBankAccounts(w: BookWriter): void {
  const { tx, put } = w;
  for (const b of REMITTANCE_BANK_ACCOUNTS) {
    const id = tx.nextId();
    put(KIND.remittanceBankAccount, id, { BankAccountId: id, AccountNumber: b.number, BankName: b.bank, BankBranchName: b.branch });
  }
}

export function seedOpenReceipts(w: BookWriter, books: Map<string, AccountBook>, businessUnitIds: Map<string, number>): void {
  const { tx, rng, today, stamp, put } = w;
  // Receipts not applied yet (seed-data.ts RECEIPT_SCENARIOS): the cash cycle's start and rules 4-5.
  for (const r of RECEIPT_SCENARIOS) {
    const rid = tx.nextId();
    w.receiptSeq++;
    const book = r.account ? books.get(r.account) : undefined;
    const date = r.date ?? addDays(today, -3);
    const amount = new Big(rng.int(50000, 250000)).div(100).toFixed(2);
    const bank = REMITTANCE_BANK_ACCOUNTS.find((b) => b.number === r.bank);
    const receipt: StandardReceiptRow = {
      StandardReceiptId: rid,
      ReceiptNumber: `RCPT-${String(10000 + w.receiptSeq)}`,
      ReceiptMethod: r.method ?? 'Check',
      BusinessUnit: BUSINESS_UNITS[0]!.name,
      Amount: amount,
      Currency: 'USD',
      ReceiptDate: date,
      AccountingDate: date,
      CustomerAccountNumber: book?.account.AccountNumber ?? null,
      CustomerName: book?.account.AccountName ?? null,
      CustomerSite: book?.billTo[0]?.Location ?? null,
      State: r.state ?? (book ? 'UNAPPLIED' : 'UNIDENTIFIED'),
      Status: r.status ?? 'CONFIRMED',
      UnappliedAmount: amount,
      Comments: `Seeded: ${r.label}`,
      RemittanceBankAccountNumber: bank?.number ?? null,
      RemittanceBankName: bank?.bank ?? null,
      RemittanceBankBranch: bank?.branch ?? null,
      businessUnitId: businessUnitIds.get(BUSINESS_UNITS[0]!.name),
      customerAccountId: book?.account.CustomerAccountId ?? null,
      customerSiteUseId: book?.billTo[0]?.SiteUseId ?? null,
      referenceIds: [],
      accounting: r.accounting ?? 'pending',
      frozen: r.frozen ?? false,
      origin: r.origin ?? 'cash',
      CreatedBy: 'SEED.LOADER',
      CreationDate: stamp(date),
      LastUpdatedBy: 'SEED.LOADER',
      LastUpdateDate: stamp(date),
    };
    put(KIND.standardReceipt, rid, receipt);
  }
}
