/**
 * Synthetic receipts for trying AutoMatch at scale (control API `generate` with
 * `{"kind": "receipts"}`): each goes through the receipt create path with one remittance reference
 * that names an open invoice exactly (half), one edit away (a fifth), a number no invoice has
 * (a sixth) or none at all (the rest). Amounts are the invoice balance or a part of it.
 */
import { addDays, isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import type { GenerateResult, Row, SeedContext } from '../../../core/types.ts';
import { isOpen } from '../automatch/candidates.ts';
import { createReceipt } from '../receipts/create.ts';
import { KIND, type InvoiceRow } from './records.ts';

/** One digit of the number changed: a typo AutoMatch should recommend rather than apply. */
function typo(number: string, pick: number): string {
  const at = number.length - 1 - (pick % 4);
  const digit = number[at] ?? '0';
  return number.slice(0, at) + String((Number(digit) + 1) % 10) + number.slice(at + 1);
}

export async function generateReceipts(ctx: SeedContext, count: number): Promise<GenerateResult> {
  const { tx, rng, now } = ctx;
  const today = isoDate(now);
  // Invoices do not change while receipts are generated: the open USD ones are found once per book
  // version (a scan of a large book in every 1,000-receipt slice was most of generate's time).
  const open = tx.derived('generate:open-usd-invoices', [KIND.invoice], () =>
    tx.list<InvoiceRow>(KIND.invoice).filter((i) => i.InvoiceCurrencyCode === 'USD' && i.InvoiceStatus === 'Complete' && /[1-9]/.test(i.InvoiceBalanceAmount) && isOpen(i)),
  );
  if (open.length === 0) return { resource: 'standardReceipts', added: 0 };
  const start = tx.count(KIND.standardReceipt);
  for (let i = 0; i < count; i++) {
    // A shared host answers other environments meanwhile (issue 19 § 2).
    await ctx.breathe?.();
    const invoice = rng.pick(open);
    const roll = rng.int(0, 59);
    const balance = new Big(invoice.InvoiceBalanceAmount);
    const partial = rng.int(0, 9) < 4 && balance.gt(1);
    const amount = partial ? balance.div(2).round(2, Big.roundDown) : balance;
    const reference: Row | null =
      roll < 30 ? { ReferenceNumber: invoice.TransactionNumber }
      : roll < 42 ? { ReferenceNumber: typo(invoice.TransactionNumber, roll) }
      : roll < 52 ? { ReferenceNumber: `INV-${rng.int(100000, 999999)}` }
      : null;
    if (reference && rng.int(0, 1) === 1) reference.ReferenceAmount = amount.toNumber();
    await createReceipt(
      tx,
      {
        ReceiptNumber: `GEN-${String(start + i + 1).padStart(7, '0')}`,
        ReceiptMethod: rng.int(0, 2) === 0 ? 'Wire Transfer' : 'Check',
        BusinessUnit: invoice.BusinessUnit,
        Amount: amount.toNumber(),
        Currency: 'USD',
        ReceiptDate: addDays(today, -rng.int(0, 10)),
        CustomerAccountNumber: invoice.BillToCustomerNumber,
        ...(reference ? { remittanceReferences: [reference] } : {}),
      },
      now,
      { upsert: false, user: 'SIM.GENERATOR' },
    );
  }
  return { resource: 'standardReceipts', added: count };
}
