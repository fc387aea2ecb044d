/**
 * Scripted clients for the drill tests (issue 23 § Tests): a careful one (refreshes tokens, honours
 * Retry-After, backs off, retries creates safely) and a naive one (no retries; a blind re-POST on a
 * 5xx; a network error or a timeout ends the operation). Both run on the test's host clock: their
 * waits move it, and a timeout is measured on it while the engine's slow answer ticks it forward.
 */
import { ORIGIN, type TestSim } from '../support/sim.ts';

export const REST = '/fscmRestApi/resources/11.13.18.05';
export const ODATA = '/odata/Priority/tabula.ini/demo';
const SCOPE = 'urn:opc:resource:consumer::all';

export class NetworkError extends Error {}
export class Timeout extends Error {}

/** What a client needs of a test sim: the engine and its host clock. */
export type Wire = Pick<TestSim, 'engine' | 'clock'>;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One request through the engine, as fetch would see it: a dropped connection throws NetworkError;
 * with `timeoutMs`, a request still unanswered that long (test clock) is aborted and throws Timeout.
 */
export async function send(sim: Wire, url: string, init: RequestInit, timeoutMs?: number): Promise<Response> {
  const ctl = new AbortController();
  const answered = sim.engine.handle(new Request(new URL(url, ORIGIN), { ...init, signal: ctl.signal }));
  let res: Response | 'timeout';
  if (timeoutMs === undefined) res = await answered;
  else {
    const t0 = sim.clock.now;
    let done = false;
    const timer = (async () => {
      while (!done && sim.clock.now - t0 < timeoutMs) await tick();
      return 'timeout' as const;
    })();
    res = await Promise.race([answered.then((r) => ((done = true), r)), timer]);
    done = true;
    if (res === 'timeout') {
      ctl.abort();
      await answered;
      throw new Timeout(`no answer within ${timeoutMs} ms`);
    }
  }
  if (res.type === 'error') throw new NetworkError('connection dropped');
  return res;
}

interface Signer {
  authorization(fresh: boolean): Promise<string>;
}

/** A receivables OAuth client: a token from the environment's token endpoint, cached until dropped. */
export function oauthSigner(sim: Wire, base: string, client: { clientId: string; clientSecret: string }): Signer {
  let token: string | undefined;
  return {
    async authorization(fresh) {
      if (fresh || !token) {
        const res = await send(sim, `${base}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
        });
        token = ((await res.json()) as { access_token: string }).access_token;
      }
      return `Bearer ${token}`;
    },
  };
}

export function basicSigner(user: string, password: string): Signer {
  return { authorization: async () => `Basic ${btoa(`${user}:${password}`)}` };
}

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: await res.text(), headers: res.headers });

/** Refreshes its credential once on 401, waits Retry-After on 429, backs off on 503 and network errors, times reads out at 10 s and retries them. */
export class CarefulClient {
  /** What it did, for a test's failure message. */
  readonly log: string[] = [];

  constructor(
    private readonly sim: Wire,
    private readonly root: string,
    private readonly signer: Signer,
  ) {}

  wait(ms: number): void {
    this.sim.clock.now += ms;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    let refreshed = false;
    let renew = false;
    let backoff = 300;
    for (let attempt = 0; attempt < 8; attempt++) {
      const authorization = await this.signer.authorization(renew);
      renew = false;
      const init: RequestInit = {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
      let res: Response;
      try {
        res = await send(this.sim, `${this.root}${path}`, init, method === 'GET' ? 10_000 : undefined);
      } catch (err) {
        this.log.push(`${method} ${path} -> ${err instanceof Error ? err.message : String(err)}`);
        // Only a read is safe to repeat blindly; the create path handles its own retries.
        if (method !== 'GET') throw err;
        this.wait(backoff);
        backoff *= 2;
        continue;
      }
      this.log.push(`${method} ${path} -> ${res.status}`);
      if (res.status === 401 && !refreshed) {
        refreshed = renew = true;
        await res.text();
        continue;
      }
      if (res.status === 429) {
        this.wait(Number(res.headers.get('retry-after') ?? '1') * 1000);
        await res.text();
        continue;
      }
      if (res.status === 503) {
        this.wait(backoff);
        backoff *= 2;
        await res.text();
        continue;
      }
      return answer(res);
    }
    throw new Error(`gave up: ${this.log.join('; ')}`);
  }

  /** A receivables receipt: Upsert-Mode on every attempt, so a retry after a 500 or a dropped connection is safe. */
  async createReceipt(body: Record<string, unknown>): Promise<Answer> {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await this.call('POST', `${REST}/standardReceipts`, body, { 'upsert-mode': 'true' });
        if (res.status < 500) return res;
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
      }
      this.wait(500);
    }
    throw new Error(`receipt not created: ${this.log.join('; ')}`);
  }

  /** An OData customer with its own key: after a 500 or a dropped connection, look it up before creating it again. */
  async createCustomer(body: { CUSTNAME: string } & Record<string, unknown>): Promise<Answer> {
    const lookup = `${ODATA}/CUSTOMERS('${body.CUSTNAME}')`;
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await this.call('POST', `${ODATA}/CUSTOMERS`, body);
        if (res.status < 500) return res;
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
      }
      this.wait(500);
      const found = await this.call('GET', lookup);
      if (found.status === 200) return found;
    }
    throw new Error(`customer not created: ${this.log.join('; ')}`);
  }
}

/** No retries at all, except a blind re-POST when a create answers 5xx; a network error or a 5 s timeout ends the operation. */
export class NaiveClient {
  readonly log: string[] = [];

  constructor(
    private readonly sim: Wire,
    private readonly root: string,
    private readonly signer: Signer,
  ) {}

  private async once(method: string, path: string, body?: unknown): Promise<Answer | null> {
    const init: RequestInit = {
      method,
      // A fresh script run per operation: it signs in anew each time, and never on a 401.
      headers: { authorization: await this.signer.authorization(true), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    try {
      const res = await send(this.sim, `${this.root}${path}`, init, 5_000);
      this.log.push(`${method} ${path} -> ${res.status}`);
      return answer(res);
    } catch (err) {
      this.log.push(`${method} ${path} -> ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  get(path: string): Promise<Answer | null> {
    return this.once('GET', path);
  }

  async create(path: string, body: unknown): Promise<Answer | null> {
    const res = await this.once('POST', path, body);
    if (res && res.status >= 500) return this.once('POST', path, body);
    return res;
  }
}
