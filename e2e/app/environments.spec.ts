import { expect, test } from '../fixtures.ts';
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
  await rows.filter({ hasText: 'trainer' }).getByRole('button', { name: /^Revoke/ }).click();
  // Revoking asks first (issue 13 bug 6).
  await page.getByTestId('confirm-revoke').getByRole('button', { name: 'Revoke credential' }).click();
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

test('switching environments quickly never shows the details of the one left (issue 5 § 1: environments — review item 2)', async ({ page }) => {
  const slow = await createEnv(page, 'receivables', 'Slow answer');
  const fast = await createEnv(page, 'odata', 'Fast answer');
  // The details of the first environment answer late: the page's fetch holds them back.
  await page.evaluate((k) => {
    const w = window as unknown as { lateAnswered: boolean };
    w.lateAnswered = false;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const res = await original(input, init);
      if (String(input).endsWith(`/_admin/environments/${k}`) && (init?.method ?? 'GET') === 'GET') {
        await new Promise((r) => setTimeout(r, 1500));
        // Flagged once the app has read the answer and every reaction to it (microtasks) has run.
        const text = res.text.bind(res);
        res.text = async () => {
          const body = await text();
          setTimeout(() => (w.lateAnswered = true), 0);
          return body;
        };
      }
      return res;
    };
  }, slow);
  const list = page.getByTestId('env-list');
  await list.getByRole('link', { name: /Slow answer/ }).click();
  await list.getByRole('link', { name: /Fast answer/ }).click();
  const creds = page.getByTestId('credential-list');
  await expect(creds).toContainText('API user');
  await expect.poll(() => page.evaluate(() => (window as unknown as { lateAnswered: boolean }).lateAnswered), { timeout: 5000 }).toBe(true);
  await expect(page.getByTestId('env-detail').getByRole('heading', { name: 'Fast answer', level: 2 })).toBeVisible();
  await expect(creds).toContainText('API user');
  await expect(creds).not.toContainText('OAuth client');
  expect(page.url()).toContain(fast);
});
