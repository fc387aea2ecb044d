// Every view of the playground, with data, at a laptop's and a narrow window's width, in light and
// dark: the page never scrolls sideways, no table column is cut off out of reach, axe finds nothing
// serious, and no page error happens (the shared fixture). A sweep, so the next view added is covered
// without a test of its own; the screenshots are looked at.
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startClassHost } from './classroom-host.ts';
import AxeBuilder from '@axe-core/playwright';
import { createEnv, expectNoOverflow, responseStatus, shot } from './helpers.ts';

const WIDTHS = [1366, 800] as const;
const THEMES = ['light', 'dark'] as const;

/** Every view's route for an environment (the trainer's view has no environment). */
const ROUTES = (key: string) => [
  '#/start',
  `#/envs/${key}`,
  `#/console/${key}`,
  `#/data/${key}`,
  `#/data/${key}/receivablesInvoices`,
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
  if (new URL(page.url()).port === '4173') {
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    await page.waitForLoadState('networkidle');
  } else {
    // A class host's page has no service worker, and its event stream keeps a request open (the
    // network is never idle): the view has loaded once its heading shows and nothing is busy.
    await expect(page.locator('main h2, main [data-testid="send"]').first()).toBeVisible();
    await page.waitForTimeout(300);
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

type Look = { theme: (typeof THEMES)[number]; width: (typeof WIDTHS)[number] };
/** Every theme at every width: one test each, so they run side by side and each stays inside its time. */
const LOOKS: Look[] = THEMES.flatMap((theme) => WIDTHS.map((width) => ({ theme, width })));

/** Each route in one theme at one width: what a sweep finds, one line each. */
async function sweep(page: Page, routes: string[], name: string, { theme, width }: Look): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
  await page.reload();
  await page.setViewportSize({ width, height: 900 });
  for (const hash of routes) {
    // A hash change, as the header's links navigate (the theme was read at the reload above).
    await page.goto(new URL(`/${hash}`, page.url()).href);
    await settle(page);
    const view = hash.split(/[/?]/)[1] ?? 'envs';
    const label = `${name} ${theme} ${width} ${hash.replace(/env_[0-9a-f]+/g, 'env')}`;
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) problems.push(`${label}: the page scrolls sideways by ${overflow} px`);
    for (const c of await cutColumns(page)) problems.push(`${label}: ${c}`);
    const axe = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
    for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) problems.push(`${label}: axe ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (theme === 'light' || width === 800) await shot(page, `every-view-${name}-${theme}-${width}-${view}${hash.includes('receivablesInvoices') ? '-table' : ''}`);
  }
  return problems;
}

// A sweep of 15 views in both themes at both widths took five minutes on the loaded build machine:
// one test a look, and the file's tests shared among the workers.
test.describe.configure({ mode: 'parallel' });
for (const look of LOOKS) {
  const { theme, width } = look;
  test(`every view at ${width} px in ${theme}: no sideways scrolling, no column out of reach, axe clean, no page error`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const key = await createEnv(page, 'receivables', 'Every view');
    const odataKey = await createEnv(page, 'odata', 'Every view OData');
    // Data in the views: a request in the journal (a refusal too) and a fault rule.
    await page.evaluate(async (k) => {
      await fetch(`/sim/${k}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?q=InvoiceStatu='Complete'`);
      await fetch(`/sim/_admin/environments/${k}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'status', method: 'POST', path: '*/standardReceipts', status: 503, count: 1 }) });
    }, key);
    const routes = [...ROUTES(key), `#/data/${odataKey}`];
    expect(await sweep(page, routes, 'browser', look)).toEqual([]);
    await expectNoOverflow(page);
    // The header at 800 px (its groups' menus, one row, every view reached) is navigation.spec.ts's.
  });

  test(`on a class host, a trainee’s views and the trainer’s view at ${width} px in ${theme}: the same checks`, async ({ browser }) => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-every-view-'));
    const host = await startClassHost(['--host', '127.0.0.1', '--port', String(await freePort()), '--state', join(dir, 'class.jsonl'), '--class-code', 'simclass_everyview1', '--class-product', 'receivables']);
    try {
      const trainee = await (await browser.newContext()).newPage();
      await trainee.goto(host.joinUrl);
      await trainee.getByTestId('join-name').fill('Ada Lovelace');
      await trainee.getByTestId('join-submit').click();
      await expect(trainee).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
      const key = /env_[0-9a-f]{32}/.exec(trainee.url())?.[0] as string;
      await trainee.locator('[data-example-id="oauth-token"]').click();
      await trainee.getByTestId('send').click();
      expect(await responseStatus(trainee)).toBe(200);
      const traineeProblems = await sweep(trainee, ROUTES(key).filter((r) => r !== '#/trainer'), 'trainee', look);
      const trainer = await (await browser.newContext()).newPage();
      await trainer.goto(host.trainerUrl);
      await expect(trainer.getByTestId('trainer-row')).toHaveCount(1);
      const trainerProblems = await sweep(trainer, ['#/trainer'], 'trainer', look);
      expect([...traineeProblems, ...trainerProblems]).toEqual([]);
    } finally {
      await host.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
