// Spec 000 § What the service does 4-5 (AR_APPLY_RECEIPTS_USING_AUTOMATCH), § Standard receipt and
// Installment state tables, § Incremental sync, Invoices DELETE / PATCH rule 2, Receipt rules 4-5;
// real-product facts § Apply Receipts Using AutoMatch. Defaults and scores: docs/reference/receivables.md § AutoMatch.
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../../src/engine/products/receivables/book/records.ts';
import type { Api } from '../invoices/helpers.ts';
import { openApi, openInvoice, RECEIPTS, receiptBody, REST } from '../receipts/helpers.ts';

let api: Api;
beforeEach(async () => {
  api = await openApi();
});

const INVOICES = `${REST}/receivablesInvoices`;
const run = () => api.sim.admin('POST', `/environments/${api.key}/automatch/run`);
const settings = (body: unknown) => api.sim.admin('PUT', `/environments/${api.key}/automatch`, body);

/** A receipt of the invoice's customer paying `amount` with one reference. */
async function pay(inv: InvoiceRow, amount: number, ref: Record<string, unknown> = { ReferenceNumber: inv.TransactionNumber }, over: Record<string, unknown> = {}) {
  const res = await api.call('POST', RECEIPTS, receiptBody({ Amount: amount, CustomerAccountNumber: inv.BillToCustomerNumber, Currency: inv.InvoiceCurrencyCode, remittanceReferences: [ref], ...over }));
  expect(res.status).toBe(201);
  return res.body as { StandardReceiptId: number; State: string };
}

/** A number one edit (the last digit) away from the invoice's that no invoice of the book has. */
function typoOf(inv: InvoiceRow): string {
  const numbers = new Set(api.invoices().map((r) => r.TransactionNumber));
  for (let d = 1; d < 10; d++) {
    const typo = inv.TransactionNumber.slice(0, -1) + String((Number(inv.TransactionNumber.slice(-1)) + d) % 10);
    if (!numbers.has(typo)) return typo;
  }
  throw new Error('no free typo');
}

const invoice = async (id: number) => (await api.call('GET', `${INVOICES}/${id}?expand=receivablesInvoiceInstallments`)).body;
const receipt = async (id: number) => (await api.call('GET', `${RECEIPTS}/${id}`)).body;

describe('the cash cycle', () => {
  it('created UNAPPLIED; the run enqueued a few seconds later applies it on the next request after the clock passes; installments close; incremental sync sees the invoice', async () => {
    const inv = openInvoice(api, (r) => r.installmentIds.length === 1);
    const watermark = inv.LastUpdateDate;
    const created = await pay(inv, Number(inv.InvoiceBalanceAmount));
    expect(created.State).toBe('UNAPPLIED');
    expect((await receipt(created.StandardReceiptId)).State).toBe('UNAPPLIED'); // not due yet
    await api.advanceClock(10_000); // past delaySeconds (5)
    const after = await receipt(created.StandardReceiptId);
    expect(after).toMatchObject({ State: 'APPLIED', UnappliedAmount: 0 });
    const paid = await invoice(inv.CustomerTransactionId);
    expect(paid.InvoiceBalanceAmount).toBe(0);
    const inst = paid.receivablesInvoiceInstallments[0];
    expect(inst).toMatchObject({ InstallmentStatus: 'CL', InstallmentBalanceDue: 0, AmountPaid: Number(inv.InvoiceBalanceAmount), PaymentDaysLate: 0, InstallmentClosedDate: '2026-03-15' });
    const sync = await api.call('GET', `${INVOICES}?q=${encodeURIComponent(`LastUpdateDate > '${watermark}'`)}&limit=500`);
    expect(sync.body.items.map((i: { CustomerTransactionId: number }) => i.CustomerTransactionId)).toContain(inv.CustomerTransactionId);
    expect(paid.LastUpdateDate > watermark).toBe(true);
  });

  it('applied cash locks the invoice and the receipt: DELETE AR_TRX_DELETE_NOT_ALLOWED, PaymentTerms AR-1020, receipt PATCH/DELETE refused', async () => {
    const inv = openInvoice(api, (r) => r.BillToCustomerNumber === '10010');
    const r = await pay(inv, 10);
    expect((await run()).body.applied).toHaveLength(1);
    expect((await api.call('DELETE', `${INVOICES}/${inv.CustomerTransactionId}`)).body['o:errorCode']).toBe('AR_TRX_DELETE_NOT_ALLOWED');
    expect((await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { PaymentTerms: '45 NET' })).body['o:errorCode']).toBe('AR-1020');
    expect((await api.call('PATCH', `${RECEIPTS}/${r.StandardReceiptId}`, { CustomerBankAccountNumber: '1' })).body['o:errorCode']).toBe('SIM-RCP-4006');
    expect((await api.call('DELETE', `${RECEIPTS}/${r.StandardReceiptId}`)).body['o:errorCode']).toBe('SIM-RCP-4007');
  });

  it('a remittance reference added later makes the receipt eligible for the next run (UNAPPLIED -> UNAPPLIED, then APPLIED)', async () => {
    const inv = openInvoice(api);
    const res = await api.call('POST', RECEIPTS, receiptBody({ Amount: 5, CustomerAccountNumber: inv.BillToCustomerNumber }));
    expect((await run()).body.applied).toEqual([]);
    const added = await api.call('POST', `${RECEIPTS}/${res.body.StandardReceiptId}/child/remittanceReferences`, { ReferenceNumber: inv.TransactionNumber });
    expect(added.status).toBe(201);
    expect((await receipt(res.body.StandardReceiptId)).State).toBe('UNAPPLIED');
    await api.advanceClock(6_000);
    expect((await receipt(res.body.StandardReceiptId)).State).toBe('APPLIED');
  });
});

