/**
 * String handling before matching (real-product facts § AutoMatch: characters are stripped before
 * the similarity is computed). Fixed rules, the same for references and transaction numbers:
 * upper case; spaces and the separators - _ . / # removed; the service's own INV prefix removed;
 * leading zeros removed. "inv-000300000000000123" and "300000000000123" are the same number.
 */
const SEPARATORS = /[\s\-_./#]+/g;

export function normalizeNumber(text: string): string {
  let s = text.toUpperCase().replace(SEPARATORS, '');
  if (s.startsWith('INV')) s = s.slice(3);
  s = s.replace(/^0+(?=.)/, '');
  return s;
}

/**
 * Every string one edit (insertion, deletion, substitution) away, using the characters of
 * `alphabet` (those of the indexed numbers: an edit to any other character matches nothing): the
 * candidate keys of a reference, looked up in the number index, so fuzzy scoring never walks every
 * transaction.
 */
export function oneEditAway(s: string, alphabet: Iterable<string>): Set<string> {
  const ALPHABET = [...alphabet];
  const out = new Set<string>();
  for (let i = 0; i <= s.length; i++) {
    const head = s.slice(0, i);
    const tail = s.slice(i);
    if (i < s.length) out.add(head + tail.slice(1));
    for (const ch of ALPHABET) {
      out.add(head + ch + tail);
      if (i < s.length && ch !== s[i]) out.add(head + ch + tail.slice(1));
    }
  }
  out.delete(s);
  return out;
}
