// The request journal (issue 12 § 1 and its Standard): every request to an environment journaled,
// secrets redacted, bodies truncated, a bounded ring per environment, explanations and near misses,
// the control API with its filters and bad input, and a ring that survives a restart.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, DexieJournalPersistence, openDatabase, type JournalEntry } from '../../src/engine/index.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { RING_SIZE, BODY_LIMIT, MAX_JOURNAL_SIZE } from '../../src/engine/journal/types.ts';
import { openApi, REST, SCOPE } from '../receivables/invoices/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';
import { soapEnv } from '../receivables/soap/helpers.ts';
import { createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, soapRequest } from '../../src/engine/products/receivables/soap/examples.ts';
import { createEnv, type TestSim } from '../support/sim.ts';

async function journal(sim: TestSim, key: string, query = ''): Promise<JournalEntry[]> {
  await sim.engine.settled();
  const res = await sim.admin('GET', `/environments/${key}/journal${query}`);
  expect(res.status).toBe(200);
  return res.body.items as JournalEntry[];
}

describe('journal: what an entry holds (issue 12 § 1)', () => {
  it('journals a REST GET with method, path (query included), status, duration and service, newest first', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/receivablesInvoices?limit=2`);
    const [latest, token] = await journal(api.sim, api.key);
    expect(latest).toMatchObject({ product: 'receivables', service: 'rest', method: 'GET', path: `${REST}/receivablesInvoices?limit=2`, status: 200 });
    expect(latest!.ms).toBeGreaterThanOrEqual(0);
    expect(latest!.id).toBeGreaterThan(token!.id);
    expect(Date.parse(latest!.at)).toBe(api.sim.clock.now); // the environment clock (offset 0 here)
    expect(latest!.response.body).toContain('"items"');
    expect(latest!.explanation).toBeUndefined();
  });

  it('never stores secrets: Authorization, client_secret, the issued access_token (issue 12 § 1 secrets)', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`);
    const items = await journal(api.sim, api.key);
    const text = JSON.stringify(items);
    expect(text).not.toContain(api.token);
    const token = items.find((e) => e.service === 'oauth')!;
    expect(token.path).toBe('/oauth/token');
    expect(token.request.body).toContain('client_secret=%5Bredacted%5D');
    expect(token.request.body).toContain(`scope=${encodeURIComponent(SCOPE)}`);
    expect(JSON.parse(token.response.body!).access_token).toBe('[redacted]');
    expect(items[0]!.request.headers.authorization).toBe('Bearer [redacted]');
  });

  it('redacts OData Basic credentials and PATs, and WS-Security passwords in SOAP bodies', async () => {
    const o = await odataEnv();
    await o.get('/CUSTOMERS?$top=1');
    await o.sim.fetch(`${o.root}/CUSTOMERS?$top=1`, { headers: { authorization: `Basic ${btoa(`${o.pat}:PAT`)}` } });
    const oItems = await journal(o.sim, o.key);
    expect(JSON.stringify(oItems)).not.toContain(o.password);
    expect(JSON.stringify(oItems)).not.toContain(btoa(`${o.pat}:PAT`));
    expect(oItems[0]!.request.headers.authorization).toBe('Basic [redacted]');

    const s = await soapEnv();
    const answer = await s.post(s.envelope());
    expect(answer.status).toBe(200);
    const [soap] = await journal(s.sim, s.key, '?path=fscmService');
    expect(soap).toMatchObject({ service: 'soap', method: 'POST', status: 200 });
    expect(soap!.request.body).toContain('[redacted]</wsse:Password>');
    expect(soap!.request.body).not.toContain(s.user.password);
  });

  it(`truncates bodies beyond ${BODY_LIMIT} characters and says so`, async () => {
    const api = await openApi();
    await api.call('POST', `${REST}/receivablesInvoices`, `{"Comments": "${'x'.repeat(BODY_LIMIT * 3)}"}`);
    const [entry] = await journal(api.sim, api.key, '?limit=1');
    expect(entry!.request.body!.length).toBeLessThan(BODY_LIMIT + 100);
    expect(entry!.request.body).toMatch(/… \[truncated/);
  });

  it('journals each $batch operation as its own entry pointing at the $batch (issue 12 § 1)', async () => {
    const o = await odataEnv();
    const res = await o.req('POST', '/$batch', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ id: 'a', method: 'GET', url: "CUSTOMERS('C1001')?$select=CUSTNAME" }, { id: 'b', method: 'GET', url: 'CUSTOMERS?$select=CUSTNAM' }] }),
    });
    expect(res.status).toBe(200);
    const [second, first, outer] = await journal(o.sim, o.key, '?limit=3');
    expect(outer).toMatchObject({ service: 'batch', method: 'POST', status: 200 });
    expect(first).toMatchObject({ service: 'odata', method: 'GET', status: 200, parent: outer!.id, path: "/odata/Priority/tabula.ini/demo/CUSTOMERS('C1001')?$select=CUSTNAME" });
    expect(second).toMatchObject({ service: 'odata', status: 400, parent: outer!.id, code: 'OD-400-PROPERTY' });
    expect(second!.explanation?.catalog?.code).toBe('OD-400-PROPERTY');
    expect(second!.hint).toBe('Did you mean the property CUSTNAME?');
  });
});

