// The resilience drill through the real service worker (issue 23 § The app and § Tests, Chromium):
// the Drill view starts the standard plan and the console is the client, by hand, step by step;
// the steps turn live, the report shows verdicts, why and the journal entries, JUnit XML downloads
// and parses; drill state survives a worker restart (CDP ServiceWorker.stopAllWorkers); the view is
// accessible at 800 px in both themes.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { createEnv, expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';
import { stopWorker } from '../foundation/helpers.ts';
import { openView } from '../nav.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';
const SCOPE = 'urn:opc:resource:consumer::all';

const step = (page: Page, n: number) => page.getByTestId('drill-step').nth(n - 1);

/** Back to the Drill view (through the nav, as a person would) and wait for step n's verdict. */
async function expectVerdict(page: Page, n: number, verdict: string) {
  await openView(page, 'Drill');
  await expect(step(page, n).getByTestId('drill-verdict')).toHaveText(verdict);
}

/** The step's ready request in the console, with the drill's note. */
async function practise(page: Page, n: number) {
  await page.getByTestId('drill-console').click();
  await expect(page.getByTestId('console-note')).toContainText(`Step ${n} `);
}

async function send(page: Page): Promise<number> {
  await page.getByTestId('send').click();
  return responseStatus(page);
}

test('the Drill view with the console as the client: the standard plan by hand, live verdicts, the evidence, JUnit XML', async ({ page }) => {
  test.setTimeout(200_000); // step 5's 60 s window runs in real time
  const key = await createEnv(page, 'receivables', 'Drill class');
  await page.goto(`/#/drill/${key}`);
  await expect(page.getByRole('heading', { name: 'Drill', level: 2 })).toBeVisible();
  await expect(page.getByText('No drill in this environment yet.')).toBeVisible();
  // Before starting: how a step is judged (its time window) and who can drive this environment's drill.
  await expect(page.getByTestId('drill-how')).toContainText('time window');
  await expect(page.getByTestId('drill-clients')).toContainText('lives in this browser');
  await page.getByTestId('drill-start').click();
  await expect(page.getByTestId('drill-step')).toHaveCount(6);
  await expect(step(page, 1).getByTestId('drill-verdict')).toHaveText('Pending');
  await expect(step(page, 1).getByTestId('drill-phase')).toContainText('Armed: fires on the next REST request presenting a live bearer token');
  await expect(page.getByTestId('drill-start')).toBeDisabled();
  await shot(page, 'drill-started');

  // 1. token-expired: the console refetches its token on the 401 and repeats the request once.
  await practise(page, 1);
  expect(await send(page)).toBe(200);
  // The console shows the injected 401 before its retry, and the drill's banner moves on by itself.
  await expect(page.getByTestId('first-answer')).toContainText('401');
  await expect(page.getByTestId('first-answer')).toContainText('REST-01401');
  await expect(page.getByTestId('drill-banner-last')).toContainText('Step 1');
  await expect(page.getByTestId('drill-banner-last')).toContainText('Pass');
  await expect(page.getByTestId('drill-banner-current')).toContainText('step 2');
  await shot(page, 'drill-console-banner');
  await expectVerdict(page, 1, 'Pass');
  await expect(step(page, 1).getByTestId('drill-explanation')).toContainText('Fetched a new token and repeated the request with it');
  await expect(step(page, 1).getByTestId('drill-evidence')).toContainText('401');
  await expect(step(page, 1).getByTestId('drill-evidence')).toContainText('injected drill-1 step 1');
  await expect(step(page, 1).getByTestId('drill-catalog')).toHaveText('REST-01401');

  // 2. rate-limited, 3. unavailable: the person is the retry logic.
  await practise(page, 2);
  expect(await send(page)).toBe(429);
  await shot(page, 'drill-console-429');
  await page.waitForTimeout(2200);
  expect(await send(page)).toBe(200);
  expect(await send(page)).toBe(503);
  await page.waitForTimeout(400);
  expect(await send(page)).toBe(200);
  await expectVerdict(page, 2, 'Pass');
  await expect(step(page, 3).getByTestId('drill-verdict')).toHaveText('Pass');
  await expect(step(page, 2).getByTestId('drill-explanation')).toContainText('(Retry-After: 2)');

  // 4. server-error-after-write: the receipt is recorded, the answer is 500; Upsert-Mode finds it.
  await practise(page, 4);
  expect(await send(page)).toBe(500);
  expect(await send(page)).toBe(200);
  // 5. connection-dropped-before-write: a network error in the console, then the create again.
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-error')).toBeVisible();
  expect(await send(page)).toBeLessThan(300);
  await expectVerdict(page, 4, 'Pass');
  await expect(step(page, 4).getByTestId('drill-explanation')).toContainText('Upsert-Mode');
  // Step 5 watches its 60 s for a second record ("exactly once within 60 s"); the view's poll
  // reads the report, which judges the step when they end.
  await expect(step(page, 5).getByTestId('drill-phase')).toContainText('Injected');
  await expect(step(page, 5).getByTestId('drill-verdict')).toHaveText('Pass', { timeout: 75_000 });
  await expect(step(page, 5).getByTestId('drill-explanation')).toContainText('with no second record within 60 s');

  // 6. slow-answer: wait out the 8 s.
  await practise(page, 6);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText(/^200/, { timeout: 15_000 });
  await expectVerdict(page, 6, 'Info');
  await expect(step(page, 6).getByTestId('drill-explanation')).toContainText('Waited: the client took the answer after 8.');
  await expect(page.getByTestId('drill-score')).toContainText('5 passed · 0 failed · 0 not exercised');
  await expect(page.getByTestId('drill-summary')).toContainText('drill-1: finished');
  await expect(page.getByTestId('drill-start')).toBeEnabled();
  await shot(page, 'drill-finished');

  const download = page.waitForEvent('download');
  await page.getByTestId('drill-junit').click();
  const file = await (await download).path();
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => n === 'testcase' }).parse(await readFile(file, 'utf8'));
  expect(doc.testsuites.testsuite.testcase).toHaveLength(6);
  expect(doc.testsuites.testsuite['@failures']).toBe('0');

  // The journal shows each injected answer marked with its step.
  await page.goto(`/#/journal/${key}`);
  await expect(page.getByTestId('journal-entry').filter({ hasText: 'injected drill-1 step' })).toHaveCount(6);
});

