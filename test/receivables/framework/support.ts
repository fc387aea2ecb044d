/** Helpers for receivables tests: an environment with tokens for its default clients. */
import { createEnv, createTestSim, type TestSim } from '../../support/sim.ts';

export const SCOPE = 'urn:opc:resource:consumer::all';
export const REST = '/fscmRestApi/resources/11.13.18.05';
export const CRM = '/crmRestApi/resources/11.13.18.05';

export interface OAuthClient {
  id: string;
  clientId: string;
  clientSecret: string;
  privileges: string[];
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

export async function getToken(sim: TestSim, base: string, client: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await sim.fetch(`${base}/oauth/token`, form({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }));
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface ReceivablesEnv {
  sim: TestSim;
  key: string;
  base: string;
  /** Client with both receipt privileges. */
  full: OAuthClient;
  /** Client with no privileges. */
  none: OAuthClient;
  token: string;
  /** Every credential as issued when the environment was created (secrets included), by list name. */
  credentials: Record<string, { id: string; username?: string; password?: string }[]>;
  /** GET/other request with the full client's bearer token; path relative to the env base. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** Same, returning status and parsed JSON (null for an empty body). */
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }>; // any: JSON test payloads
}

export async function receivablesEnv(opts: { sim?: TestSim; now?: string } = {}): Promise<ReceivablesEnv> {
  const sim = opts.sim ?? (await createTestSim({ now: opts.now }));
  const env = await createEnv(sim, 'receivables');
  const [full, none] = env.credentials.oauthClients as OAuthClient[];
  const token = await getToken(sim, env.base, full as OAuthClient);
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return sim.fetch(`${env.base}${path}`, { ...init, headers });
  };
  return {
    sim,
    key: env.key,
    base: env.base,
    full: full as OAuthClient,
    none: none as OAuthClient,
    token,
    credentials: env.credentials,
    call,
    async json(path, init) {
      const res = await call(path, init);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, res };
    },
  };
}
