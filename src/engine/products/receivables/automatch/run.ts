/**
 * One run of AR_APPLY_RECEIPTS_USING_AUTOMATCH (spec 000 § What the service does 4; real-product
 * facts § AutoMatch). Receipts are taken in StandardReceiptId order and their references in
 * RemittanceReferenceId order, so identical input gives identical results. Each reference gets its
 * best-scoring open transaction: at or above autoApply it is applied, from minimumMatch it is
 * recommended (nothing applied), below it is unmatched. A reference applied once is never applied
 * again.
 */
import { Big } from '../../../core/money.ts';
import { TimeSlicer } from '../../../core/yield.ts';
import type { WriteTx } from '../../../core/types.ts';
import { KIND, type InvoiceRow, type RemittanceReferenceRow, type StandardReceiptRow } from '../book/records.ts';
import { applyReceipt } from './apply.ts';
import { buildCandidateIndex, isOpen, type CandidateIndex } from './candidates.ts';
import { normalizeNumber, oneEditAway } from './normalize.ts';
import { amountScore, combined, transactionScore, type ScoreParts } from './score.ts';
import type { AutoMatchSettings } from './settings.ts';

export interface RunEntry {
  StandardReceiptId: number;
  ReceiptNumber: string;
  RemittanceReferenceId: number | null;
  ReferenceNumber: string | null;
  CustomerTransactionId?: number;
  TransactionNumber?: string;
  score?: number;
  scores?: ScoreParts;
  /** Applied, or what would be applied (recommended). */
  amount?: number;
  reason: string;
}

export interface RunResult {
  applied: RunEntry[];
  recommended: RunEntry[];
  unmatched: RunEntry[];
}

interface Scored {
  invoice: InvoiceRow;
  parts: ScoreParts;
  score: number;
  amount: Big;
}

/** Receipts a run looks at: identified with money left (one without references is reported unmatched). */
function eligible(r: StandardReceiptRow): boolean {
  return (r.State === 'UNAPPLIED' || r.State === 'APPLIED') && r.customerAccountId !== null && new Big(r.UnappliedAmount).gt(0);
}

const money = (b: Big): number => Number(b.toFixed());

export async function runAutoMatch(tx: WriteTx, now: Date, settings: AutoMatchSettings, runId: number): Promise<RunResult> {
  const result: RunResult = { applied: [], recommended: [], unmatched: [] };
  // A run over a large book gives the host back between slices (issue 19 § 2).
  const slicer = new TimeSlicer();
  const index = buildCandidateIndex(tx); // before any write of this run: built once
  const { weights, thresholds } = settings;
  const customerPath = weights.customer + weights.amount >= thresholds.minimumMatch;

  const receipts = tx
    .list<StandardReceiptRow>(KIND.standardReceipt)
    .filter(eligible)
    .sort((a, b) => a.StandardReceiptId - b.StandardReceiptId);
  for (const start of receipts) {
    await slicer.breathe();
    let receipt = start;
    const refs = (receipt.referenceIds ?? [])
      .map((id) => tx.get<RemittanceReferenceRow>(KIND.remittanceReference, String(id)))
      .filter((r): r is RemittanceReferenceRow => !!r);
    const base = { StandardReceiptId: receipt.StandardReceiptId, ReceiptNumber: receipt.ReceiptNumber };
    if (refs.length === 0) {
      if (receipt.State === 'UNAPPLIED') result.unmatched.push({ ...base, RemittanceReferenceId: null, ReferenceNumber: null, reason: 'The receipt has no remittance references to match.' });
      continue;
    }
    for (const ref of refs) {
      if (ref.appliedBy) continue;
      const at = { ...base, RemittanceReferenceId: ref.RemittanceReferenceId, ReferenceNumber: ref.ReferenceNumber };
      if (ref.ReceiptMatchBy !== 'Transaction Number') {
        result.unmatched.push({ ...at, reason: `ReceiptMatchBy ${ref.ReceiptMatchBy} is kept but never resolved against transactions; only Transaction Number is.` });
        continue;
      }
      const left = new Big(receipt.UnappliedAmount);
      if (left.lte(0)) {
        result.unmatched.push({ ...at, reason: 'Nothing is left to apply: the receipt is fully applied.' });
        continue;
      }
      const best = bestCandidate(tx, index, receipt, ref, settings, customerPath);
      if (!best) {
        result.unmatched.push({ ...at, reason: ref.ReferenceNumber ? `No open transaction matches ${ref.ReferenceNumber}.` : 'The reference has no ReferenceNumber.' });
        continue;
      }
      const entry: RunEntry = {
        ...at,
        CustomerTransactionId: best.invoice.CustomerTransactionId,
        TransactionNumber: best.invoice.TransactionNumber,
        score: best.score,
        scores: best.parts,
        amount: money(best.amount),
        reason: '',
      };
      if (best.score < thresholds.minimumMatch) {
        result.unmatched.push({ ...entry, reason: `The best score ${best.score} is below the minimum match threshold ${thresholds.minimumMatch}.` });
      } else if (best.invoice.InvoiceCurrencyCode !== receipt.Currency) {
        result.recommended.push({ ...entry, reason: `Currency mismatch: the receipt is in ${receipt.Currency}, the transaction in ${best.invoice.InvoiceCurrencyCode}.` });
      } else if (best.score < thresholds.autoApply) {
        result.recommended.push({ ...entry, reason: `The score ${best.score} is below the auto-apply threshold ${thresholds.autoApply}.` });
      } else {
        const amount = capped(best, left);
        receipt = applyReceipt(tx, receipt, best.invoice.CustomerTransactionId, amount, now);
        tx.put(KIND.remittanceReference, String(ref.RemittanceReferenceId), { ...ref, appliedBy: runId });
        result.applied.push({ ...entry, amount: money(amount), reason: `The score ${best.score} reaches the auto-apply threshold ${thresholds.autoApply}.` });
      }
    }
  }
  return result;
}

