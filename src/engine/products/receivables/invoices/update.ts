/**
 * Invoice PATCH (spec 000 § PATCH rules 1-2, § Invoice status) and DELETE (§ DELETE rule).
 *
 * Choices where the spec is silent (docs/reference/receivables.md § The seeded book):
 * - an explicit null resets an attribute to its create default: InvoiceStatus Complete,
 *   PaymentTerms IMMEDIATE, TransactionDate today;
 * - moving to Incomplete removes the schedule and is refused (AR-1020) when money has settled an
 *   installment, the invoice is posted to GL or is a void; leaving Incomplete derives the schedule;
 * - a TransactionDate change keeps the existing schedule unless the schedule is re-derived anyway.
 */
import { isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import { accountById, creditApplicationsOf, receiptApplicationsOf, termByName } from '../book/lookups.ts';
import { KIND, type InvoiceRow, type InvoiceStatus } from '../book/records.ts';
import { FW, RestError, valueProblems, type ErrorDetail } from '../rest/index.ts';
import { AR, invoiceResource } from './definitions.ts';
import { buildSchedule } from './schedule-rows.ts';
import { settledAmount } from './state.ts';
import { loadInvoice, nextStamp, precisionOfInvoice, saveInvoice, type InvoiceAggregate } from './store.ts';

export const UPDATABLE = ['InvoiceStatus', 'PaymentTerms', 'TransactionDate'] as const;

const notUpdatable = (name: string, why: string) => new RestError(400, AR.NOT_UPDATABLE, `${name} cannot be changed: ${why}`, { path: name });

function hasSettlement(tx: WriteTx, agg: InvoiceAggregate): boolean {
  const id = agg.invoice.CustomerTransactionId;
  return receiptApplicationsOf(tx, id).length > 0 || creditApplicationsOf(tx, id).length > 0 || agg.installments.some((i) => settledAmount(i).gt(0));
}

/** Check a PATCH body: only the three updatable attributes (rule 1), each of its type. */
export function checkPatchBody(raw: unknown): Row {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new RestError(400, FW.BODY_NOT_OBJECT, 'The request body must be a JSON object.');
  const body = raw as Row;
  const refused: ErrorDetail[] = Object.keys(body)
    .filter((k) => !(UPDATABLE as readonly string[]).includes(k))
    .map((k) => ({ detail: `The attribute ${k} cannot be updated; only InvoiceStatus, PaymentTerms and TransactionDate can.`, path: k }));
  if (refused.length) {
    throw new RestError(400, AR.NOT_UPDATABLE, refused.length === 1 ? (refused[0] as ErrorDetail).detail : `These attributes cannot be updated: ${refused.map((r) => r.path).join(', ')}.`, {
      path: refused[0]?.path,
      details: refused,
    });
  }
  const problems: ErrorDetail[] = [];
  for (const name of UPDATABLE) if (name in body) problems.push(...valueProblems(invoiceResource.byName.get(name)!, body[name]));
  if (problems.length) {
    const first = problems[0] as ErrorDetail;
    throw new RestError(400, first.code ?? FW.INVALID_ATTRIBUTE_VALUE, first.detail, { path: first.path, details: problems });
  }
  return body;
}

export function patchInvoice(tx: WriteTx, id: string, raw: unknown, now: Date): InvoiceRow {
  const body = checkPatchBody(raw);
  const agg = loadInvoice(tx, id);
  if (!agg) throw new RestError(404, AR.INVOICE_NOT_FOUND, `No invoice with CustomerTransactionId ${id} exists.`, { path: 'CustomerTransactionId' });
  const inv = agg.invoice;
  const today = isoDate(now);
  const p = precisionOfInvoice(tx, inv);

  const nextStatus: InvoiceStatus = 'InvoiceStatus' in body ? ((body.InvoiceStatus as InvoiceStatus | null) ?? 'Complete') : inv.InvoiceStatus;
  const nextTerms = 'PaymentTerms' in body ? ((body.PaymentTerms as string | null) ?? 'IMMEDIATE') : inv.PaymentTerms;
  const nextDate = 'TransactionDate' in body ? ((body.TransactionDate as string | null) ?? today) : inv.TransactionDate;
  const statusChanged = nextStatus !== inv.InvoiceStatus;
  const termsChanged = nextTerms !== inv.PaymentTerms;
  const dateChanged = nextDate !== inv.TransactionDate;
  if (!statusChanged && !termsChanged && !dateChanged) return inv;

  const term = termByName(tx, nextTerms);
  if (!term || !term.active) throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, `The payment terms ${nextTerms} are not defined.`, { path: 'PaymentTerms' });

  // Rule 2: a terms change re-derives the schedule; refused when posted, applied or the profile forbids it.
  if (termsChanged) {
    if (inv.voided) throw notUpdatable('PaymentTerms', 'the transaction is void.');
    if (inv.glPostedDate) throw notUpdatable('PaymentTerms', `the invoice was posted to the general ledger on ${inv.glPostedDate}.`);
    if (hasSettlement(tx, agg)) throw notUpdatable('PaymentTerms', 'the invoice has receipt applications or credits; unapply them first.');
    const account = accountById(tx, inv.customerAccountId);
    if (account && !account.allowPaymentTermOverride) {
      throw notUpdatable('PaymentTerms', `the profile of customer account ${account.AccountNumber} does not allow payment terms overrides.`);
    }
  }
  const toIncomplete = statusChanged && nextStatus === 'Incomplete';
  const fromIncomplete = statusChanged && inv.InvoiceStatus === 'Incomplete';
  if (toIncomplete) {
    if (inv.voided) throw notUpdatable('InvoiceStatus', 'the transaction is void.');
    if (inv.glPostedDate) throw notUpdatable('InvoiceStatus', `the invoice was posted to the general ledger on ${inv.glPostedDate}.`);
    if (hasSettlement(tx, agg)) throw notUpdatable('InvoiceStatus', 'the invoice has receipt applications or credits.');
    if (agg.installments.some((i) => new Big(i.DisputeAmount).gt(0))) throw notUpdatable('InvoiceStatus', 'an installment is in dispute.');
  }

  const stamp = nextStamp(tx, now);
  const next: InvoiceRow = { ...inv, InvoiceStatus: nextStatus, PaymentTerms: term.Name, TransactionDate: nextDate };
  let installments = agg.installments;
  if (nextStatus === 'Incomplete') {
    installments = [];
  } else if (fromIncomplete || termsChanged) {
    installments = buildSchedule(tx, next, term, p, stamp, today, agg.installments);
  }
  const keep = new Set(installments.map((i) => i.InstallmentId));
  for (const old of agg.installments) if (!keep.has(old.InstallmentId)) tx.delete(KIND.installment, String(old.InstallmentId));
  return saveInvoice(tx, { invoice: next, lines: agg.lines, installments }, stamp);
}

