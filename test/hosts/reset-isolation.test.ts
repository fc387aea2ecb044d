// Tests that isolate and repeat (issue 43 § 1, § Tests "start with a test that fails on today's
// code"): the README's pattern, one environment per test file and `env.reset()` in beforeEach, with a
// client that posts a receipt and retries a 503 once. Each test asserts `exactly: 1` of its own
// requests: the clean-slate reset empties the journal and the fault rules between tests.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimEnvironment, type Simulator } from '../../src/hosts/node/api/index.ts';

const RECEIPTS = '/fscmRestApi/resources/11.13.18.05/standardReceipts';

let sim: Simulator;
let env: SimEnvironment;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  env = await sim.createEnvironment({ product: 'receivables' });
});
afterAll(() => sim.close());
beforeEach(() => env.reset());

/** Post a receipt; a 503 is retried once. */
async function postReceipt(number: string): Promise<number> {
  const send = async () =>
    fetch(`${env.baseUrl}${RECEIPTS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await env.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ReceiptNumber: number, ReceiptMethodName: 'Check', Amount: 10, CurrencyCode: 'USD', ReceiptDate: (await env.clock.now()).slice(0, 10), BusinessUnit: 'US1 Business Unit' }),
    });
  let res = await send();
  if (res.status === 503) res = await send();
  return res.status;
}

describe('the README pattern: reset in beforeEach (issue 43 § 1)', () => {
  it('a first test sees exactly one 503 and one retry', async () => {
    await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts', method: 'POST', count: 1 });
    await postReceipt('R-1');
    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 503 }, count: { exactly: 1 } });
    expect(await env.faults.list()).toHaveLength(1);
  });

  it('a second test sees only its own requests, in either order', async () => {
    await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts', method: 'POST', count: 1 });
    await postReceipt('R-2');
    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 503 }, count: { exactly: 1 } });
    expect(await env.faults.list()).toHaveLength(1);
  });
});
