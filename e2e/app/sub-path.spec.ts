// The playground under a sub-path (npm run build:subpath, served at /erp-sim/): console, share link
// and error reproduction all stay under the base (issue 5 § deep links; issue 2; issue 4).
import { expect, test } from '../fixtures.ts';
import { responseStatus, shot } from './helpers.ts';

const SUB = 'http://127.0.0.1:4174/erp-sim/';

test('under /erp-sim/: an example is sent, and SIM-1000 is reproduced against the sub-path simulator', async ({ page }) => {
  await page.goto(`${SUB}#/envs`);
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await page.getByTestId('new-env-product').selectOption('odata');
  await page.getByTestId('create-env').click();
  await expect(page.getByTestId('revealed-credentials')).toBeVisible();
  const key = /#\/envs\/(env_[0-9a-f]{32})/.exec(page.url())?.[1];
  expect(key).toBeTruthy();
  await page.getByRole('link', { name: 'Open console' }).click();
  await page.locator('[data-example-id="odata.customers"]').click();
  await expect(page.getByTestId('url')).toHaveValue(`http://127.0.0.1:4174/erp-sim/sim/${key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=10`);
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(200);
  await page.goto(`${SUB}#/errors?q=SIM-1000`);
  await page.locator('tr[data-code="SIM-1000"]').first().getByTestId('reproduce').click();
  expect(await responseStatus(page)).toBe(404);
  await expect(page.getByTestId('url')).toHaveValue(/^http:\/\/127\.0\.0\.1:4174\/erp-sim\/sim\/env_0+\//);
  await expect(page.getByTestId('response-body')).toContainText('SIM-1000');
  await shot(page, 'sub-path-reproduce');
});
