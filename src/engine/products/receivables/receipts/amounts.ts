/** Receipt amounts in their currency: expressible means no more decimals than the currency has. */
import { Big } from '../../../core/money.ts';

export function expressible(value: Big, precision: number): boolean {
  return value.eq(value.round(precision, Big.roundDown));
}
