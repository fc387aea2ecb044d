/**
 * Reading a write body (spec 001 write rule 1): a missing Content-Type is tolerated, a non-JSON one
 * is refused with a MIME message; the body must be a JSON object: an array gives the 'StartArray'
 * refusal; malformed JSON, a bare string, literal null, trailing junk or zero bytes give
 * 'request body is empty'.
 */
import { readText } from '../../../core/http.ts';
import { jsonTextBoundsProblem } from '../../../core/json-bounds.ts';
import { ODataError } from '../errors/envelope.ts';
import { WRITE_MSG } from './messages.ts';

export type JsonObject = Record<string, unknown>;

/** The media type of a Content-Type header, lowercased; '' when absent or blank. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isJsonMediaType(type: string): boolean {
  return type === 'application/json';
}

/** Throws the MIME refusal when a Content-Type is present and not JSON. */
export function checkContentType(contentType: string | null): void {
  const type = mediaType(contentType);
  if (type !== '' && !isJsonMediaType(type)) throw new ODataError(400, WRITE_MSG.unsupportedMime((contentType ?? '').trim()));
}

/** Parse JSON text into an object, or throw the matching refusal. */
export function parseJsonObject(text: string): JsonObject {
  // Bounded shape first (issue 26): no form has a body nested deeper or wider, and parsing one of
  // 400,000 properties alone takes a second.
  const beyond = jsonTextBoundsProblem(text);
  if (beyond) throw new ODataError(400, beyond);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ODataError(400, WRITE_MSG.bodyEmpty);
  }
  if (Array.isArray(value)) throw new ODataError(400, WRITE_MSG.startArray);
  if (value === null || typeof value !== 'object') throw new ODataError(400, WRITE_MSG.bodyEmpty);
  return value as JsonObject;
}

/** Content-Type check, then the body as a JSON object. */
export async function readJsonObject(req: Request): Promise<JsonObject> {
  checkContentType(req.headers.get('content-type'));
  return parseJsonObject(await readText(req));
}
