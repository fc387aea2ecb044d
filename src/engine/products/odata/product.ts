import { createProductApp } from '../../core/product-app.ts';
import { json } from '../../core/http.ts';
import type { Product } from '../../core/types.ts';

// Placeholder until the OData service lands (issue 4).
const app = createProductApp();
app.get('/odata/Priority/tabula.ini/demo/CUSTOMERS', (c) => json({ value: c.env.data.list('CUSTOMERS') }));
app.all('*', () => new Response(null, { status: 404 }));

export const odata: Product = {
  id: 'odata',
  title: 'OData ERP service',
  defaultCredentials: [{ type: 'api-user', username: 'apiuser' }, { type: 'pat', owner: 'sarah' }],
  credentialTypes: ['api-user', 'pat'],
  seed({ tx }) {
    tx.put('CUSTOMERS', 'C1000', { CUSTNAME: 'C1000', CUSTDES: 'Placeholder customer' });
  },
  app,
  catalog: () => ({ resources: [], examples: [], errors: [] }),
};
