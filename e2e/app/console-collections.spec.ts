// Variables, collections that run with checks, and the history by day (issue 24 §§ 2-3), through the
// real service worker; screenshots in light and dark at 1366 and 800 px, axe-clean, no overflow.
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { createEnv, expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';

// postman-collection is CommonJS whose named exports Node's ESM loader cannot see (Playwright loads
// specs as ESM; Vitest interops): require it.
const { Collection: PostmanCollection } = createRequire(import.meta.url)('postman-collection') as typeof import('postman-collection');

const REST = '/fscmRestApi/resources/11.13.18.05';

async function send(page: Page): Promise<number> {
  await page.getByTestId('send').click();
  await expect(page.getByTestId('send')).toHaveText('Send');
  return responseStatus(page);
}

async function load(page: Page, search: string): Promise<void> {
  await page.getByTestId('example-search').fill(search);
  await page.getByTestId('example-search').press('Enter');
  await page.getByTestId('example-search').fill('');
}

async function saveAs(page: Page, name: string, collection: { existing?: string; create?: string }, folder = ''): Promise<void> {
  await page.getByTestId('save-open').click();
  await page.getByTestId('save-name').fill(name);
  if (collection.create) {
    await page.getByTestId('save-collection').selectOption('');
    await page.getByLabel("New collection's name").fill(collection.create);
  } else if (collection.existing) await page.getByTestId('save-collection').selectOption({ label: collection.existing });
  await page.getByTestId('save-folder').fill(folder);
  await page.getByTestId('save-request').click();
  // Saving says what it did (the form closes).
  await expect(page.getByTestId('save-notice')).toContainText(`Saved “${name}” in ${collection.create ?? collection.existing}`);
}

test('variables: your own and the built-ins fill {{names}}, show their value on hover, and a request sets one from its answer (issue 24 § 2)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Variables');
  await page.goto(`/#/console/${key}`);
  const origin = new URL(page.url()).origin;
  // Set one from an answer: the create's id.
  await load(page, 'Create an invoice for Acme');
  await page.getByTestId('tab-checks').click();
  await page.getByTestId('add-capture').click();
  await page.getByTestId('capture-name').fill('invoiceId');
  await page.getByTestId('capture-from').fill('$.CustomerTransactionId');
  expect(await send(page)).toBe(201);
  await expect(page.getByTestId('captured')).toContainText('{{invoiceId}} =');
  await expect(page.getByTestId('check-result').first()).toContainText('status is 201'); // the example's own status check

  // Use it (and the built-in baseUrl) in the next request.
  await page.getByTestId('method').selectOption('GET');
  await page.getByTestId('url').fill(`${origin}/sim/${key}${REST}/receivablesInvoices/{{invoiceId}}?fields=TransactionNumber,BillToCustomerNumber`);
  await page.getByTestId('tab-headers').click();
  await expect(page.getByTestId('used-variable')).toHaveText(['{{invoiceId}}']);
  await expect(page.getByTestId('used-variable')).toHaveAttribute('title', /^\{\{invoiceId\}\} = \d{15,16}$/);
  expect(await send(page)).toBe(200);
  await expect(page.getByTestId('response-body')).toContainText('BillToCustomerNumber');

  // The Variables panel lists it with the built-ins; secrets are masked.
  await page.getByTestId('variables-tab').click();
  const panel = page.getByTestId('variables-panel');
  await expect(panel.locator('[data-name="invoiceId"]')).toBeVisible();
  await expect(panel.locator('[data-name="clientId"]')).toContainText('client_');
  await expect(panel.locator('[data-name="clientSecret"]')).toContainText('••••');
  await panel.getByTestId('new-variable-name').fill('customer');
  await panel.getByTestId('new-variable-value').fill('10010');
  await panel.getByTestId('add-variable').click();
  // Laid out so that nothing hides anything: the badge beside a secret's name never covers its masked
  // value, a long value of your own shows whole, and the three tabs share one line.
  for (const name of ['clientSecret', 'soapPassword']) {
    const row = panel.locator(`[data-name="${name}"]`);
    if (!(await row.count())) continue;
    const [badge, value] = [await row.locator('.badge').boundingBox(), await row.locator('.value').boundingBox()];
    expect(badge && value && (badge.y + badge.height <= value.y + 1 || badge.x >= value.x + value.width || badge.x + badge.width <= value.x), `${name}: the badge does not cover the value`).toBe(true);
  }
  await panel.getByTestId('new-variable-name').fill('longNumber');
  await panel.getByTestId('new-variable-value').fill('300000000000123');
  await panel.getByTestId('add-variable').click();
  const long = panel.locator('[data-name="longNumber"]').getByTestId('variable-value');
  expect(await long.evaluate((i: HTMLInputElement) => i.scrollWidth <= i.clientWidth)).toBe(true);
  const tabY = async (name: string | RegExp) => (await page.getByRole('tab', { name }).boundingBox())?.y;
  expect(await tabY('Variables')).toBe(await tabY(/^Examples/));
  await shot(page, 'variables-panel');
  // BillToCustomerNumber is not queryable (spec 000, queryable attributes: invoices): the account activity finder takes the number.
  await page.getByTestId('url').fill(`${origin}/sim/${key}${REST}/receivablesCustomerAccountActivities?finder=CustomerAccountActivitiesFinder;AccountNumber={{customer}}&limit=1&onlyData=true`);
  expect(await send(page)).toBe(200);
  await expect(page.getByTestId('response-body')).toContainText('10010');
  // A snippet keeps variables as variables.
  await page.getByTestId('tab-snippets').click();
  await page.getByTestId('snippet-target').selectOption('node');
  await expect(page.getByTestId('snippet')).toContainText('$CUSTOMER');
  await expect(page.getByTestId('snippet')).toContainText('# CUSTOMER: the console variable {{customer}} (now 10010)');
  await shot(page, 'issue24-variables');
});

