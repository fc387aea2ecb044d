import { expect, test } from '../fixtures.ts';
import { createEnv, expectAccessible, responseStatus, shot } from './helpers.ts';

// Issue 10 § 4: a customer statement built from the account-activity resources (what is owed, what
// paid it, what is late) that a trainer can show next to the raw JSON. Spec 000 § What the service
// does 8 (totals in USD), § Other read-only resources (account activity and its children).

/** The value of a top-level key as the raw JSON tree shows it. */
async function rawValue(page: import('@playwright/test').Page, key: string): Promise<string> {
  const item = page.getByTestId('statement-raw').locator('li').filter({ has: page.locator('.k', { hasText: new RegExp(`^${key}$`) }) }).first();
  const text = (await item.textContent()) ?? '';
  return text.replace(`${key}:`, '').trim();
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

test('statement of a customer: totals from the activity resource, owed, late and paid items, the raw JSON beside it, and the request in the console', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Statement');
  await page.goto(`/#/statement/${key}`);
  const account = page.getByTestId('statement-account');
  await expect(account).toBeVisible();
  await account.selectOption({ label: '10010 · Acme Manufacturing Corp' });
  await expect(page).toHaveURL(new RegExp(`#/statement/${key}/\\d+`));
  const doc = page.getByTestId('statement');
  await expect(doc.locator('.name')).toHaveText('Acme Manufacturing Corp');
  await expect(page.getByTestId('statement-raw')).toContainText('transactionPaymentSchedules');

  // The totals shown are the service's own numbers (USD), the same ones the raw JSON carries.
  const due = Number(await rawValue(page, 'TotalTransactionsDueForAccount'));
  const open = Number(await rawValue(page, 'TotalOpenReceivablesForAccount'));
  expect(due).toBeGreaterThan(0);
  await expect(page.getByTestId('statement-total-due')).toHaveText(usd(due));
  await expect(page.getByTestId('statement-total-open')).toHaveText(usd(open));

  // What is owed: open payment schedules; the seeded past-due ones are marked late.
  const owed = page.getByTestId('statement-owed');
  await expect(owed.locator('tbody tr').first()).toBeVisible();
  expect(await owed.locator('tbody tr.late').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('statement-late-count')).not.toHaveText('0');
  // What paid it: the seeded receipts and the credit memo CM-5001.
  const paid = page.getByTestId('statement-paid');
  await expect(paid).toContainText('Receipt RCPT-');
  await expect(paid).toContainText('Credit memo CM-5001');
  // Two bill-to sites: the site totals are listed.
  await expect(page.getByTestId('statement-sites').locator('tbody tr')).toHaveCount(2);
  await shot(page, 'statement-10010');

  // Another customer, by the picker; the URL follows (deep link).
  await account.selectOption({ label: '10050 · Edelweiss Maschinenbau GmbH' });
  await expect(doc.locator('.name')).toHaveText('Edelweiss Maschinenbau GmbH');
  await expect(page.getByTestId('statement-owed')).toContainText('€');
  await page.getByTestId('statement-raw-toggle').uncheck();
  await expect(page.getByTestId('statement-raw')).toHaveCount(0);
  await shot(page, 'statement-10050-no-json');

  // The raw request opens in the console and answers 200.
  await page.getByTestId('statement-console').click();
  await expect(page).toHaveURL(/#\/console\/env_/);
  expect(await responseStatus(page)).toBe(200);
});

test('statement on a phone-sized screen stacks the raw JSON under the statement', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const key = await createEnv(page, 'receivables', 'Statement phone');
  await page.goto(`/#/statement/${key}`);
  await expect(page.getByTestId('statement')).toBeVisible();
  await expect(page.getByTestId('statement-raw')).toBeVisible();
  const doc = await page.getByTestId('statement').boundingBox();
  const raw = await page.getByTestId('statement-raw').boundingBox();
  expect(raw && doc && raw.y >= doc.y + doc.height - 1).toBe(true);
  // No horizontal page scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, 'statement-phone');
});

test('data browser: the new resources are listed, and an account activity opens with its seven children as related tables (issue 10 § 4)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Activity data');
  await page.goto(`/#/data/${key}`);
  for (const name of ['receivablesCreditMemos', 'receivablesAdjustments', 'receiptMethods', 'customerAccountSitesLOV', 'receivablesCustomerAccountActivities', 'receivablesCustomerAccountSiteActivities']) {
    await expect(page.locator(`[data-resource="${name}"]`)).toBeVisible();
  }
  await page.locator('[data-resource="receivablesCustomerAccountActivities"]').click();
  const table = page.getByTestId('data-table');
  await expect(table).toContainText('Acme Manufacturing Corp');
  await table.getByTestId('open-record').first().click();
  const record = page.getByTestId('record');
  for (const title of ['Standard Receipts', 'Standard Receipt Applications', 'Transaction Payment Schedules', 'Credit Memos', 'Credit Memo Applications', 'Transactions Paid by Other Customers', 'Transaction Adjustments']) {
    await expect(record.locator('h3.child', { hasText: new RegExp(`^${title} \\(`) })).toBeVisible();
  }
  expect(await record.getByTestId('child-table').count()).toBeGreaterThanOrEqual(5);
  await shot(page, 'data-account-activity-record');
});

test('the statement, in light and dark, has no serious or critical accessibility violation', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Statement axe');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    await page.goto(`/#/statement/${key}`);
    await page.reload();
    await expect(page.getByTestId('statement-owed')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, theme);
    await shot(page, `statement-${theme}`);
  }
});
