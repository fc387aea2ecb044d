/**
 * Which error catalog entry a response is: by the code it carries (`o:errorCode`, the OAuth
 * `error`, a problem document's `code`, a SOAP `faultcode`), by the OData message the entry quotes,
 * or, for answers that carry nothing (the OData bare 404, an empty 401), the family of entries that
 * answer that way. A reproduced entry is known outright.
 */
import type { ErrorEntry } from '../../engine/for-app.ts';
import { tryJson } from './format.ts';
import type { ResponseInfo } from './request.ts';

export interface ErrorMatch {
  /** One entry, or the candidates of a family. */
  entries: ErrorEntry[];
  how: 'reproduced' | 'code' | 'message' | 'family';
  /** What the family has in common, said to the user. */
  family?: string;
}

const asObject = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** Codes the answer carries, most specific first. */
function carriedCodes(res: ResponseInfo): string[] {
  const codes: string[] = [];
  const body = asObject(tryJson(res.body));
  if (body) {
    for (const d of Array.isArray(body['o:errorDetails']) ? body['o:errorDetails'] : []) {
      const c = asObject(d)?.['o:errorCode'];
      if (typeof c === 'string') codes.push(c);
    }
    for (const k of ['o:errorCode', 'code', 'error']) if (typeof body[k] === 'string') codes.push(body[k] as string);
  }
  const fault = /<(?:\w+:)?faultcode>\s*([^<\s]+)\s*</.exec(res.body)?.[1];
  if (fault) codes.push(fault);
  return codes;
}

/** An entry title quoting a message, as a pattern: X, N, <FORM>, METHOD, PATH and ... stand for any text. */
function titlePattern(title: string): RegExp {
  const escaped = title
    .replace(/\.{3}|…/g, '\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\u0000|<[A-Z]+>|\b(?:X|N|METHOD|PATH)\b/g, '.+?');
  // The title quotes the message's beginning; the service may go on with more detail.
  return new RegExp(`^${escaped}`, 'i');
}

export function matchError(errors: readonly ErrorEntry[], res: ResponseInfo, reproduced?: string): ErrorMatch | null {
  const expected = (e: ErrorEntry) => e.reproduce?.expectStatus ?? e.status;
  if (reproduced) {
    const entry = errors.find((e) => e.code === reproduced);
    if (entry && expected(entry) === res.status) return { entries: [entry], how: 'reproduced' };
  }
  if (res.status < 400) return null;
  for (const code of carriedCodes(res)) {
    const entry = errors.find((e) => e.code === code);
    if (entry) return { entries: [entry], how: 'code' };
  }
  const envelope = asObject(asObject(tryJson(res.body))?.error);
  const message = typeof envelope?.message === 'string' ? envelope.message : undefined;
  if (message) {
    const hits = errors.filter((e) => e.status === res.status && titlePattern(e.title).test(message.trim()));
    if (hits.length) return { entries: hits, how: 'message' };
  }
  if (/InterfaceErrors/.test(res.body)) {
    const family = errors.filter((e) => e.code.startsWith('OD-IE-'));
    if (family.length) return { entries: family, how: 'family', family: 'A form refusal (InterfaceErrors): the message names the field; these entries answer this way' };
  }
  if (res.body.trim() === '') {
    // Nothing to tell them apart: the documented answers with this status (those that say they are
    // empty first); the simulator's own codes always carry a body.
    const empty = (e: ErrorEntry) => /bare 404|empty/i.test(`${e.title} ${e.meaning}`);
    const family = errors.filter((e) => e.status === res.status && !e.code.startsWith('SIM-')).sort((a, b) => Number(empty(b)) - Number(empty(a)));
    if (family.length === 1) return { entries: family, how: 'family' };
    if (family.length) return { entries: family, how: 'family', family: `An empty ${res.status} carries no code: the catalog documents these ${res.status} answers` };
  }
  return null;
}
