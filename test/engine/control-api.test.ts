// The control API under /sim/_admin (issue 2 § 3) and environment routing (issue 2 § 2).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, openDatabase } from '../../src/engine/index.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

describe('control API: environments', () => {
  it('creates a receivables environment with the seeded credential set (issue 2 § 3)', async () => {
    const sim = await createTestSim();
    const res = await sim.admin('POST', '/environments', { product: 'receivables', name: 'Training A' });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^env_[0-9a-f]{32}$/);
    expect(res.body).toMatchObject({ product: 'receivables', name: 'Training A', baseUrl: `http://sim.test/sim/${res.body.key}` });
    const { oauthClients, soapUsers } = res.body.credentials;
    expect(oauthClients).toHaveLength(2);
    expect(oauthClients[0]).toMatchObject({ scope: 'urn:opc:resource:consumer::all' });
    expect(oauthClients[0].privileges.sort()).toEqual(['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV']);
    expect(oauthClients[1].privileges).toEqual([]);
    for (const c of oauthClients) expect(Object.keys(c).sort()).toEqual(['clientId', 'clientSecret', 'id', 'privileges', 'scope', 'type']);
    expect(soapUsers).toHaveLength(1);
    expect(soapUsers[0].username).toBeTruthy();
    expect(soapUsers[0].password).toBeTruthy();
  });

  it('creates an odata environment with one API user and one PAT (issue 2 § 3)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    expect(env.credentials.apiUsers).toHaveLength(1);
    expect(env.credentials.personalAccessTokens).toHaveLength(1);
    expect(env.credentials.personalAccessTokens[0]).toMatchObject({ owner: expect.any(String), token: expect.any(String) });
  });

  it('lists environments and shows one without secrets (issue 2 § 3)', async () => {
    const sim = await createTestSim();
    const a = await createEnv(sim, 'receivables');
    await createEnv(sim, 'odata');
    const list = await sim.admin('GET', '/environments');
    expect(list.body.items).toHaveLength(2);
    expect(Object.keys(list.body.items[0]).sort()).toEqual(['baseUrl', 'createdAt', 'key', 'name', 'product']);
    const one = await sim.admin('GET', `/environments/${a.key}`);
    expect(one.status).toBe(200);
    const text = JSON.stringify(one.body);
    expect(text).not.toContain(a.credentials.oauthClients[0].clientSecret);
    expect(text).not.toContain('"hash"');
    expect(text).not.toContain('"salt"');
    expect(one.body.credentials).toHaveLength(3);
  });

  it('deletes an environment: 204, then unknown (issue 2 § 3)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    expect((await sim.admin('DELETE', `/environments/${env.key}`)).status).toBe(204);
    expect((await sim.admin('GET', `/environments/${env.key}`)).status).toBe(404);
    expect((await sim.admin('DELETE', `/environments/${env.key}`)).status).toBe(404);
    const res = await sim.fetch(`${env.base}/odata/Priority/tabula.ini/demo/`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('SIM-1000');
  });

  it('refuses bad input with 400 {error} (issue 2 § 3)', async () => {
    const sim = await createTestSim();
    for (const body of [{}, { product: 'sap' }, { product: 'odata', name: 42 }, '{not json', '[1]']) {
      const res = await sim.admin('POST', '/environments', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const env = await createEnv(sim, 'receivables');
    for (const body of [{ type: 'pat', owner: 'x' }, { type: 'nope' }, { type: 'oauth-client', privileges: 'all' }]) {
      const res = await sim.admin('POST', `/environments/${env.key}/credentials`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/type|privileges/);
    }
    for (const body of [{ advanceDays: 1.5 }, { now: 'yesterday' }, { now: '2026-01-01', advanceDays: 1 }, {}]) {
      expect((await sim.admin('PUT', `/environments/${env.key}/clock`, body)).status).toBe(400);
    }
    expect((await sim.admin('GET', '/environments/env_0123/clock')).status).toBe(404);
  });
});

