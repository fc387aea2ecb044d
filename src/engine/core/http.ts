/** Small response helpers shared by the control API and the products. */

/** The text each answer made by `textResponse` was made from. */
const texts = new WeakMap<Response, string>();

/**
 * An answer with a text body that the journal can read without reading the answer (issue 22 §
 * Also): reading it would make the Node host's lightweight answer a full one with a stream, a tenth
 * of a POST's time there. The answer itself goes out unread.
 */
export function textResponse(text: string, init: ResponseInit): Response {
  const res = new Response(text, init);
  texts.set(res, text);
  return res;
}

/** The text an answer was made from, when `textResponse` made it. */
export const knownText = (res: Response): string | undefined => texts.get(res);

/** The bytes each answer made by `bytesResponse` was made from. */
const bytes = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * An answer with a body of bytes (UTF-8) that the journal reads without reading the answer, as
 * `textResponse`: a body assembled from kept fragments goes out as it is, with no string made of it.
 */
export function bytesResponse(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const res = new Response(body, init);
  bytes.set(res, body);
  return res;
}

/** The bytes an answer was made from, when `bytesResponse` made it. */
export const knownBytes = (res: Response): Uint8Array<ArrayBuffer> | undefined => bytes.get(res);

/**
 * Whether an answer is Response.error() (a dropped connection), told by its status 0: reading
 * `type` would make the Node host's lightweight answer a full one, as reading its body would.
 */
export const isDropped = (res: Response): boolean => res.status === 0;

/**
 * GET and HEAD carry no body: a reader asks no further. On the Node host, asking such a request for
 * its body turns the adapter's lightweight request into a full one (a stream and an abort signal).
 */
export const isBodiless = (request: Request): boolean => request.method === 'GET' || request.method === 'HEAD';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return textResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** A JSON body already serialized (e.g. spliced from memoized row texts). */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return textResponse(text, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

/**
 * RFC 9457 problem document (the simulator's own errors, e.g. SIM-1000); `members` are extension
 * members added after the standard ones.
 */
export function problem(status: number, code: string, title: string, detail: string, headers: Record<string, string> = {}, members: Record<string, unknown> = {}): Response {
  return textResponse(JSON.stringify({ type: `urn:erp-sim:problem:${code}`, title, status, detail, code, ...members }), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', ...headers },
  });
}

/** Read a body as text without throwing (a broken stream reads as empty). */
export async function readText(req: Request): Promise<string> {
  try {
    return await req.text();
  } catch {
    return '';
  }
}

/** Reason phrases of the statuses the simulator answers with a body of its own (RFC 9110, RFC 6585 for 429, RFC 4918 for 424). */
export const REASON_PHRASES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  424: 'Failed Dependency',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
} as const satisfies Readonly<Record<number, string>>;

/** A status's reason phrase, when the table has one. */
export const reasonPhrase = (status: number): string | undefined => (REASON_PHRASES as Readonly<Record<number, string>>)[status];
