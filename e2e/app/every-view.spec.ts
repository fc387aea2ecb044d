// Every view of the playground, with data, at a laptop's and a narrow window's width, in light and
// dark: the page never scrolls sideways, no table column is cut off out of reach, axe finds nothing
// serious, and no page error happens (the shared fixture). A sweep, so the next view added is covered
// without a test of its own; the screenshots are looked at.
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';

const WIDTHS = [1366, 800] as const;
const THEMES = ['light', 'dark'] as const;

/** Every view's route for an environment (the trainer's view has no environment). */
const routes = (key: string, odataKey: string) => [
  `#/envs/${key}`,
  `#/console/${key}`,
  `#/data/${key}`,
  `#/data/${key}/receivablesInvoices`,
  `#/data/${odataKey}`,
  '#/errors',
  `#/statement/${key}`,
  `#/automatch/${key}`,
  `#/journal/${key}`,
  `#/faults/${key}`,
  `#/drill/${key}`,
  `#/snapshots/${key}`,
  `#/lessons/${key}`,
  '#/collections',
  '#/trainer',
];

/**
 * A header cell out of the viewport's reach: past the right edge, and no scrolling box around its
 * table lets the user bring it into view.
 */
function cutColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (const th of document.querySelectorAll<HTMLElement>('table th')) {
      if (!th.offsetParent) continue; // hidden
      const right = th.getBoundingClientRect().right;
      let scroller: HTMLElement | null = th.parentElement;
      let reachable = right <= width + 1;
      while (!reachable && scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll)/.test(style.overflowX) && scroller.scrollWidth > scroller.clientWidth) reachable = scroller.getBoundingClientRect().right <= width + 1;
        scroller = scroller.parentElement;
      }
      if (!reachable) cut.push(`${th.closest('table')?.getAttribute('data-testid') ?? th.closest('table')?.getAttribute('aria-label') ?? 'table'}: ${th.textContent?.trim()} ends at ${Math.round(right)} px`);
    }
    return cut;
  });
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('every view at 1366 and 800 px, light and dark: no sideways scrolling, no column out of reach, axe clean, no page error', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const key = await createEnv(page, 'receivables', 'Every view');
  const odataKey = await createEnv(page, 'odata', 'Every view OData');
  // Data in the views: a request in the journal (a refusal too) and a fault rule.
  await page.evaluate(async (k) => {
    await fetch(`/sim/${k}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?q=InvoiceStatu='Complete'`);
    await fetch(`/sim/_admin/environments/${k}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'status', method: 'POST', path: '*/standardReceipts', status: 503, count: 1 }) });
  }, key);
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const hash of routes(key, odataKey)) {
        await page.goto(`/${hash}`);
        await page.reload();
        await settle(page);
        const label = `${theme} ${width} ${hash.replace(/env_[0-9a-f]+/, 'env')}`;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 1) problems.push(`${label}: the page scrolls sideways by ${overflow} px`);
        for (const c of await cutColumns(page)) problems.push(`${label}: ${c}`);
        await expectAccessible(page, label, '.monaco-editor');
        if (theme === 'light' || width === 800) await shot(page, `every-view-${theme}-${width}-${hash.split('/')[1]}${hash.includes('receivablesInvoices') ? '-table' : ''}${hash.includes(odataKey) ? '-odata' : ''}`);
      }
    }
  }
  expect(problems).toEqual([]);
  await expectNoOverflow(page);
});
