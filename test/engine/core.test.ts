// Money, credentials and the error boundary (issue 2 § 2 Money, Credentials, Unhandled errors).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialVerifier, CREDENTIAL_KIND } from '../../src/engine/admin/credentials.ts';
import { constantTimeEqual } from '../../src/engine/core/crypto.ts';
import { Big, decimalPlaces, roundToCurrency } from '../../src/engine/core/money.ts';
import { createProductApp } from '../../src/engine/core/product-app.ts';
import { seededRng } from '../../src/engine/core/random.ts';
import type { Product, StoredCredential } from '../../src/engine/core/types.ts';
import { createEngine, openDatabase } from '../../src/engine/index.ts';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEnv, createTestSim, storedRows } from '../support/sim.ts';

describe('money', () => {
  it('rounds per currency precision, half away from zero, without floats (issue 2 § 2 Money)', () => {
    expect(roundToCurrency(new Big('0.1').plus('0.2'), 'USD').toFixed()).toBe('0.3');
    expect(roundToCurrency(new Big('3').times('33.335'), 'USD').toFixed(2)).toBe('100.01');
    expect(roundToCurrency(new Big('1234.5'), 'JPY').toFixed()).toBe('1235');
    expect(roundToCurrency(new Big('-2.5'), 'JPY').toFixed()).toBe('-3');
    expect(roundToCurrency(new Big('1.2345'), 'KWD').toFixed(3)).toBe('1.235');
    expect(decimalPlaces(1.23456)).toBe(5);
    expect(decimalPlaces('10.5000')).toBe(1);
  });
});

describe('credentials', () => {
  it('stores only a salted hash and verifies in constant time (issue 2 § 2 Credentials)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    const user = env.credentials.apiUsers[0];
    const stored = JSON.stringify([...(await storedRows(sim, env.key))].map(([kind, rows]) => [kind, [...rows]]));
    expect(stored).not.toContain(user.password);
    expect(stored).not.toContain(env.credentials.personalAccessTokens[0].token);
    const data = await sim.engine.store.data(env.key);
    const cred = data.get<StoredCredential>(CREDENTIAL_KIND, user.id) as StoredCredential;
    expect(cred.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cred.salt).toMatch(/^[0-9a-f]{32}$/);
    const verifier = new CredentialVerifier(() => data);
    expect((await verifier.verify('api-user', user.username, user.password))?.id).toBe(user.id);
    expect(await verifier.verify('api-user', user.username, `${user.password}x`)).toBeNull();
    expect(await verifier.verify('api-user', user.username.toUpperCase(), user.password)).toBeNull();
    expect((await verifier.verify('pat', null, env.credentials.personalAccessTokens[0].token))?.owner).toBe('sarah');
    expect(constantTimeEqual('abcd', 'abcd')).toBe(true);
    expect(constantTimeEqual('abcd', 'abce')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });

  it('a revoked credential stops verifying at once, even after a cached success (issue 2 § 3 credentials)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    const added = await sim.admin('POST', `/environments/${env.key}/credentials`, { type: 'api-user', username: 'integration' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: 'api-user', username: 'integration', password: expect.any(String) });
    const data = await sim.engine.store.data(env.key);
    const verifier = new CredentialVerifier(() => data);
    expect(await verifier.verify('api-user', 'integration', added.body.password)).not.toBeNull();
    expect((await sim.admin('DELETE', `/environments/${env.key}/credentials/${added.body.id}`)).status).toBe(204);
    expect(await verifier.verify('api-user', 'integration', added.body.password)).toBeNull();
    expect((await sim.admin('DELETE', `/environments/${env.key}/credentials/${added.body.id}`)).status).toBe(404);
  });

  it('mints each credential type in the documented shape (issue 2 § 3 credentials)', async () => {
    const sim = await createTestSim();
    const rec = await createEnv(sim, 'receivables');
    const client = await sim.admin('POST', `/environments/${rec.key}/credentials`, { type: 'oauth-client', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV'] });
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({ clientId: expect.any(String), clientSecret: expect.any(String), scope: 'urn:opc:resource:consumer::all', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV'] });
    const soap = await sim.admin('POST', `/environments/${rec.key}/credentials`, { type: 'soap-user' });
    expect(soap.body).toMatchObject({ username: expect.any(String), password: expect.any(String) });
    const od = await createEnv(sim, 'odata');
    const pat = await sim.admin('POST', `/environments/${od.key}/credentials`, { type: 'pat', owner: 'maria' });
    expect(pat.body).toMatchObject({ token: expect.any(String), owner: 'maria' });
    // A product's credential types only: a PAT makes no sense on the receivables service.
    expect((await sim.admin('POST', `/environments/${rec.key}/credentials`, { type: 'pat', owner: 'x' })).status).toBe(400);
  });
});

describe('error boundary', () => {
  // The boundary logs what it caught for the host's operator; keep these expected logs out of the output.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns an unhandled error into a counted 500 with a short JSON body and no stack (issue 2 § 2 Unhandled errors)', async () => {
    const app = createProductApp();
    app.get('*', () => {
      throw new TypeError('secret internals at /src/engine/whatever.ts:12');
    });
    const broken: Product = {
      id: 'odata', title: 'broken', defaultCredentials: [], credentialTypes: ['api-user'], recordKinds: {},
      seed: () => undefined, app,
    };
    const engine = await createEngine({ db: openDatabase('boundary', new IDBFactory(), IDBKeyRange), products: [broken] });
    const created = await engine.handle(new Request('http://x/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }));
    const { key } = (await created.json()) as { key: string };
    const res = await engine.handle(new Request(`http://x/sim/${key}/anything`));
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal simulator error', code: 'SIM-5000' });
    expect(body).not.toContain('secret internals');
    expect(engine.stats.unhandledErrors).toBe(1);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('creating an environment is one transaction: a failing seed leaves no environment (issue 2 § 2 Seeding)', async () => {
    const failing: Product = {
      id: 'odata', title: 'failing', defaultCredentials: [{ type: 'api-user', username: 'u' }], credentialTypes: ['api-user'], recordKinds: {},
      seed: ({ tx }) => {
        tx.put('CUSTOMERS', 'A', { CUSTNAME: 'A' });
        throw new Error('seed bug');
      },
      app: createProductApp(),
    };
    const db = openDatabase('atomic-create', new IDBFactory(), IDBKeyRange);
    const engine = await createEngine({ db, products: [failing] });
    const res = await engine.handle(new Request('http://x/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }));
    expect(res.status).toBe(500);
    expect(engine.store.environments()).toEqual([]);
    expect(await db.environments.count()).toBe(0);
    expect(await db.chunks.count()).toBe(0);
    expect(await db.log.count()).toBe(0);
  });

  it('seeded generators are deterministic (issue 2 § 2 Seeding)', () => {
    const a = seededRng(42);
    const b = seededRng(42);
    expect(Array.from({ length: 5 }, () => a.int(0, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(0, 1000)));
  });
});
