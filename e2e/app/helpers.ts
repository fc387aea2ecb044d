/** Shared steps for the playground's end-to-end tests (real service worker, production build). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../src/engine/core/types.ts';

export interface ProductInfo {
  id: 'receivables' | 'odata';
  title: string;
  resources: ResourceInfo[];
  examples: ExampleRequest[];
  errors: ErrorEntry[];
}

/** Open the app and wait until the worker controls the page. */
export async function openApp(page: Page, hash = ''): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
}

/** The product catalogs as the engine serves them (read through the worker, as the app does). */
export async function products(page: Page): Promise<ProductInfo[]> {
  return page.evaluate(async () => {
    const res = await fetch('/sim/_admin/products');
    return ((await res.json()) as { items: ProductInfo[] }).items;
  });
}

/** Create an environment through the UI; returns its key. */
export async function createEnv(page: Page, product: 'receivables' | 'odata', name: string): Promise<string> {
  await page.goto('/#/envs');
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await page.getByTestId('new-env-product').selectOption(product);
  await page.getByTestId('new-env-name').fill(name);
  await page.getByTestId('create-env').click();
  await expect(page.getByTestId('revealed-credentials')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();
  const key = /#\/envs\/(env_[0-9a-f]{32})/.exec(page.url())?.[1];
  expect(key).toBeTruthy();
  return key as string;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** Wait until the console's response viewer shows a status. */
export async function responseStatus(page: Page): Promise<number> {
  const status = page.getByTestId('response-status');
  await expect(status).toBeVisible();
  return Number((await status.textContent())?.trim().split(' ')[0]);
}

/** No serious or critical axe violation on the page (`exclude`: a selector axe skips, e.g. Monaco). */
export async function expectAccessible(page: Page, label: string, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), label).toEqual([]);
}

/** The page is no wider than its viewport (1 px of rounding allowed). */
export async function expectNoOverflow(page: Page, label?: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, label).toBeLessThanOrEqual(1);
}
