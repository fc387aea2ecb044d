/**
 * POST .../action/splitInstallments (spec 000 § splitInstallments rules 1-6). Element names are the
 * installment resource's own (real-product-facts): InstallmentSequenceNumber, InstallmentDueDate,
 * OriginalAmount, optionally InstallmentId. Existing installments are updated in place, so applied
 * cash stays with the installment it settled (rule 4: balances are recomputed over the new amounts).
 */
import { isoDate } from '../../../core/clock.ts';
import { Big, decimalPlaces, numberLiteral } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import type { InstallmentRow } from '../book/records.ts';
import { amountInRange, FW, isBodyDate, MAX_BODY_DATE, MIN_BODY_DATE, RestError, type ErrorDetail } from '../rest/index.ts';
import { AR } from './definitions.ts';
import { SIM_AR } from './lines.ts';
import { newInstallment } from './schedule-rows.ts';
import { settledAmount, settleInstallment } from './state.ts';
import { loadInvoice, nextStamp, precisionOfInvoice, saveInvoice } from './store.ts';

const ELEMENT_ATTRIBUTES = new Set(['InstallmentSequenceNumber', 'InstallmentDueDate', 'OriginalAmount', 'InstallmentId']);

interface Planned {
  seq: number;
  due?: string;
  amount?: Big;
  id?: number;
  at: string;
}

const invalid = (detail: string, path: string) => new RestError(400, SIM_AR.SPLIT_INVALID, detail, { path });

function parsePayload(raw: unknown, precision: number, currency: string): Planned[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new RestError(400, FW.BODY_NOT_OBJECT, 'The request body must be a JSON object with the key installmentPayload.');
  const body = raw as Row;
  const extra = Object.keys(body).filter((k) => k !== 'installmentPayload');
  if (extra.length) {
    throw new RestError(400, FW.UNKNOWN_ATTRIBUTE, `splitInstallments takes only installmentPayload (an array of installments); ${extra.join(', ')} is not accepted.`, {
      path: extra[0],
      details: extra.map((k) => ({ detail: `${k} is not a parameter of splitInstallments.`, path: k })),
    });
  }
  const list = body.installmentPayload;
  if (!Array.isArray(list) || list.length === 0) throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, 'installmentPayload must be a non-empty array of installment objects.', { path: 'installmentPayload' });
  const problems: ErrorDetail[] = [];
  const out: Planned[] = [];
  list.forEach((el, i) => {
    const at = `installmentPayload[${i}]`;
    if (!el || typeof el !== 'object' || Array.isArray(el)) {
      problems.push({ detail: `${at} must be an object.`, path: at, code: FW.INVALID_ATTRIBUTE_VALUE });
      return;
    }
    const e = el as Row;
    for (const k of Object.keys(e)) if (!ELEMENT_ATTRIBUTES.has(k)) problems.push({ detail: `${k} is not an installment attribute splitInstallments accepts.`, path: `${at}.${k}`, code: FW.UNKNOWN_ATTRIBUTE });
    const seq = e.InstallmentSequenceNumber;
    if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) {
      problems.push({ detail: 'InstallmentSequenceNumber must be a positive whole number.', path: `${at}.InstallmentSequenceNumber`, code: FW.INVALID_ATTRIBUTE_VALUE });
      return;
    }
    const planned: Planned = { seq, at };
    if (e.InstallmentDueDate !== undefined && e.InstallmentDueDate !== null) {
      if (typeof e.InstallmentDueDate !== 'string' || !isBodyDate(e.InstallmentDueDate)) problems.push({ detail: `InstallmentDueDate must be a date (yyyy-MM-dd) between ${MIN_BODY_DATE} and ${MAX_BODY_DATE}.`, path: `${at}.InstallmentDueDate`, code: FW.INVALID_ATTRIBUTE_VALUE });
      else planned.due = e.InstallmentDueDate;
    }
    if (e.OriginalAmount !== undefined && e.OriginalAmount !== null) {
      const v = e.OriginalAmount;
      if (typeof v !== 'number' || !Number.isFinite(v)) problems.push({ detail: 'OriginalAmount must be a number.', path: `${at}.OriginalAmount`, code: FW.INVALID_ATTRIBUTE_VALUE });
      else if (!amountInRange(v)) problems.push({ detail: 'OriginalAmount must be less than 100000000000 in absolute value.', path: `${at}.OriginalAmount`, code: FW.NUMBER_OUT_OF_RANGE });
      else if (decimalPlaces(v) > 4) problems.push({ detail: 'OriginalAmount has more than 4 decimal places.', path: `${at}.OriginalAmount`, code: FW.TOO_MANY_DECIMALS });
      else if (decimalPlaces(v) > precision) problems.push({ detail: `OriginalAmount ${numberLiteral(v)} cannot be expressed in ${currency} (${precision} decimals).`, path: `${at}.OriginalAmount`, code: SIM_AR.SPLIT_INVALID });
      else planned.amount = new Big(numberLiteral(v));
    }
    if (e.InstallmentId !== undefined && e.InstallmentId !== null) {
      if (typeof e.InstallmentId !== 'number' || !Number.isSafeInteger(e.InstallmentId)) problems.push({ detail: 'InstallmentId must be a number.', path: `${at}.InstallmentId`, code: FW.INVALID_ATTRIBUTE_VALUE });
      else planned.id = e.InstallmentId;
    }
    out.push(planned);
  });
  if (problems.length) {
    const first = problems[0] as ErrorDetail;
    throw new RestError(400, first.code ?? FW.INVALID_ATTRIBUTE_VALUE, first.detail, { path: first.path, details: problems });
  }
  return out;
}

