/**
 * The operations inside a JSON $batch as journal entries of their own (issue 12 § 1), read from
 * the outer request and answer: the handler answers the items in request order. Inner operations
 * are timed only as a whole (their `ms` is 0); `parent` names the $batch entry.
 */
import { ODATA_ROOT } from '../products/odata/config.ts';
import { resolveInnerUrl } from '../products/odata/batch/url.ts';
import { answerCode } from './codes.ts';
import { redactPath } from './redact.ts';
import type { JournalEntry } from './types.ts';

type Draft = Omit<JournalEntry, 'id'>;

const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

function stringHeaders(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(obj(v) ?? {})) if (typeof x === 'string') out[k.toLowerCase()] = /authorization/i.test(k) ? '[redacted]' : x;
  return out;
}

const bodyText = (b: unknown): string | undefined => (b === undefined || b === '' ? undefined : typeof b === 'string' ? b : JSON.stringify(b));

/** Inner drafts of a $batch (outer entry `outer`); empty when either side is not a JSON batch. */
export function innerDrafts(outer: Pick<Draft, 'at' | 'product' | 'source'>, requestText: string, responseText: string, odataBase: string): Draft[] {
  let requests: unknown[];
  let responses: unknown[];
  try {
    requests = (obj(JSON.parse(requestText))?.['requests'] as unknown[]) ?? [];
    responses = (obj(JSON.parse(responseText))?.['responses'] as unknown[]) ?? [];
  } catch {
    return [];
  }
  if (!Array.isArray(requests) || !Array.isArray(responses)) return [];
  return requests.map((raw, i) => {
    const item = obj(raw) ?? {};
    const answer = obj(responses[i]) ?? {};
    const url = typeof item['url'] === 'string' ? item['url'] : '';
    const target = resolveInnerUrl(url, odataBase);
    const path = target.ok ? `${ODATA_ROOT}${target.path}${target.query ? `?${target.query}` : ''}` : url;
    const reqBody = bodyText(item['body']);
    const resBody = bodyText(answer['body']);
    const resHeaders = stringHeaders(answer['headers']);
    const status = typeof answer['status'] === 'number' ? answer['status'] : 0;
    const code = status >= 400 && resBody ? answerCode(resBody).code : undefined;
    return {
      at: outer.at,
      product: outer.product,
      service: 'odata',
      method: typeof item['method'] === 'string' ? item['method'].toUpperCase() : '',
      path: redactPath(path),
      status,
      ms: 0,
      ...(code ? { code } : {}),
      ...(outer.source ? { source: outer.source } : {}),
      // Bodies whole: the journal redacts them (fields, then the host's secrets) before cutting them.
      request: { headers: stringHeaders(item['headers']), ...(reqBody ? { body: reqBody } : {}) },
      response: { headers: resHeaders, ...(resBody ? { body: resBody } : {}) },
    } satisfies Draft;
  });
}
