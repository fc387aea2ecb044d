/**
 * Server-assigned numbers of the book (CUST, IV, contact PHONE, temporary T-numbers, book numbers).
 * Each counter is one bookkeeping record (kind `odata.seq`) so numbering is O(1) and survives in
 * the same atomic write as the row that uses it.
 */
import type { DataView, WriteTx } from '../../../core/types.ts';

export const SEQ_KIND = 'odata.seq';

/** Counter names and the first value each hands out in a fresh book. */
export const COUNTER_START = {
  /** CUSTOMERS.CUST (auto-unique). */
  CUST: 101,
  /** AINVOICES.IV / TINVOICES.IV (one internal document id sequence, as in the real product). */
  IV: 5001,
  /** CUSTPERSONNEL_SUBFORM.PHONE (contact id). */
  PHONE: 801,
  /** ACCOUNTS_RECEIVABLE.ACCOUNT. */
  ACCOUNT: 3001,
  /** PAY.PAY. */
  PAY: 11,
  /** Temporary customer numbers (T-numbers of CUSTOMERS). */
  TCUST: 1001,
  /** Temporary document numbers (T-numbers of drafts). */
  TDOC: 23301,
  /** Final invoice book numbers (IN…). */
  IN: 1,
  /** Final receipt book numbers (RC…). */
  RC: 1,
} as const;

export type CounterName = keyof typeof COUNTER_START;

/** The value a counter will hand out next (without taking it). */
export function peekCounter(data: DataView, name: CounterName): number {
  const row = data.get<{ next: number }>(SEQ_KIND, name);
  return row ? row.next : COUNTER_START[name];
}

/** Take the next value of a counter. */
export function takeCounter(tx: WriteTx, name: CounterName): number {
  const value = peekCounter(tx, name);
  tx.put(SEQ_KIND, name, { next: value + 1 });
  return value;
}

/** First book number of each series (the numbering does not depend on the seeding date). */
export const BOOK_SERIES_BASE = 250_000_000;

/** Book number of a final invoice or receipt: prefix and a 9-digit series number (e.g. IN250000012). */
export function bookNumber(prefix: 'IN' | 'RC', seq: number): string {
  return `${prefix}${BOOK_SERIES_BASE + seq}`;
}

/** A temporary number (T23301): drafts and temporary customers. */
export function tNumber(seq: number): string {
  return `T${seq}`;
}
