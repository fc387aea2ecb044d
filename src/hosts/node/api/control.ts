/**
 * The control API over HTTP (`/sim/_admin`), as any client in any language calls it: the same calls
 * for a simulator started in this process and for one started elsewhere (`erp-sim serve`). A token,
 * when there is one, goes as `Authorization: Bearer` (an environment's owner token for its own
 * routes, else the admin token).
 */
export class SimulatorError extends Error {
  override readonly name = 'SimulatorError';
  constructor(
    message: string,
    /** The control API's status (0 when the host could not be reached). */
    readonly status: number,
    /** The answer's JSON body, when it had one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ControlCall {
  method?: string;
  /** JSON-encoded unless already a string. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Bearer token for this call (overrides the client's). */
  token?: string;
}

export class ControlClient {
  constructor(
    /** The host's origin, e.g. `http://127.0.0.1:8787`. */
    readonly url: string,
    readonly adminToken: string | undefined,
  ) {}

  /** One control call; a non-2xx answer throws a SimulatorError with the host's own message. */
  async call<T>(path: string, call: ControlCall = {}): Promise<T> {
    const res = await this.send(path, call);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    const body = text ? parseJson(text) : undefined;
    if (!res.ok) throw new SimulatorError(`${call.method ?? 'GET'} /sim/_admin${path} answered ${res.status}: ${said(body, text)}`, res.status, body);
    return body as T;
  }

  /** The raw answer (for callers that read something other than JSON). */
  async send(path: string, call: ControlCall = {}): Promise<Response> {
    const url = new URL(`${this.url}/sim/_admin${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {};
    const token = call.token ?? this.adminToken;
    if (token) headers['authorization'] = `Bearer ${token}`;
    let body: string | undefined;
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    try {
      return await fetch(url, { method: call.method ?? 'GET', headers, body });
    } catch (err) {
      // fetch says "fetch failed"; the cause says why (ECONNREFUSED: nothing listens there).
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new SimulatorError(`The simulator at ${this.url} could not be reached: ${cause?.code ?? cause?.message ?? (err as Error).message}`, 0);
    }
  }
}

/**
 * What an answer says, as one sentence: a control error's `error`, a problem+json's `detail` (else
 * its `title`) with its code, else the start of the text.
 */
function said(body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; detail?: unknown; title?: unknown; code?: unknown };
    const sentence = [b.error, b.detail, b.title].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
    if (sentence) return `${sentence}${typeof b.code === 'string' && !sentence.includes(b.code) ? ` (${b.code})` : ''}`;
  }
  return text.slice(0, 300) || '(no body)';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
