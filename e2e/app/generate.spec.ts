// Issue 14 § What to reach (browser: "generate 100k invoices under 20 s with the page responsive and
// progress shown"): the Environments view's Generate data control calls
// POST /sim/_admin/environments/<key>/generate, shows the worker's sim-progress notice of each
// committed slice of 3,000 documents, then the result or the control API's own error message; an
// open data browser follows the new documents, reloading about once a second while the generate
// runs instead of after every slice.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';

// Playwright's trace takes DOM snapshots in the page at each step: off in this file, so the
// main-thread time measured while 100k invoices are generated is the app's own.
test.use({ trace: 'off' });

interface Watch {
  /** Each distinct state of the bar: "valuenow/valuemax valuetext button-state". */
  progress: string[];
  /** Main-thread responsiveness: how late a 50 ms timer ran, and long tasks (> 50 ms). */
  maxTimerLateMs: number;
  longTasks: number[];
  reset(): void;
  stop(): void;
}

/** Record every state the bar shows (polling would miss slices) and how free the main thread stays. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const section = document.querySelector('[data-testid="generate"]');
    if (!section) throw new Error('no Generate data section');
    let timer: ReturnType<typeof setTimeout> | undefined;
    let since = 0;
    let due = performance.now() + 50;
    const w: Watch = {
      progress: [],
      maxTimerLateMs: 0,
      longTasks: [],
      reset() {
        since = performance.now();
        w.maxTimerLateMs = 0;
        w.longTasks = [];
        clearTimeout(timer);
        due = since + 50;
        timer = setTimeout(tick, 50);
      },
      stop() {
        clearTimeout(timer);
        observer.disconnect();
        tasks.disconnect();
      },
    };
    (window as unknown as { __watch: Watch }).__watch = w;
    const note = () => {
      const bar = section.querySelector('[role="progressbar"]');
      const button = section.querySelector<HTMLButtonElement>('[data-testid="generate-run"]');
      if (!bar) return;
      const entry = `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')} ${bar.getAttribute('aria-valuetext')} ${button?.disabled ? 'disabled' : 'enabled'}`;
      if (w.progress.at(-1) !== entry) w.progress.push(entry);
    };
    const observer = new MutationObserver(note);
    observer.observe(section, { subtree: true, childList: true, attributes: true, characterData: true });
    const tasks = new PerformanceObserver((list) => {
      // Entries come in later than they happen: only those after the last reset count.
      for (const e of list.getEntries()) if (e.startTime >= since) w.longTasks.push(Math.round(e.duration));
    });
    tasks.observe({ type: 'longtask' });
    const tick = () => {
      const now = performance.now();
      w.maxTimerLateMs = Math.max(w.maxTimerLateMs, now - due);
      due = now + 50;
      timer = setTimeout(tick, 50);
    };
    timer = setTimeout(tick, 50);
  });
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const w = (window as unknown as { __watch: Watch }).__watch;
    w.stop();
    return { progress: w.progress, maxTimerLateMs: Math.round(w.maxTimerLateMs), longTasks: w.longTasks };
  });

/** A second tab on the invoices of the data browser; returns their count and counts its reloads. */
async function invoicesTab(page: Page, key: string) {
  const data = await page.context().newPage();
  const reloads = { count: 0 };
  data.on('request', (r) => {
    if (/\/receivablesInvoices\?limit=/.test(r.url())) reloads.count++;
  });
  await data.goto(`/#/data/${key}/receivablesInvoices`);
  const info = data.getByTestId('page-info');
  await expect(info).toContainText('Rows 1–');
  const before = Number(/of (\d+)/.exec((await info.textContent()) ?? '')?.[1]);
  expect(before).toBeGreaterThan(0);
  await page.bringToFront();
  return { data, info, before, reloads };
}

test('7,000 invoices: the bar shows each committed slice, then the result; an open data browser follows (issue 14 § What to reach)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Generate');
  const { info, before } = await invoicesTab(page, key);
  const section = page.getByTestId('generate');
  await expect(section.getByRole('heading', { name: 'Generate data' })).toBeVisible();
  await expect(section.getByTestId('generate-count')).toHaveValue('1000');
  await expect(section.getByTestId('generate-kind')).toHaveValue('0'); // invoices first
  await section.getByTestId('generate-count').fill('7000');
  await watch(page);
  await section.getByTestId('generate-run').click();
  await expect(section.getByTestId('generate-result')).toHaveText(/^\s*Added 7,000 invoices in (\d+\.\d s|\d+ ms)\.\s*Browse invoices\s*$/);
  const { progress } = await watched(page);
  // The bar starts at 0 and shows each slice as the worker commits it, the button disabled throughout.
  expect(progress).toContain('0/7000 0 of 7,000 invoices disabled');
  expect(progress).toContain('3000/7000 3,000 of 7,000 invoices disabled');
  expect(progress).toContain('6000/7000 6,000 of 7,000 invoices disabled');
  await expect(section.getByTestId('generate-progress')).toHaveCount(0);
  await expect(section.getByTestId('generate-run')).toBeEnabled();
  await expect(page.getByTestId('reset-env')).toBeEnabled();
  await shot(page, 'generate-7000-result');

  // The other tab reloaded by itself; the result's link opens the same count here.
  await expect(info).toContainText(`of ${before + 7000}`);
  await section.getByRole('link', { name: 'Browse invoices' }).click();
  await expect(page).toHaveURL(new RegExp(`#/data/${key}/receivablesInvoices`));
  await expect(page.getByTestId('page-info')).toContainText(`of ${before + 7000}`);
});

