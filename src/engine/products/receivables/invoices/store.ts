/**
 * Loading and saving an invoice with its children inside a write, keeping the header totals and
 * the LastUpdateDate cascade current (spec 000 § Incremental sync: child mutations cascade to the
 * parent invoice LastUpdateDate).
 */
import { addDays } from '../../../core/clock.ts';
import type { DataView, WriteTx } from '../../../core/types.ts';
import { currencyByCode, termByName } from '../book/lookups.ts';
import { KIND, type InstallmentRow, type InvoiceLineRow, type InvoiceRow } from '../book/records.ts';
import { timestamp } from '../book/time.ts';
import { withTotals } from './state.ts';

export interface InvoiceAggregate {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  installments: InstallmentRow[];
}

export function loadInvoice(data: DataView, id: string): InvoiceAggregate | undefined {
  const invoice = data.get<InvoiceRow>(KIND.invoice, id);
  if (!invoice) return undefined;
  const lines = invoice.lineIds.map((l) => data.get<InvoiceLineRow>(KIND.invoiceLine, String(l))).filter((l): l is InvoiceLineRow => !!l);
  const installments = invoice.installmentIds
    .map((i) => data.get<InstallmentRow>(KIND.installment, String(i)))
    .filter((i): i is InstallmentRow => !!i)
    .sort((a, b) => a.InstallmentSequenceNumber - b.InstallmentSequenceNumber);
  return { invoice, lines, installments };
}

export function precisionOfInvoice(data: DataView, inv: Pick<InvoiceRow, 'InvoiceCurrencyCode'>): number {
  return currencyByCode(data, inv.InvoiceCurrencyCode)?.Precision ?? 2;
}

/** Due date the terms give (DueDate of an invoice that has no schedule yet). */
export function termDueDate(data: DataView, inv: Pick<InvoiceRow, 'PaymentTerms' | 'TransactionDate'>): string {
  const term = termByName(data, inv.PaymentTerms);
  const first = term?.installments.slice().sort((a, b) => a.sequence - b.sequence)[0];
  return addDays(inv.TransactionDate, first?.dueDays ?? 0);
}

/**
 * A LastUpdateDate for this write: the environment clock, but always after the last one issued,
 * so `q=LastUpdateDate > '<previous watermark>'` never misses a change made in the same millisecond.
 */
export function nextStamp(tx: WriteTx, now: Date): string {
  const last = tx.get<{ at: number }>(KIND.syncWatermark, 'last');
  const at = Math.max(now.getTime(), (last?.at ?? 0) + 1);
  tx.put(KIND.syncWatermark, 'last', { at });
  return timestamp(new Date(at));
}

/** Recompute the header from its children and store header, lines and installments. */
export function saveInvoice(tx: WriteTx, agg: InvoiceAggregate, stamp: string): InvoiceRow {
  const p = precisionOfInvoice(tx, agg.invoice);
  const header = withTotals({ ...agg.invoice, LastUpdateDate: stamp }, agg.lines, agg.installments, p, termDueDate(tx, agg.invoice));
  for (const l of agg.lines) tx.put(KIND.invoiceLine, String(l.CustomerTransactionLineId), l);
  for (const i of agg.installments) tx.put(KIND.installment, String(i.InstallmentId), i);
  tx.put(KIND.invoice, String(header.CustomerTransactionId), header);
  return header;
}

