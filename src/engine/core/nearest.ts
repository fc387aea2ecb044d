/**
 * The valid name nearest to a mistyped one (edit distance, case differences counting little), for
 * "Did you mean ...?" in refusals and the journal's near-miss hints (issue 12 § 1).
 */
import { distance } from 'fastest-levenshtein';

/** The closest candidate within a few edits, if any (none when the word is itself valid). */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const w = word.toLowerCase();
  for (const c of candidates) {
    if (c === word) return undefined;
    const score = c.toLowerCase() === w ? 0.5 : distance(c.toLowerCase(), w);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** ` Did you mean X?` to append to a refusal's detail, or ''. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const hit = nearest(word, candidates);
  return hit ? ` Did you mean ${hit}?` : '';
}
