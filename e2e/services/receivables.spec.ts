// A representative subset of the receivables service, through the real service worker in Chromium
// (issue 3 § 7). The full rule-by-rule suite runs against the engine in Node (test/receivables).
import { expect, test } from '../fixtures.ts';
import { pageFetch, waitForController } from '../foundation/helpers.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';

test('token, bearer reads, invoice create and the documented errors through the worker', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const env = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' })).body as {
    key: string;
    credentials: { oauthClients: { clientId: string; clientSecret: string }[] };
  };
  const base = `/sim/${env.key}`;
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };

  // spec 000 § Token endpoint: HTTP Basic client credentials, fixed consumer scope, 3600 s bearer.
  const token = await pageFetch(page, `${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` },
    body: 'grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall',
  });
  expect(token.status).toBe(200);
  const t = token.body as { access_token: string; token_type: string; expires_in: number };
  expect(t.token_type).toBe('Bearer');
  expect(t.expires_in).toBe(3600);
  const auth = { authorization: `Bearer ${t.access_token}` };

  // spec 000 § Authentication 3: no token -> 401 REST-01401.
  const anon = await pageFetch(page, `${base}${REST}/receivablesInvoices`);
  expect(anon.status).toBe(401);
  expect((anon.body as Record<string, string>)['o:errorCode']).toBe('REST-01401');

  // spec 000 § Common query parameters: envelope with items, count, hasMore, limit, offset, links.
  const list = await pageFetch(page, `${base}${REST}/receivablesInvoices?limit=5&totalResults=true`, { headers: auth });
  expect(list.status).toBe(200);
  const envelope = list.body as { items: unknown[]; count: number; hasMore: boolean; limit: number; offset: number; totalResults: number };
  expect(envelope.items).toHaveLength(5);
  expect(envelope).toMatchObject({ count: 5, hasMore: true, limit: 5, offset: 0 });
  expect(envelope.totalResults).toBeGreaterThanOrEqual(40);

  // spec 000 § Invoices, Create rules: 201 + Location; header and lines atomic.
  const created = await page.evaluate(
    async ([url, headers]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          BusinessUnit: 'US1 Business Unit',
          TransactionType: 'Invoice',
          TransactionSource: 'Manual',
          BillToCustomerNumber: '10010',
          InvoiceCurrencyCode: 'USD',
          receivablesInvoiceLines: [{ Description: 'Widgets', Quantity: 3, UnitSellingPrice: 33.335 }],
        }),
      });
      return { status: res.status, location: res.headers.get('location'), body: await res.json() };
    },
    [`${base}${REST}/receivablesInvoices`, auth] as const,
  );
  expect(created.status).toBe(201);
  expect(created.location).toContain(`/receivablesInvoices/${created.body.CustomerTransactionId}`);
  expect(created.body.EnteredAmount).toBe(100.01);
  expect(created.body.InvoiceStatus).toBe('Complete');

  // spec 000 § Invoices, Create rule 1: AR-1000 lists every missing attribute through o:errorPath.
  const missing = await pageFetch(page, `${base}${REST}/receivablesInvoices`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ BillToCustomerNumber: '10010', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 1 }] }),
  });
  expect(missing.status).toBe(400);
  expect(JSON.stringify(missing.body)).toContain('AR-1000');
  for (const attr of ['BusinessUnit', 'TransactionType', 'TransactionSource', 'InvoiceCurrencyCode']) expect(JSON.stringify(missing.body)).toContain(attr);

  // spec 000 § Support matrix: writes on contacts answer 405.
  const contactPost = await pageFetch(page, `${base}/crmRestApi/resources/11.13.18.05/contacts`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
  expect(contactPost.status).toBe(405);
});
