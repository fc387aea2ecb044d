// The receivables error catalog and UI catalog are data that reproduce what they describe
// (spec 000 § Errors; issue 3 § 3: definitions drive describe and the UI's examples).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExampleRequest } from '../../../src/engine/core/types.ts';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import { receivables } from '../../../src/engine/products/receivables/product.ts';
import { getToken, receivablesEnv, type ReceivablesEnv } from './support.ts';
import { fillVariables } from '../../support/sim.ts';

let r: ReceivablesEnv;
let soapUser: { username: string; password: string };
beforeAll(async () => {
  r = await receivablesEnv();
  // SOAP examples carry {username}/{password}, which the console fills with a SOAP user (issue 11 § 3).
  soapUser = (await r.sim.admin('POST', `/environments/${r.key}/credentials`, { type: 'soap-user' })).body;
});

const SPEC_CODES = [
  'AR-1000', 'AR-1001', 'AR-1010', 'AR-1020', 'AR-1030', 'AR-1031', 'AR-1040', 'AR-2010', 'AR-2012', 'AR-7041', 'AR-7043',
  'AR_TRX_DELETE_NOT_ALLOWED', 'AR_RCP_DUP_NUM', 'AR_INVAL_RECEIPT_MTH_ID', 'REST-01002', 'REST-01003', 'REST-01007',
  'REST-01400', 'REST-01401', 'REST-01404', 'FND_SECURITY_INSUFFICIENT_PRIVILEGE',
  'invalid_request', 'invalid_scope', 'invalid_client',
  'env:Client.AuthRequired', 'env:Client.AuthFailed', 'env:Client.MalformedXml', 'env:Client.DtdForbidden', 'env:Client.PasswordTypeUnsupported',
];

async function send(ex: ExampleRequest): Promise<{ status: number; body: any }> { // any: JSON of any error shape
  // Each request is described against a freshly seeded environment: reset before anything that writes.
  if (ex.method !== 'GET' && ex.path !== '/oauth/token') expect((await r.sim.admin('POST', `/environments/${r.key}/reset`)).status).toBe(200);
  const headers: Record<string, string> = { ...(ex.headers ?? {}) };
  const body = ex.body === undefined ? undefined : fillVariables(ex.body, { clientId: r.full.clientId, clientSecret: r.full.clientSecret, soapUser: soapUser.username, soapPassword: soapUser.password });
  if (ex.auth === 'none') headers.authorization = '';
  // An example signed with a chosen client: the default client whose privileges match exactly.
  if (ex.privileges) headers.authorization = `Bearer ${await getToken(r.sim, r.base, ex.privileges.length === 0 ? r.none : r.full)}`;
  const res = await r.call(ex.path, { method: ex.method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

describe('error catalog', () => {
  const errors = receivablesCatalog().errors;
  it('lists every code of the spec 000 Errors table, token endpoint and SOAP faults, each with status, meaning and spec reference', () => {
    const codes = errors.map((e) => e.code);
    for (const c of SPEC_CODES) expect(codes).toContain(c);
    // A code is listed once per refusal it stands for (e.g. SIM-REST-4050 for contacts and for each
    // read-only resource, issue 10 § 4): code and title together identify an entry.
    const keys = errors.map((e) => `${e.code} ${e.title}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of errors) {
      // Refusals, and the one answer without a body that the catalog explains: 304 of an If-None-Match
      // still current (issue 39 § 3, every new answer has an entry).
      if (e.status === 304) expect(e.code).toBe('SIM-REST-3040');
      else expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.meaning.length).toBeGreaterThan(10);
      expect(e.spec).toMatch(/^000 /);
    }
  });

  // The console shows `avoid` beside a matching answer (ErrorExplain.svelte): every entry says what to
  // send instead, in one or two short sentences, and an entry without a request says why it has none.
  it('every entry says how to avoid it (avoid, 20-320 characters, one or two sentences) and why it has no reproduce request', () => {
    for (const e of errors) {
      const key = `${e.code} ${e.title}`;
      expect(e.avoid, key).toBeTypeOf('string');
      const avoid = e.avoid as string;
      expect(avoid.length, key).toBeGreaterThanOrEqual(20);
      expect(avoid.length, key).toBeLessThanOrEqual(320);
      expect(avoid.replace(/\be\.g\./g, 'eg').split(/[.!?](?:\s+|$)/).filter((s) => s.trim()).length, key).toBeLessThanOrEqual(2);
      expect(avoid, key).not.toBe(e.meaning);
      if (!e.reproduce) expect(e.notReproducible, key).toBeTruthy();
    }
  });

  it('each reproduce request triggers its code with its status on a freshly seeded environment', async () => {
    const withRepro = errors.filter((e) => e.reproduce);
    expect(withRepro.length).toBeGreaterThanOrEqual(15);
    for (const e of withRepro) {
      const ex = e.reproduce as ExampleRequest;
      const { status, body } = await send(ex);
      expect(status, `${e.code} ${ex.method} ${ex.path}`).toBe(ex.expectStatus ?? e.status);
      expect(status, e.code).toBe(e.status);
      const code = body && typeof body === 'object' ? (body['o:errorCode'] ?? body.error) : undefined;
      if (code !== undefined) expect(code, `${ex.method} ${ex.path}`).toBe(e.code);
    }
  });
});

describe('product catalog', () => {
  it('examples answer their expected status on a freshly seeded environment', async () => {
    const { examples } = receivablesCatalog();
    expect(examples.some((e) => e.path === '/oauth/token')).toBe(true);
    for (const ex of examples) {
      const { status, body } = await send(ex);
      expect(status, `${ex.id} ${JSON.stringify(body).slice(0, 200)}`).toBe(ex.expectStatus);
    }
  });

  it('resources come from the definitions (columns with key/queryable/readOnly flags)', () => {
    const { resources } = receivablesCatalog();
    const contacts = resources.find((x) => x.name === 'contacts');
    expect(contacts?.path).toBe('/crmRestApi/resources/11.13.18.05/contacts');
    expect(contacts?.keys).toEqual(['PartyNumber']);
    expect(contacts?.children).toEqual([{ name: 'ContactPoint', title: 'Contact Points' }]);
    expect(contacts?.columns.find((c) => c.name === 'PartyId')).toMatchObject({ key: true, queryable: true, readOnly: true });
  });

  it('default credentials: one client with both receipt privileges, one with none, one SOAP user (spec 000 § Authentication 5)', () => {
    expect(receivables.defaultCredentials).toEqual([
      { type: 'oauth-client', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV'] },
      { type: 'oauth-client', privileges: [] },
      { type: 'soap-user' },
    ]);
    expect(r.full.privileges).toEqual(['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV']);
    expect(r.none.privileges).toEqual([]);
  });
});