/** DELETE: 204; refused with AR_TRX_DELETE_NOT_ALLOWED when money was applied; lines and installments go with it. */
export function deleteInvoice(tx: WriteTx, id: string): void {
  const agg = loadInvoice(tx, id);
  if (!agg) throw new RestError(404, 'REST-01003', `No invoice with CustomerTransactionId ${id} exists.`, { path: 'CustomerTransactionId' });
  const invoiceId = agg.invoice.CustomerTransactionId;
  if (receiptApplicationsOf(tx, invoiceId).length > 0) {
    throw new RestError(400, AR.DELETE_NOT_ALLOWED, `Invoice ${agg.invoice.TransactionNumber} has receipt applications and cannot be deleted; unapply the receipts first.`, { path: 'CustomerTransactionId' });
  }
  if (creditApplicationsOf(tx, invoiceId).length > 0) {
    throw new RestError(400, AR.DELETE_NOT_ALLOWED, `Invoice ${agg.invoice.TransactionNumber} has credit memo applications and cannot be deleted.`, { path: 'CustomerTransactionId' });
  }
  for (const l of agg.lines) tx.delete(KIND.invoiceLine, String(l.CustomerTransactionLineId));
  for (const i of agg.installments) tx.delete(KIND.installment, String(i.InstallmentId));
  tx.delete(KIND.invoice, String(invoiceId));
}
