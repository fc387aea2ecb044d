/** receiptMethods (spec 000 § Read-only resources: GET, finder PrimaryKey;ReceiptMethodId; writes 405). */
import type { ProductApp } from '../../../core/types.ts';
import { registerReadOnlyResource } from '../rest/read-only.ts';
import { receiptMethodResource } from './definitions.ts';

export function registerReceiptMethodRoutes(app: ProductApp): void {
  registerReadOnlyResource(app, receiptMethodResource);
}
