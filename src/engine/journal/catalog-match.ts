/**
 * Which error catalog entry an answer is (issue 12 § 1, issue 24 § 1.1), for the journal and the
 * console alike: the entry a request reproduces; else by the codes the answer carries (most specific
 * first) and, where several entries share a code, by the answer's message (an entry's `message`
 * pattern) and the resource and method the request addresses, the code's `general` entry when the
 * request addresses none of theirs; else, for OData, by the message an entry's title quotes or its
 * `message` pattern, and where the answer cannot tell entries apart (an empty 404), by the request
 * (an entry's `request` pattern); else the family of entries answering that way. Never merely the
 * first entry of a shared code: when nothing tells them apart, the answer is the family.
 */
import type { ErrorEntry } from '../core/types.ts';
import { answerCode } from './codes.ts';

export interface CatalogMatch {
  /** One entry, or the candidates of a family. */
  entries: ErrorEntry[];
  /** `request`: the answer alone does not say; the request that got it does (an unquoted key's empty 404). */
  how: 'reproduced' | 'code' | 'message' | 'request' | 'family';
  /** What the family has in common, said to the user. */
  family?: string;
  /** Set when the family is the entries of one code that the answer did not tell apart. */
  sharedCode?: string;
}

/** What of an exchange the match reads. */
export interface AnswerFacts {
  status: number;
  body: string;
  method?: string;
  /** Relative to the environment base, query included. */
  path?: string;
  /** A code read before the body was cut short (the journal keeps a prefix of long answers). */
  code?: string;
}

