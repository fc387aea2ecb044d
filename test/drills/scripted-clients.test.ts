// Issue 23 § Tests: two scripted clients run the standard plan in each product. The careful one
// (refreshes its credential, honours Retry-After, backs off, retries creates safely) passes every
// step; the naive one (no retries, a blind re-POST) fails steps 1-5 with the right explanations.
// The JUnit XML parses (fast-xml-parser) with one testcase per step. Time runs on the test's host
// clock (the engine's sleep moves it), so the 8 s slow answer and the 60 s windows cost nothing.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { basicSigner, CarefulClient, NaiveClient, oauthSigner, ODATA, REST } from './clients.ts';

const receipt = (n: string) => ({ ReceiptNumber: n, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 125.5, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010' });
const invoice = (d: string) => ({
  BusinessUnit: 'US1 Business Unit',
  TransactionType: 'Invoice',
  TransactionSource: 'Manual',
  BillToCustomerNumber: '10010',
  InvoiceCurrencyCode: 'USD',
  receivablesInvoiceLines: [{ Description: d, Quantity: 1, UnitSellingPrice: 100 }],
});
const draft = (d: string) => ({ CUSTNAME: 'C1001', DETAILS: d, AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'SEAL-KIT', TQUANT: 1, PRICE: 64.9 }] });

async function setup(product: 'receivables' | 'odata') {
  const sim = await createTestSim({ fakeTime: true });
  const env = await createEnv(sim, product);
  const signer =
    product === 'receivables'
      ? oauthSigner(sim, env.base, env.credentials.oauthClients[0])
      : basicSigner(env.credentials.apiUsers[0].username, env.credentials.apiUsers[0].password);
  const started = await sim.admin('POST', `/environments/${env.key}/drills`, { plan: 'standard' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { sim, env, signer, drill: started.body.id as string };
}

async function report(sim: TestSim, key: string, id: string) {
  await sim.engine.settled();
  const res = await sim.admin('GET', `/environments/${key}/drills/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function junit(sim: TestSim, key: string, id: string) {
  const res = await sim.fetch(`/sim/_admin/environments/${key}/drills/${id}/junit.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'testcase' }).parse(await res.text());
  return doc.testsuites.testsuite;
}

describe('careful client passes the standard plan (issue 23 § Tests)', () => {
  it('receivables: refreshes the token, honours Retry-After, backs off, retries receipts with Upsert-Mode, waits out the slow read', async () => {
    const { sim, env, signer, drill } = await setup('receivables');
    const c = new CarefulClient(sim, env.base, signer);
    const list = `${REST}/receivablesInvoices?limit=5`;
    for (let i = 0; i < 3; i++) expect((await c.call('GET', list)).status).toBe(200);
    expect((await c.createReceipt(receipt('DRILL-C-1'))).status).toBeLessThan(300);
    expect((await c.createReceipt(receipt('DRILL-C-2'))).status).toBe(201);
    // Step 5 watches its whole 60 s window for a second record ("exactly once within 60 s"); step 6 fires after.
    c.wait(60_000);
    expect((await c.call('GET', list)).status).toBe(200);

    const r = await report(sim, env.key, drill);
    expect(r.steps.map((s: { verdict: string }) => s.verdict), c.log.join('\n')).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'info']);
    expect(r.status).toBe('finished');
    expect(r.score).toEqual({ passed: 5, failed: 0, notExercised: 0 });
    expect(r.steps[0].explanation).toMatch(/^Fetched a new token and repeated the request/);
    expect(r.steps[1].explanation).toMatch(/^Waited 2\.\d s \(Retry-After: 2\)/);
    expect(r.steps[3].explanation).toMatch(/Upsert-Mode.*no second record/);
    expect(r.steps[5].explanation).toMatch(/^Waited: the client took the answer after 8\.0 s/);
    // Exactly one receipt per number: the retries made no duplicate.
    const data = await sim.engine.store.data(env.key);
    const receipts = data.list<{ ReceiptNumber: string }>('standardReceipt').filter((x) => x.ReceiptNumber.startsWith('DRILL-C-'));
    expect(receipts.map((x) => x.ReceiptNumber).sort()).toEqual(['DRILL-C-1', 'DRILL-C-2']);
    // Evidence: the injected answer and what the client did, from the journal.
    for (const step of r.steps) expect(step.evidence.length, `step ${step.n}`).toBeGreaterThanOrEqual(step.kind === 'slow-answer' ? 1 : 2);

    const suite = await junit(sim, env.key, drill);
    expect(suite.testcase).toHaveLength(6);
    expect(suite['@failures']).toBe('0');
    expect(suite['@skipped']).toBe('0');
    expect(suite.testcase.filter((t: Record<string, unknown>) => 'failure' in t)).toHaveLength(0);
  });

  it('odata: repeats with its credential, honours Retry-After, backs off, looks a customer up before creating it again', async () => {
    const { sim, env, signer, drill } = await setup('odata');
    const c = new CarefulClient(sim, env.base, signer);
    for (let i = 0; i < 3; i++) expect((await c.call('GET', `${ODATA}/CUSTOMERS?$top=3`)).status).toBe(200);
    expect((await c.createCustomer({ CUSTNAME: 'DRILL1', CUSTDES: 'Drill one' })).status).toBeLessThan(300);
    expect((await c.createCustomer({ CUSTNAME: 'DRILL2', CUSTDES: 'Drill two' })).status).toBeLessThan(300);
    c.wait(60_000); // step 5's window: "exactly once within 60 s"
    expect((await c.call('GET', `${ODATA}/CUSTOMERS?$top=3`)).status).toBe(200);

    const r = await report(sim, env.key, drill);
    expect(r.steps.map((s: { verdict: string }) => s.verdict), c.log.join('\n')).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'info']);
    expect(r.steps[0].explanation).toMatch(/^Repeated the request with a valid credential/);
    expect(r.steps[3].explanation).toMatch(/^Read .*CUSTOMERS\('DRILL1'\).*before any retry/);
    expect(r.steps[4].explanation).toMatch(/recorded once .*with no second record within 60 s/);
    const data = await sim.engine.store.data(env.key);
    expect(data.list<{ CUSTNAME: string }>('CUSTOMERS').filter((x) => x.CUSTNAME.startsWith('DRILL')).length).toBe(2);
  });
});

