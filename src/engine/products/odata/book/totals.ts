/**
 * Amounts of invoice lines and headers (spec 001 § AINVOICES: the line TOTPRICE values sum to the
 * header; VAT 0 throughout). Decimal strings and big.js only.
 *
 * Line:   QUANT = TQUANT (one unit family per part); QPRICE = TQUANT x PRICE;
 *         DISPRICE = PRICE x (1 - PERCENT/100) (unit price after the line discount);
 *         TOTPRICE = TQUANT x DISPRICE + VAT (0).
 * Header: QPRICE = sum of line QPRICE; DISCOUNT = QPRICE - sum of line TOTPRICE;
 *         DISPRICE = QPRICE - DISCOUNT; VAT = 0; TOTPRICE = DISPRICE + VAT = sum of line TOTPRICE;
 *         TOTQUANT = sum of TQUANT, null when there are no lines. The header PERCENT is stored as
 *         given but not applied, so the lines always sum to the header.
 */
import { Big, roundHalfUp } from '../../../core/money.ts';
import type { Row } from '../../../core/types.ts';

const d2 = (b: Big): string => roundHalfUp(b, 2).toFixed(2);
const d3 = (b: Big): string => roundHalfUp(b, 3).toFixed(3);
const big = (v: unknown, fallback = '0'): Big => new Big(typeof v === 'string' || typeof v === 'number' ? v : fallback);

/** The computed (read-only) columns of a line from its TQUANT, PRICE and PERCENT. */
export function lineAmounts(line: Row): Row {
  const qty = big(line['TQUANT']);
  const price = big(line['PRICE']);
  const percent = big(line['PERCENT']);
  const unitAfter = price.times(new Big(100).minus(percent)).div(100);
  return {
    QUANT: d3(qty),
    QPRICE: d2(qty.times(price)),
    DISPRICE: d2(unitAfter),
    TOTPRICE: d2(qty.times(unitAfter)),
  };
}

/** Header totals from its lines. */
export function headerTotals(lines: readonly Row[]): Row {
  let qprice = new Big(0);
  let total = new Big(0);
  let quant = new Big(0);
  for (const l of lines) {
    qprice = qprice.plus(big(l['QPRICE']));
    total = total.plus(big(l['TOTPRICE']));
    quant = quant.plus(big(l['TQUANT']));
  }
  return {
    QPRICE: d2(qprice),
    DISCOUNT: d2(qprice.minus(total)),
    DISPRICE: d2(total),
    VAT: '0.00',
    TOTPRICE: d2(total),
    TOTQUANT: lines.length ? d3(quant) : null,
  };
}
