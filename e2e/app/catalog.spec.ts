import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createEnv, products, responseStatus, shot } from './helpers.ts';

/** Put an environment back to its seeded book (the control API), so each example starts from it. */
async function reset(page: Page, key: string): Promise<void> {
  const status = await page.evaluate(async (k) => (await fetch(`/sim/_admin/environments/${k}/reset`, { method: 'POST' })).status, key);
  expect(status).toBe(200);
}

for (const product of ['receivables', 'odata'] as const) {
  test(`${product}: every example of the catalog is sent from the console and gets its expected status (issue 5 § 2: example catalog)`, async ({ page }) => {
    test.setTimeout(240_000);
    const key = await createEnv(page, product, `Catalog ${product}`);
    const examples = (await products(page)).find((p) => p.id === product)?.examples ?? [];
    expect(examples.length).toBeGreaterThan(0);
    await page.goto(`/#/console/${key}`);
    const failures: string[] = [];
    for (const ex of examples) {
      await reset(page, key);
      await page.locator(`[data-example-id="${ex.id}"]`).click();
      await expect(page.getByTestId('url')).toHaveValue(new RegExp(`/sim/${key}`));
      await page.getByTestId('send').click();
      const status = await responseStatus(page);
      if (status !== (ex.expectStatus ?? 200)) failures.push(`${ex.id}: expected ${ex.expectStatus ?? 200}, got ${status}`);
    }
    expect(failures).toEqual([]);
    await shot(page, `catalog-${product}-last-example`);
  });
}

test('reproduce: error entries of both products open in the console and get their status, including a request sent without Content-Type (issue 5 § 4; spec 001 § $batch rule 2)', async ({ page }) => {
  test.setTimeout(120_000);
  await createEnv(page, 'receivables', 'Repro R');
  await createEnv(page, 'odata', 'Repro O');
  const catalogs = await products(page);
  const pick = (product: 'receivables' | 'odata', n: number) =>
    (catalogs.find((p) => p.id === product)?.errors ?? []).filter((e) => e.reproduce).slice(0, n).map((e) => ({ code: e.code, title: e.title, status: e.reproduce?.expectStatus ?? e.status }));
  const odata = catalogs.find((p) => p.id === 'odata')?.errors ?? [];
  // An entry whose triggering request deliberately has a body and no Content-Type: the console
  // must not add one (neither its own JSON default nor the browser's text/plain).
  const noContentType = odata.find((e) => e.reproduce?.body && !Object.keys(e.reproduce.headers ?? {}).some((h) => h.toLowerCase() === 'content-type'));
  const chosen = [...pick('receivables', 3), ...pick('odata', 3)];
  if (noContentType) chosen.push({ code: noContentType.code, title: noContentType.title, status: noContentType.reproduce?.expectStatus ?? noContentType.status });
  expect(chosen.length).toBeGreaterThanOrEqual(6);
  for (const e of chosen) {
    await page.goto('/#/errors');
    await page.getByTestId('error-search').fill(e.code);
    await page.locator(`tr[data-code="${e.code}"]`).filter({ hasText: e.title }).first().getByTestId('reproduce').click();
    await expect(page).toHaveURL(/#\/console\/env_/);
    expect(await responseStatus(page), e.code).toBe(e.status);
  }
  if (noContentType) {
    await page.getByTestId('tab-headers').click();
    await expect(page.getByTestId('omitted-headers')).toContainText('Content-Type');
    await page.getByTestId('tab-snippets').click();
    await expect(page.getByTestId('snippet')).toContainText(`-H 'Content-Type:'`);
    await shot(page, 'errors-reproduced-no-content-type');
  }
});
