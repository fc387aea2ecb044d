// Failure handling, with the simulator's fault rules: a 503 is retried exactly once, a 400 never.
import { connectSimulator, type SimEnvironment, type Simulator } from 'erp-integration-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ApiError, recordPayment, type Api } from '../src/receivables-client.ts';

let sim: Simulator;
let env: SimEnvironment;
let api: Api;

beforeAll(async () => {
  sim = await connectSimulator({ url: inject('erpSimUrl') });
});
afterAll(() => sim.close());
beforeEach(async () => {
  env = await sim.createEnvironment({ product: 'receivables' });
  api = { baseUrl: env.baseUrl, token: () => env.token() };
});

describe('recordPayment under failures', () => {
  it('retries a 503 once and then succeeds', async () => {
    await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts', method: 'POST', count: 1 });
    const since = await env.journal.mark();
    const today = (await env.clock.now()).slice(0, 10);
    await recordPayment(api, { invoiceId: 300000000001379, amount: 250, receiptNumber: 'CHK-2001', date: today });

    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', since }, count: { exactly: 2 } });
    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 503, since }, count: { exactly: 1 } });
  });

  it('does not retry a 400 (the amount is refused)', async () => {
    const today = (await env.clock.now()).slice(0, 10);
    const failure = recordPayment(api, { invoiceId: 300000000001379, amount: -5, receiptNumber: 'CHK-2002', date: today });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    const result = await env.journal.verify({ request: { method: 'POST', path: '*/standardReceipts' }, count: { exactly: 1 } });
    expect(result.ok).toBe(true);
  });
});
