/** The top-level resources of the receivables REST surface, in the order documents list them. */
import { accountActivityResource, siteActivityResource } from '../products/receivables/activities/definitions.ts';
import { adjustmentResource } from '../products/receivables/adjustments/definitions.ts';
import { contactResource } from '../products/receivables/contacts/definitions.ts';
import { creditMemoResource } from '../products/receivables/creditmemos/definitions.ts';
import { invoiceResource } from '../products/receivables/invoices/definitions.ts';
import { receiptMethodResource } from '../products/receivables/receipt-methods/definitions.ts';
import { receiptResource } from '../products/receivables/receipts/definitions.ts';
import { siteLovResource } from '../products/receivables/sites/definitions.ts';
import type { ResourceDef } from '../products/receivables/rest/types.ts';

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