test('a collection with folders and checks runs against any environment of its product, exports to Postman v2.1 and imports back (issue 24 § 3)', async ({ page }) => {
  const first = await createEnv(page, 'receivables', 'Collection one');
  const second = await createEnv(page, 'receivables', 'Collection two');
  await page.goto(`/#/console/${first}`);
  const origin = new URL(page.url()).origin;

  await load(page, 'Create a credit memo with two lines');
  await page.getByTestId('tab-checks').click();
  await page.getByTestId('add-check').click();
  await page.getByTestId('check-kind').nth(1).selectOption('json');
  await page.getByTestId('check-path').fill('$.TransactionNumber');
  await page.getByTestId('check-equals').nth(1).fill('CM-7001');
  await page.getByTestId('add-capture').click();
  await page.getByTestId('capture-name').fill('memoId');
  await page.getByTestId('capture-from').fill('$.CustomerTransactionId');
  await saveAs(page, 'Create the memo', { create: 'Memo smoke test' }, 'Credit memos');
  await page.getByTestId('method').selectOption('GET');
  await page.getByTestId('url').fill(`${origin}/sim/${first}${REST}/receivablesCreditMemos/{{memoId}}`);
  await page.getByTestId('tab-checks').click();
  await page.getByTestId('check-equals').first().fill('200');
  await page.locator('[aria-label="Remove this check"]').nth(1).click();
  await page.locator('[aria-label="Remove this variable"]').click();
  await page.getByTestId('add-check').click();
  await page.getByTestId('check-kind').nth(1).selectOption('header');
  await saveAs(page, 'Read it back', { existing: 'Memo smoke test' }, 'Credit memos');
  // Saved requests show with their collection and folder in the console's list.
  await expect(page.getByTestId('example-list').locator('[data-saved-id]')).toHaveCount(2);
  await expect(page.getByTestId('example-list')).toContainText('Memo smoke test › Credit memos');

  await page.goto(`/#/collections/${first}`);
  await expect(page.getByTestId('collection-detail')).toContainText('Memo smoke test');
  await expect(page.getByTestId('collection-request')).toHaveCount(2);
  await page.getByTestId('run-env').selectOption({ label: 'Collection two' });
  await page.getByTestId('collection-run').click();
  await expect(page.getByTestId('run-summary')).toContainText('4 passed, 0 failed');
  await expect(page.getByTestId('run-step')).toHaveCount(2);
  await expect(page.getByTestId('run-step').first()).toContainText('Set {{memoId}} =');
  await expectAccessible(page, 'collections light 1366');
  await shot(page, 'issue24-collections-run');
  // Run again on the same environment: the memo number is taken now, so the first check fails.
  await page.getByTestId('collection-run').click();
  await expect(page.getByTestId('run-summary')).toContainText(/\d+ passed, [1-9]\d* failed/);
  await expect(page.getByTestId('run-check').filter({ hasText: 'status is 201' })).toContainText('the status is 400');
  await shot(page, 'issue24-collections-failed');

  // Export, delete, import back: the same collection.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('collection-export').click()]);
  const file = (await download.path()) as string;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const loaded = new PostmanCollection(json);
  expect(loaded.variables.get('erpSimProduct')).toBe('receivables');
  expect(JSON.stringify(json)).toContain('{{memoId}}');
  expect(JSON.stringify(json)).not.toContain(second);
  await page.getByTestId('collection-delete').click();
  await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No collection yet')).toBeVisible();
  await page.getByTestId('collection-import').setInputFiles(file);
  await expect(page.getByTestId('collections-notice')).toContainText('Imported Memo smoke test: 2 requests (receivables)');
  await expect(page.getByTestId('collection-request')).toHaveCount(2);
  await page.getByTestId('run-env').selectOption({ label: 'Collection one' });
  await page.getByTestId('collection-run').click();
  await expect(page.getByTestId('run-summary')).toContainText('4 passed, 0 failed');
  // A file that is no collection is refused, saying why.
  await page.getByTestId('collection-import').setInputFiles({ name: 'nope.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await expect(page.getByTestId('collections-error')).toContainText('not a Postman collection');
});

test('the history is searchable, shows names, method, status and duration, and groups by day (issue 24 § 3)', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'History days');
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="odata.customers"]').click();
  expect(await send(page)).toBe(200);
  await page.locator('[data-example-id="odata.invoices"]').click();
  expect(await send(page)).toBe(200);
  // An entry from another day (as yesterday's visit left it).
  await page.evaluate((k) => {
    const list = JSON.parse(localStorage.getItem(`erp-sim:history:${k}`) ?? '[]') as { at: string }[];
    const old = { ...list[0], id: 'old', at: new Date(Date.now() - 86_400_000 * 3).toISOString(), name: 'An old one' };
    localStorage.setItem(`erp-sim:history:${k}`, JSON.stringify([...list, old]));
  }, key);
  await page.reload();
  await page.getByTestId('history-tab').click();
  const list = page.getByTestId('history-list');
  await expect(list.locator('h3')).toHaveText(['Today', /\w/]);
  await expect(list.getByTestId('history-name')).toHaveText(['Sales invoices', 'Customers', 'An old one']);
  await expect(list.locator('li').first()).toContainText(/GET\s*200/);
  await expect(list.locator('li').first()).toContainText(/\d+ ms/);
  await page.getByTestId('history-search').fill('sales');
  await expect(list.locator('li')).toHaveCount(1);
  await page.getByTestId('history-search').fill('');
  await shot(page, 'issue24-history');
});

