// Receipts and AutoMatch through the real service worker (issue 9 § 3 and § Tests): the guided cash
// cycle from the console, a run from the AutoMatch view, the invoice it closed in the data browser,
// the privilege refusal reproduced from the error catalog, and a due run caught up after a clock move
// (spec 000 § What the service does 4; § Standard receipt state table; § Authentication 5).
import { expect, test } from '../fixtures.ts';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';

test('the guided cash cycle: record a receipt, it stays UNAPPLIED, AutoMatch applies it from its view, the invoice closes', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Cash cycle');
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="receipts-cycle-1"]').click();
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(201);
  await expect(page.getByTestId('response-body')).toContainText('UNAPPLIED');
  await page.locator('[data-example-id="receipts-cycle-2"]').click();
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(200);
  await expect(page.getByTestId('response-body')).toContainText('UNAPPLIED');
  await shot(page, 'automatch-cycle-console');

  await page.goto(`/#/automatch/${key}`);
  await expect(page.getByTestId('am-state')).toContainText('Next run due');
  await page.getByTestId('am-run').click();
  await expect(page.getByTestId('am-notice')).toContainText('1 applied');
  const applied = page.getByTestId('am-applied');
  await expect(applied).toContainText('CYCLE-1');
  await expect(applied).toContainText('customer 100 · number 100 · amount 100');
  await expect(page.getByTestId('am-unmatched')).toContainText('no remittance references');
  await shot(page, 'automatch-view');

  // The invoice link leads to the invoice in the data browser, now fully paid.
  await applied.getByRole('link', { name: /^INV-/ }).click();
  await expect(page).toHaveURL(/#\/data\/env_[0-9a-f]+\/receivablesInvoices\/\d+/);
  await expect(page.getByTestId('record').getByText('InvoiceBalanceAmount')).toBeVisible();
  await shot(page, 'automatch-invoice');

  // Step 3 of the cycle in the console: the installment is closed by settlement.
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="receipts-cycle-3"]').click();
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(200);
  await expect(page.getByTestId('response-body')).toContainText('"CL"');
});

test('settings are validated and saved; the 403 for a client without receipt privileges reproduces from the error catalog', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'AutoMatch settings');
  await page.goto(`/#/automatch/${key}`);
  const form = page.getByTestId('am-settings');
  await form.getByLabel('Customer').fill('50');
  await expect(form).toContainText('must be 100');
  await page.getByTestId('am-save').click();
  await expect(page.getByRole('alert')).toContainText('total 100');
  await form.getByLabel('Customer').fill('20');
  await form.getByLabel('Auto-apply').fill('70');
  await page.getByTestId('am-save').click();
  await expect(page.getByTestId('am-notice')).toContainText('Settings saved');
  const saved = await pageFetch(page, `/sim/_admin/environments/${key}/automatch`);
  expect((saved.body as { settings: { thresholds: { autoApply: number } } }).settings.thresholds.autoApply).toBe(70);

  await page.goto('/#/errors?q=FND_SECURITY');
  await page.getByRole('button', { name: /Reproduce/ }).first().click();
  expect(await responseStatus(page)).toBe(403);
  await expect(page.getByTestId('response-body')).toContainText('FND_SECURITY_INSUFFICIENT_PRIVILEGE');
  await shot(page, 'automatch-privilege-403');
});

test('a run enqueued by a receipt is caught up by the worker after the environment clock moves', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Moved clock');
  const base = `/sim/${key}`;
  const created = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' })).body as { key: string };
  expect(created.key).not.toBe(key); // a second environment stays untouched
  // A client of our own with both privileges, so the test knows its secret.
  const client = (await pageFetch(page, `/sim/_admin/environments/${key}/credentials`, { method: 'POST', body: JSON.stringify({ type: 'oauth-client', privileges: ['AR_CREATE_RECEIVABLES_RECEIPT_PRIV', 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV'] }) })).body as { clientId: string; clientSecret: string };
  const token = (await pageFetch(page, `${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}` })).body as { access_token: string };
  const auth = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const open = (await pageFetch(page, `${base}${REST}/receivablesInvoices?q=${encodeURIComponent("InvoiceBalanceAmount>0;InvoiceStatus='Complete'")}&limit=1`, { headers: auth })).body as { items: { TransactionNumber: string; BillToCustomerNumber: string; InvoiceCurrencyCode: string }[] };
  const inv = open.items[0] as { TransactionNumber: string; BillToCustomerNumber: string; InvoiceCurrencyCode: string };
  const receipt = await pageFetch(page, `${base}${REST}/standardReceipts`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 1, Currency: inv.InvoiceCurrencyCode, ReceiptDate: '2026-03-14', CustomerAccountNumber: inv.BillToCustomerNumber, remittanceReferences: [{ ReferenceNumber: inv.TransactionNumber }] }),
  });
  expect(receipt.status).toBe(201);
  const id = (receipt.body as { StandardReceiptId: number }).StandardReceiptId;
  expect(((await pageFetch(page, `${base}${REST}/standardReceipts/${id}`, { headers: auth })).body as { State: string }).State).toBe('UNAPPLIED');
  // A day later (tokens live an hour of environment time, so a fresh one is taken).
  await pageFetch(page, `/sim/_admin/environments/${key}/clock`, { method: 'PUT', body: '{"advanceDays": 1}' });
  const fresh = (await pageFetch(page, `${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}` })).body as { access_token: string };
  const after = await pageFetch(page, `${base}${REST}/standardReceipts/${id}`, { headers: { authorization: `Bearer ${fresh.access_token}` } });
  expect((after.body as { State: string }).State).toBe('APPLIED');
  const other = await pageFetch(page, `/sim/_admin/environments/${created.key}/automatch`);
  expect((other.body as { runs: unknown[] }).runs).toEqual([]);
});

test('the AutoMatch view has no serious or critical accessibility violation in light and dark, and fits 800 px', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'AutoMatch axe');
  await page.goto(`/#/automatch/${key}`);
  await page.getByTestId('am-run').click();
  await expect(page.getByTestId('am-notice')).toContainText('Run finished');
  await page.setViewportSize({ width: 800, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    await page.reload();
    await expect(page.getByTestId('am-unmatched')).toBeVisible();
    await expectAccessible(page, theme);
    await expectNoOverflow(page, theme);
    await shot(page, `automatch-${theme}-800`);
  }
});
