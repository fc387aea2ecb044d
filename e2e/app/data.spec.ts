import { expect, test } from '../fixtures.ts';
import { createEnv, products, responseStatus, shot } from './helpers.ts';

for (const product of ['receivables', 'odata'] as const) {
  test(`${product}: a resource is browsed as a table and a record opened`, async ({ page }) => {
    const key = await createEnv(page, product, `Data ${product}`);
    await page.goto(`/#/data/${key}`);
    const catalog = (await products(page)).find((p) => p.id === product);
    const resource = catalog?.resources[0];
    if (!resource) {
      // The product's catalog has no resources yet: the browser says so instead of an empty screen.
      await expect(page.getByTestId('no-resources')).toBeVisible();
      await shot(page, `data-${product}-empty`);
      return;
    }
    await page.locator(`[data-resource="${resource.name}"]`).click();
    const table = page.getByTestId('data-table');
    await expect(table).toBeVisible();
    await expect(page.getByTestId('page-info')).toContainText('Rows 1–');
    // Sorting uses the service's own option and is reflected in the URL (deep link).
    const firstHeader = table.locator('thead th').first();
    await firstHeader.getByRole('button').click();
    await expect(firstHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=/);
    await firstHeader.getByRole('button').click();
    await expect(firstHeader).toHaveAttribute('aria-sort', 'descending');
    await shot(page, `data-${product}-table`);
    await table.getByTestId('open-record').first().click();
    const record = page.getByTestId('record');
    await expect(record.locator('table.kv')).toBeVisible();
    await shot(page, `data-${product}-record`);
    // The record opens in the console from here.
    await record.getByRole('button', { name: 'Open in console' }).click();
    expect(await responseStatus(page)).toBe(200);
  });
}

test('a write made in another tab refreshes the open data browser (issue 5 § 3: refreshed after writes)', async ({ page, context }) => {
  const key = await createEnv(page, 'odata', 'Live data');
  await page.goto(`/#/data/${key}/CUSTOMERS`);
  const info = page.getByTestId('page-info');
  await expect(info).toContainText('Rows 1–');
  const total = Number(/of (\d+)/.exec((await info.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  // Another tab of the same browser writes through the worker (like a console or a script would).
  const other = await context.newPage();
  await other.goto('/#/envs');
  await expect(other.getByTestId('worker-status')).toHaveText('Service worker: ready');
  const status = await other.evaluate(async (k) => {
    const secrets = JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]') as { type: string; username?: string; password?: string }[];
    const user = secrets.find((s) => s.type === 'api-user');
    const res = await fetch(`/sim/${k}/odata/Priority/tabula.ini/demo/CUSTOMERS`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${user?.username}:${user?.password}`)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ CUSTNAME: 'LIVE01', CUSTDES: 'Written in another tab' }),
    });
    return res.status;
  }, key);
  expect(status).toBe(201);
  await expect(info).toContainText(`of ${total + 1}`);
  await other.close();
});

test('an OData record shows its subform rows with their filled columns, and a related link (issue 5 § 3: record detail)', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Subforms');
  await page.goto(`/#/data/${key}/CUSTOMERS`);
  await expect(page.getByTestId('data-table')).toBeVisible();
  await page.getByTestId('open-record').filter({ hasText: 'C1001' }).click();
  const record = page.getByTestId('record');
  await expect(record.locator('h2')).toContainText("('C1001')");
  const contacts = record.getByTestId('child-table').first();
  await expect(contacts).toBeVisible();
  await expect(contacts.locator('tbody tr').first()).toBeVisible();
  // Only columns holding a value in some row: subform tables are wide and mostly empty.
  const empty = await contacts.evaluate((t) => {
    const cols = [...t.querySelectorAll('thead th')].map((_, i) => i);
    const rows = [...t.querySelectorAll('tbody tr')];
    return cols.filter((i) => rows.every((r) => (r.children[i]?.textContent ?? '').trim() === '')).length;
  });
  expect(empty).toBe(0);
  await expect(record.getByRole('link', { name: /with this CUSTNAME/ }).first()).toBeVisible();
  await shot(page, 'data-odata-subforms');
});

test('on a phone, an open record with a composite key and long paths does not widen the page (issue 5 § responsive)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [product, resource] of [['odata', 'AINVOICES'], ['receivables', 'receivablesInvoices']] as const) {
    const key = await createEnv(page, product, `Phone ${product}`);
    await page.goto(`/#/data/${key}/${resource}`);
    await page.getByTestId('open-record').first().click();
    await expect(page.getByTestId('record').locator('table.kv')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), product).toBeLessThanOrEqual(1);
    await shot(page, `mobile-data-record-${product}`);
    await page.goto(`/#/console/${key}`);
    await page.getByTestId('tab-auth').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${product} console auth`).toBeLessThanOrEqual(1);
  }
});

test('a record whose request cannot be sent shows why instead of loading forever (issue 5 § 3: record detail — review item 1)', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'No secrets');
  await page.goto(`/#/data/${key}/CUSTOMERS`);
  await page.getByTestId('open-record').first().click();
  await expect(page.getByTestId('record').locator('table.kv')).toBeVisible();
  // This browser forgets the environment's secrets: the console cannot sign, so the send rejects.
  await page.evaluate((k) => localStorage.removeItem(`erp-sim:secrets:${k}`), key);
  await page.reload();
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  const record = page.getByTestId('record');
  await expect(record.getByRole('alert')).toContainText('No remembered Basic (API user) credential');
  await expect(record.getByText('Loading…')).toHaveCount(0);
});

test("a receivables invoice leads to its customer's invoices and its contact (issue 5 § 3: links between related records)", async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Related records');
  await page.goto(`/#/data/${key}/receivablesInvoices`);
  await page.getByTestId('data-table').getByTestId('open-record').first().click();
  const record = page.getByTestId('record');
  const partyRow = record.locator('tr', { has: page.locator('th', { hasText: /^BillToPartyId$/ }) });
  const partyId = (await partyRow.locator('td').textContent())?.match(/\d{15,16}/)?.[0];
  expect(partyId).toBeTruthy();
  const contactRow = record.locator('tr', { has: page.locator('th', { hasText: /^BillToContact$/ }) });
  const contactName = (await contactRow.locator('td').textContent())?.split('→')[0]?.trim();
  expect(contactName).toBeTruthy();

  // The customer's invoices: the invoice table filtered with the service's own q.
  await partyRow.getByTestId('related-link').click();
  await expect(page).toHaveURL(new RegExp(`#/data/${key}/receivablesInvoices\\?filter=BillToPartyId(%3D|=)${partyId}`));
  await expect(page.getByTestId('page-info')).toContainText('Rows 1–');
  // Each listed invoice is this customer's (checked on the last one of the page).
  await page.getByTestId('data-table').getByTestId('open-record').last().click();
  await expect(page.getByTestId('record').locator('tr', { has: page.locator('th', { hasText: /^BillToPartyId$/ }) }).locator('td')).toContainText(partyId as string);
  await shot(page, 'data-related-invoices');
  await page.goBack();

  // The contact: the contacts table filtered by ContactName, one active person.
  await page.goBack();
  await page.getByTestId('record').locator('tr', { has: page.locator('th', { hasText: /^BillToContact$/ }) }).getByTestId('related-link').click();
  await expect(page).toHaveURL(new RegExp(`#/data/${key}/contacts\\?filter=ContactName`));
  await expect(page.getByTestId('page-info')).toContainText('of 1');
  await expect(page.getByTestId('data-table')).toContainText(contactName as string);
});
