import type { Product } from '../core/types.ts';
import { odata } from './odata/product.ts';
import { receivables } from './receivables/product.ts';

/** Every simulated product; the engine, control API and UI all read from here. */
export const PRODUCTS: readonly Product[] = [receivables, odata];
