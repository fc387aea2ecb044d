import type { Row } from '../core/types.ts';

/**
 * Whether a kind as it stands (`stored`, `count` rows, in the kind's order) holds exactly the rows a
 * write puts into it after clearing it (`puts`, in put order; null marks a delete): the same ids in
 * the same order, each row equal field by field with its keys in the same order. A reset leaves such
 * a kind alone: writing it again would store what is there (writing the seeded book was most of a
 * reset's time, and a test usually changes few of its kinds).
 */
export function holdsExactly(stored: Iterator<[string, Row]>, count: number, puts: ReadonlyMap<string, Row | null>): boolean {
  let n = 0;
  for (const row of puts.values()) if (row) n++;
  if (n !== count) return false;
  for (const [id, row] of puts) {
    if (!row) continue;
    const next = stored.next();
    if (next.done || next.value[0] !== id || !sameValue(next.value[1], row)) return false;
  }
  return true;
}

/**
 * Equality of the JSON-like values rows hold: arrays item by item, plain objects key by key in key
 * order (a row's key order shows in its answers), `Object.is` for the rest (so -0 is not 0).
 * Anything else (a Date, a typed array) counts as different: a reset then writes the kind, as it
 * always did. Written here rather than taken from a library: the usual deep-equal packages ignore key
 * order, and this is all the comparison needs.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i] || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
