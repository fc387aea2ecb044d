/**
 * JSON $batch (spec 001 § $batch). Whole-call refusals come first and in the spec's order (nothing
 * runs); then each inner request runs in order through the product router with the caller's
 * identity, with no rollback. Per-item refusals answer inside the 200 response.
 */
import type { Context } from 'hono';
import { json } from '../../../core/http.ts';
import type { ProductBindings } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';
import { errorEnvelope } from '../errors/envelope.ts';
import { isJsonMediaType, mediaType } from '../write/body.ts';
import { WRITE_MSG } from '../write/messages.ts';
import { readText } from '../../../core/http.ts';
import { jsonTextBoundsProblem } from '../../../core/json-bounds.ts';
import { BATCH_MSG, INNER_METHODS, MAX_OPERATIONS } from './messages.ts';
import { backReference, resolveInnerUrl } from './url.ts';

/** One inner request: method (upper case), absolute URL, path under the environment base, JSON body. */
export interface InnerRequest {
  method: string;
  url: string;
  path: string;
  body?: string;
}

export type Dispatch = (inner: InnerRequest) => Promise<Response>;

/** One entry of `responses`, already serialized (its body spliced in as JSON text). */
type ItemJson = string;

function itemJson(id: unknown, status: number, headers: Record<string, string>, bodyJson: string): ItemJson {
  return `{"id":${JSON.stringify(id)},"status":${status},"headers":${JSON.stringify(headers)},"body":${bodyJson}}`;
}

function refusal(message: string): Response {
  return json(errorEnvelope(400, message), 400);
}

function itemError(id: unknown, status: number, message: string, full = true): ItemJson {
  const body = full ? errorEnvelope(status, message) : { error: { code: String(status), message } };
  return itemJson(id, status, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(body));
}

type Item = Record<string, unknown>;

const isItem = (v: unknown): v is Item => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The id as sent (any JSON type); a missing id is the empty string (rule 1). */
function idOf(item: unknown): unknown {
  return isItem(item) && 'id' in item ? item['id'] : '';
}

function dependsOnOf(item: Item): string[] {
  const d = item['dependsOn'];
  return Array.isArray(d) ? d.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))) : [];
}

/**
 * Body of an inner response by kind, as JSON text to splice into the outer document: the JSON
 * value itself for entities and collections (not re-parsed: it is this service's own output), a
 * number for /$count, a string for XML and other text, "" when there is no body.
 */
async function innerBodyJson(res: Response): Promise<string> {
  const text = await res.text();
  if (text === '') return '""';
  const type = mediaType(res.headers.get('content-type'));
  if (type === 'application/json' || type.endsWith('+json')) return text;
  if (type === 'text/plain' && /^-?\d+(\.\d+)?$/.test(text.trim())) return String(Number(text.trim()));
  return JSON.stringify(text);
}

function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'location') out[name] = value; // an inner create answers without Location (rule 4)
  });
  return out;
}

async function runItem(item: unknown, base: string, dispatch: Dispatch): Promise<ItemJson> {
  const id = idOf(item);
  if (!isItem(item)) return itemError(id, 400, BATCH_MSG.needsMethodAndUrl);
  const method = item['method'];
  const url = item['url'];
  if (typeof method !== 'string' || method === '' || typeof url !== 'string' || url === '') {
    return itemError(id, 400, BATCH_MSG.needsMethodAndUrl);
  }
  const upper = method.toUpperCase();
  if (!INNER_METHODS.has(upper)) return itemError(id, 501, BATCH_MSG.notImplemented(upper, url));
  const ref = backReference(url);
  if (ref !== null) return itemError(id, 424, BATCH_MSG.failedDependency(ref), false); // back-references never resolve
  const target = resolveInnerUrl(url, base);
  if (!target.ok) return itemError(id, 400, BATCH_MSG.foreignBase);
  if (target.path === '/$batch') return itemError(id, 400, BATCH_MSG.nestedBatch);

  // Inner headers are inert; the caller's identity travels with `dispatch`. A body on GET or HEAD is ignored.
  let body: string | undefined;
  if (upper !== 'GET' && upper !== 'HEAD' && 'body' in item && item['body'] !== undefined) {
    const b = item['body'];
    body = typeof b === 'string' ? b : JSON.stringify(b);
  }
  const innerUrl = `${base}${target.path}${target.query ? `?${target.query}` : ''}`;
  const res = await dispatch({ method: upper, url: innerUrl, path: `${ODATA_ROOT}${target.path}`, body });
  return itemJson(id, res.status, headersOf(res), await innerBodyJson(res));
}

/** POST /$batch. `dispatch` runs one inner request through the product router as the caller. */
export async function handleBatch(c: Context<ProductBindings>, dispatch: Dispatch): Promise<Response> {
  if (c.req.method.toUpperCase() !== 'POST') return refusal(BATCH_MSG.requiresPost);
  const contentType = c.req.header('content-type');
  if (contentType === undefined || contentType.trim() === '') {
    return new Response(BATCH_MSG.missingContentType, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const type = mediaType(contentType);
  if (type.startsWith('multipart/')) return refusal(BATCH_MSG.multipart);
  if (!isJsonMediaType(type)) return refusal(WRITE_MSG.unsupportedMime(contentType.trim()));

  const text = await readText(c.req.raw);
  const beyond = jsonTextBoundsProblem(text);
  if (beyond) return refusal(beyond);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refusal(BATCH_MSG.bodyEmpty);
  }
  if (!isItem(parsed) || !Array.isArray(parsed['requests'])) return refusal(BATCH_MSG.bodyEmpty);
  const requests = parsed['requests'] as unknown[];
  if (requests.length > MAX_OPERATIONS) return refusal(BATCH_MSG.tooMany);
  for (const item of requests) {
    if (!isItem(item) || typeof item['url'] !== 'string') continue;
    const ref = backReference(item['url']);
    const depends = dependsOnOf(item);
    if (ref !== null && !depends.includes(ref)) return refusal(BATCH_MSG.undeclaredReference(ref, item['url'], depends));
  }

  const base = `${c.env.baseUrl}${ODATA_ROOT}`;
  const responses: ItemJson[] = [];
  for (const item of requests) responses.push(await runItem(item, base, dispatch)); // in order, no rollback
  return new Response(`{"responses":[${responses.join(',')}]}`, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
