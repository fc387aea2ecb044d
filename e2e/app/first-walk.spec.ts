// What a new user tripped on (issue 24 § 1), one test per item, each failing on the code before the
// fix: a wrong explanation, snippets that carried this browser's identities, lessons ticked by the
// playground's own reads, a hard-to-scan journal, hints missing beside the console's answer, the
// AutoMatch view and record links, and the smaller items of § 1.7.
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, products, responseStatus, shot } from './helpers.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';
const ODATA = '/odata/Priority/tabula.ini/demo';

async function load(page: Page, search: string): Promise<void> {
  await page.getByTestId('example-search').fill(search);
  await page.getByTestId('example-search').press('Enter');
  await page.getByTestId('example-search').fill('');
}

async function send(page: Page): Promise<number> {
  await page.getByTestId('send').click();
  await expect(page.getByTestId('send')).toHaveText('Send');
  return responseStatus(page);
}

/** The console's last answer as JSON, read from its Raw tab. */
async function answerJson(page: Page): Promise<Record<string, unknown>> {
  const response = page.getByTestId('response');
  await response.getByRole('tab', { name: 'Raw' }).click();
  const text = (await page.getByTestId('response-body').locator('pre').textContent()) ?? '{}';
  await response.getByRole('tab', { name: 'Pretty' }).click();
  return JSON.parse(text) as Record<string, unknown>;
}

const secrets = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]') as Record<string, string>[], key);

test('§ 1.1 a credit memo sent twice is explained as a used transaction number, not as a wrong attribute type', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Twice');
  await page.goto(`/#/console/${key}`);
  await load(page, 'Create a credit memo with two lines');
  expect(await send(page)).toBe(201);
  expect(await send(page)).toBe(400);
  await expect(page.getByTestId('response-body')).toContainText('CM-7001 is already used');
  const explain = page.getByTestId('error-explain');
  await expect(explain).toContainText('Credit memo: transaction number already used');
  await expect(explain).not.toContainText('Wrong attribute type');
  await expect(explain).not.toContainText('JSON numbers');
  await shot(page, 'issue24-explained-duplicate');
});

test('§ 1.2 snippets for the Node host name every identity and secret as a variable, get a token first, use -sS and wrap', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Snippets');
  const creds = await secrets(page, key);
  const clientId = creds.find((c) => c.clientId)?.clientId as string;
  const soapUser = creds.find((c) => c.type === 'soap-user')?.username as string;
  await page.goto(`/#/console/${key}`);
  const snippetFor = async (search: string) => {
    await load(page, search);
    await page.getByTestId('tab-snippets').click();
    await page.getByTestId('snippet-target').selectOption('node');
    await page.getByRole('button', { name: 'curl', exact: true }).click();
    return (await page.getByTestId('snippet').textContent()) ?? '';
  };
  const token = await snippetFor('Get an access token');
  expect(token).toContain('$CLIENT_ID');
  expect(token).toContain('$CLIENT_SECRET');
  expect(token).not.toContain(clientId);
  expect(token).toMatch(/^curl -sS /m);
  expect(token).toContain('"$BASE/oauth/token"');

  const list = await snippetFor('List invoices (newest first)');
  expect(list).toMatch(/^TOKEN=\$\(curl -sS .*"\$CLIENT_ID:\$CLIENT_SECRET".*"\$BASE\/oauth\/token"/m);
  expect(list).toContain('Bearer $TOKEN');
  expect(list).not.toContain(clientId);
  // Long lines wrap inside the panel instead of being cut off.
  const fits = await page.getByTestId('snippet').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  await shot(page, 'issue24-snippet-node');

  const soap = await snippetFor('createSimpleInvoice');
  expect(soap).toContain('$SOAP_USER');
  expect(soap).toContain('$SOAP_PASSWORD');
  expect(soap).not.toContain(soapUser);
});

test('§ 1.3 lesson steps are not ticked by the data browser\'s own reads or the console\'s automatic tokens', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Lesson reads');
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="receipts-cycle-1"]').click();
  expect(await send(page)).toBe(201);
  const id = (await answerJson(page)).StandardReceiptId as number;
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/automatch/run`, { method: 'POST' })).status).toBe(200);
  // The data browser reads the receipt (APPLIED now) by itself.
  await page.goto(`/#/data/${key}/standardReceipts/${id}`);
  await expect(page.getByTestId('record')).toContainText('APPLIED');
  await page.waitForTimeout(600); // the journal is stored in the background
  const lessons = (await pageFetch(page, `/sim/_admin/environments/${key}/lessons`)).body as { items: { id: string; steps: { done: boolean }[] }[] };
  const steps = (id: string) => lessons.items.find((l) => l.id === id)?.steps.map((s) => s.done);
  expect(steps('automatch-applies')).toEqual([true, false]); // the console's POST counts; the view's GET does not
  expect(steps('get-a-token')).toEqual([false, false]); // the console fetched its token by itself
});

