// Issue 23 § Contract, step by step: what each step fires on (and what it leaves alone), the
// answer it gives in the service's own style, how the journal marks it, and the verdicts a client's
// next move earns (too soon, no back-off, an identical receipt refused, a read before retrying, a
// SOAP blind retry, a timeout and retry). Requests outside a step are untouched.
import { describe, expect, it } from 'vitest';
import { createEngine, openDatabase, type JournalEntry } from '../../src/engine/index.ts';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { injectedErrors } from '../../src/engine/faults/catalog.ts';
import { realSleep } from '../../src/engine/drills/runner.ts';
import { STEP_DEFS } from '../../src/engine/drills/plan.ts';
import { STEP_KINDS, type StepState } from '../../src/engine/drills/types.ts';
import { observe, slowFinished } from '../../src/engine/drills/judge.ts';
import { shapeOf } from '../../src/engine/drills/classify.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { soapRequest, createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, SOAP_HEADERS } from '../../src/engine/products/receivables/soap/examples.ts';
import { SERVICE_PATH } from '../../src/engine/products/receivables/soap/names.ts';
import { basicSigner, NetworkError, oauthSigner, ODATA, REST, send, Timeout } from './clients.ts';

const LIST = `${REST}/receivablesInvoices?limit=2`;
const receipt = (n: string) => JSON.stringify({ ReceiptNumber: n, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 80, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010' });

async function drillOn(product: 'receivables' | 'odata', plan: unknown) {
  const sim = await createTestSim({ fakeTime: true });
  const env = await createEnv(sim, product);
  const signer = product === 'receivables' ? oauthSigner(sim, env.base, env.credentials.oauthClients[0]) : basicSigner(env.credentials.apiUsers[0].username, env.credentials.apiUsers[0].password);
  const started = await sim.admin('POST', `/environments/${env.key}/drills`, { plan });
  expect(started.status).toBe(201);
  const auth = async (fresh = false) => ({ authorization: await signer.authorization(fresh) });
  const report = async () => {
    await sim.engine.settled();
    return (await sim.admin('GET', `/environments/${env.key}/drills/${started.body.id}`)).body;
  };
  return { sim, env, auth, report, id: started.body.id as string };
}

async function journal(sim: TestSim, key: string): Promise<JournalEntry[]> {
  await sim.engine.settled();
  return (await sim.admin('GET', `/environments/${key}/journal?limit=50`)).body.items;
}

describe('injected answers and the journal marks (issue 23 § Contract: "the journal marks each injected answer")', () => {
  it('429 in the REST framework style with Retry-After: 2 and X-Sim-Injected; the journal entry names the step, the rule and the catalog entry', async () => {
    const { sim, env, auth } = await drillOn('receivables', ['rate-limited']);
    const res = await send(sim, `${env.base}${LIST}`, { headers: await auth() });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('x-sim-injected')).toBe('drill-1 step 1');
    expect(await res.json()).toMatchObject({ status: '429', 'o:errorCode': 'SIM-FAULT-429', detail: expect.stringContaining("injected by the simulator's drill drill-1 step 1 (rate-limited)") });
    const [entry] = await journal(sim, env.key);
    expect(entry).toMatchObject({
      status: 429,
      injected: 'drill-1 step 1',
      drill: { id: 'drill-1', n: 1, kind: 'rate-limited', catalog: 'SIM-FAULT-429' },
      explanation: { rule: 'drill drill-1 step 1 (rate-limited)', catalog: { code: 'SIM-FAULT-429', title: 'Too Many Requests (injected)' } },
    });
    expect(entry!.explanation!.sentence).toMatch(/Retry-After: 2 on purpose; a good client waits that long/);
  });

  it('token-expired in OData answers the spec\'s empty 401 with WWW-Authenticate: Basic, once; a wrong credential never takes the step', async () => {
    const { sim, env, auth, report } = await drillOn('odata', ['token-expired']);
    const url = `${env.base}${ODATA}/CUSTOMERS?$top=1`;
    const wrong = await send(sim, url, { headers: { authorization: `Basic ${btoa('apiuser:wrong')}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-sim-injected')).toBeNull();
    expect((await report()).steps[0].phase).toBe('armed');
    const res = await send(sim, url, { headers: await auth() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic');
    expect(await res.text()).toBe('');
    expect(res.headers.get('x-sim-injected')).toBe('drill-1 step 1');
    const [entry] = await journal(sim, env.key);
    expect(entry).toMatchObject({ status: 401, drill: { kind: 'token-expired', catalog: 'OD-401' }, explanation: { catalog: { code: 'OD-401' } } });
    // The credential itself does not expire (spec 001 § Authentication 1): the repeat succeeds.
    expect((await send(sim, url, { headers: await auth() })).status).toBe(200);
    expect((await report()).steps[0].verdict).toBe('pass');
  });

  it('token-expired in receivables expires the token itself: the product answers REST-01401, and a repeat with the old token is still refused', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['token-expired']);
    const headers = await auth();
    const first = await send(sim, `${env.base}${LIST}`, { headers });
    expect(first.status).toBe(401);
    expect((await first.json())['o:errorCode']).toBe('REST-01401');
    sim.clock.now += 1000;
    expect((await send(sim, `${env.base}${LIST}`, { headers })).status).toBe(401);
    sim.clock.now += 30_000;
    const r = await report();
    expect(r.steps[0].verdict).toBe('fail');
    expect(r.steps[0].explanation).toMatch(/^Repeated the request once with the expired token \(401 again\) and fetched no new one within 30 s\./);
    expect(r.steps[0].evidence).toHaveLength(2);
  });
});

describe('verdicts (issue 23 § Contract, steps 1-6)', () => {
  it('a 429 repeated before Retry-After and a 503 retried at once fail, saying so', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['rate-limited', 'unavailable']);
    const get = async () => (await send(sim, `${env.base}${LIST}`, { headers: await auth() })).status;
    expect(await get()).toBe(429);
    sim.clock.now += 500;
    expect(await get()).toBe(200);
    expect(await get()).toBe(503);
    sim.clock.now += 20;
    expect(await get()).toBe(200);
    const r = await report();
    expect(r.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['fail', 'fail']);
    expect(r.steps[0].explanation).toMatch(/^Sent the same request again after 0\.5 s, before the 2 s Retry-After asked for\./);
    expect(r.steps[1].explanation).toMatch(/^Retried after 20 ms, at once, with no back-off/);
  });

  it('server-error-after-write: an identical receipt refused as a duplicate passes; a read of invoices before retrying passes', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['server-error-after-write', 'server-error-after-write']);
    const post = async (body: string, path = `${REST}/standardReceipts`) => send(sim, `${env.base}${path}`, { method: 'POST', body, headers: { ...(await auth()), 'content-type': 'application/json' } });
    const res = await post(receipt('DUP-1'));
    expect(res.status).toBe(500);
    expect(await res.text()).toBe(''); // a REST 500 has no body, as the real one
    const again = await post(JSON.stringify(JSON.parse(receipt('DUP-1')), null, 2)); // the same body, spaced differently
    expect(again.status).toBe(400);
    const invoice = JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'x', Quantity: 1, UnitSellingPrice: 5 }] });
    expect((await post(invoice, `${REST}/receivablesInvoices`)).status).toBe(500);
    sim.clock.now += 800;
    expect((await send(sim, `${env.base}${REST}/receivablesInvoices?orderBy=CustomerTransactionId:desc&limit=1`, { headers: await auth() })).status).toBe(200);
    const r = await report();
    expect(r.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['pass', 'pass']);
    expect(r.steps[0].explanation).toMatch(/^The retry was refused as a duplicate \(AR_RCP_DUP_NUM\): no second record\./);
    expect(r.steps[1].explanation).toMatch(/^Read \/fscmRestApi\/resources\/11\.13\.18\.05\/receivablesInvoices 0\.8 s after the 500, before any retry/);
  });

  it('a create the product refuses does not take the step; the next committed one does', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['server-error-after-write']);
    const post = async (body: string) => send(sim, `${env.base}${REST}/standardReceipts`, { method: 'POST', body, headers: { ...(await auth()), 'content-type': 'application/json' } });
    const refused = await post('{"Amount": 1}');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-sim-injected')).toBeNull();
    expect((await report()).steps[0]).toMatchObject({ phase: 'armed', request: null });
    expect((await post(receipt('OK-1'))).status).toBe(500);
    expect((await report()).steps[0]).toMatchObject({ phase: 'watching', request: `POST ${REST}/standardReceipts` });
  });

  it('SOAP createSimpleInvoice is a create: a 500 env:Server fault after the commit, and a blind re-send makes a second invoice (fail)', async () => {
    const { sim, env, report } = await drillOn('receivables', ['server-error-after-write']);
    const user = (await sim.admin('POST', `/environments/${env.key}/credentials`, { type: 'soap-user' })).body;
    const envelope = soapRequest(createSimpleInvoiceXml(SAMPLE_HEADER, SAMPLE_LINES), securityHeader(user.username, user.password));
    const soap = () => send(sim, `${env.base}${SERVICE_PATH}`, { method: 'POST', headers: SOAP_HEADERS, body: envelope });
    const first = await soap();
    expect(first.status).toBe(500);
    expect(await first.text()).toContain('<faultcode>env:Server</faultcode>');
    const second = await soap();
    expect(second.status).toBe(200);
    const r = await report();
    expect(r.steps[0].verdict).toBe('fail');
    expect(r.steps[0].explanation).toMatch(/second record \(CustomerTrxId \d+\), while the first \(CustomerTrxId \d+\)/);
  });

  // Issue 23 § Contract step 5: "expect the record to exist exactly once within 60 s". The first
  // resend that is recorded decides nothing yet: the step watches the rest of its window.
  it('connection-dropped-before-write: a second identical create after a good resend makes a duplicate and fails', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['connection-dropped-before-write']);
    // Invoices have no natural key: each create that is carried out is a new invoice.
    const invoice = JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'dropped twice', Quantity: 1, UnitSellingPrice: 5 }] });
    const post = async () => send(sim, `${env.base}${REST}/receivablesInvoices`, { method: 'POST', body: invoice, headers: { ...(await auth()), 'content-type': 'application/json' } });
    await expect(post()).rejects.toBeInstanceOf(NetworkError);
    sim.clock.now += 1000;
    const first = await post();
    expect(first.status).toBe(201);
    // Recorded once so far: still watching, not yet a pass.
    expect((await report()).steps[0]).toMatchObject({ phase: 'watching', verdict: 'pending' });
    sim.clock.now += 2000;
    const second = await post();
    expect(second.status).toBe(201);
    const r = await report();
    expect(r.steps[0]).toMatchObject({ phase: 'done', verdict: 'fail' });
    expect(r.steps[0].explanation).toMatch(
      /^Sent the create again 1\.0 s after the dropped connection and it was recorded \(.*receivablesInvoices\/\d+\), then sent it again 3\.0 s after the drop and that made a second record \(.*receivablesInvoices\/\d+\): the record exists twice\./,
    );
    expect(first.headers.get('location')).not.toBe(second.headers.get('location'));
    expect(r.steps[0].evidence).toHaveLength(3); // the dropped create, the resend, the duplicate
    expect(r.score).toEqual({ passed: 0, failed: 1, notExercised: 0 });
  });

  it('connection-dropped-before-write: one record (a repeat with Upsert-Mode answers the same one) passes when judged after the 60 s window; the next step waits until then', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['connection-dropped-before-write', 'unavailable']);
    const post = async () => send(sim, `${env.base}${REST}/standardReceipts`, { method: 'POST', body: receipt('DROP-1'), headers: { ...(await auth()), 'content-type': 'application/json', 'upsert-mode': 'true' } });
    const get = async () => (await send(sim, `${env.base}${LIST}`, { headers: await auth() })).status;
    await expect(post()).rejects.toBeInstanceOf(NetworkError);
    const injectedAt = sim.clock.now;
    sim.clock.now += 1500;
    const made = await post();
    expect(made.status).toBe(201);
    sim.clock.now += 5000;
    const again = await post();
    expect(again.status).toBe(200); // Upsert-Mode: the receipt already made, no second one
    expect(again.headers.get('location')).toBe(made.headers.get('location'));
    // Inside the window: step 1 still watches, so a read is not step 2's yet.
    expect(await get()).toBe(200);
    const mid = await report();
    expect(mid.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['pending', 'pending']);
    expect(mid.steps[0].deadline).toBe(new Date(injectedAt + 60_000).toISOString());
    // No timer: the report read after the window judges the step, at its deadline.
    sim.clock.now = injectedAt + 60_001;
    const r = await report();
    expect(r.steps[0]).toMatchObject({ phase: 'done', verdict: 'pass', judgedAt: new Date(injectedAt + 60_000).toISOString() });
    expect(r.steps[0].explanation).toMatch(/^Sent the create again 1\.5 s after the dropped connection and it was recorded once \(.*standardReceipts\/\d+\), with no second record within 60 s: right\./);
    expect(r.steps[1].phase).toBe('armed');
    expect(await get()).toBe(503);
    const data = await sim.engine.store.data(env.key);
    expect(data.list<{ ReceiptNumber: string }>('standardReceipt').filter((x) => x.ReceiptNumber === 'DROP-1')).toHaveLength(1);
  });

  it('slow-answer: a client that times out at 3 s and sends the read again gets "timed out and retried"', async () => {
    const { sim, env, auth, report } = await drillOn('receivables', ['slow-answer']);
    const started = sim.clock.now;
    await expect(send(sim, `${env.base}${LIST}`, { headers: await auth() }, 3000)).rejects.toBeInstanceOf(Timeout);
    expect(sim.clock.now - started).toBeLessThan(4000); // the slow answer ended when the client went
    expect((await send(sim, `${env.base}${LIST}`, { headers: await auth() })).status).toBe(200);
    const r = await report();
    expect(r.steps[0].verdict).toBe('info');
    expect(r.steps[0].explanation).toMatch(/^Timed out and retried: stopped waiting after 3\.\d s and sent the request again/);
    expect(r.score).toEqual({ passed: 0, failed: 0, notExercised: 0 });
  });

  it('slow-answer: a retry read before the first connection is seen closing is judged when the slow one ends', () => {
    // A fast host may read the client's retry before it learns that the first connection closed:
    // the verdict waits for the slow answer to end, then says what the client did in the order it did it.
    const step = (): StepState => ({ n: 1, kind: 'slow-answer', phase: 'watching', injectedAtMs: 1000, request: { method: 'GET', target: '/x?limit=2', label: 'GET /x' }, verdict: 'pending', evidence: [], watch: {} });
    const retry = { atMs: 1300, shape: shapeOf('receivables', 'rest', 'GET', '/x', '?limit=2', null), key: { method: 'GET', target: '/x?limit=2' }, status: 200 };
    const gaveUp = step();
    expect(observe(gaveUp, 'receivables', retry)).toEqual({ evidence: true });
    expect(slowFinished(gaveUp, 'receivables', 310, true).explanation).toBe('Timed out and retried: stopped waiting after 0.3 s and sent the request again 0.0 s later.');
    // A client that asks again without giving up the first read: the same verdict as before, at the end.
    const both = step();
    expect(observe(both, 'receivables', retry)).toEqual({ evidence: true });
    expect(slowFinished(both, 'receivables', 8000, false).explanation).toBe('Timed out and retried: sent the same request again 0.3 s after the slow one started, while it was still being answered.');
    // A retry after the close was seen is judged at once.
    const after = step();
    expect(slowFinished(after, 'receivables', 250, true)).toEqual({ evidence: true });
    expect(observe(after, 'receivables', retry).explanation).toBe('Timed out and retried: stopped waiting after 0.3 s and sent the request again 0.1 s later.');
  });

  it('with the real timer the slow answer really waits, and ends at once when the client aborts', async () => {
    const t0 = performance.now();
    await realSleep(60);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
    const ctl = new AbortController();
    const t1 = performance.now();
    const waiting = realSleep(8000, ctl.signal);
    setTimeout(() => ctl.abort(), 30);
    await waiting;
    expect(performance.now() - t1).toBeLessThan(1000);
    // The engine's default is that timer: an aborted slow read answers with a dropped connection at once.
    const engine = await createEngine({ db: openDatabase(`real-${Math.random()}`, new IDBFactory(), IDBKeyRange), catalog: builtInCatalog });
    const env = await (await engine.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }))).json();
    await engine.handle(new Request(`http://sim.test/sim/_admin/environments/${env.key}/drills`, { method: 'POST', body: '{"plan":["slow-answer"]}' }));
    const abort = new AbortController();
    const t2 = performance.now();
    const pending = engine.handle(new Request(`http://sim.test/sim/${env.key}${ODATA}/CUSTOMERS?$top=1`, { signal: abort.signal, headers: { authorization: `Basic ${btoa(`${env.credentials.apiUsers[0].username}:${env.credentials.apiUsers[0].password}`)}` } }));
    setTimeout(() => abort.abort(), 100);
    expect((await pending).type).toBe('error');
    expect(performance.now() - t2).toBeLessThan(2000);
  });
});

describe('outside a step nothing changes (issue 23 § Targets)', () => {
  it('while a step waits for a create, reads are answered and journaled as without a drill; fault rules still fire on them', async () => {
    const { sim, env, auth } = await drillOn('receivables', ['connection-dropped-before-write']);
    const res = await send(sim, `${env.base}${LIST}`, { headers: await auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sim-injected')).toBeNull();
    await sim.admin('POST', `/environments/${env.key}/faults`, { kind: 'status', status: 503, method: 'GET', path: '*/receivablesInvoices', count: 1 });
    const faulted = await send(sim, `${env.base}${LIST}`, { headers: await auth() });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('x-sim-injected')).toBe('fault-1');
    const entries = await journal(sim, env.key);
    expect(entries.filter((e) => e.drill)).toEqual([]);
  });
});

describe('catalog entries and words of the steps (issue 23: "the rule, one sentence, a link to the catalog entry")', () => {
  it('every step names an entry of its product\'s catalog, and the catalog carries its words: what it fits and expects, the rule, a good client', async () => {
    for (const product of ['receivables', 'odata'] as const) {
      const catalog = await builtInCatalog(product);
      for (const kind of STEP_KINDS) {
        const code = STEP_DEFS[kind].catalog[product];
        if (code) expect(catalog.errors.some((e) => e.code === code), `${product} ${kind}`).toBe(true);
        const words = catalog.teaching?.drills[kind];
        expect(words?.title, `${product} ${kind}`).toBeTruthy();
        expect(words?.rule).toMatch(kind === 'slow-answer' ? /informational/ : /spec 00[01]|RFC/);
        expect(words?.good).toMatch(/a good client/i);
      }
      expect(catalog.teaching?.drills['token-expired'].rule).toMatch(product === 'receivables' ? /^spec 000 § Authentication 1/ : /^spec 001 § Authentication 1-2/);
      for (const e of injectedErrors(product)) expect(e.notReproducible).toMatch(/Drill view/);
    }
  });

  it('a host without catalogs still reports the steps, by kind and verdict', async () => {
    const engine = await createEngine({ db: openDatabase(`bare-${Math.random()}`, new IDBFactory(), IDBKeyRange) });
    const env = await (await engine.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' }))).json();
    const res = await engine.handle(new Request(`http://sim.test/sim/_admin/environments/${env.key}/drills`, { method: 'POST', body: '{"plan":"standard"}' }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.steps[0]).toMatchObject({ kind: 'token-expired', title: 'token-expired', verdict: 'pending', catalog: { code: 'REST-01401', title: 'REST-01401' } });
  });
});
