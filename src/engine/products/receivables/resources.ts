/** The top-level resources of the receivables REST surface, in the order documents list them. */
import { accountActivityResource, siteActivityResource } from './activities/definitions.ts';
import { adjustmentResource } from './adjustments/definitions.ts';
import { contactResource } from './contacts/definitions.ts';
import { creditMemoResource } from './creditmemos/definitions.ts';
import { invoiceResource } from './invoices/definitions.ts';
import { receiptMethodResource } from './receipt-methods/definitions.ts';
import { receiptResource } from './receipts/definitions.ts';
import { siteLovResource } from './sites/definitions.ts';
import type { ResourceDef } from './rest/types.ts';

export const REST_RESOURCES: readonly ResourceDef[] = [
  invoiceResource,
  receiptResource,
  creditMemoResource,
  adjustmentResource,
  receiptMethodResource,
  siteLovResource,
  accountActivityResource,
  siteActivityResource,
  contactResource,
];
