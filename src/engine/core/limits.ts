/**
 * Request body limits (issue 19 § 2; README § Limits). The specs leave the maximum request size
 * "not shown", so the simulator documents its own: a body over its limit is refused 413, naming the
 * limit, before anything reads or stores it, and it is read no further than the limit.
 */
import { problem } from './http.ts';
import { isSoapPath, soapFaultResponse } from './soap.ts';

export const SIM_BODY_TOO_LARGE = 'SIM-1002';

const MiB = 1024 * 1024;

/** What a body is, by where it is sent. */
export type BodySurface = 'rest' | 'odata' | 'soap' | 'control' | 'snapshot';

/** Largest body per surface, in bytes. */
export const BODY_LIMITS: Readonly<Record<BodySurface, number>> = {
  /** Receivables REST JSON and the OAuth token form. */
  rest: 1 * MiB,
  /** OData JSON, $batch included (a batch carries many requests). */
  odata: 4 * MiB,
  /** The SOAP InvoiceService envelope. */
  soap: 1 * MiB,
  /** Control API JSON (settings, fault rules, credentials). */
  control: 1 * MiB,
  /**
   * `POST /_admin/environments/import`: a snapshot file (about 8,000 generated invoices). Parsing it
   * is one step that cannot give the host back, so the limit bounds how long that step takes; the
   * host's own `--import` at start is not bound by it.
   */
  snapshot: 16 * MiB,
};

export const LIMIT_NAMES: Readonly<Record<BodySurface, string>> = {
  rest: 'REST JSON body',
  odata: 'OData JSON body',
  soap: 'SOAP envelope',
  control: 'control API body',
  snapshot: 'snapshot file',
};

/** "1 MB" for a limit in bytes (binary megabytes, as the limits are set). */
export const formatLimit = (bytes: number) => (bytes >= MiB ? `${bytes / MiB} MB` : `${bytes / 1024} KB`);

/** Which limit a request to `path` (below the mount: `/_admin/...` or `/<key>/...`) falls under. */
export function surfaceOf(path: string): BodySurface {
  if (path === '/_admin/environments/import') return 'snapshot';
  if (path === '/_admin' || path.startsWith('/_admin/')) return 'control';
  const below = path.replace(/^\/[^/]*/, '');
  if (isSoapPath(below)) return 'soap';
  if (below === '/odata' || below.startsWith('/odata/')) return 'odata';
  return 'rest';
}

/** The 413: a problem document naming the limit, or a SOAP fault on SOAP paths (what a SOAP client reads). */
export function bodyTooLarge(surface: BodySurface, limit: number, seen: string): Response {
  const detail = `The request body is ${seen}; this simulator accepts a ${LIMIT_NAMES[surface]} of at most ${formatLimit(limit)} (${limit} bytes). Nothing was stored.`;
  // On SOAP paths the InvoiceService's own documented fault (its catalog: env:Client.RequestTooLarge).
  if (surface === 'soap') return soapFaultResponse(413, 'env:Client.RequestTooLarge', `The request body is larger than ${limit} bytes (${seen}); this simulator accepts a ${LIMIT_NAMES[surface]} of at most ${formatLimit(limit)}. Nothing was stored.`);
  return problem(413, SIM_BODY_TOO_LARGE, 'Request body too large', detail);
}

/**
 * `request` with its body read into memory when it is within the limit of its surface, or the 413.
 * A declared Content-Length over the limit is refused unread; a body without one is read until it
 * passes the limit, then dropped.
 */
export async function withinLimit(request: Request, path: string): Promise<Request | Response> {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD') return request;
  const surface = surfaceOf(path);
  const limit = BODY_LIMITS[surface];
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await request.body.cancel().catch(() => undefined);
    return bodyTooLarge(surface, limit, `${declared} bytes`);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return bodyTooLarge(surface, limit, `over ${limit} bytes`);
      }
      chunks.push(value);
    }
  } catch {
    // A body the client broke off: what arrived is what the request has (as a text read gives).
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}
