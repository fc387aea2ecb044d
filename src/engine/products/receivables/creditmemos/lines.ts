/**
 * Credit memo lines (spec 000 § Credit memo line; Credit memos endpoint table): LineNumber and a
 * positive LineAmountCredit on every line, in the memo currency's precision; a POST of lines takes
 * an array or a single object (a set of one) and the header amount is re-derived from all lines.
 */
import { Big, decimalPlaces, numberLiteral } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import type { CreditMemoLineRow } from '../book/records.ts';
import { AR } from '../invoices/definitions.ts';
import { nextStamp } from '../invoices/store.ts';
import { amountInRange, checkBody, FW, RestError, type ErrorDetail } from '../rest/index.ts';
import { creditMemoLineResource } from './definitions.ts';
import { loadMemo, precisionOfMemo, saveMemo } from './store.ts';

/** AR-1000 listing every missing LineNumber / LineAmountCredit (paths like `receivablesCreditMemoLines[0].LineNumber`). */
export function missingLineAttributes(lines: readonly Row[], prefix: (i: number) => string): ErrorDetail[] {
  const missing: ErrorDetail[] = [];
  lines.forEach((l, i) => {
    for (const name of ['LineNumber', 'LineAmountCredit']) {
      if (l[name] === undefined || l[name] === null) missing.push({ detail: `The line attribute ${name} is required.`, path: `${prefix(i)}${name}` });
    }
  });
  return missing;
}

export function throwMissing(missing: ErrorDetail[]): void {
  if (!missing.length) return;
  throw new RestError(400, AR.MISSING_REQUIRED, `Required attributes are missing: ${missing.map((m) => m.path).join(', ')}.`, { path: missing[0]?.path, details: missing });
}

/**
 * Build line rows from checked line bodies: LineNumber a positive whole number not used on the memo,
 * LineAmountCredit positive and expressible in the currency (an amount the currency cannot carry is
 * AR-1030, as for invoice lines: it is never stored).
 */
export function buildLines(
  tx: WriteTx,
  memoId: number,
  bodies: readonly Row[],
  used: Set<number>,
  precision: number,
  currency: string,
  prefix: (i: number) => string,
): CreditMemoLineRow[] {
  return bodies.map((l, i) => {
    const n = l.LineNumber;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
      throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, 'LineNumber must be a positive whole number.', { path: `${prefix(i)}LineNumber` });
    }
    if (used.has(n)) throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, `LineNumber ${n} is already used on this credit memo.`, { path: `${prefix(i)}LineNumber` });
    used.add(n);
    const credit = l.LineAmountCredit as number;
    if (!(credit > 0)) {
      throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, `LineAmountCredit must be positive (got ${numberLiteral(credit)}); a credit memo line credits an amount.`, { path: `${prefix(i)}LineAmountCredit` });
    }
    if (decimalPlaces(credit) > precision) {
      throw new RestError(400, AR.BAD_CURRENCY, `LineAmountCredit ${numberLiteral(credit)} has more decimals than the ${precision} of ${currency}.`, { path: `${prefix(i)}LineAmountCredit` });
    }
    const quantity = l.LineQuantityCredit;
    return {
      CustomerTransactionLineId: tx.nextId(),
      creditMemoId: memoId,
      LineNumber: n,
      LineDescription: (l.LineDescription as string | null | undefined) ?? null,
      LineAmountCredit: new Big(numberLiteral(credit)).toFixed(precision),
      LineQuantityCredit: typeof quantity === 'number' ? numberLiteral(quantity) : null,
    };
  });
}

/** The memo total of these lines stays in the amount range a JSON number carries exactly. */
export function checkTotalRange(lines: readonly CreditMemoLineRow[], path: string): void {
  const total = lines.reduce((t, l) => t.plus(l.LineAmountCredit), new Big(0));
  if (!amountInRange(total)) {
    throw new RestError(400, FW.NUMBER_OUT_OF_RANGE, `The credit memo total ${total.toExponential(3)} is out of range; amounts must be less than 100000000000 in absolute value.`, { path });
  }
}

/** POST .../receivablesCreditMemoLines: an array of lines or one object; returns the new lines. */
export function addMemoLines(tx: WriteTx, memoId: string, raw: unknown, now: Date): CreditMemoLineRow[] {
  const agg = loadMemo(tx, memoId);
  if (!agg) throw new RestError(404, FW.NO_SUCH_ITEM, `No Receivables Credit Memo with CustomerTransactionId ${memoId} exists.`, { path: 'CustomerTransactionId' });
  const checked = checkBody(raw, creditMemoLineResource, { mode: 'create', allowArray: true });
  const bodies = Array.isArray(checked) ? checked : [checked];
  const prefix = (i: number) => (Array.isArray(raw) ? `[${i}].` : '');
  if (bodies.length === 0) throw new RestError(400, FW.INVALID_ATTRIBUTE_VALUE, 'The set of credit memo lines is empty; send at least one line.');
  throwMissing(missingLineAttributes(bodies, prefix));
  const p = precisionOfMemo(tx, agg.memo);
  const used = new Set(agg.lines.map((l) => l.LineNumber));
  const added = buildLines(tx, agg.memo.CustomerTransactionId, bodies, used, p, agg.memo.CreditMemoCurrency, prefix);
  const all = [...agg.lines, ...added];
  checkTotalRange(all, Array.isArray(raw) ? `[${bodies.length - 1}].LineAmountCredit` : 'LineAmountCredit');
  saveMemo(tx, { memo: agg.memo, lines: all }, nextStamp(tx, now));
  return added;
}

