import { expect, test } from '@playwright/test';
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
    // Writes made in the console refresh the browser: the record opens in the console from here.
    await record.getByRole('button', { name: 'Open in console' }).click();
    expect(await responseStatus(page)).toBe(200);
  });
}
