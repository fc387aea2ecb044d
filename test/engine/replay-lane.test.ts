// Issue 42 § Reads ahead of every peer: a read sent again to an unchanged environment is answered
// from the replay lane (src/engine/replay/lane.ts). A cache can be wrong silently, so this sweeps
// every read path of both products (test/support/routes.ts) and every kind of change that could
// alter an answer: each replayed answer must be the one the full path gives at the same moment,
// and its journal entry the first one's but for its moment.
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { odataReadPaths, receivablesReadPaths } from '../support/routes.ts';
import { createBody, INVOICES, openApi, REST, type Api } from '../receivables/invoices/helpers.ts';

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

const answerOf = async (res: Response): Promise<Answer> => ({ status: res.status, headers: [...res.headers], body: await res.text() });

/**
 * Sends `url` four times: the first read, the same again (its answer is kept: the request came a
 * second time), the same a third time (`again`), and one a probe header keeps off the lane (`full`).
 * `replayed`: how many of the first three were answered from the lane (the first two may be, if kept
 * before); `againReplayed`: whether the third was.
 */
async function thrice(sim: TestSim, url: string, headers: Record<string, string>, probe: number) {
  const replayedBefore = sim.engine.stats.replayed;
  const env = new URL(url, 'http://x').pathname.split('/')[2] as string;
  const first = await answerOf(await sim.fetch(url, { headers }));
  // The answer is kept once its journal entry is drafted, after the host's next turn.
  await sim.engine.journal?.recorded(env);
  const second = await answerOf(await sim.fetch(url, { headers }));
  expect(second).toEqual(first);
  await sim.engine.journal?.recorded(env);
  const beforeAgain = sim.engine.stats.replayed;
  const again = await answerOf(await sim.fetch(url, { headers }));
  const againReplayed = sim.engine.stats.replayed - beforeAgain === 1;
  const replayed = sim.engine.stats.replayed - replayedBefore;
  const full = await answerOf(await sim.fetch(url, { headers: { ...headers, 'x-replay-probe': String(probe) } }));
  return { first, again, full, replayed, againReplayed };
}

type Entry = Record<string, unknown> & { request: { headers: Record<string, string> } };
const journal = async (sim: TestSim, key: string, limit: number): Promise<Entry[]> => {
  const res = await sim.admin('GET', `/environments/${key}/journal?limit=${limit}`);
  expect(res.status).toBe(200);
  return res.body.items;
};
/** An entry without what differs from one request to the next (its id and moment). */
const exchangeOf = ({ id: _id, at: _at, hostAt: _hostAt, ms: _ms, ...rest }: Entry) => rest;

describe('every read path of both products, sent twice, is replayed with the full answer and journaled as it', () => {
  for (const product of ['receivables', 'odata'] as const) {
    it(`${product}: each 200 read is answered again from the lane, equal to the full path's answer at the same moment`, async () => {
      const sim = await createTestSim();
      const env = await createEnv(sim, product);
      let authorization: string;
      if (product === 'receivables') {
        const client = env.credentials.oauthClients[0];
        const form = new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope, client_id: client.clientId, client_secret: client.clientSecret });
        const token = await sim.fetch(`${env.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
        authorization = `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
      } else {
        const user = env.credentials.apiUsers[0];
        authorization = `Basic ${btoa(`${user.username}:${user.password}`)}`;
      }
      const headers = { authorization, accept: 'application/json' };
      const get = (p: string) => sim.fetch(`${env.base}${p}`, { headers: { ...headers, 'x-replay-probe': 'paths' } });
      const paths = product === 'receivables' ? await receivablesReadPaths(get) : await odataReadPaths(get);
      expect(paths.length).toBeGreaterThan(product === 'receivables' ? 20 : 10);
      let probe = 0;
      let ok = 0;
      for (const path of paths) {
        const { first, again, full, replayed } = await thrice(sim, `${env.base}${path}`, headers, probe++);
        expect(again, path).toEqual(first);
        expect(full, path).toEqual(first);
        // Every read that answered 200 was kept and given again: none of them was left off the lane.
        expect(replayed, path).toBe(first.status === 200 ? 1 : 0);
        if (first.status === 200) ok++;
        const [fullEntry, againEntry, secondEntry, firstEntry] = (await journal(sim, env.key, 4)) as [Entry, Entry, Entry, Entry];
        expect(exchangeOf(againEntry), path).toEqual(exchangeOf(secondEntry));
        expect(exchangeOf(againEntry), path).toEqual(exchangeOf(firstEntry));
        expect(againEntry.id).toBe((secondEntry.id as number) + 1);
        expect(fullEntry.request.headers['x-replay-probe']).toBe(String(probe - 1));
      }
      expect(ok).toBe(paths.length);
      expect((await sim.admin('GET', '/stats')).body.replayed).toBe(paths.length);
    });
  }
});