describe('naive client fails steps 1-5 (issue 23 § Tests)', () => {
  it('receivables: gives up on 401, 429 and 503, re-POSTs an invoice blindly, drops the create, times out on the slow read', async () => {
    const { sim, env, signer, drill } = await setup('receivables');
    const n = new NaiveClient(sim, env.base, signer);
    const list = `${REST}/receivablesInvoices?limit=5`;
    const later = (s: number) => (sim.clock.now += s * 1000);
    expect((await n.get(list))?.status).toBe(401);
    later(31);
    expect((await n.get(list))?.status).toBe(429);
    later(61);
    expect((await n.get(list))?.status).toBe(503);
    later(61);
    expect((await n.create(`${REST}/receivablesInvoices`, invoice('Drill naive 1')))?.status).toBe(201); // the blind re-POST
    expect(await n.create(`${REST}/receivablesInvoices`, invoice('Drill naive 2'))).toBeNull(); // dropped
    later(61);
    expect(await n.get(list)).toBeNull(); // timed out after 5 s
    later(61);

    const r = await report(sim, env.key, drill);
    expect(r.steps.map((s: { verdict: string }) => s.verdict), n.log.join('\n')).toEqual(['fail', 'fail', 'fail', 'fail', 'fail', 'info']);
    expect(r.score).toEqual({ passed: 0, failed: 5, notExercised: 0 });
    const why = r.steps.map((s: { explanation: string }) => s.explanation);
    // Each says what the client did, then what a good client does.
    expect(why[0]).toMatch(/^Fetched no new token and did not repeat the request within 30 s of the 401\. On 401 REST-01401 a good client fetches a new token/);
    expect(why[1]).toMatch(/^Did not send the request again within 60 s.*waits at least the Retry-After seconds/);
    expect(why[2]).toMatch(/^Did not retry within 60 s.*backs off/);
    expect(why[3]).toMatch(/^Retried blindly .* the retry created a second record \(.*receivablesInvoices\/\d+\).*committed before the 500.*Upsert-Mode/);
    expect(why[4]).toMatch(/^The record does not exist: the create was never carried out/);
    expect(why[5]).toMatch(/^Gave up: stopped waiting after 5\.\d s/);
    expect(r.steps[0].rule).toMatch(/spec 000 § Authentication 1 .* 3/);
    expect(r.steps[0].catalog).toMatchObject({ code: 'REST-01401', href: expect.stringMatching(/#\/errors\?q=REST-01401$/) });
    expect(r.steps[1].rule).toMatch(/RFC 9110 § 10\.2\.3 \(Retry-After/);
    expect(r.steps[3].rule).toMatch(/spec 000 § Invoices create rule 5/);
    // The blind retry made a second invoice: two with the first description.
    const data = await sim.engine.store.data(env.key);
    const lines = data.list<{ Description: string }>('invoiceLine').filter((x) => x.Description === 'Drill naive 1');
    expect(lines).toHaveLength(2);

    const suite = await junit(sim, env.key, drill);
    expect(suite.testcase).toHaveLength(6);
    expect(suite['@tests']).toBe('6');
    expect(suite['@failures']).toBe('5');
    const failed = suite.testcase.filter((t: Record<string, unknown>) => 'failure' in t);
    expect(failed.map((t: Record<string, string>) => t['@name'])).toEqual(r.steps.slice(0, 5).map((s: { n: number; kind: string; expect: string }) => `${s.n} ${s.kind}: ${s.expect}`));
    expect(failed[3].failure['@message']).toBe(why[3]);
    expect(failed[3].failure['#text']).toContain('Rule: spec 000 § Invoices create rule 5');
    expect(suite.testcase[5]['system-out']).toContain('Gave up');
  });

  it('odata: no repeat after the 401, 429 and 503, a blind re-POST of a draft invoice, no retry after the drop', async () => {
    const { sim, env, signer, drill } = await setup('odata');
    const n = new NaiveClient(sim, env.base, signer);
    const later = (s: number) => (sim.clock.now += s * 1000);
    expect((await n.get(`${ODATA}/CUSTOMERS?$top=1`))?.status).toBe(401);
    later(31);
    expect((await n.get(`${ODATA}/CUSTOMERS?$top=1`))?.status).toBe(429);
    later(61);
    expect((await n.get(`${ODATA}/CUSTOMERS?$top=1`))?.status).toBe(503);
    later(61);
    expect((await n.create(`${ODATA}/AINVOICES`, draft('Drill naive 1')))?.status).toBe(201);
    expect(await n.create(`${ODATA}/AINVOICES`, draft('Drill naive 2'))).toBeNull();
    later(61); // step 5 gives up; step 6 is armed from then on
    later(61); // and gives up in turn: no read came
    const r = await report(sim, env.key, drill);
    expect(r.steps.slice(0, 5).map((s: { verdict: string }) => s.verdict), n.log.join('\n')).toEqual(['fail', 'fail', 'fail', 'fail', 'fail']);
    expect(r.steps[5].verdict).toBe('not exercised');
    expect(r.steps[0].explanation).toMatch(/^Did not repeat the request within 30 s of the 401.*re-reads its API user or PAT/);
    expect(r.steps[0].rule).toMatch(/spec 001 § Authentication 1-2/);
    expect(r.steps[0].catalog.code).toBe('OD-401');
    expect(r.steps[3].explanation).toMatch(/^Retried blindly .*second record \(.*AINVOICES/);
    expect(r.score).toEqual({ passed: 0, failed: 5, notExercised: 1 });
  });
});