test('a count out of range shows the control API’s message; receipts for AutoMatch; OData generates customers', async ({ page }) => {
  await createEnv(page, 'receivables', 'Generate errors');
  const section = page.getByTestId('generate');
  const error = section.getByTestId('generate-error');
  // The form sends what was typed; the control API's 400 body {error} is what the user reads.
  for (const count of ['0', '100001', '2.5', '']) {
    await section.getByTestId('generate-count').fill(count);
    await section.getByTestId('generate-run').click();
    await expect(error, count).toHaveText('"count" must be an integer from 1 to 100000.');
    await expect(section.getByTestId('generate-result')).not.toContainText('Added');
  }
  await expect(error).toHaveAttribute('role', 'alert');
  await shot(page, 'generate-error');

  await section.getByTestId('generate-kind').selectOption({ label: 'Receipts' });
  await expect(section).toContainText('for AutoMatch trials');
  await expect(section.getByTestId('generate-run')).toHaveText('Generate receipts');
  await section.getByTestId('generate-count').fill('40');
  await section.getByTestId('generate-run').click();
  await expect(section.getByTestId('generate-result')).toContainText(/Added 40 receipts in (\d+\.\d s|\d+ ms)\./);
  await expect(error).toHaveCount(0);

  await createEnv(page, 'odata', 'Generate OData');
  await expect(section.getByTestId('generate-kind')).toHaveCount(0);
  await expect(section.getByTestId('generate-run')).toHaveText('Generate customers');
  await section.getByTestId('generate-count').fill('25');
  await section.getByTestId('generate-run').click();
  await expect(section.getByTestId('generate-result')).toContainText(/Added 25 customers in (\d+\.\d s|\d+ ms)\./);
  await section.getByRole('link', { name: 'Browse customers' }).click();
  await expect(page).toHaveURL(/#\/data\/env_[0-9a-f]+\/CUSTOMERS/);
});

test('100,000 invoices with the page responsive and every slice shown (issue 14 § What to reach; its 20 s target is npm run bench -- worker-scale)', { tag: '@alone' }, async ({ page }) => {
  test.setTimeout(240_000);
  const key = await createEnv(page, 'receivables', 'Generate 100k');
  const { info, before, reloads } = await invoicesTab(page, key);
  const section = page.getByTestId('generate');
  const detailReads: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/_admin/environments/${key}`)) detailReads.push(Date.now());
  });
  await section.getByTestId('generate-count').fill('100000');
  await watch(page);
  const reloadsBefore = reloads.count;
  const detailBefore = detailReads.length;
  await section.getByTestId('generate-run').click();

  // While it runs: the bar, its accessible figures, and no accessibility violation in the section.
  await expect(section.getByTestId('generate-figures')).toHaveText(/^[1-9][\d,]* of 100,000 invoices$/, { timeout: 30_000 });
  await expect(page.getByTestId('reset-env')).toBeDisabled();
  await section.screenshot({ path: 'test-results/screenshots/generate-100k-running.png' });
  const axe = await new AxeBuilder({ page }).include('[data-testid="generate"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Responsiveness is measured over the rest of the run, without the test's own screenshot and axe work.
  await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch.reset());

  const result = section.getByTestId('generate-result');
  await expect(result).toContainText('Added 100,000 invoices in', { timeout: 120_000 });
  const seconds = Number(/in (\d+\.\d) s/.exec((await result.textContent()) ?? '')?.[1]);
  const { progress, maxTimerLateMs, longTasks } = await watched(page);
  await expect(info).toContainText(`of ${before + 100_000}`);
  const dataReloads = reloads.count - reloadsBefore;
  const detailReloads = detailReads.length - detailBefore;
  console.log(`generate 100k: ${seconds} s; bar states ${progress.length}; longest timer delay ${maxTimerLateMs} ms; long tasks ${JSON.stringify(longTasks)}; data-browser reloads ${dataReloads}, environment-detail reloads ${detailReloads} (34 slices)`);
  // Every committed slice was shown: 3,000, 6,000, … 99,000 of 100,000.
  for (let done = 3000; done < 100_000; done += 3000) expect(progress).toContain(`${done}/100000 ${done.toLocaleString('en')} of 100,000 invoices disabled`);
  // The page stayed free: no task of its own blocked it for long.
  expect(maxTimerLateMs).toBeLessThan(250);
  expect(Math.max(0, ...longTasks)).toBeLessThan(250);
  // Views reloaded about once a second, not after each of the 34 slices (without coalescing: 33 and
  // 58). Allowed on top: a reload at the start and one at the end (or two, when the first progress
  // notice comes after the second slice); the environment view also re-reads credentials at each end.
  expect(dataReloads).toBeLessThanOrEqual(Math.ceil(seconds) + 3);
  expect(detailReloads).toBeLessThanOrEqual(Math.ceil(seconds) + 6);
  await shot(page, 'generate-100k-result');
});

test('the Environments view with the Generate control: no serious accessibility violation in light and dark, fits 800 px', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await createEnv(page, 'receivables', 'Generate axe');
  const section = page.getByTestId('generate');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    for (const [count, shown] of [['10', 'generate-result'], ['0', 'generate-error']] as const) {
      await section.getByTestId('generate-count').fill(count);
      await section.getByTestId('generate-run').click();
      await expect(section.getByTestId(shown)).toContainText(count === '0' ? 'must be an integer' : 'Added 10 invoices');
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${theme} ${shown}`);
      await expectNoOverflow(page, `${theme} ${shown}`);
      await section.screenshot({ path: `test-results/screenshots/generate-${theme}-${shown.split('-')[1]}-800.png` });
    }
    await shot(page, `generate-envs-${theme}-800`);
  }
});