test('screens in light and dark at 1366 and 800 px: console, collections, journal, data browser; axe-clean, no overflow (issue 24 § Tests)', async ({ page }) => {
  // Sixteen screens, each reloaded and checked with axe: more than the default minute.
  test.setTimeout(240_000);
  const key = await createEnv(page, 'receivables', 'Screens');
  await page.goto(`/#/console/${key}`);
  await load(page, 'Create a credit memo with two lines');
  expect(await send(page)).toBe(201);
  expect(await send(page)).toBe(400);
  await saveAs(page, 'Credit memo', { create: 'Screens' }, 'Memos');
  for (const width of [1366, 800]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
      for (const [name, hash] of [['console', `#/console/${key}`], ['collections', `#/collections/${key}`], ['journal', `#/journal/${key}`], ['data', `#/data/${key}/receivablesInvoices`]] as const) {
        await page.goto(`/${hash}`);
        await page.reload();
        await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
        await page.waitForLoadState('networkidle');
        if (name === 'journal') await page.getByTestId('journal-entry').first().click();
        await expectAccessible(page, `${name} ${theme} ${width}`, '.monaco-editor');
        await expectNoOverflow(page, `${name} ${theme} ${width}`);
        await shot(page, `issue24-${name}-${theme}-${width}`);
      }
    }
  }
});
