// The real products' conventions through the real service worker in Chromium (issue 39 § Done when:
// every rule works through both hosts): an ETag read then a stale If-Match answers 412 and changes
// nothing; a batch with a failing part creates nothing; the Environments page toggles the OData
// real-limits profile, after which the 101st call within a minute answers 429.
import { expect, test } from '../fixtures.ts';
import { pageFetch, waitForController } from '../foundation/helpers.ts';
import { createEnv, shot } from '../app/helpers.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';

test('ETag and If-Match, and an all-or-none batch, through the worker', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const env = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' })).body as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const base = `/sim/${env.key}`;
  const token = (await pageFetch(page, `${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
  })).body as { access_token: string };
  const auth = { authorization: `Bearer ${token.access_token}` };

  const result = await page.evaluate(
    async ([root, headers]) => {
      const list = await (await fetch(`${root}/receivablesInvoices?limit=1&q=InvoiceStatus='Complete'`, { headers })).json();
      const id = list.items[0].CustomerTransactionId;
      const first = await fetch(`${root}/receivablesInvoices/${id}`, { headers });
      const tag = first.headers.get('etag') as string;
      const notModified = await fetch(`${root}/receivablesInvoices/${id}`, { headers: { ...headers, 'if-none-match': tag } });
      const json = { ...headers, 'content-type': 'application/json' };
      const colleague = await fetch(`${root}/receivablesInvoices/${id}`, { method: 'PATCH', headers: { ...json, 'if-match': tag }, body: '{"InvoiceStatus":"Frozen"}' });
      const stale = await fetch(`${root}/receivablesInvoices/${id}`, { method: 'PATCH', headers: { ...json, 'if-match': tag }, body: '{"InvoiceStatus":"Complete"}' });
      const after = await (await fetch(`${root}/receivablesInvoices/${id}`, { headers })).json();
      const count = async () => (await (await fetch(`${root}/receivablesInvoices?limit=1&totalResults=true`, { headers })).json()).totalResults;
      const before = await count();
      const good = { BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'W', Quantity: 1, UnitSellingPrice: 5 }] };
      const batch = await fetch(root, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/vnd.oracle.adf.batch+json' },
        body: JSON.stringify({ parts: [{ id: 'a', path: '/receivablesInvoices', operation: 'create', payload: good }, { id: 'b', path: '/receivablesInvoices', operation: 'create', payload: { BillToCustomerNumber: '10010' } }] }),
      });
      const batchBody = await batch.json();
      return { tag, notModified: notModified.status, notModifiedBody: await notModified.text(), colleague: colleague.status, stale: stale.status, staleCode: (await stale.json())['o:errorCode'], status: after.InvoiceStatus, batch: batch.status, failed: batchBody.parts.map((p: { id: string }) => p.id), added: (await count()) - before };
    },
    [`${base}${REST}`, auth] as const,
  );
  expect(result.tag).toMatch(/^"[0-9a-f]+"$/);
  expect(result).toMatchObject({ notModified: 304, notModifiedBody: '', colleague: 200, stale: 412, staleCode: 'SIM-REST-4120', status: 'Frozen', batch: 400, failed: ['b'], added: 0 });
});

test('the Environments page toggles the real-limits profile; then the 101st call in a minute answers 429', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Real limits');
  await page.getByRole('button', { name: 'I have copied them' }).click();
  const toggle = page.getByTestId('limits-toggle');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('limits-profile')).toContainText('Off');
  await toggle.check();
  await expect(page.getByTestId('limits-profile')).toContainText('100 calls a minute per user');
  await shot(page, 'environments-real-limits');
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/limits`)).body).toMatchObject({ profile: 'real-product' });

  const env = (await pageFetch(page, `/sim/_admin/environments/${key}`)).body as { credentials: { type: string; name: string }[] };
  expect(env.credentials.length).toBeGreaterThan(0);
  // A fresh API user for the calls (the shown secrets were dismissed above).
  const user = (await pageFetch(page, `/sim/_admin/environments/${key}/credentials`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"api-user","username":"burst"}' })).body as { username: string; password: string };
  const statuses = await page.evaluate(
    async ([url, authorization]) => {
      const out: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 101; i++) {
        const res = await fetch(url, { headers: { authorization } });
        out.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
        await res.arrayBuffer();
      }
      return { ok: out.filter((s) => s === 200).length, last: out[out.length - 1], retryAfter };
    },
    [`/sim/${key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=1`, `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`] as const,
  );
  expect(statuses).toEqual({ ok: 100, last: 429, retryAfter: expect.stringMatching(/^\d+$/) });

  await toggle.uncheck();
  await expect(page.getByTestId('limits-profile')).toContainText('Off');
});