test('a running drill survives a worker restart: its state is in IndexedDB, not in the worker', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Drill restart');
  const trainee = (fresh: boolean) =>
    page.evaluate(
      async ([k, scope, renew]) => {
        const w = window as unknown as { __token?: string };
        if (renew || !w.__token) {
          const client = (JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]') as { clientId?: string; clientSecret?: string }[]).find((c) => c.clientSecret);
          const res = await fetch(`/sim/${k}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope, client_id: client?.clientId ?? '', client_secret: client?.clientSecret ?? '' }) });
          w.__token = ((await res.json()) as { access_token: string }).access_token;
        }
        return (await fetch(`/sim/${k}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1`, { headers: { authorization: `Bearer ${w.__token}` } })).status;
      },
      [key, SCOPE, fresh] as const,
    );
  await page.goto(`/#/drill/${key}`);
  await page.getByTestId('drill-start').click();
  expect(await trainee(false)).toBe(401);
  await expect(step(page, 1).getByTestId('drill-phase')).toContainText('Injected: watching what the client does next.');
  await stopWorker(page);
  await page.reload();
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await expect(step(page, 1).getByTestId('drill-phase')).toContainText('Injected');
  await expect(step(page, 1).getByTestId('drill-request')).toContainText(`GET ${REST}/receivablesInvoices?limit=1`);
  expect(await trainee(true)).toBe(200);
  await expect(step(page, 1).getByTestId('drill-verdict')).toHaveText('Pass');
  await expect(step(page, 2).getByTestId('drill-phase')).toContainText('Armed');
});

test('Drill view: no serious accessibility violation, usable at 800 px, light and dark', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Drill axe');
  await page.evaluate((k) => fetch(`/sim/_admin/environments/${k}/drills`, { method: 'POST', body: '{"plan":"standard"}' }), key);
  // An OData client with a wrong password: the step is not taken; with its own credential it is.
  await page.evaluate(async (k) => {
    const user = (JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]') as { username?: string; password?: string; type: string }[]).find((c) => c.type === 'api-user');
    const url = `/sim/${k}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=1`;
    await fetch(url, { headers: { authorization: `Basic ${btoa(`${user?.username}:wrong`)}` } });
    await fetch(url, { headers: { authorization: `Basic ${btoa(`${user?.username}:${user?.password}`)}` } });
  }, key);
  await page.setViewportSize({ width: 800, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    await page.goto(`/#/drill/${key}`);
    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    await expect(step(page, 1).getByTestId('drill-phase')).toContainText('Injected');
    await expect(step(page, 1).getByTestId('drill-evidence')).toContainText('401');
    await expectAccessible(page, `${theme} drill`);
    await expectNoOverflow(page, `${theme} drill`);
    await shot(page, `drill-800-${theme}`);
  }
});
