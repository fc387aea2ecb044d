/**
 * Scoring one remittance reference against one open transaction (real-product facts § AutoMatch):
 * a customer, a transaction and an amount score (each 0-100) combined with weights that total 100.
 * - customer: 100 when the transaction belongs to the receipt's customer, else 0;
 * - transaction: Levenshtein distance of the normalized numbers, 100 for an exact match and 50
 *   points off per edit (one typo 50, two 0): ids share long prefixes, so a length-relative
 *   similarity would score every invoice of the book above 85;
 * - amount: 100 when the amount equals the balance, 50 for a partial payment (less than the
 *   balance: normal, not doubtful), 0 for more than the balance.
 */
import { distance } from 'fastest-levenshtein';
import { Big } from '../../../core/money.ts';
import type { AutoMatchSettings } from './settings.ts';

export interface ScoreParts {
  customer: number;
  transaction: number;
  amount: number;
}

export function transactionScore(normalizedReference: string, normalizedTransaction: string): number {
  if (normalizedReference === normalizedTransaction) return 100;
  return Math.max(0, 100 - 50 * distance(normalizedReference, normalizedTransaction));
}

export function amountScore(amount: Big, balance: Big): number {
  if (amount.eq(balance)) return 100;
  return amount.lt(balance) ? 50 : 0;
}

/** Weighted total, rounded to two decimals so equal inputs always compare equal. */
export function combined(parts: ScoreParts, weights: AutoMatchSettings['weights']): number {
  const raw = (parts.customer * weights.customer + parts.transaction * weights.transaction + parts.amount * weights.amount) / 100;
  return Math.round(raw * 100) / 100;
}
