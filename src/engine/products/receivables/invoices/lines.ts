/**
 * Adding a line to an invoice (spec 000 § Add-line rule): the total rises by Quantity x
 * UnitSellingPrice; the increase goes to the last open installment (identities and applied receipts
 * survive); when every installment is closed a new installment carries it; an Incomplete invoice
 * allocates nothing; a void refuses lines (409).
 */
import { isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import type { InstallmentRow, InvoiceLineRow } from '../book/records.ts';
import { checkBody, FW, RestError, type ErrorDetail } from '../rest/index.ts';
import { checkAmountRange, checkLineRounding, decimalText, lineNumberProblem } from './create.ts';
import { AR, lineResource } from './definitions.ts';
import { newInstallment } from './schedule-rows.ts';
import { settleInstallment } from './state.ts';
import { loadInvoice, nextStamp, precisionOfInvoice, saveInvoice } from './store.ts';

export const LINE_ATTRIBUTES = ['Description', 'Quantity', 'UnitSellingPrice', 'LineNumber'] as const;

/** Simulator codes where the spec names a status but no code (shown in the error catalog). */
export const SIM_AR = {
  /** 400 an added line not worth a positive amount. */
  LINE_NOT_POSITIVE: 'SIM-AR-4002',
  /** 400 splitInstallments payload that breaks rule 3 (sums, dates, sequences, new amounts). */
  SPLIT_INVALID: 'SIM-AR-4003',
  /** 409 the transaction does not accept lines (a void). */
  NO_LINES_ACCEPTED: 'SIM-AR-4091',
} as const;

export function addLine(tx: WriteTx, invoiceId: string, raw: unknown, now: Date): InvoiceLineRow {
  const agg = loadInvoice(tx, invoiceId);
  if (!agg) throw new RestError(404, AR.INVOICE_NOT_FOUND, `No invoice with CustomerTransactionId ${invoiceId} exists.`, { path: 'CustomerTransactionId' });
  const body = checkBody(raw, lineResource, { mode: 'create', only: LINE_ATTRIBUTES }) as Row;
  const inv = agg.invoice;
  if (inv.voided) {
    throw new RestError(409, SIM_AR.NO_LINES_ACCEPTED, `Transaction ${inv.TransactionNumber} is void and does not accept lines.`, { path: 'CustomerTransactionId' });
  }
  const missing: ErrorDetail[] = ['Quantity', 'UnitSellingPrice']
    .filter((n) => body[n] === undefined || body[n] === null)
    .map((n) => ({ detail: `The attribute ${n} is required.`, path: n }));
  if (missing.length) {
    throw new RestError(400, AR.MISSING_REQUIRED, `Required attributes are missing: ${missing.map((m) => m.path).join(', ')}.`, { path: missing[0]?.path, details: missing });
  }
  const p = precisionOfInvoice(tx, inv);
  const quantity = decimalText(body.Quantity) as string;
  const price = decimalText(body.UnitSellingPrice) as string;
  const amount = checkLineRounding(quantity, price, p, inv.InvoiceCurrencyCode, 'Quantity');
  if (amount.lte(0)) {
    throw new RestError(400, SIM_AR.LINE_NOT_POSITIVE, `An added line must be worth a positive amount; Quantity x UnitSellingPrice is ${amount.toFixed(p)}.`, { path: 'UnitSellingPrice' });
  }
  checkAmountRange(amount, 'UnitSellingPrice', 'The line amount');
  checkAmountRange(new Big(inv.EnteredAmount).plus(amount), 'UnitSellingPrice', 'The invoice total with this line');
  const numbers = new Set(agg.lines.map((l) => l.LineNumber));
  let lineNumber = body.LineNumber as number | null | undefined;
  const problem = lineNumberProblem(lineNumber);
  if (problem) throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, problem, { path: 'LineNumber' });
  if (lineNumber === undefined || lineNumber === null) {
    lineNumber = Math.max(0, ...numbers) + 1;
  } else if (numbers.has(lineNumber)) {
    throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, `Invoice ${inv.TransactionNumber} already has a line number ${lineNumber}.`, { path: 'LineNumber' });
  }

  const stamp = nextStamp(tx, now);
  const today = isoDate(now);
  const line: InvoiceLineRow = {
    CustomerTransactionLineId: tx.nextId(),
    invoiceId: inv.CustomerTransactionId,
    LineNumber: lineNumber,
    Description: (body.Description as string | null | undefined) ?? null,
    Quantity: quantity,
    UnitSellingPrice: price,
    LineAmount: amount.toFixed(p),
    lastUpdateDate: stamp,
  };
  let installments: InstallmentRow[] = agg.installments;
  if (inv.InvoiceStatus !== 'Incomplete' && installments.length > 0) {
    const open = [...installments].reverse().find((i) => i.InstallmentStatus === 'OP');
    if (open) {
      const raised = settleInstallment(
        { ...open, OriginalAmount: new Big(open.OriginalAmount).plus(amount).toFixed(p), LastUpdateDate: stamp },
        today,
        p,
      );
      installments = installments.map((i) => (i.InstallmentId === open.InstallmentId ? raised : i));
    } else {
      const last = installments[installments.length - 1] as InstallmentRow;
      const due = last.InstallmentDueDate > today ? last.InstallmentDueDate : today;
      installments = [...installments, newInstallment(tx.nextId(), inv.CustomerTransactionId, last.InstallmentSequenceNumber + 1, due, amount.toFixed(p), p, stamp)];
    }
  }
  saveInvoice(tx, { invoice: inv, lines: [...agg.lines, line], installments }, stamp);
  return line;
}