describe('a kept answer is dropped, or not given, on every change that could alter it', () => {
  let api: Api;
  /** GET twice (the second from the lane), change, GET again: not replayed, and the full answer. */
  async function across(path: string, change: () => Promise<void>, headers?: () => Record<string, string>) {
    const h = () => ({ authorization: `Bearer ${api.token}`, ...headers?.() });
    const before = await thrice(api.sim, `${api.base}${path}`, h(), 0);
    expect(before.againReplayed).toBe(true);
    await change();
    const count = api.sim.engine.stats.replayed;
    const after = await answerOf(await api.sim.fetch(`${api.base}${path}`, { headers: h() }));
    expect(api.sim.engine.stats.replayed).toBe(count);
    const full = await answerOf(await api.sim.fetch(`${api.base}${path}`, { headers: { ...h(), 'x-replay-probe': 'after' } }));
    expect(after).toEqual(full);
    return { before: before.first, after };
  }
  const item = (api: Api) => {
    const row = api.invoices((r) => r.InvoiceStatus === 'Complete')[0];
    if (!row) throw new Error('no complete invoice');
    return `${INVOICES}/${row.CustomerTransactionId}`;
  };

  it('a write to the environment (spec 000 § Invoices: a POST adds to the collection; a PATCH changes the item)', async () => {
    api = await openApi();
    const list = `${INVOICES}?totalResults=true&limit=1`;
    const { before, after } = await across(list, async () => {
      expect((await api.call('POST', INVOICES, createBody())).status).toBe(201);
    });
    expect(JSON.parse(after.body).totalResults).toBe(JSON.parse(before.body).totalResults + 1);
    const path = item(api);
    const patched = await across(path, async () => {
      expect((await api.call('PATCH', path, { InvoiceStatus: 'Frozen' })).status).toBe(200);
    });
    expect(JSON.parse(patched.before.body).InvoiceStatus).toBe('Complete');
    expect(JSON.parse(patched.after.body).InvoiceStatus).toBe('Frozen');
  });

  it('the environment clock moved, or the token expiring on the host clock alone (spec 000 § Limits: token lifetime 3600 seconds)', async () => {
    api = await openApi();
    const path = item(api);
    await across(path, async () => {
      expect((await api.sim.admin('PUT', `/environments/${api.key}/clock`, { advance: { minutes: 10 } })).status).toBe(200);
    });
    // Nothing in the environment changes when its token expires: only time passes.
    const { after } = await across(path, async () => {
      api.sim.clock.now += 3600_000;
    });
    expect(after.status).toBe(401);
  });

  it('the next day on a field computed from today (spec 000 § Installment: PaymentDaysLate from the environment clock)', async () => {
    api = await openApi('2026-03-15T23:40:00.000Z');
    type Installment = { PaymentDaysLate: number; InstallmentStatus: string };
    const all = await api.call('GET', `${INVOICES}?expand=receivablesInvoiceInstallments&limit=500&onlyData=true`);
    const late = (all.body.items as { CustomerTransactionId: number; receivablesInvoiceInstallments: Installment[] }[]).find((i) => i.receivablesInvoiceInstallments.some((s) => s.PaymentDaysLate > 0));
    expect(late).toBeDefined();
    const path = `${INVOICES}/${late?.CustomerTransactionId}/child/receivablesInvoiceInstallments`;
    const { before, after } = await across(path, async () => {
      api.sim.clock.now += 30 * 60_000; // past midnight UTC, the token still valid
    });
    const days = (a: { body: string }) => (JSON.parse(a.body).items as Installment[]).filter((i) => i.InstallmentStatus === 'OP' && i.PaymentDaysLate > 0).map((i) => i.PaymentDaysLate);
    expect(days(before).length).toBeGreaterThan(0);
    expect(days(after)).toEqual(days(before).map((d) => d + 1));
  });

  it('an AutoMatch run falling due (spec 000 § What the service does, rule 4: enqueued after a receipt is created)', async () => {
    api = await openApi();
    const inv = api.invoices((r) => r.InvoiceStatus === 'Complete' && r.BillToCustomerNumber === '10010')[0];
    if (!inv) throw new Error('no invoice');
    const receipt = await api.call('POST', `${REST}/standardReceipts`, {
      ReceiptMethod: 'Wire Transfer', BusinessUnit: 'US1 Business Unit', Amount: 10, Currency: 'USD', ReceiptDate: '2026-03-15', CustomerAccountNumber: '10010',
      remittanceReferences: [{ ReferenceNumber: inv.TransactionNumber, ReferenceAmount: 10 }],
    });
    expect(receipt.status).toBe(201);
    const path = `${REST}/standardReceipts/${receipt.body.StandardReceiptId}`;
    const { before, after } = await across(path, async () => {
      api.sim.clock.now += 10_000; // past the run's delay (5 s): the next request runs it first
    });
    expect(JSON.parse(before.body).State).toBe('UNAPPLIED');
    expect(JSON.parse(after.body).State).toBe('APPLIED');
  });

  it('a fault rule, a drill, the journal turned off, a reset (issue 12 § 2; issue 23; issue 21)', async () => {
    api = await openApi();
    const path = item(api);
    let rule = '';
    const { after } = await across(path, async () => {
      const made = await api.sim.admin('POST', `/environments/${api.key}/faults`, { kind: 'status', status: 503, path: '*' });
      expect(made.status).toBe(201);
      rule = made.body.id;
    });
    expect(after.status).toBe(503);
    // The rule stays: a read it decided is never kept, so a same read is decided again.
    const faulted = await thrice(api.sim, `${api.base}${path}`, { authorization: `Bearer ${api.token}` }, 1);
    expect(faulted.replayed).toBe(0);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/faults/${rule}`)).status).toBe(204);
    // A drill takes the next read for its step: the kept answer is not given.
    const h = { authorization: `Bearer ${api.token}` };
    expect((await thrice(api.sim, `${api.base}${path}`, h, 3)).againReplayed).toBe(true);
    const made = await api.sim.admin('POST', `/environments/${api.key}/drills`, { plan: 'standard' });
    expect(made.status).toBe(201);
    const drill = made.body.id;
    const drilled = await api.sim.fetch(`${api.base}${path}`, { headers: h });
    expect(drilled.headers.get('x-sim-injected')).toBe(`${drill} step 1`);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}/drills/${drill}`)).status).toBeLessThan(300);
    await api.advanceClock(0); // a new token: the drill's step may have expired this one
    await api.sim.engine.settled();
    const entries = (await journal(api.sim, api.key, 500)).length;
    await across(path, async () => {
      expect((await api.sim.admin('PUT', `/environments/${api.key}/journal`, { enabled: false })).status).toBe(200);
    });
    // Four reads were journaled before it was turned off; after, neither a read nor its replay is
    // (the read after the change was kept at once, with no entry to wait for: these three replay).
    expect((await thrice(api.sim, `${api.base}${path}`, { authorization: `Bearer ${api.token}` }, 2)).replayed).toBe(3);
    await api.sim.engine.settled();
    expect((await journal(api.sim, api.key, 500)).length).toBe(entries + 4);
    await across(path, async () => {
      expect((await api.sim.admin('POST', `/environments/${api.key}/reset`)).status).toBe(200);
    });
  });

  it('another environment’s write keeps this one’s answers; its deletion answers SIM-1000', async () => {
    api = await openApi();
    const other = await createEnv(api.sim, 'receivables');
    const path = item(api);
    const h = { authorization: `Bearer ${api.token}` };
    await thrice(api.sim, `${api.base}${path}`, h, 0);
    expect((await api.sim.admin('PUT', `/environments/${other.key}/clock`, { advanceDays: 3 })).status).toBe(200);
    const count = api.sim.engine.stats.replayed;
    expect((await api.sim.fetch(`${api.base}${path}`, { headers: h })).status).toBe(200);
    expect(api.sim.engine.stats.replayed).toBe(count + 1);
    expect((await api.sim.admin('DELETE', `/environments/${api.key}`)).status).toBe(204);
    const gone = await api.sim.fetch(`${api.base}${path}`, { headers: h });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('SIM-1000');
    expect(api.sim.engine.stats.replayed).toBe(count + 1);
  });
});

describe('without the lane (createEngine({ replay: false })) every read runs the product', () => {
  it('the second same read is not replayed', async () => {
    const sim = await createTestSim({ replay: false });
    const env = await createEnv(sim, 'odata');
    const user = env.credentials.apiUsers[0];
    const h = { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` };
    const { again, first, replayed } = await thrice(sim, `${env.base}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=2`, h, 0);
    expect(again).toEqual(first);
    expect(replayed).toBe(0);
  });
});
