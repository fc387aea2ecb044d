// spec 000 § What the service does 2: "A record of another environment is indistinguishable from a
// missing one (404)." Every invoice operation is checked against another environment's invoice.
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnv } from '../../support/sim.ts';
import { createBody, INVOICES, openApi, SCOPE, type Api } from './helpers.ts';

let api: Api;
/** An invoice that exists only in a second environment (created through its API, with lines and an installment). */
let foreign: { id: number; lineId: number; installmentId: number };
/** An id no environment uses. */
const MISSING = 899999999999999;

beforeAll(async () => {
  api = await openApi();
  const other = await createEnv(api.sim, 'receivables');
  const client = other.credentials.oauthClients[0];
  const tokenRes = await api.sim.fetch(`${other.base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  // Create a few invoices there so its newest id is one this environment has not issued.
  let body: Record<string, any> = {}; // any: JSON payload
  for (let i = 0; i < 3; i++) {
    const res = await api.sim.fetch(`${other.base}${INVOICES}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(createBody()),
    });
    expect(res.status).toBe(201);
    body = await res.json();
  }
  const inst = await api.sim.fetch(`${other.base}${INVOICES}/${body.CustomerTransactionId}/child/receivablesInvoiceInstallments`, { headers: { authorization: `Bearer ${token}` } });
  foreign = {
    id: body.CustomerTransactionId,
    lineId: body.receivablesInvoiceLines[0].CustomerTransactionLineId,
    installmentId: ((await inst.json()) as { items: { InstallmentId: number }[] }).items[0]!.InstallmentId,
  };
  expect(api.invoices((r) => r.CustomerTransactionId === foreign.id)).toEqual([]);
});

/** The response for the foreign id must equal the one for a missing id, the id itself aside. */
async function sameAsMissing(method: string, path: (id: number) => string, body?: unknown) {
  const theirs = await api.call(method, path(foreign.id), body);
  const missing = await api.call(method, path(MISSING), body);
  expect(theirs.status).toBe(missing.status);
  expect(JSON.stringify(theirs.body).replaceAll(String(foreign.id), '<id>')).toBe(JSON.stringify(missing.body).replaceAll(String(MISSING), '<id>'));
  return theirs;
}

describe("another environment's invoice answers exactly like a missing one", () => {
  it('GET item and child collections: 404 AR-7041', async () => {
    expect((await sameAsMissing('GET', (id) => `${INVOICES}/${id}`)).body['o:errorCode']).toBe('AR-7041');
    await sameAsMissing('GET', (id) => `${INVOICES}/${id}/child/receivablesInvoiceLines`);
    await sameAsMissing('GET', (id) => `${INVOICES}/${id}/child/receivablesInvoiceInstallments`);
    await sameAsMissing('GET', (id) => `${INVOICES}/${id}/child/receivablesInvoiceLines/${foreign.lineId}`);
    await sameAsMissing('GET', (id) => `${INVOICES}/${id}/child/receivablesInvoiceInstallments/${foreign.installmentId}`);
  });

  it('collection filters and finders do not see it', async () => {
    const q = await api.call('GET', `${INVOICES}?q=CustomerTransactionId=${foreign.id}`);
    expect(q.body.items).toEqual([]);
    const finder = await api.call('GET', `${INVOICES}?finder=${encodeURIComponent(`PrimaryKey;CustomerTransactionId=${foreign.id}`)}`);
    expect(finder.body.items).toEqual([]);
  });

  it('PATCH, DELETE, add-line and splitInstallments: the missing-invoice answer, and the other environment is untouched', async () => {
    expect((await sameAsMissing('PATCH', (id) => `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' })).body['o:errorCode']).toBe('AR-7041');
    const del = await sameAsMissing('DELETE', (id) => `${INVOICES}/${id}`);
    expect(del.status).toBe(404);
    expect(del.body['o:errorCode']).toBe('REST-01003');
    await sameAsMissing('POST', (id) => `${INVOICES}/${id}/child/receivablesInvoiceLines`, { Quantity: 1, UnitSellingPrice: 1 });
    await sameAsMissing('POST', (id) => `${INVOICES}/${id}/action/splitInstallments`, { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 1 }] });
  });

  it('a line or installment of another environment under one of this environment’s invoices is not found', async () => {
    const own = api.invoices((r) => r.scenario === 'open')[0]!;
    const line = await api.call('GET', `${INVOICES}/${own.CustomerTransactionId}/child/receivablesInvoiceLines/${foreign.lineId}`);
    expect(line.status).toBe(404);
    expect(line.body['o:errorCode']).toBe('AR-7043');
    const inst = await api.call('GET', `${INVOICES}/${own.CustomerTransactionId}/child/receivablesInvoiceInstallments/${foreign.installmentId}`);
    expect(inst.status).toBe(404);
  });
});
