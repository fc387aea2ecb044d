// Static deployment under a sub-path (issue 2 § 4): Vite base, worker scope and /sim prefix agree.
import { expect, test } from '../fixtures.ts';
import { pageFetch } from './helpers.ts';

const SUB = 'http://127.0.0.1:4174/erp-sim/';

test('the build served under /erp-sim/ registers its worker there and answers /erp-sim/sim/*', async ({ page }) => {
  await page.goto(SUB);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 20_000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(SUB);
  const created = await pageFetch(page, '/erp-sim/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' });
  expect(created.status).toBe(201);
  expect((created.body as { baseUrl: string }).baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:4174\/erp-sim\/sim\/env_[0-9a-f]{32}$/);
  // The worker reads the product catalogs from the build's sim-catalog.json under the same base.
  const products = await pageFetch(page, '/erp-sim/sim/_admin/products');
  expect(products.status).toBe(200);
  expect((products.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['receivables', 'odata']);
  const unknown = await pageFetch(page, '/erp-sim/sim/env_00000000000000000000000000000000/x');
  expect((unknown.body as { code: string }).code).toBe('SIM-1000');
  // Outside the scope nothing is intercepted.
  const outside = await page.evaluate(async () => (await fetch('/sim/_admin/environments')).status);
  expect(outside).toBe(404);
  await page.screenshot({ path: 'test-results/screenshots/foundation-sub-path.png' });
});
