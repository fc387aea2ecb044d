/**
 * Request body limits (issue 19 § 2; docs/operate.md § Request body limits). The specs leave the maximum request size
 * "not shown", so the simulator documents its own: a body over its limit is refused 413, naming the
 * limit, before anything reads or stores it, and it is read no further than the limit.
 */
import { isBodiless, problem } from './http.ts';
import { isSoapPath, soapFaultResponse } from './soap.ts';
import { ReadOnceRequest } from './read-once.ts';

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

/** A request whose body is counted as it is read, and whether the count passed its limit. */
export interface LimitedRequest {
  request: Request;
  /** True once a reader of the body went past the limit (the answer is then the 413). */
  tripped(): boolean;
  /** The 413 for this request. */
  refusal(): Response;
}

/**
 * `request` with its body limited to its surface's limit. The body is read only by whoever reads it
 * (a service that refuses first, e.g. 401 without credentials, never does, and its refusal stands);
 * a read past the limit fails there, and the caller answers `refusal()` instead of what the service
 * made of the failed read, so nothing is stored. What is left of a refused body is the host's to
 * settle (the Node host reads and drops it so the connection stays sound): never cancelled here.
 */
export function limitBody(request: Request, path: string): LimitedRequest | null {
  if (isBodiless(request)) return null;
  const surface = surfaceOf(path);
  const limit = BODY_LIMITS[surface];
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const refusal = () => bodyTooLarge(surface, limit, Number.isFinite(declared) ? `${declared} bytes` : `over ${limit} bytes`);
  const once = readOnceWithin(request, declared, limit);
  if (once) return { request: once, tripped: () => (once.size() ?? 0) > limit, refusal };
  const source = request.body;
  if (source === null) return null;
  let over = false;
  let size = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      // Pulled only when the service reads: the source stays unlocked until then.
      async pull(controller) {
        reader ??= source.getReader();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > limit) {
          over = true;
          reader.releaseLock();
          return controller.error(new RangeError(`The request body is over ${limit} bytes.`));
        }
        controller.enqueue(value);
      },
      cancel() {
        reader?.releaseLock();
      },
    },
    { highWaterMark: 0 },
  );
  // `duplex` is required for a stream body (Fetch); the DOM typings of RequestInit lack it.
  const init = { method: request.method, headers: request.headers, body, signal: request.signal, duplex: 'half' } as RequestInit;
  return { request: new Request(request.url, init), tripped: () => over, refusal };
}

/**
 * The request as one whose body is read once for every reader (read-once.ts), when its declared
 * length is within the limit: a transport holds a body to its Content-Length, so no counting stream
 * is needed (a caller in the same process that declares less than it sends is still refused, once
 * the body is read). A chunked body, or one declared over the limit, is counted as it is read.
 */
function readOnceWithin(request: Request, declared: number, limit: number): ReadOnceRequest | null {
  if (!Number.isSafeInteger(declared) || declared < 0 || declared > limit || request.headers.has('transfer-encoding')) return null;
  try {
    return new ReadOnceRequest(request);
  } catch {
    return null; // a method a Request cannot be made with (TRACE): counted as before
  }
}