/** An entry title quoting a message, as a pattern: X, N, <FORM>, METHOD, PATH and ... stand for any text. */
export function titlePattern(title: string): RegExp {
  const escaped = title
    .replace(/\.{3}|…/g, '\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\u0000|<[^>]+>|\\\[[A-Z]+\\\]|\b(?:X|N|METHOD|PATH)\b/g, '.+?');
  // The title quotes the message's beginning; the service may go on with more detail.
  return new RegExp(`^${escaped}`, 'i');
}

const expected = (e: ErrorEntry) => e.reproduce?.expectStatus ?? e.status;

/** The collection a path addresses: its segments without ids, actions or the query, up to the last resource name. */
function resourceKey(path: string | undefined): string {
  const p = (path ?? '').split('?')[0] as string;
  const segs = p.split('/').filter(Boolean);
  // …/receivablesInvoices/300000…/child/receivablesInvoiceLines → receivablesInvoices/receivablesInvoiceLines
  return segs.filter((s) => /^[A-Za-z_$][\w$.-]*$/.test(s) && !/^\d/.test(s) && s !== 'child' && s !== 'action' && !/^\d+\.\d+/.test(s)).slice(-3).join('/').replace(/\(.*$/, '');
}

/** Words naming what a path is about (`InvoiceService` and `receivablesInvoices` share "invoice"). */
const GENERIC_WORDS = new Set(['receivable', 'resource', 'service', 'fscm', 'crm', 'rest', 'api', 'child', 'odata']);
function topicWords(path: string | undefined): Set<string> {
  const last = resourceKey(path).split('/').pop() ?? '';
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/);
  return new Set(words.map((w) => w.replace(/s$/, '')).filter((w) => w.length > 2 && !GENERIC_WORDS.has(w)));
}

/** A catalog pattern; `(?i)` in front (as other regex dialects write it) makes it case-insensitive. */
const tests = (pattern: string, text: string, flags = ''): boolean => {
  const insensitive = pattern.startsWith('(?i)');
  try {
    return new RegExp(insensitive ? pattern.slice(4) : pattern, insensitive ? 'i' : flags).test(text);
  } catch {
    return false;
  }
};

function messageMatches(e: ErrorEntry, message: string | undefined): boolean {
  return !!e.message && !!message && tests(e.message, message, 'i');
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Of entries the answer cannot tell apart, those whose `request` pattern the request fits; none
 * fitting: those without a pattern (the general case). Unchanged when the request is not known.
 */
function byRequest(entries: ErrorEntry[], facts: AnswerFacts): ErrorEntry[] {
  if (!facts.method || facts.path === undefined || !entries.some((e) => e.request)) return entries;
  const line = `${facts.method.toUpperCase()} ${facts.path}`;
  const plain = decoded(line);
  const fit = entries.filter((e) => e.request && (tests(e.request, line) || tests(e.request, plain)));
  return fit.length ? fit : entries.filter((e) => !e.request);
}

/** Among entries sharing a code: the one the answer's message and request single out, if any. */
function pickAmong(candidates: ErrorEntry[], message: string | undefined, facts: AnswerFacts): ErrorEntry | undefined {
  const said = candidates.filter((e) => messageMatches(e, message));
  const pool = said.length ? said : candidates.filter((e) => !e.message);
  if (pool.length <= 1) return pool[0];
  const asked = resourceKey(facts.path);
  const topic = topicWords(facts.path);
  const method = facts.method?.toUpperCase();
  // The same resource weighs most, then a resource about the same thing, then the same method.
  const score = (e: ErrorEntry) => {
    if (!e.reproduce) return 0;
    const same = asked !== '' && resourceKey(e.reproduce.path) === asked;
    const related = !same && [...topicWords(e.reproduce.path)].some((w) => topic.has(w));
    return (same ? 4 : 0) + (related ? 2 : 0) + (method && e.reproduce.method.toUpperCase() === method ? 1 : 0);
  };
  const best = Math.max(...pool.map(score));
  const top = pool.filter((e) => score(e) === best);
  if (top.length === 1) return top[0];
  // No entry's own resource is the one asked: the general form of the code, if the catalog has one.
  const general = pool.filter((e) => e.general);
  return best < 4 && general.length === 1 ? general[0] : undefined;
}

export function matchCatalog(errors: readonly ErrorEntry[], facts: AnswerFacts, reproduced?: string): CatalogMatch | null {
  if (reproduced) {
    const entry = errors.find((e) => e.reproduce?.id === reproduced) ?? errors.find((e) => e.code === reproduced);
    if (entry && expected(entry) === facts.status) return { entries: [entry], how: 'reproduced' };
  }
  // A 304 has no body to carry a code: the catalog's 304 entry (an If-None-Match still current) is it.
  if (facts.status === 304) {
    const notModified = errors.filter((e) => e.status === 304);
    return notModified.length === 1 ? { entries: notModified, how: 'request' } : null;
  }
  if (facts.status < 400) return null;
  const parsed = answerCode(facts.body);
  // A plain-text answer (the hosting runtime's, e.g. $batch without Content-Type) is its own message.
  const plain = /^[^{<\s]/.test(facts.body.trimStart()) && facts.body.length <= 500 ? facts.body.trim() : undefined;
  const message = parsed.detail?.trim() ?? plain;
  const codes = [...(parsed.inner ?? []), parsed.code, facts.code].filter((c): c is string => !!c);
  // A code several entries share that nothing tells apart: a later code may still single one out
  // (a SOAP fault's AR-1010 inside its env:Server).
  let shared: CatalogMatch | undefined;
  for (const code of new Set(codes)) {
    const candidates = errors.filter((e) => e.code === code);
    if (candidates.length === 0) continue;
    const one = candidates.length === 1 ? candidates[0] : pickAmong(candidates, message, facts);
    if (one) return { entries: [one], how: 'code' };
    shared ??= { entries: candidates, how: 'family', sharedCode: code, family: `${code} stands for several refusals; the answer's own message says which${message ? `: “${message}”` : ''}` };
  }
  if (shared) return shared;
  // The OData envelope's code is the status: the message an entry's title quotes says more.
  if (message && (!parsed.code || /^\d{3}$/.test(parsed.code))) {
    const said = byRequest(
      errors.filter((e) => e.status === facts.status && (messageMatches(e, message) || titlePattern(e.title).test(message))),
      facts,
    );
    // An entry whose own message pattern matched says more than one whose title merely fits.
    const specific = said.filter((e) => messageMatches(e, message));
    const hits = specific.length ? specific : said;
    if (hits.length) return { entries: hits, how: 'message' };
  }
  if (/InterfaceErrors/.test(facts.body)) {
    const family = errors.filter((e) => e.code.startsWith('OD-IE-'));
    if (family.length) return { entries: family, how: 'family', family: 'A form refusal (InterfaceErrors): the message names the field; these entries answer this way' };
  }
  if (facts.body.trim() === '') {
    // Nothing to tell them apart: the documented answers with this status (those that say they are
    // empty first); the simulator's own codes always carry a body.
    const empty = (e: ErrorEntry) => /bare 404|empty/i.test(`${e.title} ${e.meaning}`);
    const all = errors.filter((e) => e.status === facts.status && !e.code.startsWith('SIM-')).sort((a, b) => Number(empty(b)) - Number(empty(a)));
    // The request may say which of them it is (an unquoted key, a duplicated option, HEAD).
    const family = all.some((e) => e.request) ? byRequest(all, facts) : all;
    if (family.length === 1) return { entries: family, how: family.length < all.length ? 'request' : 'family' };
    if (family.length) return { entries: family, how: 'family', family: `An empty ${facts.status} carries no code: the catalog documents these ${facts.status} answers` };
  }
  return null;
}
