/**
 * What the docs tests read from a Markdown file: its fenced blocks, its headings' anchors (GitHub's
 * slugs, from github-slugger) and its links, all outside fenced code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
export function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
  return ['README.md', ...walk('docs')].map((f) => relative(ROOT, join(ROOT, f)));
}

export const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

export interface Block {
  /** The info string after the opening fence, e.g. `sh runnable`. */
  info: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The next fenced block when only blank lines separate the two. */
  next?: Block;
}

/** The fenced blocks of a text, in order, and its lines with the fenced ones blanked. */
export function parse(text: string): { blocks: Block[]; prose: string[] } {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const prose: string[] = [];
  let open: { fence: string; info: string; line: number; body: string[] } | undefined;
  let lastEnd = -2;
  lines.forEach((l, i) => {
    const fence = /^(`{3,}|~{3,})\s*(.*)$/.exec(l);
    if (!open && fence) {
      open = { fence: fence[1] as string, info: (fence[2] as string).trim(), line: i + 1, body: [] };
      prose.push('');
    } else if (open && l.trim().startsWith(open.fence) && l.trim().replace(/[`~]/g, '') === '') {
      const block: Block = { info: open.info, body: open.body.join('\n'), line: open.line };
      const previous = blocks.at(-1);
      if (previous && lines.slice(lastEnd + 1, open.line - 1).every((b) => b.trim() === '')) previous.next = block;
      blocks.push(block);
      lastEnd = i;
      open = undefined;
      prose.push('');
    } else if (open) {
      open.body.push(l);
      prose.push('');
    } else prose.push(l);
  });
  return { blocks, prose };
}

/** The text GitHub renders for a heading's source: code spans, emphasis and link targets dropped. */
const headingText = (source: string): string =>
  source
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, '$2')
    // Underscores emphasise only at word edges (GitHub leaves AR_APPLY_RECEIPTS alone).
    .replace(/(^|\s)(__?)(\S(?:.*?\S)?)\2(?=\s|$)/g, '$1$3')
    .replace(/<[^>]+>/g, '')
    .trim();

/** Every anchor a file's headings make, as GitHub makes them (a repeated heading gets -1, -2, …). */
export function anchors(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  for (const l of parse(text).prose) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(l);
    if (m) found.add(slugger.slug(headingText(m[1] as string)));
  }
  return found;
}

/** Inline links `[text](target)` of the prose (not in fenced blocks or code spans), with their lines. */
export function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  parse(text).prose.forEach((l, i) => {
    const outsideCode = l.replace(/`[^`]*`/g, '');
    for (const m of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ target: m[1] as string, line: i + 1 });
  });
  return out;
}