describe('scoring and application', () => {
  it('a partial payment of the right customer with the exact number is applied (not a doubtful match), oldest due installment first', async () => {
    const inv = openInvoice(api, (r) => r.installmentIds.length >= 2);
    const before = await invoice(inv.CustomerTransactionId);
    const first = before.receivablesInvoiceInstallments.filter((i: { InstallmentStatus: string }) => i.InstallmentStatus === 'OP').sort((a: { InstallmentDueDate: string }, b: { InstallmentDueDate: string }) => a.InstallmentDueDate.localeCompare(b.InstallmentDueDate))[0];
    const r = await pay(inv, 1, { ReferenceNumber: inv.TransactionNumber, ReferenceAmount: 1 });
    const result = (await run()).body;
    expect(result.applied).toHaveLength(1);
    expect(result.applied[0]).toMatchObject({ StandardReceiptId: r.StandardReceiptId, CustomerTransactionId: inv.CustomerTransactionId, amount: 1, scores: { customer: 100, transaction: 100, amount: 50 }, score: 90 });
    const after = await invoice(inv.CustomerTransactionId);
    const moved = after.receivablesInvoiceInstallments.find((i: { InstallmentId: number }) => i.InstallmentId === first.InstallmentId);
    expect(moved.AmountPaid).toBeCloseTo(first.AmountPaid + 1, 6);
    expect(after.InvoiceBalanceAmount).toBeCloseTo(before.InvoiceBalanceAmount - 1, 6);
  });

  it('string handling: case, spaces, leading zeros and the INV- prefix do not matter', async () => {
    const inv = openInvoice(api);
    const digits = inv.TransactionNumber.replace(/^INV-/, '');
    await pay(inv, 2, { ReferenceNumber: ` inv 000${digits} ` });
    expect((await run()).body.applied[0]).toMatchObject({ CustomerTransactionId: inv.CustomerTransactionId, scores: { transaction: 100 } });
  });

  it('a number one edit away is recommended with its scores and reason, and nothing is applied', async () => {
    const inv = openInvoice(api);
    const r = await pay(inv, Number(inv.InvoiceBalanceAmount), { ReferenceNumber: typoOf(inv) });
    const result = (await run()).body;
    expect(result.applied).toEqual([]);
    const rec = result.recommended.find((e: { StandardReceiptId: number }) => e.StandardReceiptId === r.StandardReceiptId);
    expect(rec).toMatchObject({ CustomerTransactionId: inv.CustomerTransactionId, scores: { customer: 100, transaction: 50, amount: 100 }, score: 70 });
    expect(rec.reason).toMatch(/below the auto-apply threshold 80/);
    expect((await receipt(r.StandardReceiptId)).State).toBe('UNAPPLIED');
  });

  it('an overpayment applies only the balance and leaves the rest unapplied', async () => {
    const inv = openInvoice(api, (r) => r.InvoiceCurrencyCode === 'USD');
    const balance = Number(inv.InvoiceBalanceAmount);
    const r = await pay(inv, balance + 100);
    const result = (await run()).body;
    expect(result.applied[0]).toMatchObject({ amount: balance, scores: { amount: 0 }, score: 80 });
    expect((await receipt(r.StandardReceiptId)).UnappliedAmount).toBeCloseTo(100, 6);
    expect((await invoice(inv.CustomerTransactionId)).InvoiceBalanceAmount).toBe(0);
  });

  it('references other than Transaction Number are kept and never matched; a currency mismatch is a reason, not an application', async () => {
    const inv = openInvoice(api);
    const po = await pay(inv, 5, { ReceiptMatchBy: 'Purchase Order', ReferenceNumber: inv.TransactionNumber });
    const eur = await pay(inv, 5, { ReferenceNumber: inv.TransactionNumber }, { Currency: 'EUR' });
    const result = (await run()).body;
    expect(result.unmatched.find((e: { StandardReceiptId: number }) => e.StandardReceiptId === po.StandardReceiptId).reason).toMatch(/Purchase Order/);
    const rec = result.recommended.find((e: { StandardReceiptId: number }) => e.StandardReceiptId === eur.StandardReceiptId);
    expect(rec.reason).toMatch(/Currency mismatch/);
    expect(result.applied).toEqual([]);
  });

  it('a run never applies the same reference twice, and identical input gives identical results', async () => {
    const inv = openInvoice(api);
    await pay(inv, 3);
    const first = (await run()).body;
    expect(first.applied).toHaveLength(1);
    const second = (await run()).body;
    expect(second.applied).toEqual([]);

    const other = await openApi();
    const inv2 = openInvoice(other);
    expect(inv2.CustomerTransactionId).toBe(inv.CustomerTransactionId);
    const prev = api;
    api = other;
    await pay(inv2, 3, { ReferenceNumber: inv2.TransactionNumber }, { ReceiptNumber: 'SAME' });
    const a = (await run()).body;
    api = prev;
    await pay(inv, 3, { ReferenceNumber: inv.TransactionNumber }, { ReceiptNumber: 'SAME' });
    const b = (await run()).body;
    // The same operations on two fresh books: the same entries (ids come from the same sequence).
    expect(a.applied.map(({ score, scores, amount, CustomerTransactionId }: Record<string, unknown>) => ({ score, scores, amount, CustomerTransactionId }))).toEqual(
      b.applied.map(({ score, scores, amount, CustomerTransactionId }: Record<string, unknown>) => ({ score, scores, amount, CustomerTransactionId })),
    );
  });

  it('an UNIDENTIFIED receipt is not matched until a customer is assigned', async () => {
    const inv = openInvoice(api);
    const res = await api.call('POST', RECEIPTS, receiptBody({ CustomerAccountNumber: undefined, Amount: 4, remittanceReferences: [{ ReferenceNumber: inv.TransactionNumber }] }));
    expect(res.body.State).toBe('UNIDENTIFIED');
    expect((await run()).body.applied).toEqual([]);
    await api.call('PATCH', `${RECEIPTS}/${res.body.StandardReceiptId}`, { CustomerAccountNumber: inv.BillToCustomerNumber });
    expect((await run()).body.applied[0]).toMatchObject({ StandardReceiptId: res.body.StandardReceiptId });
  });
});

