// Lessons through the real service worker (issue 12 § 5): steps complete from the journal whoever
// sends the requests (here a "trainee program": plain fetch calls from the page, not the console),
// progress updates by itself, and the trainer sees every environment's progress.
import { expect, test } from '../fixtures.ts';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

test('a trainee program completes "Get a token" and pages through every invoice; the trainer sees it', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Trainee one');
  const other = await createEnv(page, 'odata', 'Trainee two');
  await page.goto(`/#/lessons/${key}`);
  const token = page.getByTestId('lesson-get-a-token');
  await expect(token.getByTestId('lesson-state')).toHaveText('0 of 2 steps');
  await expect(page.getByTestId('lesson-read-an-odata-error')).toHaveCount(0); // OData lessons belong to OData environments

  // The trainee's own program: a token, then every page of invoices (100 at a time).
  const secrets = await page.evaluate((k) => JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]'), key);
  const client = secrets.find((c: { clientId?: string }) => c.clientId);
  const tok = await pageFetch(page, `/sim/${key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
  });
  const auth = { authorization: `Bearer ${(tok.body as { access_token: string }).access_token}` };
  for (let offset = 0; ; offset += 100) {
    const res = await pageFetch(page, `/sim/${key}${INV}?limit=100&offset=${offset}&onlyData=true&fields=TransactionNumber`, { headers: auth });
    expect(res.status).toBe(200);
    if (!(res.body as { hasMore: boolean }).hasMore) break;
  }

  // Progress follows by itself (the view re-reads it every few seconds).
  await expect(token.getByTestId('lesson-state')).toHaveText('Done', { timeout: 15_000 });
  await expect(token.getByTestId('step-evidence').first()).toContainText('POST /oauth/token → 200');
  const paging = page.getByTestId('lesson-page-through-invoices');
  await expect(paging.getByTestId('lesson-state')).toHaveText('Done');
  await expect(paging.getByTestId('step-evidence').nth(1)).toContainText('offset=');
  await expect(page.getByTestId('lesson-sync-incrementally').getByTestId('lesson-state')).toHaveText('0 of 3 steps');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'lessons light');
  await shot(page, 'lessons-trainee');

  // The trainer's tables: one per product, each environment with the lessons of its product.
  await page.getByTestId('lessons-trainer').click();
  const row = page.getByTestId('trainer-table-receivables').getByRole('row', { name: /Trainee one/ });
  // Receivables lessons in order: two done, then sync, AutoMatch, a fault, the drill by hand (issue 23),
  // don't overwrite a colleague's change (issue 39 § 3); OData: an error, a $batch, back off when throttled.
  await expect(row.getByRole('cell')).toHaveText(['✓ done', '✓ done', '0/3', '0/2', '0/2', '0/10', '0/5']);
  await expect(page.getByTestId('trainer-table-odata').getByRole('row', { name: /Trainee two/ }).getByRole('cell')).toHaveText(['0/2', '0/3', '0/2']);
  expect(other).toMatch(/^env_/);

  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByTestId('theme-toggle').click();
  await expectNoOverflow(page);
  await expectAccessible(page, 'lessons trainer dark');
  await shot(page, 'lessons-trainer-dark-800');
});

test('OData: read an OData error, then fix the $filter, from the console', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'OData trainee');
  await page.goto(`/#/lessons/${key}`);
  const lesson = page.getByTestId('lesson-read-an-odata-error');
  await expect(lesson.getByTestId('lesson-state')).toHaveText('0 of 2 steps');
  const secrets = await page.evaluate((k) => JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]'), key);
  const user = secrets.find((c: { username?: string; password?: string }) => c.username && c.password);
  const basic = { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
  const root = `/sim/${key}/odata/Priority/tabula.ini/demo`;
  const bad = await pageFetch(page, `${root}/CUSTOMERS?$filter=NOPE eq 1`, { headers: basic });
  expect(bad.status).toBeGreaterThanOrEqual(400);
  await expect(lesson.getByTestId('lesson-state')).toHaveText('1 of 2 steps', { timeout: 15_000 });
  const good = await pageFetch(page, `${root}/CUSTOMERS?$filter=STATDES eq 'Active'&$top=1`, { headers: basic });
  expect(good.status).toBe(200);
  await expect(lesson.getByTestId('lesson-state')).toHaveText('Done', { timeout: 15_000 });
  await page.getByTestId('theme-toggle').click();
  await expectAccessible(page, 'lessons trainee dark');
  await shot(page, 'lessons-odata-dark');
});
