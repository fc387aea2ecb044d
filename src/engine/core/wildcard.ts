/**
 * `*` globs (issue 21 § 3: a verified path "exactly or with `*` wildcards"). `*` matches any run of
 * characters, everything else itself, and the whole text must match. Matched piece by piece with
 * `indexOf`, leftmost first: a `*`-only glob never needs to back up, so there is no regular
 * expression to backtrack and no pattern can stall the host.
 */
export type Wildcard = (text: string) => boolean;

export function wildcard(pattern: string): Wildcard {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return (text) => text === pattern;
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const fixed = first.length + last.length;
  return (text) => {
    if (text.length < fixed || !text.startsWith(first) || !text.endsWith(last)) return false;
    let at = first.length;
    const end = text.length - last.length;
    for (const piece of middle) {
      const found = text.indexOf(piece, at);
      if (found < 0 || found + piece.length > end) return false;
      at = found + piece.length;
    }
    return true;
  };
}
