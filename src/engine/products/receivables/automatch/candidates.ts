/**
 * Open transactions AutoMatch can apply to (Complete, not void, balance > 0), indexed by normalized
 * transaction number and by customer: a reference is scored only against the transactions its
 * number or one edit of it names (and, when the weights let customer and amount alone reach the
 * minimum, against its customer's open transactions). Numbers never change once issued, so the
 * index is kept current row by row (core/indexed.ts) and openness is checked when scoring.
 */
import { indexed } from '../../../core/indexed.ts';
import { Big } from '../../../core/money.ts';
import type { DataView, Row } from '../../../core/types.ts';
import { KIND, type InvoiceRow } from '../book/records.ts';
import { normalizeNumber } from './normalize.ts';

export interface CandidateIndex {
  byNumber: Map<string, number[]>;
  byCustomer: Map<number, number[]>;
  /** Every character of the indexed numbers: one-edit variants only use these. */
  alphabet: Set<string>;
}

export function isOpen(inv: InvoiceRow | undefined): inv is InvoiceRow {
  return !!inv && inv.InvoiceStatus === 'Complete' && !inv.voided && new Big(inv.InvoiceBalanceAmount).gt(0);
}

function push<K>(m: Map<K, number[]>, k: K, id: number): void {
  const list = m.get(k);
  if (list) list.push(id);
  else m.set(k, [id]);
}

function drop<K>(m: Map<K, number[]>, k: K, id: number): void {
  const list = m.get(k);
  if (!list) return;
  const at = list.indexOf(id);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) m.delete(k);
}

function add(index: CandidateIndex, row: Row): void {
  const inv = row as InvoiceRow;
  const key = normalizeNumber(inv.TransactionNumber);
  push(index.byNumber, key, inv.CustomerTransactionId);
  push(index.byCustomer, inv.customerAccountId, inv.CustomerTransactionId);
  for (const ch of key) index.alphabet.add(ch);
}

function remove(index: CandidateIndex, row: Row): void {
  const inv = row as InvoiceRow;
  drop(index.byNumber, normalizeNumber(inv.TransactionNumber), inv.CustomerTransactionId);
  drop(index.byCustomer, inv.customerAccountId, inv.CustomerTransactionId);
}

export function buildCandidateIndex(data: DataView): CandidateIndex {
  return indexed<CandidateIndex>(data, 'automatch:candidates', KIND.invoice, {
    build(rows) {
      const index: CandidateIndex = { byNumber: new Map(), byCustomer: new Map(), alphabet: new Set() };
      for (const r of rows) add(index, r);
      return index;
    },
    update(index, change) {
      if (change.before && change.after) return; // numbers and customers never change
      if (change.before) remove(index, change.before);
      if (change.after) add(index, change.after);
    },
  });
}
