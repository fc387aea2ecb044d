/** Shared helpers of the OData write/batch/book tests: an environment and an authenticated client. */
import { expect } from 'vitest';
import { createEnv, createTestSim, type TestSim } from '../../support/sim.ts';

export const ROOT = '/odata/Priority/tabula.ini/demo';

export interface ODataClient {
  sim: TestSim;
  key: string;
  base: string;
  /** Absolute OData root as the service sees it (for Location / context checks). */
  rootUrl: string;
  username: string;
  password: string;
  pat: string;
  patOwner: string;
  auth: string;
  /** Send a request to a path relative to the OData root. */
  req(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Same, returning status and parsed JSON (or text). */
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Headers; text: string }>; // any: JSON test payloads
}

export async function odataEnv(opts: { now?: string } = {}): Promise<ODataClient> {
  const sim = await createTestSim(opts);
  const env = await createEnv(sim, 'odata');
  const user = env.credentials.apiUsers[0];
  const pat = env.credentials.personalAccessTokens[0];
  const auth = `Basic ${btoa(`${user.username}:${user.password}`)}`;
  const req = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { authorization: auth, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type') && typeof body !== 'string') {
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
    }
    return sim.fetch(`${env.base}${ROOT}${path}`, init);
  };
  return {
    sim,
    key: env.key,
    base: env.base,
    rootUrl: `http://sim.test${env.base}${ROOT}`,
    username: user.username,
    password: user.password,
    pat: pat.token,
    patOwner: pat.owner,
    auth,
    req,
    async call(method, path, body, headers) {
      const res = await req(method, path, body, headers);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as any, headers: res.headers, text }; // any: JSON test payloads
    },
  };
}

/** Percent-encoded-free key predicate helpers for tests. */
export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const invoicePath = (ivnum: string, debit = 'D', ivtype = 'A') => `/AINVOICES(IVNUM=${q(ivnum)},DEBIT=${q(debit)},IVTYPE=${q(ivtype)})`;

/** POST a draft invoice for the seeded customer C1001 (plus `body`); expects 201 and returns the entity. */
export async function createDraft(o: ODataClient, body: Record<string, unknown> = {}) {
  const r = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', ...body });
  expect(r.status).toBe(201);
  return r.body;
}
