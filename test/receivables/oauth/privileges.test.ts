// The authenticated client's privileges are available to handlers, read live from the credential
// (spec 000 § Authentication 5: receipt privileges; enforced when receipts land).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, expect, it } from 'vitest';
import { createProductApp } from '../../../src/engine/core/product-app.ts';
import { json } from '../../../src/engine/core/http.ts';
import type { Product } from '../../../src/engine/core/types.ts';
import { createEngine, openDatabase, type Engine } from '../../../src/engine/index.ts';
import { authOf, registerBearerAuth, requirePrivilege } from '../../../src/engine/products/receivables/oauth/bearer.ts';
import { registerTokenEndpoint } from '../../../src/engine/products/receivables/oauth/token-endpoint.ts';
import { installRestErrorHandler } from '../../../src/engine/products/receivables/rest/routes.ts';
import { SCOPE } from '../framework/support.ts';

const CREATE = 'AR_CREATE_RECEIVABLES_RECEIPT_PRIV';
const MANAGE = 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV';

const app = createProductApp();
installRestErrorHandler(app);
registerTokenEndpoint(app);
registerBearerAuth(app);
app.get('/fscmRestApi/whoami', (c) => json(authOf(c)));
app.post('/fscmRestApi/receiptsProbe', (c) => {
  requirePrivilege(c, CREATE);
  return json({ ok: true }, 201);
});
app.get('/crmRestApi/whoami', (c) => json(authOf(c)));

const probe: Product = {
  id: 'receivables',
  title: 'probe',
  defaultCredentials: [{ type: 'oauth-client', privileges: [CREATE, MANAGE] }, { type: 'oauth-client', privileges: [] }],
  credentialTypes: ['oauth-client'],
  recordKinds: {},
  seed: () => undefined,
  app,
};

let engine: Engine;
let base: string;
let clients: { clientId: string; clientSecret: string }[];
const call = (path: string, init?: RequestInit) => engine.handle(new Request(`http://sim.test${base}${path}`, init));
const tokenFor = async (cl: { clientId: string; clientSecret: string }) => {
  const res = await call('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: cl.clientId, client_secret: cl.clientSecret }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

beforeAll(async () => {
  const db = openDatabase(`p-${Math.random().toString(36).slice(2)}`, new IDBFactory(), IDBKeyRange);
  engine = await createEngine({ db, products: [probe] });
  const res = await engine.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' }));
  const env = (await res.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  base = `/sim/${env.key}`;
  clients = env.credentials.oauthClients;
});

it('handlers see the client id and its privileges on both REST roots', async () => {
  const tok = await tokenFor(clients[0] as (typeof clients)[0]);
  for (const root of ['/fscmRestApi', '/crmRestApi']) {
    const res = await call(`${root}/whoami`, { headers: { authorization: `Bearer ${tok}` } });
    expect(await res.json()).toMatchObject({ clientId: clients[0]?.clientId, privileges: [CREATE, MANAGE], scope: SCOPE });
  }
});

it('a missing privilege gives 403 FND_SECURITY_INSUFFICIENT_PRIVILEGE (spec 000 § Authentication 5)', async () => {
  const full = await tokenFor(clients[0] as (typeof clients)[0]);
  const none = await tokenFor(clients[1] as (typeof clients)[0]);
  expect((await call('/fscmRestApi/receiptsProbe', { method: 'POST', headers: { authorization: `Bearer ${full}` } })).status).toBe(201);
  const denied = await call('/fscmRestApi/receiptsProbe', { method: 'POST', headers: { authorization: `Bearer ${none}` } });
  expect(denied.status).toBe(403);
  expect((await denied.json())['o:errorCode']).toBe('FND_SECURITY_INSUFFICIENT_PRIVILEGE');
});