test('§ 1.4 the journal says who sent each entry, shows the learner\'s by default, keeps the resource name visible and links a created record', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Scan');
  await page.goto(`/#/console/${key}`);
  await load(page, 'Create an invoice for Acme');
  expect(await send(page)).toBe(201);
  const created = (await answerJson(page)).CustomerTransactionId as number;
  const columns = (await products(page)).find((p) => p.id === 'receivables')?.resources.find((r) => r.name === 'receivablesInvoices')?.columns ?? [];
  const long = `${REST}/receivablesInvoices?limit=5&fields=${columns.filter((c) => c.type !== 'array').slice(0, 14).map((c) => c.name).join(',')}`;
  await page.getByTestId('method').selectOption('GET');
  await page.getByTestId('url').fill(`${new URL(page.url()).origin}/sim/${key}${long}`);
  expect(await send(page)).toBe(200);
  await page.goto(`/#/data/${key}/receivablesInvoices`); // the view's own reads
  await expect(page.getByTestId('data-table')).toBeVisible();

  await page.goto(`/#/journal/${key}`);
  const entries = page.getByTestId('journal-entry');
  await expect(entries).toHaveCount(2); // the console's two requests; not its token, not the view's reads
  await expect(entries.first()).toContainText('console');
  await expect(page.getByTestId('journal-source-view')).not.toBeChecked();
  await expect(page.getByTestId('journal-source-auto-token')).not.toBeChecked();
  // The resource name of the long path is inside the visible part of its entry.
  const visible = await entries.first().evaluate((entry) => {
    const box = (entry.querySelector('.path') as HTMLElement).getBoundingClientRect();
    const walker = document.createTreeWalker(entry, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n.textContent ?? '').indexOf('receivablesInvoices');
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + 'receivablesInvoices'.length);
      const r = range.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }
    return false;
  });
  expect(visible).toBe(true);
  await page.getByTestId('journal-source-view').check();
  await expect(entries.filter({ hasText: 'view' }).first()).toBeVisible();
  // The create links to its record in the data browser.
  const post = entries.filter({ hasText: 'POST' });
  await post.click();
  const link = page.getByTestId('journal-record-link');
  await expect(link).toHaveAttribute('href', `#/data/${key}/receivablesInvoices/${created}`);
  await shot(page, 'issue24-journal-sources');
});

test('§ 1.5 the near-miss hint shows beside the console\'s answer', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Beside');
  await page.goto(`/#/console/${key}`);
  const origin = new URL(page.url()).origin;
  await page.getByTestId('method').selectOption('GET');
  await page.getByTestId('url').fill(`${origin}/sim/${key}${REST}/receivablesInvoices?fields=TransactionNumbr`);
  expect(await send(page)).toBe(400);
  await expect(page.getByTestId('answer-hint')).toHaveText('Did you mean the attribute TransactionNumber?');
});

test('§ 1.5 an injected fault is explained beside the console\'s answer', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Injected');
  await page.goto(`/#/console/${key}`);
  const origin = new URL(page.url()).origin;
  await page.getByTestId('method').selectOption('GET');
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'status', status: 503, path: '*/receivablesInvoices', retryAfter: 2 }) })).status).toBe(201);
  await page.getByTestId('url').fill(`${origin}/sim/${key}${REST}/receivablesInvoices`);
  expect(await send(page)).toBe(503);
  await expect(page.getByTestId('answer-why')).toContainText(/injected this 503 \(fault rule fault-\w+\)/);
});

test('§ 1.5 a $batch answer explains each part: a 200 batch whose part is 409 says so', async ({ page }) => {
  const o = await createEnv(page, 'odata', 'Batch');
  const origin = new URL(page.url()).origin;
  await page.goto(`/#/console/${o}`);
  await page.getByTestId('tab-import').click();
  const batch = JSON.stringify({ requests: [{ id: '1', method: 'GET', url: "CUSTOMERS('C1001')" }, { id: '2', method: 'POST', url: 'CUSTOMERS', headers: { 'content-type': 'application/json' }, body: { CUSTNAME: 'C1001', CUSTDES: 'Taken' } }] });
  await page.getByTestId('curl-input').fill(`curl -X POST '${origin}/sim/${o}${ODATA}/$batch' -H 'Content-Type: application/json' -d '${batch}'`);
  await page.getByTestId('curl-import').click();
  expect(await send(page)).toBe(200);
  const parts = page.getByTestId('batch-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(1)).toContainText('409');
  await expect(parts.nth(1)).toContainText('already exists');
  await shot(page, 'issue24-batch-parts');
});

test('§ 1.6 AutoMatch: the Why column is readable at 1366 px and the run picker names its counts', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const key = await createEnv(page, 'receivables', 'Why');
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="receipts-cycle-1"]').click();
  expect(await send(page)).toBe(201);
  await page.goto(`/#/automatch/${key}`);
  await page.getByTestId('am-run').click();
  await expect(page.getByTestId('am-notice')).toContainText('1 applied');
  const option = page.getByTestId('am-run-pick').locator('option').first();
  await expect(option).toContainText(/1 applied · 0 recommended · \d+ unmatched/);
  const why = page.getByTestId('am-unmatched').locator('td.reason').first();
  const box = await why.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(260);
  await shot(page, 'issue24-automatch-1366');
});

