/**
 * Derived state kept current on every write: installment balance and status, and the invoice
 * header totals (spec 000 § Installment, § Installment status). Pure functions over rows.
 */
import { Big } from '../../../core/money.ts';
import type { InstallmentRow, InvoiceLineRow, InvoiceRow } from '../book/records.ts';

/**
 * Recompute an installment's balance and open/closed state.
 * Balance = OriginalAmount - AmountPaid - InstallmentAmountCredited (a dispute does not reduce it;
 * a void shows 0). Reaching 0 closes it (closed date = today); a re-opened one clears the dates.
 */
export function settleInstallment(inst: InstallmentRow, today: string, precision: number, voided = false): InstallmentRow {
  const settled = new Big(inst.AmountPaid).plus(inst.InstallmentAmountCredited);
  const balance = voided ? new Big(0) : new Big(inst.OriginalAmount).minus(settled);
  const closed = balance.lte(0);
  const closedBy: InstallmentRow['closedBy'] = !closed ? null : voided ? 'void' : settled.gt(0) ? 'settlement' : 'zero';
  const closedDate = closed ? (inst.InstallmentStatus === 'CL' && inst.InstallmentClosedDate ? inst.InstallmentClosedDate : today) : null;
  return {
    ...inst,
    InstallmentBalanceDue: balance.toFixed(precision),
    InstallmentStatus: closed ? 'CL' : 'OP',
    InstallmentClosedDate: closedDate,
    InstallmentGLClosedDate: closedDate,
    closedBy,
  };
}

/** Amount already settled on an installment (paid, credited or adjusted; splitInstallments rule 5). */
export function settledAmount(inst: InstallmentRow): Big {
  return new Big(inst.AmountPaid).plus(inst.InstallmentAmountCredited).plus(inst.InstallmentAmountAdjusted);
}

/** Header totals and due date from the lines and the schedule (EnteredAmount = sum of line amounts). */
export function withTotals(
  inv: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  installments: readonly InstallmentRow[],
  precision: number,
  termDueDate: string | null,
): InvoiceRow {
  const entered = lines.reduce((s, l) => s.plus(l.LineAmount), new Big(0));
  const ordered = [...installments].sort((a, b) => a.InstallmentSequenceNumber - b.InstallmentSequenceNumber);
  const balance = inv.voided
    ? new Big(0)
    : ordered.length === 0
      ? entered
      : ordered.reduce((s, i) => s.plus(i.InstallmentBalanceDue), new Big(0));
  return {
    ...inv,
    EnteredAmount: entered.toFixed(precision),
    InvoiceBalanceAmount: balance.toFixed(precision),
    DueDate: ordered[0]?.InstallmentDueDate ?? termDueDate,
    lineIds: [...lines].sort((a, b) => a.LineNumber - b.LineNumber).map((l) => l.CustomerTransactionLineId),
    installmentIds: ordered.map((i) => i.InstallmentId),
  };
}
