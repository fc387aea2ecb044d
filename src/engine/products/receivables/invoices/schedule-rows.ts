/** Installment rows for a derived schedule (reusing existing installment ids by sequence). */
import { Big } from '../../../core/money.ts';
import type { WriteTx } from '../../../core/types.ts';
import type { InstallmentRow, InvoiceRow, PaymentTermRow } from '../book/records.ts';
import { deriveSchedule } from './schedule.ts';
import { settleInstallment } from './state.ts';

const zero = (p: number) => (0).toFixed(p);

/** A fresh open installment. */
export function newInstallment(id: number, invoiceId: number, sequence: number, dueDate: string, amount: string, precision: number, stamp: string): InstallmentRow {
  return {
    InstallmentId: id,
    invoiceId,
    InstallmentSequenceNumber: sequence,
    InstallmentDueDate: dueDate,
    OriginalAmount: amount,
    InstallmentBalanceDue: amount,
    AmountPaid: zero(precision),
    InstallmentAmountAdjusted: zero(precision),
    InstallmentAmountCredited: zero(precision),
    PendingAdjustmentAmount: zero(precision),
    DisputeAmount: zero(precision),
    DisputeDate: null,
    InstallmentStatus: 'OP',
    InstallmentClosedDate: null,
    InstallmentGLClosedDate: null,
    LastUpdateDate: stamp,
    closedBy: null,
  };
}

/**
 * The schedule the payment terms give for the invoice's EnteredAmount and TransactionDate.
 * `reuse` keeps installment identities where a sequence already exists (unsettled by the caller's rules).
 */
export function buildSchedule(
  tx: WriteTx,
  inv: Pick<InvoiceRow, 'CustomerTransactionId' | 'EnteredAmount' | 'TransactionDate'>,
  term: PaymentTermRow,
  precision: number,
  stamp: string,
  today: string,
  reuse: readonly InstallmentRow[] = [],
): InstallmentRow[] {
  return deriveSchedule(inv.EnteredAmount, precision, term, inv.TransactionDate).map((pl) => {
    const old = reuse.find((r) => r.InstallmentSequenceNumber === pl.sequence);
    const fresh = newInstallment(old?.InstallmentId ?? tx.nextId(), inv.CustomerTransactionId, pl.sequence, pl.dueDate, pl.amount, precision, stamp);
    if (old && new Big(old.DisputeAmount).gt(0)) {
      // A dispute stays with its installment, capped at the new amount.
      fresh.DisputeAmount = new Big(old.DisputeAmount).gt(pl.amount) ? pl.amount : old.DisputeAmount;
      fresh.DisputeDate = old.DisputeDate;
    }
    return settleInstallment(fresh, today, precision);
  });
}
