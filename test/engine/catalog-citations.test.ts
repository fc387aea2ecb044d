// Every error catalog entry a learner sees cites its own rule of the spec and says how to avoid it
// (error-catalog issue, item 11b; guide: sweep the whole catalog). The citations are
// resolved against the spec texts themselves (../shared/seeds beside the repository, read like
// docs/ in other tests): a section, rule number or table row that the spec does not have fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ErrorEntry } from '../../src/engine/core/types.ts';
import { ERROR_CATALOG } from '../../src/engine/products/odata/errors/catalog.ts';
import { catalogDocument } from '../../src/engine/teaching/catalogs.ts';
import { outline, resolvePart, splitParts, type Outline } from '../support/spec-outline.ts';

const shared = (path: string) => readFileSync(new URL(`../../../shared/${path}`, import.meta.url), 'utf8');
const SPECS: Record<string, Outline> = {
  '000': outline(shared('seeds/000_24260252ba0d52e3.txt')),
  '001': outline(shared('seeds/001_62c886aa4360874c.txt')),
};
/** Where a spec says "not shown", a citation may name a section of the real-product facts. */
const FACTS = outline(shared('notes/real-product-facts.md'));
const FACTS_PART = /^real-product-facts,?\s*/;

/** The console's text when an entry has no `avoid` (ErrorExplain.svelte). */
const GENERIC_AVOID = /^Leave out what the meaning describes/;

/** What the Errors view lists: each product's entries, then the injected answers' (fault rules, drills). */
const shown = catalogDocument();
const CATALOGS: [string, string, ErrorEntry[]][] = [
  ['receivables', '000', shown.receivables.errors],
  ['odata', '001', shown.odata.errors],
];
/** An injected answer's entry may also cite the RFC that defines its status: "RFC 9110 § 15.6.4 (...)". */
const RFC_PART = /^RFC \d+ § \d+(?:\.\d+)*(?: \(.*\))?(?: and RFC \d+ § \d+(?:\.\d+)*(?: \(.*\))?)*$/;

/** The texts a citation points at (its rules and rows, else its sections), or why it points nowhere. */
function resolve(spec: string, citation: string): { texts: string[]; problems: string[] } {
  const m = /^(\d{3}) (?:§ )?(.+)$/.exec(citation);
  if (!m || m[1] !== spec) return { texts: [], problems: [`does not start with "${spec} "`] };
  const texts: string[] = [];
  const problems: string[] = [];
  for (const part of splitParts(m[2] as string)) {
    if (RFC_PART.test(part)) continue;
    const o = FACTS_PART.test(part) ? FACTS : (SPECS[spec] as Outline);
    try {
      texts.push(...resolvePart(o, part.replace(FACTS_PART, '')).texts);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return { texts, problems };
}

/** A message the spec quotes verbatim, as the entry's title carries it (placeholders cut off). */
function quotedTitle(spec: string, title: string): string | undefined {
  const text = (SPECS[spec] as Outline).text;
  const head = title.replace(/\s*(\.\.\.|…)$/, '').split('<')[0]?.trim() ?? '';
  return head.length >= 20 && text.includes(head) ? head : undefined;
}

describe.each(CATALOGS)('%s error catalog (spec %s)', (_name, spec, errors) => {
  it('every entry says how to avoid it: its own one or two sentences, not the console default', () => {
    const seen = new Map<string, string>();
    for (const e of errors) {
      const key = `${e.code} ${e.title}`;
      expect(e.avoid, key).toBeTypeOf('string');
      const avoid = e.avoid as string;
      expect(avoid.length, key).toBeGreaterThanOrEqual(20);
      expect(avoid.length, key).toBeLessThanOrEqual(320);
      expect(avoid.replace(/\be\.g\./g, 'eg').split(/[.!?](?:\s+|$)/).filter((s) => s.trim()).length, key).toBeLessThanOrEqual(2);
      expect(avoid, key).not.toMatch(GENERIC_AVOID);
      expect(avoid, key).not.toBe(e.meaning);
      expect(seen.get(avoid), `${key} repeats the advice of ${seen.get(avoid)}`).toBeUndefined();
      seen.set(avoid, key);
    }
  });

  it('every citation starts with the spec number and names sections, rules and rows the spec has', () => {
    const wrong: string[] = [];
    for (const e of errors) {
      const { problems } = resolve(spec, e.spec);
      if (problems.length) wrong.push(`${e.code} "${e.spec}": ${problems.join('; ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an entry whose message the spec quotes cites a section that quotes it', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const e of errors) {
      const quoted = quotedTitle(spec, e.title);
      if (!quoted) continue;
      checked++;
      if (!resolve(spec, e.spec).texts.some((t) => t.includes(quoted))) wrong.push(`${e.code} "${e.spec}" does not cite where the spec says "${quoted}"`);
    }
    expect(wrong).toEqual([]);
    if (spec === '001') expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('every query option the meaning names is in the rule or row the entry cites', () => {
    const wrong: string[] = [];
    for (const e of errors) {
      const { texts } = resolve(spec, e.spec);
      for (const option of new Set(e.meaning.match(/\$[a-z]+/g) ?? [])) {
        if (!texts.some((t) => t.includes(option))) wrong.push(`${e.code} "${e.spec}" names no rule on ${option}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// The read catalog also lists the write and batch refusals under their own codes (for the
// reproduction test): their citations hold too.
it('every citation of the OData refusal list (write and batch side included) resolves in spec 001', () => {
  const wrong = ERROR_CATALOG.flatMap((e) => {
    const { problems } = resolve('001', e.spec);
    const quoted = quotedTitle('001', e.title);
    if (quoted && !resolve('001', e.spec).texts.some((t) => t.includes(quoted))) problems.push(`does not cite where the spec says "${quoted}"`);
    return problems.length ? [`${e.code} "${e.spec}": ${problems.join('; ')}`] : [];
  });
  expect(wrong).toEqual([]);
});

// The checker itself: a citation of a section, rule or row that does not say it is caught.
describe('citation checker', () => {
  it('resolves the existing formats and refuses a wrong section, rule number or row', () => {
    expect(resolve('001', '001 § Query options $filter, $orderby').problems).toEqual([]);
    expect(resolve('000', '000 Invoices Create rule 1; Errors, SOAP faults; Invoice table BillToContact').problems).toEqual([]);
    expect(resolve('001', '001 § Query options $select').problems).toEqual([]);
    expect(resolve('001', '001 § Query options $skiptoken').problems).not.toEqual([]);
    expect(resolve('001', '001 § Write rules 12').problems).not.toEqual([]);
    expect(resolve('000', '000 Isolation and bad input').problems).not.toEqual([]);
    expect(resolve('000', '001 § Authentication 1').problems).not.toEqual([]);
    // A citation of $orderby alone (OD-400-SYNTAX's before) does not reach the $filter rule.
    expect(resolve('001', '001 § Query options $orderby').texts.some((t) => t.includes('$filter'))).toBe(false);
    const paren = quotedTitle('001', 'Invalid query options: parse error. Mismatched parenthesis.') as string;
    expect(resolve('001', '001 § Query options $orderby').texts.some((t) => t.includes(paren))).toBe(false);
  });
});
