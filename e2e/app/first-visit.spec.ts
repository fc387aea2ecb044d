// First visit on a real network (issue 22): the production build served gzip-compressed through a
// shaped link (e2e/shaped-host.ts: one shared download rate and a round trip per request, so the
// worker's own fetches are paced too). The worker takes the page as soon as the app shell, the
// engine and the catalogs are saved, and answers /sim while Monaco is still being saved; the console
// sends before its editor is cached; the header says when the playground is ready offline, and from
// then on it works with the host gone. Timings are the benchmark's (scripts/bench/first-visit.ts).
import { resolve } from 'node:path';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { SLOW_4G, ShapedHost } from '../shaped-host.ts';
import { responseStatus, shot } from './helpers.ts';
import { openView, viewTitles } from '../nav.ts';

const MONACO_CORE = /\/assets\/editor\.api-[\w-]+\.js$/;
const WORKER_SCRIPT = /\/sw\.js$/;
const CATALOG = /\/sim-catalog\.json$/;

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
}

/** Answers under /sim the page received from the worker, in order. */
function simAnswers(page: Page): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/sim/') && r.fromServiceWorker()) seen.push({ url: r.url(), status: r.status() });
  });
  return seen;
}

/**
 * Requests of the page that failed and were never served afterwards (a request the page cancelled
 * itself, net::ERR_ABORTED, counts only if its URL is never served later), as in offline.spec.ts.
 */
function failures(page: Page): { list(): string[] } {
  const failed: { url: string; error: string }[] = [];
  const served = new Set<string>();
  page.on('requestfailed', (r) => failed.push({ url: r.url(), error: r.failure()?.errorText ?? '' }));
  page.on('requestfinished', (r) => served.add(r.url()));
  return { list: () => failed.filter((f) => !(f.error === 'net::ERR_ABORTED' && served.has(f.url))).map((f) => `${f.url} ${f.error}`) };
}

test('a first visit on a slow link: the page waits in words, /sim answers before Monaco is saved, the console sends before its editor is cached, then the header says ready offline and it works with the host gone', async ({ page }) => {
  test.setTimeout(120_000);
  const host = new ShapedHost(resolve('dist'), SLOW_4G);
  // Held answers make each step observable whatever the machine's speed: the worker script, the
  // shell's catalog, then Monaco's core (the largest file, saved last).
  host.hold(WORKER_SCRIPT);
  host.hold(CATALOG);
  host.hold(MONACO_CORE);
  await host.start();
  const answers = simAnswers(page);
  try {
    await page.goto(`${host.url}#/envs`);
    // § What to reach: while the page is not yet controlled, the UI says what it is waiting for.
    const notice = page.getByTestId('worker-notice');
    await expect(notice).toHaveAttribute('data-step', 'download');
    await expect(notice).toContainText('downloading its engine');
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: starting');
    // A call made now waits instead of failing: create an environment before the worker is in.
    await page.getByTestId('new-env-product').selectOption('receivables');
    await page.getByTestId('new-env-name').fill('First visit');
    await page.getByTestId('create-env').click();
    host.release(WORKER_SCRIPT);
    await expect(notice).toHaveAttribute('data-step', 'install');
    await expect(notice).toContainText('saving the app');
    await shot(page, 'first-visit-waiting');
    await expect(page.locator('main [role="alert"]')).toHaveCount(0);
    expect(answers).toEqual([]);
    host.release(CATALOG);

    // § What to reach: the worker controls the page and answers /sim once the shell is saved,
    // while the rest of the build (Monaco held back here) is still being saved.
    await ready(page);
    await expect(page.getByTestId('revealed-credentials')).toBeVisible();
    const key = /#\/envs\/(env_[0-9a-f]{32})/.exec(page.url())?.[1];
    expect(key).toBeTruthy();
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    await expect(page.getByTestId('offline-copy')).toHaveAttribute('data-state', 'saving');
    await expect(page.getByTestId('offline-copy')).toContainText(/Saving for offline \d+%/);

    // § What to reach: the console works before Monaco is cached (its editor starts as a textarea).
    await page.goto(`${host.url}#/console/${key}`);
    await expect(page.getByTestId('send')).toBeVisible();
    await page.getByTestId('method').selectOption('POST');
    await page.getByTestId('url').fill(`${host.url}sim/${key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`);
    await page.getByTestId('tab-body').click();
    await page.getByTestId('body-editor').locator('textarea').first().fill(
      JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ LineNumber: 1, Description: 'Before Monaco', Quantity: 1, UnitSellingPrice: 10 }] }),
    );
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(201);
    await expect(page.getByTestId('body-editor')).not.toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('offline-copy')).toHaveAttribute('data-state', 'saving');
    await shot(page, 'first-visit-console-before-monaco');

    // Monaco arrives: the editor upgrades, and the header says the playground is ready offline.
    host.release(MONACO_CORE);
    await expect(page.getByTestId('body-editor')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect(page.getByTestId('offline-copy')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('offline-copy')).toContainText('Ready offline');
    await shot(page, 'first-visit-ready-offline');
    // One download of Monaco's core: the page's request and the background save shared it.
    expect(host.served.filter((s) => MONACO_CORE.test(s.path) && s.status === 200)).toHaveLength(1);

    // § What to reach: offline use is complete after that. Host gone: the console's editor (Monaco
    // and its workers from the copy) and every view open.
    await host.stop();
    const failed = failures(page);
    await page.goto('about:blank');
    await page.goto(`${host.url}#/console/${key}`);
    await ready(page);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-online', 'false');
    await expect(page.getByTestId('offline-copy')).toHaveAttribute('data-state', 'ready');
    await page.getByTestId('tab-body').click();
    await expect(page.getByTestId('body-editor')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('method').selectOption('GET');
    await page.getByTestId('url').fill(`${host.url}sim/${key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1`);
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(200);
    for (const title of viewTitles()) {
      await openView(page, title);
      await expect(page.locator('main h2, main [data-testid="send"]').first()).toBeVisible();
      await expect(page.locator('main [role="alert"]')).toHaveCount(0);
    }
    await shot(page, 'first-visit-offline');
    expect(failed.list()).toEqual([]);
  } finally {
    await host.stop();
  }
});
