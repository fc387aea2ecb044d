// Snapshots and scenarios (issue 12 § 3): export an environment to a versioned JSON file, import it as
// a new environment in either host, refuse bad or foreign files without changing anything.
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { SCENARIOS } from '../../src/engine/snapshots/scenarios.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

async function token(sim: TestSim, base: string, client: { clientId: string; clientSecret: string }) {
  const res = await sim.fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function exportEnv(sim: TestSim, key: string, query = '') {
  const res = await sim.fetch(`/sim/_admin/environments/${key}/snapshot${query}`);
  return { status: res.status, text: await res.text(), disposition: res.headers.get('content-disposition') };
}

async function importText(sim: TestSim, text: string, query = '') {
  const res = await sim.fetch(`/sim/_admin/environments/import${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  const body = await res.text();
  return { status: res.status, body: body ? JSON.parse(body) : null };
}

describe('snapshots: export (issue 12 § 3)', () => {
  it('exports a documented, versioned file: data, clock, AutoMatch settings; no secrets, hashes or tokens', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables', 'Training A');
    await sim.admin('PUT', `/environments/${env.key}/clock`, { advanceDays: 10 });
    await sim.admin('PUT', `/environments/${env.key}/automatch`, { thresholds: { minimumMatch: 55, autoApply: 85 } });
    await token(sim, env.base, env.credentials.oauthClients[0]);
    const out = await exportEnv(sim, env.key);
    expect(out.status).toBe(200);
    expect(out.disposition).toBe('attachment; filename="Training-A.erp-sim.json"');
    const snap = JSON.parse(out.text);
    expect(snap).toMatchObject({ format: 'erp-sim-snapshot', version: 1, product: 'receivables', name: 'Training A', clock: { now: '2026-03-25T10:00:00.000Z' } });
    expect(snap.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(snap.records.invoice.length).toBeGreaterThan(10);
    const settings = snap.records.automatchState.find(([id]: [string]) => id === 'settings')?.[1] ?? snap.records.automatchState[0][1];
    expect(JSON.stringify(settings)).toContain('"minimumMatch":55');
    expect(Object.keys(snap.records).some((k) => k.startsWith('sim.'))).toBe(false);
    expect(snap.credentials).toBeUndefined();
    expect(out.text).not.toContain(env.credentials.oauthClients[0].clientSecret);
    expect(out.text).not.toContain('"salt"');
  });

  it('names credentials (type, name, privileges), never their secrets, only when asked', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const out = await exportEnv(sim, env.key, '?credentials=true');
    const snap = JSON.parse(out.text);
    expect(snap.credentials).toHaveLength(3);
    expect(snap.credentials[0]).toEqual({ type: 'oauth-client', name: env.credentials.oauthClients[0].clientId, owner: null, privileges: env.credentials.oauthClients[0].privileges });
    expect(out.text).not.toContain(env.credentials.oauthClients[0].clientSecret);
    expect(out.text).not.toContain(env.credentials.soapUsers[0].password);
    expect(out.text).not.toContain('"hash"');
    expect((await exportEnv(sim, env.key, '?credentials=maybe')).status).toBe(400);
    expect((await exportEnv(sim, 'env_00000000000000000000000000000000')).status).toBe(404);
  });
});

describe('snapshots: import (issue 12 § 3)', () => {
  it('round trip: the import is a new environment with the same data and clock, fresh default credentials', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables', 'Source');
    await sim.admin('PUT', `/environments/${env.key}/clock`, { now: '2026-04-30T08:00:00Z' });
    const t = await token(sim, env.base, env.credentials.oauthClients[0]);
    const auth = { authorization: `Bearer ${t}` };
    const patched = await sim.fetch(`${env.base}${INV}?limit=1`, { headers: auth }).then((r) => r.json());
    const first = patched.items[0];
    const snap = await exportEnv(sim, env.key);

    const imported = await importText(sim, snap.text, '?name=Copy');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ product: 'receivables', name: 'Copy', importedFrom: { name: 'Source', clock: '2026-04-30T08:00:00.000Z' } });
    expect(imported.body.key).not.toBe(env.key);
    const copy = imported.body;
    expect(copy.credentials.oauthClients).toHaveLength(2);
    expect(copy.credentials.oauthClients[0].clientSecret).toMatch(/^[0-9a-f]{32}$/);
    // The new environment answers from its own records, on the exported clock.
    const clock = await sim.admin('GET', `/environments/${copy.key}/clock`);
    expect(Date.parse(clock.body.now)).toBe(Date.parse('2026-04-30T08:00:00Z'));
    const t2 = await token(sim, `/sim/${copy.key}`, copy.credentials.oauthClients[0]);
    const again = await sim.fetch(`/sim/${copy.key}${INV}/${first.CustomerTransactionId}`, { headers: { authorization: `Bearer ${t2}` } }).then((r) => r.json());
    expect(again.TransactionNumber).toBe(first.TransactionNumber);
    expect(again.InvoiceBalanceAmount).toBe(first.InvoiceBalanceAmount);
    // Isolation: the old token does not open the copy, the copy's credentials do not open the source.
    expect((await sim.fetch(`/sim/${copy.key}${INV}?limit=1`, { headers: auth })).status).toBe(401);
    // Exporting the copy gives the same content (same digest: records, clock, id sequence).
    const snap2 = JSON.parse((await exportEnv(sim, copy.key)).text);
    expect(snap2.digest).toBe(JSON.parse(snap.text).digest);
    // New records continue the id sequence instead of reusing an id.
    const created = await sim.fetch(`/sim/${copy.key}/fscmRestApi/resources/11.13.18.05/standardReceipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t2}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ReceiptNumber: 'SNAP-1', ReceiptDate: '2026-04-30', ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 10, Currency: 'USD', CustomerAccountNumber: '10010' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const receipt = await created.json();
    const ids = JSON.parse(snap.text).records.standardReceipt.map(([id]: [string]) => id);
    expect(ids).not.toContain(String(receipt.StandardReceiptId));
  });

  it('credentials named in the file keep their names and privileges and get fresh secrets (re-hashed)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    await sim.admin('POST', `/environments/${env.key}/credentials`, { type: 'oauth-client', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV'] });
    const snap = await exportEnv(sim, env.key, '?credentials=true');
    const copy = (await importText(sim, snap.text)).body;
    expect(copy.credentials.oauthClients.map((x: { clientId: string }) => x.clientId)).toEqual([
      env.credentials.oauthClients[0].clientId,
      env.credentials.oauthClients[1].clientId,
      expect.any(String),
    ]);
    expect(copy.credentials.oauthClients[2].privileges).toEqual(['AR_CREATE_RECEIVABLES_RECEIPT_PRIV']);
    expect(copy.credentials.soapUsers[0].username).toBe(env.credentials.soapUsers[0].username);
    expect(copy.credentials.soapUsers[0].password).not.toBe(env.credentials.soapUsers[0].password);
    // The old secret does not open the copy; the new one does.
    const form = (secret: string) =>
      sim.fetch(`/sim/${copy.key}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: env.credentials.oauthClients[0].clientId, client_secret: secret }),
      });
    expect((await form(env.credentials.oauthClients[0].clientSecret)).status).toBe(401);
    expect((await form(copy.credentials.oauthClients[0].clientSecret)).status).toBe(200);
  });

  it('OData: a round trip keeps customers and counters; the API user is renamed only when asked', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    await sim.admin('POST', `/environments/${env.key}/generate`, { count: 5 });
    const snap = await exportEnv(sim, env.key, '?credentials=true');
    const imported = await importText(sim, snap.text);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = imported.body;
    const user = copy.credentials.apiUsers[0];
    expect(user.username).toBe(env.credentials.apiUsers[0].username);
    const odata = (key: string, u: { username: string; password: string }) =>
      sim.fetch(`/sim/${key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$count=true&$top=1`, { headers: { authorization: `Basic ${btoa(`${u.username}:${u.password}`)}` } }).then((r) => r.json());
    const a = await odata(env.key, env.credentials.apiUsers[0]);
    const b = await odata(copy.key, user);
    expect(b['@odata.count']).toBe(a['@odata.count']);
    expect(b.value[0].CUSTNAME).toBe(a.value[0].CUSTNAME);
  });

  it('refuses bad and foreign files with a clear 400 and creates nothing', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const good = JSON.parse((await exportEnv(sim, env.key)).text);
    const cases: [string, string, RegExp][] = [
      ['empty', '', /Send a snapshot file/],
      ['not JSON', '{"format": ', /not valid JSON/],
      ['an array', '[]', /JSON object/],
      ['another tool', JSON.stringify({ format: 'mockoon', version: 1 }), /not an ERP simulator snapshot: "format" must be "erp-sim-snapshot", not "mockoon"/],
      ['a newer version', JSON.stringify({ ...good, version: 2 }), /version 2; this simulator reads version 1 only/],
      ['an unknown product', JSON.stringify({ ...good, product: 'sap' }), /"product" must be one of/],
      ['a bad clock', JSON.stringify({ ...good, clock: { now: 'yesterday' } }), /clock.now/],
      ['a credential kind', JSON.stringify({ ...good, records: { ...good.records, 'sim.credential': [['x', {}]] } }), /never holds/],
      ['bad pairs', JSON.stringify({ ...good, records: { invoice: [{ id: 1 }] } }), /\[id, record\] pairs/],
      ['an edited amount', JSON.stringify({ ...good, records: { ...good.records, invoice: good.records.invoice.map(([id, r]: [string, Record<string, unknown>], i: number) => [id, i === 0 ? { ...r, InvoiceBalanceAmount: '1.00' } : r]) } }), /changed after it was exported/],
      ['no digest', JSON.stringify({ ...good, digest: undefined }), /"digest" is missing/],
      ['a bad credential', JSON.stringify({ ...good, credentials: [{ type: 'pat', name: 'x', owner: null, privileges: [] }] }), /"type" a receivables environment holds/],
    ];
    for (const [what, text, message] of cases) {
      const res = await importText(sim, text);
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toMatch(message);
    }
    expect((await importText(sim, JSON.stringify(good), '?name=')).status).toBe(400);
    expect((await sim.admin('GET', '/environments')).body.items).toHaveLength(1);
  });
});

describe('scenarios (issue 12 § 3)', () => {
  it('lists the library and loads each scenario its host can load as a new environment', async () => {
    const sim = await createTestSim();
    const list = await sim.admin('GET', '/scenarios');
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual(SCENARIOS.map((s) => s.id));
    for (const s of list.body.items) {
      const res = await sim.admin('POST', `/scenarios/${s.id}`);
      expect(res.status, s.id).toBe(201);
      expect(res.body).toMatchObject({ product: s.product, name: s.title, scenario: s.id });
    }
    expect((await sim.admin('POST', '/scenarios/nope')).status).toBe(404);
  });

  it('month end: the clock is 45 days on and invoices are past due', async () => {
    const sim = await createTestSim();
    const res = await sim.admin('POST', '/scenarios/month-end-overdue');
    const key = res.body.key;
    const clock = await sim.admin('GET', `/environments/${key}/clock`);
    expect(clock.body.now.slice(0, 10)).toBe('2026-04-29');
    const t = await token(sim, `/sim/${key}`, res.body.credentials.oauthClients[0]);
    const page = await sim.fetch(`/sim/${key}${INV}?totalResults=true&limit=1`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.json());
    const seeded = await createEnv(sim, 'receivables');
    const t0 = await token(sim, seeded.base, seeded.credentials.oauthClients[0]);
    const base = await sim.fetch(`${seeded.base}${INV}?totalResults=true&limit=1`, { headers: { authorization: `Bearer ${t0}` } }).then((r) => r.json());
    expect(page.totalResults).toBe(base.totalResults + 40);
  });

  it('cash cycle: twelve receipts wait, AutoMatch runs only on demand', async () => {
    const sim = await createTestSim();
    const res = await sim.admin('POST', '/scenarios/cash-cycle');
    const am = await sim.admin('GET', `/environments/${res.body.key}/automatch`);
    expect(am.body.settings.schedule.enabled).toBe(false);
    expect(am.body.runs).toHaveLength(0);
    const run = await sim.admin('POST', `/environments/${res.body.key}/automatch/run`);
    expect(run.body.applied.length + run.body.recommended.length + run.body.unmatched.length).toBeGreaterThanOrEqual(12);
  });

  it("a broken integration's day: fault rules loaded with the environment, and they travel in its snapshot", async () => {
    const sim = await createTestSim();
    const res = await sim.admin('POST', '/scenarios/broken-integration-day');
    expect(res.status).toBe(201);
    const rules = await sim.admin('GET', `/environments/${res.body.key}/faults`);
    expect(rules.body.items.map((r: { kind: string; status?: number }) => `${r.kind}${r.status ?? ''}`)).toEqual(['status503', 'status429', 'status500', 'latency']);
    const snap = JSON.parse(await (await sim.fetch(`/sim/_admin/environments/${res.body.key}/snapshot`)).text());
    expect(snap.records['sim.fault-rule']).toHaveLength(4);
    const copy = await sim.fetch('/sim/_admin/environments/import', { method: 'POST', body: JSON.stringify(snap) }).then((r) => r.json());
    expect((await sim.admin('GET', `/environments/${copy.key}/faults`)).body.items).toHaveLength(4);
  });
});