/** Apply a split; returns nothing (the route answers the new installment collection). */
export function splitInstallments(tx: WriteTx, invoiceId: string, raw: unknown, now: Date): void {
  const agg = loadInvoice(tx, invoiceId);
  if (!agg) throw new RestError(404, AR.INVOICE_NOT_FOUND, `No invoice with CustomerTransactionId ${invoiceId} exists.`, { path: 'CustomerTransactionId' });
  const inv = agg.invoice;
  // Rule 1.
  if (inv.InvoiceStatus !== 'Complete' || inv.voided) {
    const why = inv.voided ? 'is void' : `has status ${inv.InvoiceStatus}`;
    throw new RestError(409, AR.SPLIT_NOT_COMPLETE, `Invoice ${inv.TransactionNumber} ${why}; installments can be split only on a Complete invoice.`, { path: 'InvoiceStatus' });
  }
  const p = precisionOfInvoice(tx, inv);
  const plan = parsePayload(raw, p, inv.InvoiceCurrencyCode);
  const bySeq = new Map<number, Planned>();
  for (const e of plan) {
    if (bySeq.has(e.seq)) throw invalid(`InstallmentSequenceNumber ${e.seq} appears twice.`, `${e.at}.InstallmentSequenceNumber`);
    bySeq.set(e.seq, e);
  }
  // Rule 2: every existing installment named.
  const omitted = agg.installments.filter((i) => !bySeq.has(i.InstallmentSequenceNumber));
  if (omitted.length) {
    throw new RestError(400, AR.SPLIT_OMITS, `installmentPayload must name every existing installment; missing sequence ${omitted.map((i) => i.InstallmentSequenceNumber).join(', ')}.`, {
      path: 'installmentPayload',
      details: omitted.map((i) => ({ detail: `Installment ${i.InstallmentSequenceNumber} (InstallmentId ${i.InstallmentId}) is not in the payload.`, path: 'installmentPayload' })),
    });
  }
  // Rule 3: contiguous sequences, due dates, amounts.
  const seqs = [...bySeq.keys()].sort((a, b) => a - b);
  seqs.forEach((s, i) => {
    if (s !== i + 1) throw invalid(`Installment sequences must be contiguous from 1; ${i + 1} is missing.`, 'installmentPayload');
  });
  let total = new Big(0);
  for (const s of seqs) {
    const e = bySeq.get(s) as Planned;
    const existing = agg.installments.find((i) => i.InstallmentSequenceNumber === s);
    if (existing && e.id !== undefined && e.id !== existing.InstallmentId) {
      throw invalid(`InstallmentId ${e.id} is not installment ${s} of this invoice.`, `${e.at}.InstallmentId`);
    }
    if (!existing && e.id !== undefined) throw invalid(`Installment ${s} is new and cannot carry an InstallmentId.`, `${e.at}.InstallmentId`);
    const amount = e.amount ?? (existing ? new Big(existing.OriginalAmount) : undefined);
    const due = e.due ?? existing?.InstallmentDueDate;
    if (!existing) {
      if (!amount || !due) throw invalid(`New installment ${s} needs OriginalAmount and InstallmentDueDate.`, e.at);
      if (amount.lte(0)) throw invalid(`New installment ${s} must be greater than zero.`, `${e.at}.OriginalAmount`);
    } else if ((amount as Big).lt(0)) {
      throw invalid(`Installment ${s} cannot be negative.`, `${e.at}.OriginalAmount`);
    }
    if (e.due !== undefined && e.due < inv.TransactionDate) throw invalid(`InstallmentDueDate ${e.due} is before the transaction date ${inv.TransactionDate}.`, `${e.at}.InstallmentDueDate`);
    total = total.plus(amount as Big);
  }
  if (!total.eq(inv.EnteredAmount)) {
    throw invalid(`Installment amounts sum to ${total.toFixed(p)} but the transaction amount is ${new Big(inv.EnteredAmount).toFixed(p)}.`, 'installmentPayload');
  }
  // Rule 5: not below what settled it; closed by settlement cannot change.
  for (const i of agg.installments) {
    const e = bySeq.get(i.InstallmentSequenceNumber) as Planned;
    const amount = e.amount ?? new Big(i.OriginalAmount);
    const due = e.due ?? i.InstallmentDueDate;
    const settled = settledAmount(i);
    if (i.InstallmentStatus === 'CL' && i.closedBy === 'settlement' && (!amount.eq(i.OriginalAmount) || due !== i.InstallmentDueDate)) {
      throw new RestError(409, AR.SPLIT_BELOW_SETTLED, `Installment ${i.InstallmentSequenceNumber} is closed by settlement; its amount and due date cannot change.`, { path: `${e.at}` });
    }
    if (amount.lt(settled)) {
      throw new RestError(409, AR.SPLIT_BELOW_SETTLED, `Installment ${i.InstallmentSequenceNumber} cannot be set to ${amount.toFixed(p)}: ${settled.toFixed(p)} has already settled it.`, { path: `${e.at}.OriginalAmount` });
    }
  }

  const stamp = nextStamp(tx, now);
  const today = isoDate(now);
  const installments: InstallmentRow[] = seqs.map((s) => {
    const e = bySeq.get(s) as Planned;
    const existing = agg.installments.find((i) => i.InstallmentSequenceNumber === s);
    if (!existing) return newInstallment(tx.nextId(), inv.CustomerTransactionId, s, e.due as string, (e.amount as Big).toFixed(p), p, stamp);
    const amount = (e.amount ?? new Big(existing.OriginalAmount)).toFixed(p);
    const due = e.due ?? existing.InstallmentDueDate;
    if (amount === new Big(existing.OriginalAmount).toFixed(p) && due === existing.InstallmentDueDate) return existing;
    const dispute = new Big(existing.DisputeAmount).gt(amount) ? amount : existing.DisputeAmount;
    return settleInstallment({ ...existing, OriginalAmount: amount, InstallmentDueDate: due, DisputeAmount: dispute, LastUpdateDate: stamp }, today, p);
  });
  saveInvoice(tx, { invoice: inv, lines: agg.lines, installments }, stamp);
}
