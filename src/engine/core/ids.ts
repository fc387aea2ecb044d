/**
 * Record ids: 15-16 digits (the receivables spec wants 15 to 18; JSON numbers stay exact up to
 * 2^53, about 9.007e15), unique per environment. Each environment owns a sequence; ids advance by
 * a fixed stride from a per-environment base so they look like real ERP ids rather than 1, 2, 3.
 */
export const ID_BASE = 300_000_000_000_000;
export const ID_STRIDE = 7;

export function idFromSeq(seq: number): number {
  const id = ID_BASE + seq * ID_STRIDE;
  if (!Number.isSafeInteger(id)) throw new Error('id sequence exhausted');
  return id;
}
