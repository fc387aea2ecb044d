// The client against the simulator: one fresh environment per test, and journal.verify to assert
// which calls the client made (not only what it returned).
import { connectSimulator, type SimEnvironment, type Simulator } from 'erp-integration-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { readInvoice, recordPayment, type Api } from '../src/receivables-client.ts';

const OPEN_INVOICE = 300000000001351; // INV-300000000001351, 47,863.56 USD open, account 10010 (seeded book)

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

describe('recordPayment', () => {
  it('posts one receipt whose remittance reference names the invoice', async () => {
    const today = (await env.clock.now()).slice(0, 10);
    await recordPayment(api, { invoiceId: OPEN_INVOICE, amount: 1000, receiptNumber: 'CHK-1001', date: today });

    const posted = await env.journal.verify({
      request: { method: 'POST', path: '*/standardReceipts', bodyIncludes: ['"ReferenceNumber":"INV-300000000001351"', '"ReceiptNumber":"CHK-1001"'], status: 201 },
      count: { exactly: 1 },
    });
    expect(posted.nearMisses).toEqual([]);
    expect(posted.ok).toBe(true);
    // It read the invoice first, once, asking only for the fields it uses.
    await env.journal.assert({ request: { method: 'GET', path: `*/receivablesInvoices/${OPEN_INVOICE}`, query: { fields: '*TransactionNumber*' } }, count: { exactly: 1 } });
  });

  it('the invoice balance falls once AutoMatch has run (the environment clock moved a day)', async () => {
    const today = (await env.clock.now()).slice(0, 10);
    const { invoice } = await recordPayment(api, { invoiceId: OPEN_INVOICE, amount: 1000, receiptNumber: 'CHK-1002', date: today });
    await env.clock.advance({ days: 1 });
    const after = await readInvoice(api, OPEN_INVOICE);
    expect(after.balance).toBeCloseTo(invoice.balance - 1000, 2);
  });
});
