// Failure handling, with the simulator's fault rules: a 503 is retried exactly once, a 400 never.
// Each test starts from a clean slate (no rules, an empty journal), so counts are the test's own.
import { test } from 'erp-integration-simulator/vitest';
import { describe, expect } from 'vitest';
import { ApiError, recordPayment } from '../src/receivables-client.ts';

describe('recordPayment under failures', () => {
  test('retries a 503 once and then succeeds', async ({ env }) => {
    await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts', method: 'POST', count: 1 });
    const today = (await env.clock.now()).slice(0, 10);
    await recordPayment({ baseUrl: env.baseUrl, token: () => env.token() }, { invoiceId: 300000000001379, amount: 250, receiptNumber: 'CHK-2001', date: today });

    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 503 }, count: { exactly: 1 } });
    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 201 }, count: { exactly: 1 } });
  });

  test('does not retry a 400 (the amount is refused)', async ({ env }) => {
    const today = (await env.clock.now()).slice(0, 10);
    const failure = recordPayment({ baseUrl: env.baseUrl, token: () => env.token() }, { invoiceId: 300000000001379, amount: -5, receiptNumber: 'CHK-2002', date: today });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts' }, count: { exactly: 1 } });
  });
});
