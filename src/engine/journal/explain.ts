/**
 * Why an answer is what it is, from the product's error catalog (issue 12 § 1): the entry's spec
 * reference is the rule, its meaning (or the answer's own detail) the sentence. Done when an entry
 * is read, because the host loads the catalogs (the worker fetches them lazily).
 */
import type { ErrorEntry } from '../core/types.ts';
import { matchCatalog } from './catalog-match.ts';
import { answerCode } from './codes.ts';
import type { JournalEntry, JournalExplanation } from './types.ts';

const firstSentence = (text: string): string => {
  const t = text.trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(t);
  return m ? (m[1] as string) : t;
};

/**
 * The one catalog entry an answer is, if the catalog can say (catalog-match.ts): none for a code
 * several entries share that the answer does not tell apart, nor for an empty answer (its family is
 * named by explain); the first OData entry whose title the message quotes, or of a form refusal.
 */
export function catalogEntryFor(errors: readonly ErrorEntry[], entry: JournalEntry): ErrorEntry | undefined {
  const body = entry.response.body ?? '';
  const match = matchCatalog(errors, { status: entry.status, body, method: entry.method, path: entry.path, code: entry.code });
  if (!match || match.sharedCode || (match.how === 'family' && body.trim() === '')) return undefined;
  return match.entries[0];
}

export function explain(errors: readonly ErrorEntry[], entry: JournalEntry): JournalExplanation | undefined {
  if (entry.drill) {
    const d = entry.drill;
    const hit = (d.catalog ? errors.find((e) => e.code === d.catalog) : undefined) ?? catalogEntryFor(errors, entry);
    return { rule: `drill ${d.id} step ${d.n} (${d.kind})`, sentence: d.note, ...(hit ? { catalog: { code: hit.code, title: hit.title } } : {}) };
  }
  const rule = entry.injected;
  if (rule) {
    const replaced = entry.status === 0 || (entry.code ?? '').startsWith('SIM-FAULT-') || (entry.status === 500 && !entry.response.body);
    if (entry.status === 0) return { rule: `fault rule ${rule}`, sentence: 'The simulator dropped the connection on purpose (an injected fault), as a network failure would; whether the request was carried out depends on the rule (before or after).' };
    if (replaced) {
      const retryAfter = entry.response.headers['retry-after'];
      const advice =
        entry.method === 'GET' || entry.method === 'HEAD'
          ? `Retry${retryAfter ? ` after ${retryAfter} s (Retry-After)` : ' later'}.`
          : 'Retry safely: the request may have been carried out; a create retried with Upsert-Mode cannot be recorded twice.';
      return { rule: `fault rule ${rule}`, sentence: `The simulator injected this ${entry.status} (fault rule ${rule}); it is not spec behaviour. ${advice}` };
    }
    if (entry.status < 400) return { rule: `fault rule ${rule}`, sentence: `Fault rule ${rule} added latency to this request; the answer itself is the real one.` };
  }
  // A 304 is no refusal, but the catalog has its entry (the real framework's conditional GET): say why it came.
  if (entry.status === 304) {
    const notModified = catalogEntryFor(errors, entry);
    return notModified ? { rule: notModified.spec, sentence: firstSentence(notModified.meaning), catalog: { code: notModified.code, title: notModified.title } } : undefined;
  }
  if (entry.status < 400) return undefined;
  const hit = catalogEntryFor(errors, entry);
  const detail = answerCode(entry.response.body ?? '').detail;
  if (hit) {
    const sentence = firstSentence(detail && !/^\d{3}$/.test(detail) ? detail : hit.meaning);
    return { rule: hit.spec, sentence: rule ? `Fault rule ${rule} expired the presented token just before: ${sentence}` : sentence, catalog: { code: hit.code, title: hit.title } };
  }
  if ((entry.response.body ?? '').trim() === '') {
    // An empty answer carries nothing to tell its causes apart: name the documented family.
    const family = errors.filter((e) => e.status === entry.status && !e.code.startsWith('SIM-'));
    const bare = family.find((e) => /bare 404|empty/i.test(`${e.title} ${e.meaning}`)) ?? family[0];
    if (bare) {
      const others = family.length > 1 ? ` It carries no code: ${family.length} catalog entries answer this way (${family.slice(0, 4).map((e) => e.code).join(', ')}${family.length > 4 ? ', …' : ''}).` : '';
      return { rule: bare.spec, sentence: `An empty ${entry.status}.${others}`, catalog: family.length === 1 ? { code: bare.code, title: bare.title } : undefined };
    }
  }
  return detail ? { rule: 'answer detail', sentence: firstSentence(detail) } : undefined;
}
