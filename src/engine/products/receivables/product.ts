/**
 * The receivables product (spec 000): token endpoint, bearer-protected REST roots, contacts,
 * invoices. Its UI catalog is catalog.ts (loaded by the host, not bundled into the worker).
 */
import { createProductApp } from '../../core/product-app.ts';
import { ControlRefusal } from '../../core/refusal.ts';
import type { Product, ProductApp } from '../../core/types.ts';
import { generateInvoices } from './book/generate.ts';
import { RECORD_KINDS } from './book/schemas.ts';
import { seedBook } from './book/seed.ts';
import { registerActivityRoutes } from './activities/routes.ts';
import { registerAdjustmentRoutes } from './adjustments/routes.ts';
import { registerContactRoutes } from './contacts/routes.ts';
import { registerCreditMemoRoutes } from './creditmemos/routes.ts';
import { registerReceiptMethodRoutes } from './receipt-methods/routes.ts';
import { registerSiteRoutes } from './sites/routes.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerReceiptRoutes } from './receipts/routes.ts';
import { autoMatchProcess } from './automatch/process.ts';
import { generateReceipts } from './book/generate-receipts.ts';
import { registerBearerAuth } from './oauth/bearer.ts';
import { RECEIPT_PRIVILEGES } from './oauth/privileges.ts';
import { registerTokenEndpoint } from './oauth/token-endpoint.ts';
import { noSuchResource, RestError } from './rest/errors.ts';
import { installRestErrorHandler } from './rest/routes.ts';
import { registerFrameworkVersion } from './rest/framework-version.ts';
import { registerBatch } from './rest/batch.ts';
import { registerCatalogDescribe } from './describe-catalog.ts';
import { registerSoapRoutes } from './soap/routes.ts';
import { warmChildGroups } from './rest/serialize.ts';
import { invoiceResource } from './invoices/definitions.ts';

export { RECEIPT_PRIVILEGES };

function buildApp(): ProductApp {
  const app = createProductApp();
  installRestErrorHandler(app);
  registerTokenEndpoint(app);
  registerBearerAuth(app);
  registerFrameworkVersion(app);
  registerBatch(app);
  registerCatalogDescribe(app);
  registerInvoiceRoutes(app);
  registerReceiptRoutes(app);
  registerContactRoutes(app);
  registerCreditMemoRoutes(app);
  registerAdjustmentRoutes(app);
  registerReceiptMethodRoutes(app);
  registerSiteRoutes(app);
  registerActivityRoutes(app);
  registerSoapRoutes(app);
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
  generateKinds: ['invoices', 'receipts'],
  beforeGenerate: (data) => warmChildGroups(data, invoiceResource),
  // A book an import left without what the create path needs (no active source, terms) refuses
  // through the control API's 400, never a 500 (issue 26).
  generate: async (ctx, count, kind) => {
    try {
      return await (kind === 'receipts' ? generateReceipts(ctx, count) : generateInvoices(ctx, count));
    } catch (err) {
      if (err instanceof RestError) throw new ControlRefusal(`Generate stopped: ${err.detail}`);
      throw err;
    }
  },
  app: buildApp(),
  processes: [autoMatchProcess],
  recordKinds: RECORD_KINDS,
};
