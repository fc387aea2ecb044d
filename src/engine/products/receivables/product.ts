/**
 * The receivables product (spec 000): token endpoint, bearer-protected REST roots, contacts,
 * invoices. Its UI catalog is catalog.ts (loaded by the host, not bundled into the worker).
 */
import { createProductApp } from '../../core/product-app.ts';
import type { Product, ProductApp } from '../../core/types.ts';
import { generateInvoices } from './book/generate.ts';
import { seedBook } from './book/seed.ts';
import { registerContactRoutes } from './contacts/routes.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerBearerAuth } from './oauth/bearer.ts';
import { RECEIPT_PRIVILEGES } from './oauth/privileges.ts';
import { registerTokenEndpoint } from './oauth/token-endpoint.ts';
import { noSuchResource } from './rest/errors.ts';
import { installRestErrorHandler } from './rest/routes.ts';

export { RECEIPT_PRIVILEGES };

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
  generate: (ctx, count) => generateInvoices(ctx, count),
  app: buildApp(),
};