describe('control API: an unknown environment key (issue 19 § 1)', () => {
  // issue 19 § 1: a refusal outside a token's scope is "404 SIM-1000, exactly as for an unknown
  // environment", so the admin (here every caller: no access options) asking for a key that does not
  // exist gets that same problem document on every route below /environments/<key>.
  const KEY = 'env_0123456789abcdef0123456789abcdef';
  const ROUTES: [string, string, unknown?][] = [
    ['GET', ''],
    ['PATCH', '', { name: 'x' }],
    ['DELETE', ''],
    ['POST', '/reset'],
    ['POST', '/generate', { count: 1 }],
    ['POST', '/credentials', { type: 'soap-user' }],
    ['DELETE', '/credentials/cred-1'],
    ['GET', '/clock'],
    ['PUT', '/clock', { advanceDays: 1 }],
    ['GET', '/automatch'],
    ['POST', '/automatch/run'],
    ['GET', '/journal'],
    ['PUT', '/journal', { enabled: false }],
    ['DELETE', '/journal'],
    ['POST', '/journal/verify', { request: {} }],
    ['GET', '/faults'],
    ['POST', '/faults', { kind: 'drop', path: '*' }],
    ['DELETE', '/faults/fault-1'],
    ['GET', '/drills'],
    ['POST', '/drills', { plan: 'standard' }],
    ['GET', '/drills/drill-1'],
    ['GET', '/drills/drill-1/junit.xml'],
    ['DELETE', '/drills/drill-1'],
    ['GET', '/snapshot'],
    ['GET', '/openapi.json'],
    ['GET', '/postman.json'],
    ['GET', '/lessons'],
    ['GET', '/events'],
  ];

  it('every route answers 404 application/problem+json SIM-1000, the same document as the product APIs', async () => {
    const sim = await createTestSim();
    const product = await sim.fetch(`/sim/${KEY}/odata/Priority/tabula.ini/demo/CUSTOMERS`);
    const expected = await product.json();
    expect(expected).toMatchObject({ code: 'SIM-1000', status: 404, title: 'Unknown environment' });
    for (const [method, tail, body] of ROUTES) {
      const res = await sim.fetch(`/sim/_admin/environments/${KEY}${tail}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const what = `${method} …${tail}`;
      expect(res.status, what).toBe(404);
      expect(res.headers.get('content-type'), what).toContain('application/problem+json');
      // The control API's clients read `error` (src/app/lib/drills.ts, the Node API's ControlClient).
      expect(await res.json(), what).toEqual(expected);
    }
    expect(expected.error).toBe(expected.detail);
  });
});

describe('control API: product catalogs', () => {
  it('lists each product with its resources, examples and errors from the host catalog source (README § Control API)', async () => {
    const sim = await createTestSim();
    const res = await sim.admin('GET', '/products');
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { id: string }) => p.id)).toEqual(['receivables', 'odata']);
    for (const p of res.body.items) {
      expect(p.resources.length).toBeGreaterThan(0);
      expect(p.examples.length).toBeGreaterThan(0);
      expect(p.errors.length).toBeGreaterThan(0);
    }
  });

  it('answers 503 {error} when the host gives no catalog source; the APIs still work', async () => {
    const engine = await createEngine({ db: openDatabase('no-catalog', new IDBFactory(), IDBKeyRange) });
    const res = await engine.handle(new Request('http://sim.test/sim/_admin/products'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The product catalogs could not be loaded by this host.' });
    const created = await engine.handle(
      new Request('http://sim.test/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"odata"}' }),
    );
    expect(created.status).toBe(201);
  });
});

describe('environment routing', () => {
  it('answers an unknown key with a SIM-1000 problem document before any authentication (spec 001, Authentication 3)', async () => {
    const sim = await createTestSim();
    for (const path of ['/sim/env_0123456789abcdef0123456789abcdef/odata/Priority/tabula.ini/demo/CUSTOMERS', '/sim/nonsense/x', '/sim/']) {
      const res = await sim.fetch(path, { headers: { authorization: 'Basic YXBpdXNlcjp4' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await res.json()).code).toBe('SIM-1000');
    }
  });

  it("answers 404 for the other product's paths under an environment (issue 2 § 2)", async () => {
    const sim = await createTestSim();
    const rec = await createEnv(sim, 'receivables');
    const od = await createEnv(sim, 'odata');
    expect((await sim.fetch(`${rec.base}/odata/Priority/tabula.ini/demo/CUSTOMERS`)).status).toBe(404);
    expect((await sim.fetch(`${od.base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`)).status).toBe(404);
  });
});