describe('journal: explanations and near misses (issue 12 § 1)', () => {
  it('explains a refusal with the catalog entry, the spec rule and one sentence', async () => {
    const api = await openApi();
    await api.call('GET', '/crmRestApi/resources/11.13.18.05/contacts/999999999');
    const [entry] = await journal(api.sim, api.key, '?limit=1');
    expect(entry).toMatchObject({ status: 404, code: 'REST-01404' });
    expect(entry!.explanation).toMatchObject({ rule: '000 Errors table; Contacts table', catalog: { code: 'REST-01404', title: 'Contact not found' } });
    expect(entry!.explanation!.sentence.length).toBeGreaterThan(10);
  });

  it('explains a SOAP fault by its faultcode, and an application fault by the ServiceErrorMessage code', async () => {
    const s = await soapEnv();
    const wrong = await s.post(soapRequest(createSimpleInvoiceXml(SAMPLE_HEADER, SAMPLE_LINES), securityHeader(s.user.username, 'wrong-password')));
    expect(wrong.status).toBe(401);
    const unknownCustomer = await s.post(s.envelope({ ...SAMPLE_HEADER, BillToAccountNumber: '99999', BillToLocation: '' }));
    expect(unknownCustomer.status).toBe(500);
    const [app, auth] = await journal(s.sim, s.key, '?path=fscmService&limit=2');
    expect(auth).toMatchObject({ service: 'soap', status: 401, code: 'env:Client.AuthFailed', explanation: { rule: '000 Errors, SOAP faults; Authentication 4', catalog: { code: 'env:Client.AuthFailed' } } });
    expect(auth!.request.body).not.toContain('wrong-password');
    expect(app).toMatchObject({ status: 500, code: 'env:Server' });
    expect(app!.explanation?.catalog?.code).toBe('AR-1010'); // the REST code inside, as the catalog lists it
  });

  it('names the nearest real path for an unknown one', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/receivablesInvoice?limit=1`);
    const [entry] = await journal(api.sim, api.key, '?limit=1');
    expect(entry).toMatchObject({ status: 404, code: 'SIM-REST-4040' });
    expect(entry!.hint).toBe(`Did you mean ${REST}/receivablesInvoices?`);
  });

  it('names the nearest attribute and parameter', async () => {
    const api = await openApi();
    const field = await api.call('GET', `${REST}/receivablesInvoices?fields=TransactionNumbr`);
    const limit = await api.call('GET', `${REST}/receivablesInvoices?limt=3`);
    // The refusal itself says it too (good for any client, journal or not).
    expect(field.body.detail).toMatch(/ Did you mean TransactionNumber\?$/);
    expect(limit.body.detail).toMatch(/ Did you mean limit\?$/);
    const [param, fieldEntry] = await journal(api.sim, api.key, '?limit=2');
    expect(fieldEntry!.hint).toBe('Did you mean the attribute TransactionNumber?');
    expect(param!.code).toBe('REST-01002');
    expect(param!.hint).toBe('Did you mean the parameter limit?');
  });

  it("says a token comes from another environment without naming it; an expired token says when it expired", async () => {
    const api = await openApi();
    const other = await createEnv(api.sim, 'receivables');
    const res = await api.sim.fetch(`${other.base}${REST}/receivablesInvoices`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(res.status).toBe(401);
    const [entry] = await journal(api.sim, other.key, '?limit=1');
    expect(entry!.hint).toMatch(/issued by another environment/);
    expect(JSON.stringify(entry)).not.toContain(api.key);

    api.sim.clock.now += 3601_000;
    await api.sim.fetch(`${api.base}${REST}/receivablesInvoices`, { headers: { authorization: `Bearer ${api.token}` } });
    const [expired] = await journal(api.sim, api.key, '?limit=1');
    expect(expired!.hint).toMatch(/^This token expired at /);
  });
});

describe('journal: OData credentials of another environment (issue 12 § 1 near misses)', () => {
  it('says a PAT or an API user belongs to another environment without naming it; a wrong password says so', async () => {
    const a = await odataEnv();
    const b = await odataEnv(a.sim);
    const basic = (user: string, pass: string) => ({ headers: { authorization: `Basic ${btoa(`${user}:${pass}`)}` } });
    expect((await b.sim.fetch(`${b.root}/CUSTOMERS`, basic(a.pat, 'PAT'))).status).toBe(401);
    expect((await b.sim.fetch(`${b.root}/CUSTOMERS`, basic(a.user, a.password))).status).toBe(401);
    expect((await b.sim.fetch(`${b.root}/CUSTOMERS`, basic(b.user, 'wrong'))).status).toBe(401);
    const [wrong, user, pat] = await journal(b.sim, b.key, '?limit=3');
    expect(pat!.hint).toMatch(/^This personal access token belongs to another environment/);
    expect(user!.hint).toMatch(/of another environment of this simulator/);
    expect(wrong!.hint).toBe(`The password is not the one of API user '${b.user}' in this environment.`);
    expect(JSON.stringify([wrong, user, pat])).not.toContain(a.key);
  });
});

describe('journal: ring, isolation and the control API (issue 12 § 1, Standard)', () => {
  it(`keeps at most ${RING_SIZE} entries per environment, the oldest dropped, ids going on`, async () => {
    const api = await openApi();
    for (let i = 0; i < RING_SIZE + 10; i++) await api.sim.fetch(`${api.base}/nope/${i}`);
    const items = await journal(api.sim, api.key, `?limit=${RING_SIZE}`);
    expect(items).toHaveLength(RING_SIZE);
    expect(items[0]!.path).toBe(`/nope/${RING_SIZE + 9}`);
    expect(items[RING_SIZE - 1]!.path).toBe('/nope/10');
    expect(items[0]!.id - items[RING_SIZE - 1]!.id).toBe(RING_SIZE - 1);
  });

  it('keeps environments apart', async () => {
    const api = await openApi();
    const other = await createEnv(api.sim, 'receivables');
    await api.call('GET', `${REST}/receivablesInvoices?limit=1&mine=1`);
    expect(await journal(api.sim, other.key)).toEqual([]);
    expect((await journal(api.sim, api.key)).some((e) => e.path.includes('mine=1'))).toBe(true);
  });

  it('filters by status class, exact status, since and path; DELETE clears and ids go on', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`);
    await api.sim.fetch(`${api.base}${REST}/receivablesInvoices`);
    await api.call('GET', '/crmRestApi/resources/11.13.18.05/contacts/999999999');
    const all = await journal(api.sim, api.key);
    expect((await journal(api.sim, api.key, '?status=4xx')).map((e) => e.status)).toEqual([404, 401]);
    expect((await journal(api.sim, api.key, '?status=401')).map((e) => e.status)).toEqual([401]);
    expect((await journal(api.sim, api.key, '?status=2xx')).every((e) => e.status < 300)).toBe(true);
    expect((await journal(api.sim, api.key, `?since=${all[1]!.id}`)).map((e) => e.id)).toEqual([all[0]!.id]);
    expect((await journal(api.sim, api.key, '?path=contacts')).map((e) => e.id)).toEqual([all[0]!.id]);
    expect(await journal(api.sim, api.key, '?limit=1')).toHaveLength(1);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/journal`)).status).toBe(204);
    expect(await journal(api.sim, api.key)).toEqual([]);
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`);
    expect((await journal(api.sim, api.key))[0]!.id).toBe(all[0]!.id + 1);
  });

  it('refuses bad parameters with 400 and an unknown environment with 404', async () => {
    const api = await openApi();
    for (const q of ['?limit=0', `?limit=${MAX_JOURNAL_SIZE + 1}`, '?limit=x', '?status=4x', '?status=600', '?since=-1', '?since=a', '?path=', '?colour=red', '?limit=1&limit=2']) {
      const res = await api.sim.admin('GET', `/environments/${api.key}/journal${q}`);
      expect(res.status, q).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await api.sim.admin('GET', '/environments/env_00000000000000000000000000000000/journal')).status).toBe(404);
    expect((await api.sim.admin('DELETE', '/environments/env_00000000000000000000000000000000/journal')).status).toBe(404);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/journal?all=1`)).status).toBe(400);
    expect((await journal(api.sim, api.key)).length).toBeGreaterThan(0); // nothing was cleared
  });

  it('can be turned off and on per environment (PUT {"enabled"}); bad input 400', async () => {
    const api = await openApi();
    expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, { enabled: false })).body).toEqual({ enabled: false, size: 500 });
    await api.call('GET', `${REST}/receivablesInvoices?limit=1&while=off`);
    const off = await api.sim.admin('GET', `/environments/${api.key}/journal`);
    expect(off.body.enabled).toBe(false);
    expect(off.body.items.some((e: JournalEntry) => e.path.includes('while=off'))).toBe(false);
    for (const body of ['{', { enabled: 'no' }, {}, { enabled: true, more: 1 }]) expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, body)).status).toBe(400);
    expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, { enabled: true })).status).toBe(200);
    await api.call('GET', `${REST}/receivablesInvoices?limit=1&while=on`);
    expect((await journal(api.sim, api.key, '?limit=1'))[0]!.path).toContain('while=on');
  });

  it('survives a restart: a new engine over the same IndexedDB reads the ring and goes on numbering', async () => {
    const idb = new IDBFactory();
    const name = `j-${Math.random().toString(36).slice(2)}`;
    const open = () =>
      createEngine({ db: openDatabase(name, idb, IDBKeyRange), journal: new DexieJournalPersistence(`${name}-journal`, idb, IDBKeyRange), catalog: builtInCatalog });
    const first = await open();
    const created = await (await first.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }))).json();
    await first.handle(new Request(`http://sim.test/sim/${created.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`));
    await first.settled();
    const second = await open();
    const read = async () => (await (await second.handle(new Request(`http://sim.test/sim/_admin/environments/${created.key}/journal`))).json()).items as JournalEntry[];
    const before = await read();
    expect(before).toHaveLength(1);
    // An empty 401 carries no code: the catalog's only such entry names it (spec 001 § Authentication 1-3).
    expect(before[0]).toMatchObject({ status: 401, code: 'OD-401', explanation: { catalog: { code: 'OD-401' } } });
    await second.handle(new Request(`http://sim.test/sim/${created.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`));
    await second.settled();
    const after = await read();
    expect(after.map((e) => e.id)).toEqual([before[0]!.id + 1, before[0]!.id]);
  });
});