describe('control API: settings, schedule, runs', () => {
  it('GET shows settings, due times and recent runs; the run answers applied, recommended and unmatched entries', async () => {
    const g = await api.sim.admin('GET', `/environments/${api.key}/automatch`);
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      process: 'AR_APPLY_RECEIPTS_USING_AUTOMATCH',
      settings: { weights: { customer: 20, transaction: 60, amount: 20 }, thresholds: { minimumMatch: 60, autoApply: 80 }, schedule: { enabled: true, intervalMinutes: 60, delaySeconds: 5 } },
      nextDueAt: '2026-03-15T11:00:00.000Z',
      runs: [],
    });
    const r = await run();
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(expect.arrayContaining(['applied', 'recommended', 'unmatched']));
    expect(r.body.unmatched[0]).toMatchObject({ reason: expect.any(String), StandardReceiptId: expect.any(Number), ReceiptNumber: expect.any(String) });
    const runs = (await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body.runs;
    expect(runs[0]).toMatchObject({ trigger: 'on demand', counts: { applied: 0 } });
  });

  it.each([
    [{ weights: { customer: 50, transaction: 50, amount: 50 } }, /total 100/],
    [{ weights: { customer: 20, transaction: 80 } }, /weights/],
    [{ thresholds: { minimumMatch: 90, autoApply: 80 } }, /minimumMatch cannot be above autoApply/],
    [{ thresholds: { minimumMatch: -1, autoApply: 80 } }, /thresholds/],
    [{ schedule: { intervalMinutes: 0 } }, /intervalMinutes/],
    [{ schedule: { everyDay: true } }, /schedule/],
    [{ colour: 'red' }, /Unknown settings/],
    ['[1]', /JSON object/],
    ['{', /not valid JSON/],
  ])('PUT %j is refused with 400 and changes nothing', async (body, message) => {
    const before = (await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body.settings;
    const res = await settings(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body.settings).toEqual(before);
  });

  it('new thresholds change what is applied: with autoApply 70 a one-edit typo is applied', async () => {
    expect((await settings({ thresholds: { minimumMatch: 50, autoApply: 70 } })).status).toBe(200);
    const inv = openInvoice(api);
    await pay(inv, Number(inv.InvoiceBalanceAmount), { ReferenceNumber: typoOf(inv) });
    const result = (await run()).body;
    expect(result.applied[0]).toMatchObject({ CustomerTransactionId: inv.CustomerTransactionId, score: 70 });
  });

  it('schedule off: a moved clock runs nothing; on demand still runs', async () => {
    await settings({ schedule: { enabled: false } });
    const inv = openInvoice(api);
    const r = await pay(inv, 1);
    await api.advanceClock(3 * 3_600_000);
    expect((await receipt(r.StandardReceiptId)).State).toBe('UNAPPLIED');
    expect((await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body.nextDueAt).toBeNull();
    expect((await run()).body.applied).toHaveLength(1);
  });

  it('the recurring schedule runs once when its time passes, however many slots were missed', async () => {
    await api.advanceClock(5 * 3_600_000);
    await api.call('GET', `${RECEIPTS}?limit=1`);
    const state = (await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body;
    expect(state.runs.map((x: { trigger: string }) => x.trigger)).toEqual(['schedule']);
    expect(Date.parse(state.nextScheduledAt)).toBe(Date.parse('2026-03-15T10:00:00.000Z') + 5 * 3_600_000 + 3_600_000);
  });

  it('reset puts the seeded book back with default settings and no runs (README control API: reset)', async () => {
    await settings({ thresholds: { minimumMatch: 10, autoApply: 20 } });
    await run();
    expect((await api.sim.admin('POST', `/environments/${api.key}/reset`)).status).toBe(200);
    const after = (await api.sim.admin('GET', `/environments/${api.key}/automatch`)).body;
    expect(after.settings.thresholds).toEqual({ minimumMatch: 60, autoApply: 80 });
    expect(after.runs).toEqual([]);
  });

  it('AutoMatch cannot be submitted through the receivables API; unknown control routes and methods are refused', async () => {
    expect((await api.call('POST', `${REST}/AR_APPLY_RECEIPTS_USING_AUTOMATCH`, {})).status).toBe(404);
    expect((await api.sim.admin('GET', `/environments/${api.key}/automatch/run`)).status).toBe(405);
    expect((await api.sim.admin('POST', `/environments/${api.key}/automatch/nope`)).status).toBe(404);
    expect((await api.sim.admin('POST', '/environments/env_00000000000000000000000000000000/automatch/run')).status).toBe(404);
  });

  it('generate receipts adds receipts whose references point at open invoices; a run applies, recommends and leaves some unmatched', async () => {
    const g = await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: 60, kind: 'receipts' });
    expect(g).toMatchObject({ status: 201, body: { resource: 'standardReceipts', added: 60 } });
    expect((await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: 1, kind: 'payments' })).status).toBe(400);
    const result = (await run()).body;
    expect(result.applied.length).toBeGreaterThan(0);
    expect(result.unmatched.length).toBeGreaterThan(0);
  });
});
