/**
 * Money is decimal (big.js), never binary floats. Amounts are stored as decimal strings and emitted
 * as JSON numbers built from those strings, so no float arithmetic ever touches them.
 */
import Big from 'big.js';

export { Big };

/** ISO 4217 minor units for the currencies the simulated ledgers know. */
export const CURRENCY_PRECISION: Readonly<Record<string, number>> = {
  USD: 2, EUR: 2, GBP: 2, CAD: 2, AUD: 2, CHF: 2, ILS: 2, DEM: 2,
  JPY: 0, KRW: 0,
  KWD: 3, BHD: 3, OMR: 3,
};

export function precisionOf(currency: string): number | undefined {
  return CURRENCY_PRECISION[currency];
}

/** Round half away from zero (ERP convention) to `scale` decimals. */
export function roundHalfUp(value: Big, scale: number): Big {
  return value.round(scale, Big.roundHalfUp);
}

export function roundToCurrency(value: Big, currency: string): Big {
  const p = precisionOf(currency);
  if (p === undefined) throw new Error(`unknown currency ${currency}`);
  return roundHalfUp(value, p);
}

/** Number of decimals a decimal string or number literal carries. */
export function decimalPlaces(value: string | number): number {
  const s = typeof value === 'number' ? numberLiteral(value) : value;
  const m = /\.(\d+)$/.exec(s.replace(/e.*$/i, ''));
  return m ? (m[1] as string).replace(/0+$/, '').length : 0;
}

/** The shortest decimal literal of a JS number (what JSON.parse read); exponent forms expanded. */
export function numberLiteral(n: number): string {
  return new Big(n).toFixed();
}

export function sum(values: Iterable<string | Big>): Big {
  let total = new Big(0);
  for (const v of values) total = total.plus(v);
  return total;
}
