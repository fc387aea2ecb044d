// OAuth token endpoint and bearer authentication (spec 000 § Authentication 1-3, Token endpoint table).
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/engine/core/crypto.ts';
import { TOKEN_KIND } from '../../../src/engine/products/receivables/oauth/tokens.ts';
import { createEnv, createTestSim, type TestSim } from '../../support/sim.ts';
import { CRM, form, getToken, SCOPE, type OAuthClient } from '../framework/support.ts';

let sim: TestSim;
let base: string;
let key: string;
let client: OAuthClient;
let other: { base: string; client: OAuthClient };

beforeAll(async () => {
  sim = await createTestSim();
  const env = await createEnv(sim, 'receivables');
  base = env.base;
  key = env.key;
  client = env.credentials.oauthClients[0];
  const env2 = await createEnv(sim, 'receivables');
  other = { base: env2.base, client: env2.credentials.oauthClients[0] };
});

const token = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const init = form(fields);
  return sim.fetch(`${base}/oauth/token`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
};
const good = () => ({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret });
const basic = (id: string, secret: string) => `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;
const contacts = (tok: string | null, b = base) => sim.fetch(`${b}${CRM}/contacts?limit=1`, { headers: tok === null ? {} : { authorization: `Bearer ${tok}` } });

describe('token endpoint (spec 000 § Token endpoint)', () => {
  it('client credentials in the form body give 200 {access_token, token_type Bearer, expires_in 3600, scope}', async () => {
    const res = await token(good());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: SCOPE });
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);
  });

  it('client credentials may instead be sent as HTTP Basic (spec 000 § Token endpoint)', async () => {
    const res = await token({ grant_type: 'client_credentials', scope: SCOPE }, { authorization: basic(client.clientId, client.clientSecret) });
    expect(res.status).toBe(200);
    const tok = (await res.json()).access_token;
    expect((await contacts(tok)).status).toBe(200);
  });

  it('tokens are opaque and stored only as a SHA-256 hash in kind sim.oauth-token (Authentication 1)', async () => {
    const tok = await getToken(sim, base, client);
    expect(tok).toMatch(/^[0-9a-f]{64}$/);
    const data = await sim.engine.store.data(key);
    expect(data.get(TOKEN_KIND, tok)).toBeUndefined();
    const row = data.get(TOKEN_KIND, await sha256Hex(tok));
    expect(row).toMatchObject({ clientId: client.clientId, scope: SCOPE });
    expect(JSON.stringify(data.list(TOKEN_KIND))).not.toContain(tok);
  });

  it('expired token records are purged when a new token is issued', async () => {
    const old = await sha256Hex(await getToken(sim, base, client));
    const start = sim.clock.now;
    try {
      sim.clock.now = start + 3601_000;
      await getToken(sim, base, client);
      const data = await sim.engine.store.data(key);
      expect(data.get(TOKEN_KIND, old)).toBeUndefined();
      for (const row of data.list<{ expiresAtMs: number }>(TOKEN_KIND)) expect(row.expiresAtMs).toBeGreaterThan(sim.clock.now);
    } finally {
      sim.clock.now = start;
    }
  });

  it.each([
    ['grant_type', { scope: SCOPE, client_id: 'a', client_secret: 'b' }],
    ['client_id', { grant_type: 'client_credentials', scope: SCOPE, client_secret: 'b' }],
    ['client_secret', { grant_type: 'client_credentials', scope: SCOPE, client_id: 'a' }],
    ['scope', { grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' }],
  ])('missing %s gives 400 invalid_request (Authentication 2)', async (name, fields) => {
    const res = await token(fields as Record<string, string>);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(name);
  });

  it('a body that is not form-encoded gives 400 invalid_request', async () => {
    const res = await sim.fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(good()) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
  });

  it('a grant other than client_credentials gives 400 unsupported_grant_type (RFC 6749 § 5.2)', async () => {
    const res = await token({ ...good(), grant_type: 'password' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('unsupported_grant_type');
  });

  it('scope must be the fixed consumer scope on its own: other scopes and combinations give 400 invalid_scope (Authentication 2)', async () => {
    for (const scope of ['urn:opc:resource:consumer::admin', `${SCOPE} openid`, 'openid', `${SCOPE} ${SCOPE}x`]) {
      const res = await token({ ...good(), scope });
      expect(res.status, scope).toBe(400);
      expect((await res.json()).error).toBe('invalid_scope');
    }
  });

  it('invalid_client 401 is identical for unknown client, wrong secret, revoked client and another environment (Authentication 2)', async () => {
    const bodies: string[] = [];
    const unknown = await token({ ...good(), client_id: 'client_nobody' });
    const wrong = await token({ ...good(), client_secret: 'wrong' });
    const foreign = await token({ ...good(), client_id: other.client.clientId, client_secret: other.client.clientSecret });
    const added = await sim.admin('POST', `/environments/${key}/credentials`, { type: 'oauth-client', privileges: [] });
    expect(added.status).toBe(201);
    const { id, clientId, clientSecret } = added.body;
    expect((await token({ ...good(), client_id: clientId, client_secret: clientSecret })).status).toBe(200);
    expect((await sim.admin('DELETE', `/environments/${key}/credentials/${id}`)).status).toBe(204);
    const revoked = await token({ ...good(), client_id: clientId, client_secret: clientSecret });
    const viaBasic = await token({ grant_type: 'client_credentials', scope: SCOPE }, { authorization: basic(client.clientId, 'wrong') });
    for (const res of [unknown, wrong, foreign, revoked, viaBasic]) {
      expect(res.status).toBe(401);
      bodies.push(await res.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] as string)).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('a method other than POST gives 405 invalid_request (Authentication 2)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await sim.fetch(`${base}/oauth/token`, { method });
      expect(res.status).toBe(405);
      expect((await res.json()).error).toBe('invalid_request');
    }
  });

  it('no refresh, introspection or revocation endpoint exists (Authentication 1)', async () => {
    for (const p of ['/oauth/introspect', '/oauth/revoke', '/oauth/refresh']) {
      expect((await sim.fetch(`${base}${p}`, form({ token: 'x' }))).status).toBe(404);
    }
  });
});

describe('bearer authentication (spec 000 § Authentication 1 and 3)', () => {
  const expect401 = async (res: Response) => {
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body['o:errorCode']).toBe('REST-01401');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  };

  it('missing, malformed or unknown tokens give 401 REST-01401 on both REST roots', async () => {
    await expect401(await contacts(null));
    await expect401(await contacts('not-a-token'));
    await expect401(await sim.fetch(`${base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`));
    await expect401(await sim.fetch(`${base}${CRM}/contacts`, { headers: { authorization: basic(client.clientId, client.clientSecret) } }));
    await expect401(await sim.fetch(`${base}${CRM}/contacts`, { headers: { 'x-api-key': 'anything', cookie: 'session=1' } }));
  });

  it('a token of another environment gives 401 REST-01401 (spec 000 § What the service does 2)', async () => {
    const foreign = await getToken(sim, other.base, other.client);
    expect((await contacts(foreign, other.base)).status).toBe(200);
    await expect401(await contacts(foreign));
  });

  it('tokens are valid 3600 s on the environment clock, then 401 (Authentication 1)', async () => {
    const tok = await getToken(sim, base, client);
    const start = sim.clock.now;
    try {
      sim.clock.now = start + 3599_000;
      expect((await contacts(tok)).status).toBe(200);
      sim.clock.now = start + 3600_000;
      await expect401(await contacts(tok));
    } finally {
      sim.clock.now = start;
    }
    // The environment's own test clock counts, not the host's.
    const tok2 = await getToken(sim, base, client);
    expect((await sim.admin('PUT', `/environments/${key}/clock`, { advanceDays: 1 })).status).toBe(200);
    try {
      await expect401(await contacts(tok2));
    } finally {
      await sim.admin('PUT', `/environments/${key}/clock`, { now: new Date(sim.clock.now).toISOString() });
    }
  });

  it('revoking a client invalidates its tokens (Authentication 1)', async () => {
    const added = await sim.admin('POST', `/environments/${key}/credentials`, { type: 'oauth-client' });
    const tok = await getToken(sim, base, added.body);
    expect((await contacts(tok)).status).toBe(200);
    await sim.admin('DELETE', `/environments/${key}/credentials/${added.body.id}`);
    await expect401(await contacts(tok));
  });

  it('tokens survive a data reset (kind sim.oauth-token) (spec 000 § What the service does 7)', async () => {
    const tok = await getToken(sim, base, client);
    expect((await sim.admin('POST', `/environments/${key}/reset`)).status).toBe(200);
    expect((await contacts(tok)).status).toBe(200);
  });

  it('the token endpoint itself needs no bearer token, and the bearer scheme is case-insensitive', async () => {
    const tok = await getToken(sim, base, client);
    const res = await sim.fetch(`${base}${CRM}/contacts?limit=1`, { headers: { authorization: `bearer ${tok}` } });
    expect(res.status).toBe(200);
  });
});
