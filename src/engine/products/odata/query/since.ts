/**
 * $since (spec 001 § Query options): rows changed at or after a UTC instant. The instant of a
 * row's last create, update or line write is its `_changedAt`. An unparseable value is ignored.
 */
import type { Row } from '../../../core/types.ts';
import { CHANGED_AT } from '../forms/index.ts';
import { parseInstant } from './values.ts';

export function parseSince(text: string): number | null {
  return parseInstant(text.trim());
}

export function changedSince(row: Row, since: number): boolean {
  const at = row[CHANGED_AT];
  if (typeof at !== 'string') return false;
  const ms = Date.parse(at);
  return Number.isFinite(ms) && ms >= since;
}
