/** $top / $skip (spec 001 § Query options): non-negative integers, 0 a no-op, no upper bound. */
import { MSG } from '../errors/messages.ts';
import { ODataError } from '../errors/envelope.ts';

/** The count, or null for "no limit" (0 is a no-op). Throws the 400 for anything else. */
export function parseCount(option: '$top' | '$skip', text: string): number | null {
  if (!/^\d+$/.test(text)) throw new ODataError(400, MSG.invalidTopSkip(option, text), option);
  const n = Number(text);
  return n === 0 ? null : n;
}
