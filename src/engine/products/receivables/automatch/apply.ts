/**
 * What an application does (spec 000 § What the service does 4-5, Installment status table): the
 * amount goes to the invoice's installments oldest due first; AmountPaid rises, balances fall, an
 * installment reaching 0 closes (InstallmentClosedDate = the environment's today), the invoice's
 * balance and LastUpdateDate move (incremental sync sees it), and the receipt becomes APPLIED with
 * its UnappliedAmount reduced. One application row per installment touched.
 */
import { isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import type { WriteTx } from '../../../core/types.ts';
import { KIND, type ReceiptApplicationRow, type StandardReceiptRow } from '../book/records.ts';
import { loadInvoice, nextStamp, precisionOfInvoice, saveInvoice } from '../invoices/store.ts';
import { settleInstallment } from '../invoices/state.ts';

export function applyReceipt(tx: WriteTx, receipt: StandardReceiptRow, invoiceId: number, amount: Big, now: Date): StandardReceiptRow {
  const agg = loadInvoice(tx, String(invoiceId));
  if (!agg) throw new Error(`AutoMatch: invoice ${invoiceId} vanished inside its run`);
  const p = precisionOfInvoice(tx, agg.invoice);
  const today = isoDate(now);
  const stamp = nextStamp(tx, now);
  let left = amount;
  const order = [...agg.installments].sort((a, b) => a.InstallmentDueDate.localeCompare(b.InstallmentDueDate) || a.InstallmentSequenceNumber - b.InstallmentSequenceNumber);
  const touched = new Map<number, (typeof agg.installments)[number]>();
  for (const inst of order) {
    if (left.lte(0)) break;
    const balance = new Big(inst.InstallmentBalanceDue);
    if (inst.InstallmentStatus !== 'OP' || balance.lte(0)) continue;
    const take = left.lt(balance) ? left : balance;
    left = left.minus(take);
    const next = settleInstallment({ ...inst, AmountPaid: new Big(inst.AmountPaid).plus(take).toFixed(p), LastUpdateDate: stamp }, today, p);
    touched.set(inst.InstallmentId, next);
    const appId = tx.nextId();
    const app: ReceiptApplicationRow = {
      ApplicationId: appId,
      StandardReceiptId: receipt.StandardReceiptId,
      ReceiptNumber: receipt.ReceiptNumber,
      ReferenceTransactionId: agg.invoice.CustomerTransactionId,
      ReferenceTransactionNumber: agg.invoice.TransactionNumber,
      ReferenceInstallmentId: inst.InstallmentId,
      ApplicationAmount: take.toFixed(p),
      Currency: receipt.Currency,
      ApplicationDate: today,
      AccountingDate: today,
      ApplicationStatus: 'APP',
      ActivityName: null,
      customerAccountId: agg.invoice.customerAccountId,
      LastUpdateDate: stamp,
    };
    tx.put(KIND.receiptApplication, String(appId), app);
  }
  const applied = amount.minus(left);
  saveInvoice(tx, { ...agg, installments: agg.installments.map((i) => touched.get(i.InstallmentId) ?? i) }, stamp);
  const next: StandardReceiptRow = {
    ...receipt,
    State: 'APPLIED',
    UnappliedAmount: new Big(receipt.UnappliedAmount).minus(applied).toFixed(p),
    LastUpdatedBy: 'AR_APPLY_RECEIPTS_USING_AUTOMATCH',
    LastUpdateDate: stamp,
  };
  tx.put(KIND.standardReceipt, String(receipt.StandardReceiptId), next);
  return next;
}
