import { createProductApp } from '../../core/product-app.ts';
import { json } from '../../core/http.ts';
import type { Product } from '../../core/types.ts';

// Placeholder until the receivables service lands (issue 3): a tiny book and one route.
const app = createProductApp();
app.get('/fscmRestApi/resources/11.13.18.05/receivablesInvoices', (c) => json({ items: c.env.data.list('invoice') }));
app.all('*', () => new Response(null, { status: 404 }));

export const receivables: Product = {
  id: 'receivables',
  title: 'Receivables REST + SOAP',
  defaultCredentials: [
    { type: 'oauth-client', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV'] },
    { type: 'oauth-client', privileges: [] },
    { type: 'soap-user' },
  ],
  credentialTypes: ['oauth-client', 'soap-user'],
  seed({ tx, rng }) {
    for (let i = 0; i < 3; i++) {
      const id = tx.nextId();
      tx.put('invoice', String(id), { CustomerTransactionId: id, TransactionNumber: `INV-${id}`, EnteredAmount: String(rng.int(100, 900)) });
    }
  },
  app,
  catalog: () => ({ resources: [], examples: [], errors: [] }),
};
