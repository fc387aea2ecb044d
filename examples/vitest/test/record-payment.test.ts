// The client against the simulator: a clean environment per test (the `env` fixture), and
// journal.verify to assert which calls the client made (not only what it returned).
import { test } from 'erp-integration-simulator/vitest';
import { describe, expect } from 'vitest';
import { readInvoice, recordPayment, type Api } from '../src/receivables-client.ts';

const OPEN_INVOICE = 300000000001351; // INV-300000000001351, 47,863.56 USD open, account 10010 (seeded book)
const api = (env: { baseUrl: string; token: () => Promise<string> }): Api => ({ baseUrl: env.baseUrl, token: () => env.token() });

// A frozen clock: the seeded book is dated from this instant, so every run sees the same data.
test.scoped({ clock: { now: '2026-05-01T09:00:00Z', frozen: true } });

describe('recordPayment', () => {
  test('posts one receipt whose remittance reference names the invoice', async ({ env }) => {
    await recordPayment(api(env), { invoiceId: OPEN_INVOICE, amount: 1000, receiptNumber: 'CHK-1001', date: '2026-05-01' });

    const posted = await env.journal.verify({
      request: { method: 'POST', path: '*/standardReceipts', body: [{ jsonPath: '$.ReceiptNumber', equals: 'CHK-1001' }], bodyIncludes: '"ReferenceNumber":"INV-300000000001351"', status: 201 },
      count: { exactly: 1 },
    });
    expect(posted.nearMisses).toEqual([]);
    expect(posted.ok).toBe(true);
    // It read the invoice first, once, asking only for the fields it uses.
    await env.journal.assert({ request: { method: 'GET', path: `*/receivablesInvoices/${OPEN_INVOICE}`, query: { fields: '*TransactionNumber*' } }, count: { exactly: 1 } });
  });

  test('the invoice balance falls once AutoMatch has run (the environment clock moved a day)', async ({ env }) => {
    const { invoice } = await recordPayment(api(env), { invoiceId: OPEN_INVOICE, amount: 1000, receiptNumber: 'CHK-1002', date: '2026-05-01' });
    await env.clock.advance({ days: 1 });
    const after = await readInvoice(api(env), OPEN_INVOICE);
    expect(after.balance).toBeCloseTo(invoice.balance - 1000, 2);
  });
});
