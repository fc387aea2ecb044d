/**
 * The receivables product (spec 000): token endpoint, bearer-protected REST roots, contacts,
 * invoices. Its UI catalog is catalog.ts (loaded by the host, not bundled into the worker).
 */
import { createProductApp } from '../../core/product-app.ts';
import { addDays, isoDate } from '../../core/clock.ts';
import type { Product, ProductApp, SeedContext } from '../../core/types.ts';
import { KIND, type CustomerAccountRow } from './book/records.ts';
import { seedBook } from './book/seed.ts';
import { registerContactRoutes } from './contacts/routes.ts';
import { createInvoice } from './invoices/create.ts';
import { registerInvoiceRoutes } from './invoices/routes.ts';
import { registerBearerAuth } from './oauth/bearer.ts';
import { registerTokenEndpoint } from './oauth/token-endpoint.ts';
import { noSuchResource } from './rest/errors.ts';
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

const GENERATED_TERMS = ['IMMEDIATE', '30 NET', '45 NET'];
const GENERATED_ITEMS = ['Service hours', 'Spare parts kit', 'Freight', 'Maintenance contract', 'Consulting day'];

/**
 * Synthetic invoices for load and paging trials (control API `generate`): each goes through the
 * same create path as POST receivablesInvoices (lines, schedule, delivery), so it is a normal
 * invoice of the book, with a transaction date spread over the last 120 days.
 */
function generateInvoices(ctx: SeedContext, count: number): { resource: string; added: number } {
  const { tx, rng, now } = ctx;
  const accounts = tx.list<CustomerAccountRow>(KIND.customerAccount).filter((a) => a.Status === 'A');
  if (accounts.length === 0) return { resource: 'receivablesInvoices', added: 0 };
  const today = isoDate(now);
  for (let i = 0; i < count; i++) {
    const account = rng.pick(accounts);
    const lines = Array.from({ length: rng.int(1, 3) }, (_, n) => ({
      LineNumber: n + 1,
      Description: rng.pick(GENERATED_ITEMS),
      Quantity: rng.int(1, 20),
      UnitSellingPrice: rng.int(500, 250000) / 100,
    }));
    createInvoice(
      tx,
      {
        BusinessUnit: 'US1 Business Unit',
        TransactionType: 'Invoice',
        TransactionSource: 'Spreadsheet',
        BillToCustomerNumber: account.AccountNumber,
        InvoiceCurrencyCode: 'USD',
        TransactionDate: addDays(today, -rng.int(0, 120)),
        ...(account.allowPaymentTermOverride ? { PaymentTerms: rng.pick(GENERATED_TERMS) } : {}),
        receivablesInvoiceLines: lines,
      },
      now,
    );
  }
  return { resource: 'receivablesInvoices', added: count };
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
