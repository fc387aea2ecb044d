// Whatever the engine writes, its export imports again (issue 26 § What to reach: an import checks
// every record against its kind's definitions, so the definitions must accept every record the
// engine makes): every ready request of both catalogs is sent to one environment (writes of every
// kind through the APIs), plus generated documents and an AutoMatch run; the export then imports
// with 201 and the same records.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExampleRequest } from '../../src/engine/core/types.ts';
import { odataCatalog } from '../../src/engine/products/odata/catalog.ts';
import { receivablesCatalog } from '../../src/engine/products/receivables/catalog.ts';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { REST } from '../support/routes.ts';
import { fillVariables } from '../support/sim.ts';

let sim: TestSim;
beforeAll(async () => {
  sim = await createTestSim();
});

type Issued = Record<string, Record<string, string>[]>;

async function sendAll(base: string, examples: readonly ExampleRequest[], auth: (ex: ExampleRequest) => Promise<string | undefined>, fill: (text: string) => string): Promise<number> {
  let written = 0;
  for (const ex of examples) {
    if (ex.method === 'GET') continue;
    const headers: Record<string, string> = { ...(ex.headers ?? {}) };
    const authorization = await auth(ex);
    if (authorization) headers.authorization = authorization;
    const res = await sim.fetch(`${base}${ex.path.startsWith('/') ? '' : '/'}${fill(ex.path)}`, { method: ex.method, headers, body: ex.body === undefined ? undefined : fill(ex.body) });
    if (res.status < 300) written++;
    await res.arrayBuffer();
  }
  return written;
}

async function roundTrip(key: string): Promise<void> {
  const exported = await sim.admin('GET', `/environments/${key}/snapshot?credentials=true`);
  expect(exported.status).toBe(200);
  const imported = await sim.admin('POST', '/environments/import', exported.body);
  expect(imported.status, JSON.stringify(imported.body).slice(0, 400)).toBe(201);
  const again = await sim.admin('GET', `/environments/${imported.body.key}/snapshot`);
  expect(again.body.records).toEqual(exported.body.records);
}

describe('exports of environments written through every API import again', () => {
  it('receivables: catalog writes, generated invoices and receipts, a full receipt, an AutoMatch run', async () => {
    const env = await createEnv(sim, 'receivables');
    const creds = env.credentials as Issued;
    const client = creds.oauthClients?.[0] as Record<string, string>;
    const soap = creds.soapUsers?.[0] as Record<string, string>;
    const tokenRes = await sim.fetch(`${env.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope as string, client_id: client.clientId as string, client_secret: client.clientSecret as string }).toString(),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    await sim.admin('POST', `/environments/${env.key}/generate`, { count: 30 });
    await sim.admin('POST', `/environments/${env.key}/generate`, { count: 15, kind: 'receipts' });
    // A receipt with every attribute a client may send (they are stored as sent).
    const full = await sim.fetch(`${env.base}${REST}/standardReceipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ReceiptNumber: 'FULL-1', ReceiptMethod: 'Wire Transfer', RemittanceBankAccountNumber: '1029384756', BusinessUnit: 'US1 Business Unit', Amount: 100.5, Currency: 'USD', ReceiptDate: '2026-03-01',
        AccountingDate: '2026-03-02', CustomerAccountNumber: '10010', CustomerBankAccountNumber: '123', StructuredPaymentReference: 'SPR', DocumentNumber: 'D1',
        Comments: 'c', MaturityDate: '2026-04-01', PostmarkDate: '2026-02-28', ConversionDate: '2026-03-01', ConversionRate: 1.25, ConversionRateType: 'Corporate',
        RemittanceBankAllowOverride: true, RemittanceBankDepositDate: '2026-03-03', CardHolderFirstName: 'A', CardHolderLastName: 'B', CreditCardTokenNumber: 'T',
        CreditCardExpirationDate: '2027-01-31', CreditCardIssuerCode: 'VISA', CreditCardAuthorizationRequestIdentifier: 'AUTH-7', VoiceAuthorizationCode: 'V',
        standardReceiptDFF: { a: 1, b: { c: [1, 2] } }, standardReceiptGdf: {}, remittanceReferences: [{ ReferenceNumber: 'INV-1', ReferenceAmount: 10, CustomerReason: 'r', CustomerReference: 'x' }],
      }),
    });
    expect(full.status, await full.clone().text()).toBe(201);
    const written = await sendAll(
      env.base,
      receivablesCatalog().examples,
      async (ex) => (ex.auth === 'none' ? undefined : ex.auth === 'soap' ? undefined : `Bearer ${token}`),
      (t) => fillVariables(t, { clientId: client.clientId as string, clientSecret: client.clientSecret as string, soapUser: soap.username as string, soapPassword: soap.password as string }),
    );
    expect(written).toBeGreaterThan(8);
    await sim.admin('POST', `/environments/${env.key}/automatch/run`);
    await roundTrip(env.key);
  }, 60_000);

  it('OData: catalog writes (customers, contacts, drafts, finals, receipts) and generated customers', async () => {
    const env = await createEnv(sim, 'odata');
    const creds = env.credentials as Issued;
    const user = creds.apiUsers?.[0] as Record<string, string>;
    const pat = creds.personalAccessTokens?.[0] as Record<string, string>;
    await sim.admin('POST', `/environments/${env.key}/generate`, { count: 20 });
    const written = await sendAll(
      env.base,
      odataCatalog().examples,
      async (ex) => (ex.auth === 'none' ? undefined : `Basic ${btoa(ex.auth === 'pat' ? `${pat.token}:PAT` : `${user.username}:${user.password}`)}`),
      (t) => t,
    );
    expect(written).toBeGreaterThan(5);
    await roundTrip(env.key);
  }, 60_000);
});
