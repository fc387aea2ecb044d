/** UI catalog of the receivables product: resources, ready requests and the error catalog. */
import type { ProductCatalog } from '../../core/types.ts';
import { contactPointResource, contactResource } from './contacts/definitions.ts';
import { contactExamples } from './contacts/examples.ts';
import { errorCatalog } from './errors/catalog.ts';
import { invoiceErrorEntries, invoiceErrorReproductions, invoiceExamples, invoiceResources } from './invoices/catalog.ts';
import { oauthExamples } from './oauth/examples.ts';
import { resourceInfo } from './rest/catalog-info.ts';
import { collectionPath } from './rest/links.ts';
import { soapExamples } from './soap/examples.ts';

export function receivablesCatalog(): ProductCatalog {
  return {
    resources: [
      ...invoiceResources,
      resourceInfo(contactResource, 'Contacts (crmRestApi)'),
      resourceInfo(contactPointResource, 'Contacts (crmRestApi)', `${collectionPath(contactResource)}/{PartyNumber}/child/ContactPoint`),
    ],
    examples: [...oauthExamples, ...invoiceExamples, ...contactExamples, ...soapExamples],
    errors: errorCatalog(invoiceErrorReproductions, invoiceErrorEntries),
  };
}