test('§ 1.6 record views link both ways: a receipt shows the invoices it paid, an invoice what paid it', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Both ways');
  await page.goto(`/#/console/${key}`);
  await page.locator('[data-example-id="receipts-cycle-1"]').click();
  expect(await send(page)).toBe(201);
  const receipt = (await answerJson(page)).StandardReceiptId as number;
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/automatch/run`, { method: 'POST' })).status).toBe(200);
  await page.goto(`/#/data/${key}/standardReceipts/${receipt}`);
  const paid = page.getByTestId('record-paid');
  await expect(paid).toBeVisible();
  const invoiceLink = paid.getByRole('link', { name: /^INV-/ });
  await invoiceLink.click();
  await expect(page).toHaveURL(/#\/data\/env_[0-9a-f]+\/receivablesInvoices\/\d+/);
  await expect(page.getByTestId('record-paid-by').getByRole('link', { name: /CYCLE-1/ })).toHaveAttribute('href', new RegExp(`standardReceipts/${receipt}$`));
});

test('§ 1.7 the body editor follows the content type: a form-encoded token body is no JSON error', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Form body');
  await page.goto(`/#/console/${key}`);
  await load(page, 'Get an access token');
  const editor = page.getByTestId('body-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await page.waitForTimeout(1500); // Monaco validates a JSON model in its worker
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);
});

test('§ 1.7 the data browser keeps key columns in view however far the table scrolls, and columns can be chosen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const key = await createEnv(page, 'receivables', 'Pinned');
  await page.goto(`/#/data/${key}/receivablesInvoices`);
  const table = page.getByTestId('data-table');
  await expect(table).toBeVisible();
  await table.evaluate((t) => {
    const scroller = t.parentElement as HTMLElement;
    scroller.scrollLeft = scroller.scrollWidth;
  });
  const keyHeader = table.locator('thead th').first();
  await expect(keyHeader).toContainText('CustomerTransactionId');
  const [kb, sb] = await Promise.all([keyHeader.boundingBox(), table.evaluate((t) => (t.parentElement as HTMLElement).getBoundingClientRect().toJSON() as { x: number; width: number })]);
  expect(kb && kb.x >= sb.x - 1 && kb.x + kb.width <= sb.x + sb.width + 1).toBe(true);
  await shot(page, 'issue24-data-pinned');
  // Choose the columns: one taken away is gone, and stays gone after a reload.
  await page.getByTestId('columns-open').click();
  await page.getByTestId('column-choice').filter({ hasText: 'BusinessUnit' }).locator('input').uncheck();
  await expect(table.locator('thead th', { hasText: 'BusinessUnit' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('data-table').locator('thead th', { hasText: 'BusinessUnit' })).toHaveCount(0);
});

test('§ 1.7 a moved clock shows in the header', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Clock moved');
  await page.goto(`/#/console/${key}`);
  await expect(page.getByTestId('clock-offset')).toHaveCount(0);
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"advanceDays": 30}' })).status).toBe(200);
  await expect(page.getByTestId('clock-offset')).toHaveText('+30 d');
  await shot(page, 'issue24-clock-header');
});

test('§ 1.7 an environment created elsewhere (another tab, the control API) appears without a reload', async ({ page, context }) => {
  await createEnv(page, 'receivables', 'Here');
  const other = await context.newPage();
  await other.goto('/#/envs');
  await expect(other.getByTestId('worker-status')).toHaveText('Service worker: ready');
  expect((await pageFetch(other, '/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product": "odata", "name": "Made elsewhere"}' })).status).toBe(201);
  await other.close();
  await expect(page.getByTestId('env-select').locator('option', { hasText: 'Made elsewhere' })).toHaveCount(1);
});

test('§ 1.7 at 800 px the header stays compact and a clicked journal entry\'s details come into view', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Narrow');
  await page.setViewportSize({ width: 800, height: 700 });
  await page.goto(`/#/journal/${key}`);
  const header = await page.locator('header').boundingBox();
  expect(header?.height ?? 999).toBeLessThanOrEqual(105);
  for (let i = 0; i < 6; i++) await pageFetch(page, `/sim/${key}${REST}/receivablesInvoices?n=${i}`);
  const entries = page.getByTestId('journal-entry');
  await expect(entries).toHaveCount(6);
  await entries.nth(2).click();
  await expect(page.getByTestId('journal-detail').locator('h3')).toBeInViewport();
  await shot(page, 'issue24-journal-800');
});
