/**
 * The receivables product (spec 000): token endpoint, bearer-protected REST roots, contacts,
 * invoices, and the catalog the UI shows.
 */
import { createProductApp } from '../../core/product-app.ts';
import type { Product, ProductApp, ProductCatalog } from '../../core/types.ts';
import { seedBook } from './book/seed.ts';
import { contactPointResource, contactResource } from './contacts/definitions.ts';
import { contactExamples } from './contacts/examples.ts';
import { registerContactRoutes } from './contacts/routes.ts';
import { errorCatalog } from './errors/catalog.ts';
import { invoiceErrorEntries, invoiceErrorReproductions, invoiceExamples, invoiceResources } from './invoices/catalog.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerBearerAuth } from './oauth/bearer.ts';
import { oauthExamples } from './oauth/examples.ts';
import { registerTokenEndpoint } from './oauth/token-endpoint.ts';
import { resourceInfo } from './rest/catalog-info.ts';
import { noSuchResource } from './rest/errors.ts';
import { collectionPath } from './rest/links.ts';
import { installRestErrorHandler } from './rest/routes.ts';

export const RECEIPT_PRIVILEGES = ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV'];

function buildApp(): ProductApp {
  const app = createProductApp();
  installRestErrorHandler(app);
  registerTokenEndpoint(app);
  registerBearerAuth(app);
  registerInvoiceRoutes(app);
  registerContactRoutes(app);
  // Every other path: 404 in the framework's error style (spec 000 § Errors, Other behaviours).
  app.all('*', (c) => {
    throw noSuchResource(new URL(c.req.url).pathname);
  });
  return app;
}

function receivablesCatalog(): ProductCatalog {
  return {
    resources: [
      ...invoiceResources,
      resourceInfo(contactResource, 'Contacts (crmRestApi)'),
      resourceInfo(contactPointResource, 'Contacts (crmRestApi)', `${collectionPath(contactResource)}/{PartyNumber}/child/ContactPoint`),
    ],
    examples: [...oauthExamples, ...invoiceExamples, ...contactExamples],
    errors: errorCatalog(invoiceErrorReproductions, invoiceErrorEntries),
  };
}

export const receivables: Product = {
  id: 'receivables',
  title: 'Receivables REST + SOAP',
  defaultCredentials: [
    { type: 'oauth-client', privileges: [...RECEIPT_PRIVILEGES] },
    { type: 'oauth-client', privileges: [] },
    { type: 'soap-user' },
  ],
  credentialTypes: ['oauth-client', 'soap-user'],
  seed: (ctx) => seedBook(ctx),
  app: buildApp(),
  catalog: () => receivablesCatalog(),
};
