/**
 * Open transactions AutoMatch can apply to (Complete, not void, balance > 0), indexed by normalized
 * transaction number and by customer, built once per run: a reference is scored only against the
 * transactions its number or one edit of it names (and, when the weights let customer and amount
 * alone reach the minimum, against its customer's open transactions).
 */
import { Big } from '../../../core/money.ts';
import type { DataView } from '../../../core/types.ts';
import { KIND, type InvoiceRow } from '../book/records.ts';
import { normalizeNumber } from './normalize.ts';

export interface CandidateIndex {
  byNumber: Map<string, number[]>;
  byCustomer: Map<number, number[]>;
}

export function isOpen(inv: InvoiceRow | undefined): inv is InvoiceRow {
  return !!inv && inv.InvoiceStatus === 'Complete' && !inv.voided && new Big(inv.InvoiceBalanceAmount).gt(0);
}

/** Numbers never change once issued, so the index covers every invoice; openness is checked when scoring. */
export function buildCandidateIndex(data: DataView): CandidateIndex {
  return data.derived('automatch:candidates', [KIND.invoice], () => {
    const byNumber = new Map<string, number[]>();
    const byCustomer = new Map<number, number[]>();
    for (const inv of data.list<InvoiceRow>(KIND.invoice)) {
      const key = normalizeNumber(inv.TransactionNumber);
      const same = byNumber.get(key);
      if (same) same.push(inv.CustomerTransactionId);
      else byNumber.set(key, [inv.CustomerTransactionId]);
      const own = byCustomer.get(inv.customerAccountId);
      if (own) own.push(inv.CustomerTransactionId);
      else byCustomer.set(inv.customerAccountId, [inv.CustomerTransactionId]);
    }
    return { byNumber, byCustomer };
  });
}
