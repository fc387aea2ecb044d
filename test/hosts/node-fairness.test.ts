// Issue 19 § 2: long work gives the event loop back, so another environment is answered while it
// runs. Checked by order, not by time (the speed targets are in `npm run bench -- fairness`): a GET
// to another environment, sent while the busy one works, is answered before that work ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

let host: NodeHost;
let busy: string;
let quiet: string;
let odata: string;

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${host.url}/sim/_admin${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const make = async (product: string) => ((await (await admin('POST', '/environments', { product })).json()) as { key: string }).key;

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1' });
  [busy, quiet, odata] = [await make('receivables'), await make('odata'), await make('odata')];
});
afterAll(() => host.close());

/** Start `work`, then (once it is under way) ask the quiet environment; true when that answer came first. */
async function answeredMeanwhile(work: () => Promise<Response>, expect: number): Promise<boolean> {
  let finished = false;
  const running = work().then(async (res) => {
    finished = true;
    return { status: res.status, text: await res.text() };
  });
  await new Promise((r) => setTimeout(r, 100));
  const other = await fetch(`${host.url}/sim/_admin/environments/${quiet}/clock`);
  const before = !finished && other.status === 200;
  const done = await running;
  if (done.status !== expect) throw new Error(`the work answered ${done.status}: ${done.text}`);
  return before;
}

describe('one environment cannot stall the others (issue 19 § 2)', () => {
  it('generate of 6,000 invoices', async () => {
    expect(await answeredMeanwhile(() => admin('POST', `/environments/${busy}/generate`, { count: 6000 }), 201)).toBe(true);
  }, 120_000);

  it('generate of 4,000 receipts', async () => {
    expect(await answeredMeanwhile(() => admin('POST', `/environments/${busy}/generate`, { count: 4000, kind: 'receipts' }), 201)).toBe(true);
  }, 120_000);

  it('an AutoMatch run over those receipts', async () => {
    expect(await answeredMeanwhile(() => admin('POST', `/environments/${busy}/automatch/run`), 200)).toBe(true);
  }, 120_000);

  it('generate of 20,000 OData customers', async () => {
    expect(await answeredMeanwhile(() => admin('POST', `/environments/${odata}/generate`, { count: 20_000 }), 201)).toBe(true);
  }, 120_000);

  it('import of a snapshot of 4,000 invoices (under the 16 MB limit)', async () => {
    const source = await make('receivables');
    await admin('POST', `/environments/${source}/generate`, { count: 4000 });
    const snapshot = await (await admin('GET', `/environments/${source}/snapshot`)).text();
    expect(await answeredMeanwhile(() => fetch(`${host.url}/sim/_admin/environments/import`, { method: 'POST', body: snapshot }), 201)).toBe(true);
  }, 120_000);
});
