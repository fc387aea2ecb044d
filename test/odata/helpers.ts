/** Shared helpers for the OData read-side tests. */
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';

export const ROOT = '/odata/Priority/tabula.ini/demo';

export interface ODataEnv {
  sim: TestSim;
  key: string;
  base: string;
  root: string;
  user: string;
  password: string;
  pat: string;
  auth: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  req(method: string, path: string, init?: RequestInit): Promise<Response>;
}

export function basic(user: string, pass: string): string {
  return `Basic ${btoa(user + ':' + pass)}`;
}

export async function odataEnv(sim?: TestSim): Promise<ODataEnv> {
  const s = sim ?? (await createTestSim());
  const env = await createEnv(s, 'odata');
  const api = env.credentials.apiUsers[0];
  const pat = env.credentials.personalAccessTokens[0];
  const auth = basic(api.username, api.password);
  const root = `${env.base}${ROOT}`;
  const req = (method: string, path: string, init: RequestInit = {}) =>
    s.fetch(path.startsWith('/sim/') ? path : `${root}${path}`, {
      ...init,
      method,
      headers: { authorization: auth, ...(init.headers as Record<string, string> | undefined) },
    });
  return {
    sim: s,
    key: env.key,
    base: env.base,
    root,
    user: api.username,
    password: api.password,
    pat: pat.token,
    auth,
    req,
    get: (path, init) => req('GET', path, init),
  };
}
