import { expect, test } from '@playwright/test';
import { createEnv, openApp, shot } from './helpers.ts';

test('first visit shows the empty state, then an environment is created with its credentials shown once', async ({ page }) => {
  await openApp(page, '#/envs');
  await expect(page.getByRole('heading', { name: 'Environments' })).toBeVisible();
  const key = await createEnv(page, 'receivables', 'Receivables training');
  // Issue 2 § Control API: receivables come with two OAuth clients and one SOAP user.
  const revealed = page.getByTestId('revealed-credentials');
  await expect(revealed.getByRole('heading', { name: 'OAuth client', exact: false })).toHaveCount(2);
  await expect(revealed.getByRole('heading', { name: 'SOAP user' })).toHaveCount(1);
  await expect(revealed.getByTestId('secret-value').first()).not.toBeEmpty();
  await expect(revealed.getByRole('button', { name: /Copy Client secret/ }).first()).toBeVisible();
  await shot(page, 'environments-created');
  // Remembered in this browser, keyed by environment.
  const remembered = await page.evaluate((k) => JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]').length, key);
  expect(remembered).toBe(3);
  await revealed.getByRole('button', { name: 'I have copied them' }).click();
  await expect(page.getByTestId('credential-list').getByText('remembered')).toHaveCount(3);
  await expect(page.getByTestId('env-list')).toContainText(key);
});

test('the clock moves, credentials are added and revoked, reset asks first, delete removes', async ({ page }) => {
  await createEnv(page, 'odata', 'OData clock');
  const before = await page.getByTestId('env-clock').textContent();
  await page.getByTestId('advance-days').fill('10');
  await page.getByTestId('advance-clock').click();
  await expect(page.getByTestId('env-clock')).not.toHaveText(before ?? '');
  await expect(page.getByText('+10.00 days from real time')).toBeVisible();

  await page.getByTestId('add-cred-type').selectOption('pat');
  await page.getByLabel('Owner (username)').fill('trainer');
  await page.getByTestId('add-cred').click();
  await expect(page.getByTestId('revealed-credentials').getByRole('heading', { name: 'New Personal access token' })).toBeVisible();
  const rows = page.getByTestId('credential-list').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await rows.filter({ hasText: 'trainer' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(rows).toHaveCount(2);

  await page.getByTestId('reset-env').click();
  const dialog = page.getByTestId('confirm-reset');
  await expect(dialog).toBeVisible();
  await shot(page, 'environments-reset-confirm');
  await dialog.getByRole('button', { name: 'Reset data' }).click();
  await expect(page.getByTestId('env-notice')).toContainText('seeded book');

  await page.getByTestId('delete-env').click();
  await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete environment' }).click();
  await expect(page.getByTestId('no-envs')).toBeVisible();
});

test('a clock moved from another tab shows in the open environment view (issue 5 § 1: the clock shown)', async ({ page, context }) => {
  const key = await createEnv(page, 'receivables', 'Shared clock');
  await expect(page.getByTestId('env-clock')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/#/errors');
  await expect(other.getByTestId('worker-status')).toHaveText('Service worker: ready');
  const status = await other.evaluate(async (k) => {
    const res = await fetch(`/sim/_admin/environments/${k}/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"now":"2031-05-01"}' });
    return res.status;
  }, key);
  expect(status).toBe(200);
  await expect(page.getByTestId('env-clock')).toContainText('2031-05-01');
  await other.close();
});
