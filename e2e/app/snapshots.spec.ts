// Snapshots, scenarios and API files in the playground, through the real service worker (issue 12
// §§ 3-4): export an environment, import the file as a new one, refuse a foreign file without
// changing anything, load a scenario in one click, download the OpenAPI document and the Postman
// collection; accessible in light and dark, usable at 800 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

async function envCount(page: Page): Promise<number> {
  const res = await pageFetch(page, '/sim/_admin/environments');
  return (res.body as { items: unknown[] }).items.length;
}

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path()) as string, 'utf8') };
}

/** Total invoices of an environment, read with the first OAuth client this browser remembers for it. */
async function invoiceTotal(page: Page, key: string): Promise<number> {
  const secrets = await page.evaluate((k) => JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]'), key);
  const client = secrets.find((c: { clientId?: string }) => c.clientId);
  const tok = await pageFetch(page, `/sim/${key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
  });
  expect(tok.status).toBe(200);
  const res = await pageFetch(page, `/sim/${key}${INV}?totalResults=true&limit=1`, { headers: { authorization: `Bearer ${(tok.body as { access_token: string }).access_token}` } });
  expect(res.status).toBe(200);
  return (res.body as { totalResults: number }).totalResults;
}

async function axe(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, label);
}

test('export an environment, import the file as a new environment, refuse a foreign file', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Snapshot source');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto(`/#/snapshots/${key}`);
  await expect(page.getByRole('heading', { name: 'Snapshots', level: 2 })).toBeVisible();
  await axe(page, 'snapshots light');

  const snap = await download(page, 'snap-export');
  expect(snap.name).toBe('Snapshot-source.erp-sim.json');
  const parsed = JSON.parse(snap.text);
  expect(parsed).toMatchObject({ format: 'erp-sim-snapshot', version: 1, product: 'receivables', name: 'Snapshot source' });
  expect(parsed.credentials).toBeUndefined();
  await expect(page.getByTestId('snap-notice')).toContainText('Downloaded Snapshot-source.erp-sim.json');

  // A foreign file is refused with a clear message and no environment appears.
  const before = await envCount(page);
  await page.getByTestId('snap-file').setInputFiles({ name: 'petstore.json', mimeType: 'application/json', buffer: Buffer.from('{"openapi": "3.1.0", "info": {}}') });
  await page.getByTestId('snap-import').click();
  await expect(page.getByTestId('snap-error')).toContainText('This is not an ERP simulator snapshot');
  expect(await envCount(page)).toBe(before);
  await shot(page, 'snapshots-refused');

  // The exported file imports as a new environment with fresh credentials, shown once.
  await page.getByTestId('snap-file').setInputFiles({ name: snap.name, mimeType: 'application/json', buffer: Buffer.from(snap.text) });
  await page.getByTestId('snap-name').fill('Imported copy');
  await page.getByTestId('snap-import').click();
  await expect(page.getByTestId('snap-notice')).toContainText('Imported as "Imported copy"');
  await expect(page.getByTestId('revealed-credentials')).toContainText('fresh secrets');
  expect(await envCount(page)).toBe(before + 1);
  await expect(page.getByTestId('env-select').locator('option:checked')).toHaveText(/Imported copy/);
  await shot(page, 'snapshots-imported');

  // The copy answers with the same invoices as the source, each signed with its own client.
  const envs = (await pageFetch(page, '/sim/_admin/environments')).body as { items: { key: string; name: string }[] };
  const copyKey = envs.items.find((e) => e.name === 'Imported copy')?.key as string;
  expect(await invoiceTotal(page, copyKey)).toBe(await invoiceTotal(page, key));
});

test('a scenario loads in one click; the OpenAPI document and the Postman collection download', async ({ page }) => {
  await createEnv(page, 'receivables', 'Docs');
  await page.goto('/#/snapshots');
  await expect(page.getByTestId('scenario-list')).toContainText('Cash cycle exercise');
  const before = await envCount(page);
  await page.getByTestId('load-cash-cycle').click();
  await expect(page.getByTestId('snap-notice')).toContainText('Loaded "Cash cycle exercise" as a new environment');
  expect(await envCount(page)).toBe(before + 1);
  await expect(page.getByTestId('env-select').locator('option:checked')).toHaveText(/Cash cycle exercise/);
  await expect(page.getByTestId('revealed-credentials')).toBeVisible();

  const key = await page.getByTestId('env-select').inputValue();
  const am = await pageFetch(page, `/sim/_admin/environments/${key}/automatch`);
  expect((am.body as { settings: { schedule: { enabled: boolean } } }).settings.schedule.enabled).toBe(false);

  const openapi = await download(page, 'dl-openapi');
  expect(openapi.name).toBe('Cash-cycle-exercise.openapi.json');
  const doc = JSON.parse(openapi.text);
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.servers[0].url).toBe(`http://127.0.0.1:4173/sim/${key}`);
  expect(doc.paths[INV].get).toBeDefined();
  const postman = await download(page, 'dl-postman');
  expect(JSON.parse(postman.text).info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');

  // Dark theme at 800 px: no horizontal scroll, no serious accessibility violation.
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.getByTestId('theme-toggle').click();
  await page.getByRole('button', { name: 'I have copied them' }).click();
  await expectNoOverflow(page);
  await axe(page, 'snapshots dark');
  await shot(page, 'snapshots-dark-800');
});

test('under /erp-sim/: a scenario loads and the OpenAPI document names the sub-path server', async ({ page }) => {
  const SUB = 'http://127.0.0.1:4174/erp-sim/';
  await page.goto(`${SUB}#/snapshots`);
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await page.getByTestId('load-month-end-overdue').click();
  await expect(page.getByTestId('snap-notice')).toContainText('Loaded "Month end: overdue customers"');
  const key = await page.getByTestId('env-select').inputValue();
  const doc = JSON.parse((await download(page, 'dl-openapi')).text);
  expect(doc.servers[0].url).toBe(`http://127.0.0.1:4174/erp-sim/sim/${key}`);
  expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe(`http://127.0.0.1:4174/erp-sim/sim/${key}/oauth/token`);
  const snap = JSON.parse((await download(page, 'snap-export')).text);
  expect(snap.clock.now.slice(0, 10) > new Date().toISOString().slice(0, 10)).toBe(true); // 45 days on
});
