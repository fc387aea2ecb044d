/**
 * Installment schedules derived from payment terms (spec 000 § Invoice status: "installments
 * generated from PaymentTerms"). Each installment gets its percentage of the total rounded to the
 * currency precision; the last one takes the remainder so the schedule sums exactly.
 */
import { addDays } from '../../../core/clock.ts';
import { Big, roundHalfUp } from '../../../core/money.ts';
import type { PaymentTermRow } from '../book/records.ts';

export interface PlannedInstallment {
  sequence: number;
  dueDate: string;
  amount: string;
}

export function deriveSchedule(total: string, precision: number, term: Pick<PaymentTermRow, 'installments'>, transactionDate: string): PlannedInstallment[] {
  const parts = [...term.installments].sort((a, b) => a.sequence - b.sequence);
  const whole = new Big(total);
  let allocated = new Big(0);
  return parts.map((p, i) => {
    const last = i === parts.length - 1;
    const amount = last ? whole.minus(allocated) : roundHalfUp(whole.times(p.percent).div(100), precision);
    allocated = allocated.plus(amount);
    return { sequence: i + 1, dueDate: addDays(transactionDate, p.dueDays), amount: amount.toFixed(precision) };
  });
}
