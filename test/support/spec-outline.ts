/**
 * The outline of a spec text (markdown-like, as in ../shared/seeds), for checking catalog citations:
 * headings, lead-in labels ("Create rules:", "Key addressing:", "SOAP faults:"), each with the span
 * of text it governs, its numbered rules and its table rows.
 *
 * A citation is `<NNN> [§] part; part; ...`. A part names a section by its heading or label (a
 * leading run of its words: "Common query parameters" names "Common query parameters and
 * envelope"), optionally narrowed by a nested heading or label ("Invoices Create rule 1",
 * "Errors, SOAP faults"), then any of: `table`, rule numbers ("1", "1-3", "2, 4") and table rows
 * by a run of the words of their key column ("$filter", "Bare-404 family", "GET /$metadata").
 * Parenthesised text is a note and is not resolved.
 */

export interface Anchor {
  /** Normalised words of the heading or label. */
  words: string[];
  start: number;
  end: number;
}

export interface Outline {
  text: string;
  anchors: Anchor[];
}

/** Lower case, typographic apostrophes plain, parenthesised notes removed, "rules" as "rule". */
export function words(s: string): string[] {
  return stripNotes(s)
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[,:]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w === 'rules' ? 'rule' : w));
}

/** Remove parenthesised text (nested parentheses too). */
export function stripNotes(s: string): string {
  let out = s;
  for (let prev = ''; prev !== out; ) {
    prev = out;
    out = out.replace(/\([^()]*\)/g, ' ');
  }
  return out;
}

/** Split on `;` outside parentheses. */
export function splitParts(citation: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of citation) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ';' && depth === 0) {
      parts.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  parts.push(cur.trim());
  return parts.filter(Boolean);
}

export function outline(text: string): Outline {
  const headings: { level: number; title: string; start: number }[] = [];
  for (const m of text.matchAll(/^(#{1,6}) (.+)$/gm)) headings.push({ level: (m[1] as string).length, title: m[2] as string, start: m.index });
  const anchors: Anchor[] = headings.map((h, i) => {
    const next = headings.slice(i + 1).find((o) => o.level <= h.level);
    return { words: words(h.title), start: h.start, end: next ? next.start : text.length };
  });
  // A label: a short phrase ending in ":" at the start of a line or of a sentence (not of a numbered
  // rule, "1. Required:"); it governs the text up to the next label or heading.
  const starts: { start: number; title: string }[] = [];
  for (const m of text.matchAll(/(?:^|(?<=[^\d\s]\. ))([A-Za-z$][\w$' -]{0,70}?):(?=\s)/gm)) starts.push({ start: m.index, title: m[1] as string });
  const boundaries = [...headings.map((h) => h.start), ...starts.map((l) => l.start), text.length].sort((a, b) => a - b);
  for (const l of starts) {
    const end = boundaries.find((b) => b > l.start) as number;
    anchors.push({ words: words(l.title), start: l.start, end });
  }
  return { text, anchors };
}

const startsWith = (whole: string[], part: string[]) => part.length <= whole.length && part.every((w, i) => whole[i] === w);

const containsRun = (whole: string[], part: string[]) => {
  for (let i = 0; i + part.length <= whole.length; i++) if (part.every((w, j) => whole[i + j] === w)) return true;
  return false;
};

/** The text of numbered rule `n` ("n. ...", at the start of a line) in a span, up to the next rule. */
function ruleText(span: string, n: number): string | undefined {
  const m = new RegExp(`^${n}\\. [\\s\\S]*?(?=^\\d+\\. |$(?![\\s\\S]))`, 'm').exec(span);
  return m?.[0];
}

/** Table rows of a span with their key column: the first cell, or method and path for endpoint tables. */
function rows(span: string): { key: string[]; line: string }[] {
  const out: { key: string[]; line: string }[] = [];
  let endpointTable = false;
  for (const line of span.split('\n')) {
    if (!line.startsWith('|')) {
      endpointTable = false;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (/^-+$/.test(cells[0] ?? '')) continue;
    if (cells[0] === 'Method') endpointTable = true;
    out.push({ key: words(endpointTable ? `${cells[0]} ${cells[1] ?? ''}` : (cells[0] ?? '')), line });
  }
  return out;
}

export interface Resolved {
  /**
   * The text the part points at: the rules and rows it names, else the whole sections (every
   * candidate that satisfies each term, when a name fits several headings).
   */
  texts: string[];
}

/**
 * Resolve one part of a citation. Throws with the words it could not place, so a test names the
 * citation and what is missing.
 */
export function resolvePart(o: Outline, part: string): Resolved {
  let rest = words(part);
  let candidates: Anchor[] = [];
  const focus: string[] = [];
  // The longest leading run of words that starts some anchor's name (in the current candidates' spans).
  const take = (pool: Anchor[]): boolean => {
    for (let n = rest.length; n > 0; n--) {
      const run = rest.slice(0, n);
      const found = pool.filter((a) => startsWith(a.words, run));
      if (found.length) {
        candidates = found;
        rest = rest.slice(n);
        return true;
      }
    }
    return false;
  };
  if (!take(o.anchors)) throw new Error(`no heading or label "${part}"`);
  const spanOf = (c: Anchor) => o.text.slice(c.start, c.end);
  while (rest.length) {
    const inside = o.anchors.filter((a) => candidates.some((c) => a.start > c.start && a.start < c.end));
    if (!focus.length && take(inside)) continue;
    const word = rest[0] as string;
    let found: { c: Anchor; texts: string[] }[] = [];
    let used = 1;
    const range = /^(\d+)(?:-(\d+))?$/.exec(word);
    if (word === 'table') {
      found = candidates.filter((c) => /^\|/m.test(spanOf(c))).map((c) => ({ c, texts: [] }));
    } else if (range) {
      const from = Number(range[1]);
      const to = Number(range[2] ?? range[1]);
      for (const c of candidates) {
        const texts: string[] = [];
        for (let i = from; i <= to; i++) {
          const t = ruleText(spanOf(c), i);
          if (t) texts.push(t);
        }
        if (texts.length === to - from + 1) found.push({ c, texts });
      }
    } else {
      // The longest run of words found in a row key of a candidate's tables.
      for (let n = rest.length; n > 0 && !found.length; n--) {
        const run = rest.slice(0, n);
        for (const c of candidates) {
          const lines = rows(spanOf(c)).filter((r) => containsRun(r.key, run)).map((r) => r.line);
          if (lines.length) found.push({ c, texts: lines });
        }
        used = n;
      }
    }
    if (!found.length) throw new Error(`"${rest.join(' ')}" is no rule, row or section under "${part}"`);
    candidates = found.map((f) => f.c);
    for (const f of found) focus.push(...f.texts);
    rest = rest.slice(used);
  }
  return { texts: focus.length ? focus : candidates.map(spanOf) };
}
