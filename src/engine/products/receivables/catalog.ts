/** UI catalog of the receivables product: resources, ready requests and the error catalog. */
import type { ProductCatalog } from '../../core/types.ts';
import { contactPointResource, contactResource } from './contacts/definitions.ts';
import { contactExamples } from './contacts/examples.ts';
import { readOnlyErrorEntries, readOnlyExamples, readOnlyResources } from './activities/catalog.ts';
import { creditMemoErrorEntries, creditMemoExamples, creditMemoResources } from './creditmemos/catalog.ts';
import { errorCatalog } from './errors/catalog.ts';
import { invoiceErrorEntries, invoiceErrorReproductions, invoiceExamples, invoiceResources } from './invoices/catalog.ts';
import { oauthExamples } from './oauth/examples.ts';
import { receiptErrorEntries, receiptErrorReproductions, receiptExamples, receiptResources } from './receipts/catalog.ts';
import { resourceInfo } from './rest/catalog-info.ts';
import { collectionPath } from './rest/links.ts';
import { conventionErrorEntries, conventionExamples } from './rest/conventions-catalog.ts';
import { soapExamples } from './soap/examples.ts';

export function receivablesCatalog(): ProductCatalog {
  return {
    resources: [
      ...invoiceResources,
      ...receiptResources,
      resourceInfo(contactResource, 'Contacts (crmRestApi)'),
      resourceInfo(contactPointResource, 'Contacts (crmRestApi)', `${collectionPath(contactResource)}/{PartyNumber}/child/ContactPoint`),
      ...creditMemoResources,
      ...readOnlyResources,
    ],
    examples: [...oauthExamples, ...invoiceExamples, ...receiptExamples, ...contactExamples, ...creditMemoExamples, ...readOnlyExamples, ...soapExamples, ...conventionExamples()],
    // Refusals of credit memos and the read-only resources share framework codes with other entries:
    // each is its own row (code and title), with the request that reproduces it.
    errors: [...errorCatalog({ ...invoiceErrorReproductions, ...receiptErrorReproductions }, [...invoiceErrorEntries, ...receiptErrorEntries]), ...creditMemoErrorEntries, ...readOnlyErrorEntries, ...conventionErrorEntries()],
  };
}