/** ReferenceAmount when given, else what the transaction owes; never above the receipt's unapplied amount or the balance. */
function capped(best: Scored, unapplied: Big): Big {
  const balance = new Big(best.invoice.InvoiceBalanceAmount);
  let amount = best.amount;
  if (amount.gt(balance)) amount = balance;
  if (amount.gt(unapplied)) amount = unapplied;
  return amount;
}

function bestCandidate(
  tx: WriteTx,
  index: CandidateIndex,
  receipt: StandardReceiptRow,
  ref: RemittanceReferenceRow,
  settings: AutoMatchSettings,
  customerPath: boolean,
): Scored | null {
  const ids = new Set<number>();
  const wanted = ref.ReferenceNumber ? normalizeNumber(ref.ReferenceNumber) : '';
  if (wanted) {
    for (const id of index.byNumber.get(wanted) ?? []) ids.add(id);
    for (const key of oneEditAway(wanted, index.alphabet)) for (const id of index.byNumber.get(key) ?? []) ids.add(id);
  }
  if (customerPath && receipt.customerAccountId !== null) for (const id of index.byCustomer.get(receipt.customerAccountId) ?? []) ids.add(id);

  let best: Scored | null = null;
  for (const id of ids) {
    const invoice = tx.get<InvoiceRow>(KIND.invoice, String(id)); // current balance, also after this run's applications
    if (!isOpen(invoice)) continue;
    const balance = new Big(invoice.InvoiceBalanceAmount);
    const offered = ref.ReferenceAmount !== null ? new Big(ref.ReferenceAmount) : new Big(receipt.UnappliedAmount);
    const parts: ScoreParts = {
      customer: invoice.customerAccountId === receipt.customerAccountId ? 100 : 0,
      transaction: wanted ? transactionScore(wanted, normalizeNumber(invoice.TransactionNumber)) : 0,
      amount: amountScore(offered, balance),
    };
    const score = combined(parts, settings.weights);
    const amount = ref.ReferenceAmount !== null ? new Big(ref.ReferenceAmount) : balance;
    const candidate: Scored = { invoice, parts, score, amount };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best;
}

/** Higher score; then the closer number; then the oldest due date; then the lower id. */
function better(a: Scored, b: Scored): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.parts.transaction !== b.parts.transaction) return a.parts.transaction > b.parts.transaction;
  const da = a.invoice.DueDate ?? '';
  const db = b.invoice.DueDate ?? '';
  if (da !== db) return da < db;
  return a.invoice.CustomerTransactionId < b.invoice.CustomerTransactionId;
}
