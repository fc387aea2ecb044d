/**
 * The book's adjustments (docs/reference/receivables.md § Adjustments). They tell one coherent story with
 * spec 000 § What the service does 5 ("no REST call lowers a transaction balance", adjustments are
 * read-only) and the installments' InstallmentAmountAdjusted that is always 0: collectors asked for
 * write-offs and charges, the AR manager rejected most of them, and the one charge approved was
 * waived by an approved reversal of the same amount on the same installment. No adjustment is
 * pending (PendingAdjustmentAmount is always 0 too), and no balance moved.
 *
 * Every adjustment sits on an invoice that has receipt or credit applications, so the invoice can
 * never be deleted (AR_TRX_DELETE_NOT_ALLOWED) and the adjustment never loses its transaction.
 * Runs last in the seed so the ids issued before it stay as they were.
 */
import { addDays, isoDate } from '../../../core/clock.ts';
import { Big, roundHalfUp } from '../../../core/money.ts';
import type { SeedContext } from '../../../core/types.ts';
import { currencyByCode, transactionTypeByName } from '../book/lookups.ts';
import { KIND, type AdjustmentRow, type InstallmentRow, type InvoiceRow } from '../book/records.ts';

interface Plan {
  scenario: string;
  /** Which invoice of the scenario (0-based, in seed order). */
  nth: number;
  type: AdjustmentRow['AdjustmentType'];
  /** Amount in the invoice currency; negative lowers, positive raises. */
  amount: string;
  status: AdjustmentRow['Status'];
  activity: string;
  reason: string;
  comments: string | null;
  /** Plans that reverse the previous one share its installment and date + 2 days. */
  reverses?: boolean;
}

export const ADJUSTMENT_PLANS: readonly Plan[] = [
  { scenario: 'partly paid', nth: 0, type: 'Invoice', amount: '-250.00', status: 'R', activity: 'Small Balance Write-off', reason: 'Write-off', comments: 'Rejected: above the small balance write-off limit.' },
  { scenario: 'partly paid', nth: 2, type: 'Charges', amount: '180.00', status: 'A', activity: 'Finance Charges', reason: 'Late payment', comments: 'Late payment charge.' },
  { scenario: 'partly paid', nth: 2, type: 'Charges', amount: '-180.00', status: 'A', activity: 'Finance Charges', reason: 'Goodwill', comments: 'Reverses the late payment charge: waived as goodwill.', reverses: true },
  { scenario: 'foreign currency', nth: 1, type: 'Freight', amount: '45.00', status: 'R', activity: 'Freight Adjustment', reason: 'Freight', comments: 'Rejected: freight was included in the price.' },
  { scenario: 'credited', nth: 1, type: 'Line', amount: '-500.00', status: 'R', activity: 'Customer Adjustment', reason: 'Pricing error', comments: 'Rejected: already credited by credit memo.' },
];

export function seedAdjustments(ctx: SeedContext): void {
  const { tx } = ctx;
  const today = isoDate(ctx.now);
  const invoices = tx.list<InvoiceRow>(KIND.invoice);
  let seq = 0;
  let previous: AdjustmentRow | null = null;
  for (const plan of ADJUSTMENT_PLANS) {
    const inv = invoices.filter((i) => i.scenario === plan.scenario)[plan.nth];
    if (!inv) throw new Error(`seed: no ${plan.scenario} invoice #${plan.nth} for an adjustment`);
    const inst = previous && plan.reverses ? tx.get<InstallmentRow>(KIND.installment, String(previous.installmentId)) : tx.get<InstallmentRow>(KIND.installment, String(inv.installmentIds[0]));
    if (!inst) throw new Error(`seed: invoice ${inv.TransactionNumber} has no installment`);
    const currency = currencyByCode(tx, inv.InvoiceCurrencyCode);
    const p = currency?.Precision ?? 2;
    const amount = roundHalfUp(new Big(plan.amount), p);
    const decided = previous && plan.reverses ? minDate(addDays(previous.AdjustmentDate, 2), today) : minDate(addDays(inv.TransactionDate, 15), addDays(today, -1));
    const id = tx.nextId();
    seq++;
    const row: AdjustmentRow = {
      AdjustmentId: id,
      AdjustmentNumber: `ADJ-${6000 + seq}`,
      AdjustmentType: plan.type,
      AdjustmentAmount: amount.toFixed(p),
      AdjustmentDate: decided,
      AccountingDate: decided,
      Status: plan.status,
      ReceivablesActivity: plan.activity,
      BusinessUnit: inv.BusinessUnit,
      CustomerTransactionId: inv.CustomerTransactionId,
      TransactionNumber: inv.TransactionNumber,
      TransactionClass: transactionTypeByName(tx, inv.TransactionType)?.TransactionClass ?? 'INV',
      AccountedAmount: roundHalfUp(amount.times(currency?.rateToUsd ?? '1'), 2).toFixed(2),
      Currency: inv.InvoiceCurrencyCode,
      InstallmentNumber: inst.InstallmentSequenceNumber,
      InstallmentBalance: inst.InstallmentBalanceDue,
      AdjustmentReason: plan.reason,
      ApprovedBy: plan.status === 'A' ? 'AR.MANAGER' : null,
      BillToSiteUseId: inv.billToSiteUseId,
      Comments: plan.comments,
      installmentId: inst.InstallmentId,
      customerAccountId: inv.customerAccountId,
    };
    tx.put(KIND.adjustment, String(id), row);
    previous = row;
  }
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
