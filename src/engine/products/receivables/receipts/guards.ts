/**
 * Receipt rules 4-5 as data: which receipt conditions refuse PATCH and which refuse DELETE.
 * A receipt is never silently unapplied: one with applications refuses both.
 */
import type { DataView } from '../../../core/types.ts';
import { applicationsOfReceipt, receiptMethodByName } from '../book/lookups.ts';
import type { StandardReceiptRow } from '../book/records.ts';

interface Guard {
  what: string;
  holds: (r: StandardReceiptRow, data: DataView) => boolean;
  /** Receipt rule 4 lists it. */
  patch: boolean;
  /** Receipt rule 5 lists it. */
  delete: boolean;
}

const REVERSED: ReadonlySet<string> = new Set(['REVERSE PAYMENT', 'STOP PAYMENT', 'INSUFFICIENT FUNDS']);

const GUARDS: readonly Guard[] = [
  { what: 'has applications', holds: (r, d) => r.State === 'APPLIED' || applicationsOfReceipt(d, r.StandardReceiptId).length > 0, patch: true, delete: true },
  { what: 'is approved', holds: (r) => r.Status === 'APPROVED', patch: true, delete: false },
  { what: 'is reversed', holds: (r) => REVERSED.has(r.State), patch: true, delete: true },
  { what: 'is an automatic receipt', holds: (r, d) => receiptMethodByName(d, r.ReceiptMethod)?.ReceiptClass === 'Automatic Receipts', patch: true, delete: true },
  { what: 'is an AP/AR netting receipt', holds: (r) => r.origin === 'netting', patch: true, delete: false },
  { what: 'is a bill-to (bills receivable) receipt', holds: (r) => r.origin === 'bills-receivable', patch: true, delete: false },
  { what: 'is frozen', holds: (r) => r.frozen === true, patch: true, delete: true },
  { what: 'is unaccounted (its accounting failed)', holds: (r) => r.accounting === 'unaccounted', patch: true, delete: false },
  { what: 'is accounted', holds: (r) => r.accounting === 'accounted', patch: false, delete: true },
];

/** Why the operation is refused for this receipt, or null when it is allowed. */
export function refusalOf(receipt: StandardReceiptRow, data: DataView, op: 'patch' | 'delete'): string | null {
  const g = GUARDS.find((x) => x[op] && x.holds(receipt, data));
  return g ? g.what : null;
}
