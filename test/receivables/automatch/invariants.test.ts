// Property test (issue 9 § Tests): random receipts, references, PATCHes, clock moves and AutoMatch runs keep
// the book's invariants. Spec 000 § Installment (InstallmentBalanceDue = OriginalAmount less AmountPaid),
// § Standard receipt (UnappliedAmount), "What the service does" 4-5: never more applied than the receipt
// holds or the transaction owes, and no negative balance.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Big } from '../../../src/engine/core/money.ts';
import type { DataView } from '../../../src/engine/core/types.ts';
import { KIND, type InstallmentRow, type InvoiceRow, type ReceiptApplicationRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import { openApi, RECEIPTS, receiptBody } from '../receipts/helpers.ts';

function checkBook(data: DataView): void {
  const apps = data.list<ReceiptApplicationRow>(KIND.receiptApplication);
  const byReceipt = new Map<number, Big>();
  const byInstallment = new Map<number, Big>();
  for (const a of apps) {
    byReceipt.set(a.StandardReceiptId, (byReceipt.get(a.StandardReceiptId) ?? new Big(0)).plus(a.ApplicationAmount));
    byInstallment.set(a.ReferenceInstallmentId, (byInstallment.get(a.ReferenceInstallmentId) ?? new Big(0)).plus(a.ApplicationAmount));
    expect(new Big(a.ApplicationAmount).gt(0)).toBe(true);
  }
  for (const r of data.list<StandardReceiptRow>(KIND.standardReceipt)) {
    const applied = byReceipt.get(r.StandardReceiptId) ?? new Big(0);
    expect(new Big(r.Amount).eq(new Big(r.UnappliedAmount).plus(applied)), `receipt ${r.ReceiptNumber}`).toBe(true);
    expect(new Big(r.UnappliedAmount).gte(0)).toBe(true);
  }
  for (const i of data.list<InstallmentRow>(KIND.installment)) {
    const inv = data.get<InvoiceRow>(KIND.invoice, String(i.invoiceId));
    if (!inv || inv.voided) continue;
    expect(new Big(i.InstallmentBalanceDue).gte(0), `installment ${i.InstallmentId}`).toBe(true);
    expect(new Big(i.OriginalAmount).eq(new Big(i.InstallmentBalanceDue).plus(i.AmountPaid).plus(i.InstallmentAmountCredited))).toBe(true);
    expect(new Big(i.AmountPaid).gte(byInstallment.get(i.InstallmentId) ?? new Big(0))).toBe(true);
    expect(i.InstallmentStatus === 'CL').toBe(new Big(i.InstallmentBalanceDue).eq(0));
  }
  for (const inv of data.list<InvoiceRow>(KIND.invoice)) {
    if (inv.voided) continue;
    const total = inv.installmentIds.reduce((s, id) => s.plus(data.get<InstallmentRow>(KIND.installment, String(id))?.InstallmentBalanceDue ?? 0), new Big(0));
    if (inv.installmentIds.length) expect(new Big(inv.InvoiceBalanceAmount).eq(total)).toBe(true);
  }
}

it('random receipts and runs keep Amount = Unapplied + applications, installment sums, no negative balance and no over-application', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          pick: fc.nat(),
          amount: fc.integer({ min: 1, max: 2_000_000 }).map((c) => c / 100),
          refs: fc.array(fc.record({ exact: fc.boolean(), amount: fc.option(fc.integer({ min: 1, max: 500_000 }).map((c) => c / 100)), typo: fc.boolean() }), { maxLength: 3 }),
          customer: fc.constantFrom('same', 'other', 'none'),
          then: fc.constantFrom('run', 'clock', 'nothing', 'patch'),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      async (ops) => {
        const api = await openApi();
        const data = await api.sim.engine.store.data(api.key);
        const open = api.invoices((r) => r.InvoiceStatus === 'Complete' && !r.voided && Number(r.InvoiceBalanceAmount) > 0 && r.InvoiceCurrencyCode === 'USD');
        for (const op of ops) {
          const inv = open[op.pick % open.length] as InvoiceRow;
          const refs = op.refs.map((r) => ({
            ReferenceNumber: r.typo ? `${inv.TransactionNumber.slice(0, -1)}${(Number(inv.TransactionNumber.slice(-1)) + 3) % 10}` : r.exact ? inv.TransactionNumber : 'INV-1',
            ...(r.amount === null ? {} : { ReferenceAmount: r.amount }),
          }));
          const customer = op.customer === 'same' ? inv.BillToCustomerNumber : op.customer === 'other' ? (inv.BillToCustomerNumber === '10010' ? '10020' : '10010') : undefined;
          const res = await api.call('POST', RECEIPTS, receiptBody({ Amount: op.amount, CustomerAccountNumber: customer, remittanceReferences: refs }));
          expect(res.status).toBe(201);
          if (op.then === 'run') expect((await api.sim.admin('POST', `/environments/${api.key}/automatch/run`)).status).toBe(200);
          if (op.then === 'clock') await api.advanceClock(6_000);
          if (op.then === 'patch' && op.customer === 'none') await api.call('PATCH', `${RECEIPTS}/${res.body.StandardReceiptId}`, { CustomerAccountNumber: inv.BillToCustomerNumber });
          checkBook(data);
        }
        await api.sim.admin('POST', `/environments/${api.key}/automatch/run`);
        checkBook(data);
        expect(api.sim.engine.stats.unhandledErrors).toBe(0);
      },
    ),
    { numRuns: 25 },
  );
}, 120_000);
