// A class on one Node host (issue 20): the playground served by the host, trainees joining by the
// link from their own browsers (contexts reaching the host by its LAN address when it has one, as
// a room would: plain http, so no service worker exists there at all), the trainer's live view,
// isolation between trainees, a wrong code, the trainer's actions and a --state restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { freePort, startClassHost, type ClassHost } from './classroom-host.ts';
import { expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const CODE = 'simclass_e2eroom01';
let dir = '';
let port = 0;
let host: ClassHost;
let adminToken = '';
const trainees: { name: string; context: BrowserContext; page: Page; key: string }[] = [];
let trainer: { context: BrowserContext; page: Page };

const hostArgs = () => ['--host', '0.0.0.0', '--port', String(port), '--state', join(dir, 'class.jsonl'), '--log', '--class-code', CODE, '--class-product', 'receivables'];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'erp-sim-class-'));
  port = await freePort();
  host = await startClassHost(hostArgs());
  adminToken = host.adminToken;
});

test.afterAll(async () => {
  for (const t of trainees) await t.context.close();
  await trainer?.context.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The owner token a trainee's browser keeps for its environment. */
const ownerTokenOf = (page: Page, key: string) => page.evaluate((k) => (JSON.parse(localStorage.getItem('erp-sim:owner-tokens') ?? '{}') as Record<string, string>)[k], key);

async function joinClass(browser: Browser, name: string): Promise<(typeof trainees)[number]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.joinUrl);
  await page.getByTestId('join-name').fill(name);
  await page.getByTestId('join-submit').click();
  // issue 20 § Joining: the console opens on the trainee's environment, with the first lesson.
  await expect(page).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
  await expect(page.getByTestId('class-lesson')).toContainText('Get a token');
  await expect(page.getByTestId('env-select').locator('option')).toHaveText([`${name} · receivables`]);
  // The one-time credentials sit under the request line: the URL and Send stay above the fold.
  const send = await page.getByTestId('send').boundingBox();
  expect(send && send.y + send.height).toBeLessThanOrEqual(900);
  const key = /env_[0-9a-f]{32}/.exec(page.url())?.[0] as string;
  return { name, context, page, key };
}

test('three trainees join by the link, each sends a lesson request from the console, the trainer sees their rows update live', async ({ browser }) => {
  test.setTimeout(180_000);
  // issue 20 § Starting a class: the join link and the trainer link, the token only in the fragment.
  // issue 43 § 5: the banner shows where the class code goes, never the code itself.
  expect(host.printedJoinUrl).toMatch(new RegExp(`^http://[\\d.]+:${port}/#/join/<class-code>$`));
  expect(host.output()).not.toContain(CODE);
  expect(host.joinUrl).toMatch(new RegExp(`^http://[\\d.]+:${port}/#/join/${CODE}$`));
  expect(host.trainerUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#/trainer\\?token=simadmin_`));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  trainer = { context, page: await context.newPage() };
  await trainer.page.goto(host.trainerUrl);
  // The token leaves the address bar at once (and so the history).
  await expect(trainer.page).toHaveURL(new RegExp(`:${port}/#/trainer$`));
  await expect(trainer.page.getByTestId('trainer-empty')).toBeVisible();
  // The trainer's view gives the join link itself (a chosen class code is never printed by the host).
  await expect(trainer.page.getByTestId('trainer-join-link')).toContainText(`#/join/${CODE}`);
  await expect(trainer.page.getByTestId('host-badge')).toContainText(`Shared host 127.0.0.1:${port}`);

  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds']) trainees.push(await joinClass(browser, name));
  const address = new URL(host.joinUrl).host;
  await expect(trainees[0]!.page.getByTestId('host-badge')).toContainText(`Shared host ${address}`);

  // The trainer's rows appear as trainees join, without a reload.
  const rows = trainer.page.getByTestId('trainer-row');
  await expect(rows.getByTestId('trainee-name')).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds']);
  const row = (key: string) => trainer.page.locator(`[data-testid="trainer-row"][data-env="${key}"]`);

  // Each asks for a token from the console (the lesson's first step: only the learner's own requests
  // count, not the console's automatic token, issue 24 § 1.3), then sends a ready GET signed with a
  // bearer token (the console fetches one with the client its browser was given when it joined).
  // Every step of the product's lessons (the host's own list: it grows as lessons are added).
  const lessons = (await (await fetch(`http://127.0.0.1:${port}/sim/_admin/lessons`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { items: { product: string; steps: unknown[] }[] };
  const steps = lessons.items.filter((l) => l.product === 'receivables').reduce((n, l) => n + l.steps.length, 0);
  for (const t of trainees) {
    await t.page.locator('[data-example-id="oauth-token"]').click();
    await t.page.getByTestId('send').click();
    expect(await responseStatus(t.page)).toBe(200);
    await t.page.locator('[data-example-id="invoices-list"]').click();
    await t.page.getByTestId('send').click();
    expect(await responseStatus(t.page)).toBe(200);
    // The trainee's lesson moves on by itself, and so does the trainer's row.
    await expect(t.page.getByTestId('class-lesson')).toContainText('Page through every invoice');
    // The example reads a first page with a limit: "Get a token" done and the paging lesson's first step.
    await expect(row(t.key).getByTestId('trainee-lesson')).toHaveText('Page through every invoice: step 2 of 2');
    await expect(row(t.key).getByTestId('trainee-progress')).toContainText(`3/${steps} steps`);
    await expect(row(t.key).getByTestId('trainee-last')).toContainText(/\d+ s ago/);
    // The last request says what it was: status, method and path.
    await expect(row(t.key).getByTestId('trainee-last')).toContainText(/200\s*GET …\/receivablesInvoices/);
  }

  // One trainee meets an error: the trainer sees its code.
  const [ada] = trainees as [(typeof trainees)[number]];
  await ada.page.locator('[data-example-id="oauth-token-wrong-scope"]').click();
  await ada.page.getByTestId('send').click();
  expect(await responseStatus(ada.page)).toBe(400);
  await expect(row(ada.key).getByTestId('trainee-error')).toContainText('invalid_scope');
});

test('a trainee sees and reaches only their own environment: the UI lists it alone, the control API answers 404 for another', async () => {
  const [ada, grace] = trainees as [(typeof trainees)[number], (typeof trainees)[number]];
  const token = await ownerTokenOf(ada.page, ada.key);
  expect(token).toMatch(/^simowner_/);
  // issue 20 § Joining: another trainee's environment through the control API: 404, as if it did not exist.
  const probe = await ada.page.evaluate(
    async ({ other, token }) => {
      const auth = { authorization: `Bearer ${token}` };
      const one = await fetch(`/sim/_admin/environments/${other}`, { headers: auth });
      const journal = await fetch(`/sim/_admin/environments/${other}/journal`, { headers: auth });
      const stream = await fetch(`/sim/_admin/environments/${other}/events`, { headers: auth });
      const all = await fetch('/sim/_admin/events', { headers: auth });
      const activity = await fetch('/sim/_admin/activity', { headers: auth });
      const list = (await (await fetch('/sim/_admin/environments', { headers: auth })).json()) as { items: { key: string }[] };
      return { one: [one.status, ((await one.json()) as { code?: string }).code], journal: journal.status, stream: stream.status, all: all.status, activity: activity.status, listed: list.items.map((e) => e.key) };
    },
    { other: grace.key, token },
  );
  expect(probe).toEqual({ one: [404, 'SIM-1000'], journal: 404, stream: 404, all: 404, activity: 404, listed: [ada.key] });
  // Through the UI: a link naming Grace's environment still shows Ada's own.
  await ada.page.goto(`${new URL(ada.page.url()).origin}/#/journal/${grace.key}`);
  await expect(ada.page.getByTestId('env-select')).toHaveValue(ada.key);
  await expect(ada.page.getByTestId('env-select').locator('option')).toHaveCount(1);
  // Nothing of another environment reached Ada's browser: no key, owner token or secret of Grace's.
  const stored = await ada.page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(grace.key);
  expect(stored).not.toContain(await ownerTokenOf(grace.page, grace.key));
  // The Environments page says where the environment lives: on the host, not in this browser.
  await ada.page.goto(`${new URL(ada.page.url()).origin}/#/envs`);
  await expect(ada.page.getByText('They live on the shared host')).toBeVisible();
  await expect(ada.page.getByText('Everything runs in this browser')).toHaveCount(0);
});

test('the page served by the Node host sends /sim to the host: the host journal has the request, no worker and no IndexedDB environment in the browser', async () => {
  const [ada] = trainees as [(typeof trainees)[number]];
  const browserSide = await trainer.page.evaluate(async () => ({
    controller: navigator.serviceWorker.controller !== null,
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  expect(browserSide).toEqual({ controller: false, registrations: 0, databases: [] });
  // The trainee's page, on plain http by a LAN address, has no service worker to answer anything.
  expect(await ada.page.evaluate(() => (navigator.serviceWorker ? navigator.serviceWorker.controller : null))).toBeNull();
  const res = await fetch(`http://127.0.0.1:${port}/sim/_admin/environments/${ada.key}/journal?path=/oauth/token`, { headers: { authorization: `Bearer ${adminToken}` } });
  const items = ((await res.json()) as { items: { method: string; status: number; source: string }[] }).items;
  // Newest first, the trainee's own: the wrong-scope request, then the token asked for; beside them
  // the one token the console fetched by itself when it opened (each with its source, issue 24 § 1.4).
  expect(items.filter((e) => e.source === 'console').map((e) => `${e.method} ${e.status}`)).toEqual(['POST 400', 'POST 200']);
  expect(items.filter((e) => e.source !== 'console').map((e) => `${e.method} ${e.status} ${e.source}`)).toEqual(['POST 200 auto-token']);
});

test('a wrong or missing code gets a page that says so; a browser-only playground says join links need a class host', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const origin = new URL(host.joinUrl).origin;
  await page.goto(`${origin}/#/join/simclass_wrongcode`);
  await expect(page.getByRole('heading', { name: 'This class code is not valid on this host' })).toBeVisible();
  await expect(page.getByTestId('join-error')).toContainText('simclass_wrongcode');
  await expectAccessible(page, 'wrong code');
  await shot(page, 'classroom-wrong-code-800');
  await page.goto(`${origin}/#/join`);
  await expect(page.getByRole('heading', { name: 'This join link has no class code' })).toBeVisible();
  // The static (browser-only) playground: unchanged, and a join link there is explained.
  await page.goto(`http://127.0.0.1:4173/#/join/${CODE}`);
  await expect(page.getByTestId('host-badge')).toContainText('This browser');
  await expect(page.getByRole('heading', { name: "Join links work on a class's shared host" })).toBeVisible();
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await context.close();
});

test('join page and trainer view at 800 px, light and dark: no overflow, axe-clean; screenshots', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.joinUrl);
  await expect(page.getByTestId('join-name')).toBeVisible();
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await page.getByTestId('theme-toggle').click();
    await expectNoOverflow(page, `join ${theme}`);
    await expectAccessible(page, `join ${theme}`);
    await shot(page, `classroom-join-${theme}-800`);
  }
  await context.close();

  const t = trainer.page;
  await t.setViewportSize({ width: 800, height: 900 });
  await t.reload();
  await expect(t.getByTestId('trainer-row')).toHaveCount(3);
  // A reload registers no service worker either (the build's early registration sees the host's marker).
  expect(await t.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await t.getByTestId('theme-toggle').click();
    await expectNoOverflow(t, `trainer ${theme}`);
    await expectAccessible(t, `trainer ${theme}`);
    await shot(t, `classroom-trainer-${theme}-800`);
  }
  await t.getByTestId('theme-toggle').click();
});

test("the trainer's actions: open a trainee's journal, move the clock, reset, remove", async () => {
  const [ada, grace, linus] = trainees as [(typeof trainees)[number], (typeof trainees)[number], (typeof trainees)[number]];
  const t = trainer.page;
  const row = (key: string) => t.locator(`[data-testid="trainer-row"][data-env="${key}"]`);

  await row(ada.key).getByRole('link', { name: `Journal of ${ada.name}` }).click();
  await expect(t).toHaveURL(new RegExp(`#/journal/${ada.key}`));
  await expect(t.getByTestId('env-select')).toHaveValue(ada.key);
  await expect(t.getByText('/oauth/token').first()).toBeVisible();
  await t.goBack();
  // Back on the trainer's view, the header's picker names no trainee: the view covers them all.
  await expect(t.getByTestId('env-select')).toHaveValue('');

  await row(grace.key).getByRole('button', { name: `Move the clock of ${grace.name}` }).click();
  await t.getByTestId('trainer-clock').getByLabel('Days (negative: back)').fill('30');
  await t.getByTestId('trainer-clock').getByRole('button', { name: 'Move' }).click();
  await expect(t.getByTestId('trainer-message')).toHaveText(`${grace.name}: clock moved forward 30 days.`);
  const clock = await (await fetch(`http://127.0.0.1:${port}/sim/_admin/environments/${grace.key}/clock`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
  expect(Date.parse((clock as { now: string }).now) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  // The row says the clock moved, and its times stay host times (not "30 d ago").
  await expect(row(grace.key).getByTestId('trainee-clock')).toHaveText('clock +30 d');
  await expect(row(grace.key).getByTestId('trainee-last')).toContainText(/\d+ (s|min) ago/);
  await expect(row(grace.key).getByTestId('trainee-last')).not.toContainText(' d ago');

  await row(grace.key).getByRole('button', { name: `Reset ${grace.name}` }).click();
  await t.getByTestId('trainer-confirm').getByRole('button', { name: 'Reset' }).click();
  await expect(t.getByTestId('trainer-message')).toHaveText(`${grace.name}: data back to the seeded book.`);

  await row(linus.key).getByRole('button', { name: `Remove ${linus.name}` }).click();
  await t.getByTestId('trainer-confirm').getByRole('button', { name: 'Remove' }).click();
  await expect(t.getByTestId('trainer-row')).toHaveCount(2);
  // The removed trainee's browser forgets the environment (its owner token no longer opens anything).
  await linus.page.reload();
  await expect(linus.page.getByTestId('env-select')).toBeDisabled();
  expect(await ownerTokenOf(linus.page, linus.key)).toBeUndefined();
  // ... and says why, with the way back in.
  await expect(linus.page.getByTestId('env-removed')).toContainText('was removed');
  await expect(linus.page.getByTestId('env-removed').getByRole('link', { name: 'Join the class again' })).toHaveAttribute('href', `#/join/${CODE}`);
});

test("the other views work the same against the shared host: data, a write by another client shown live, faults (issue 20 § The Node host serves the playground)", async () => {
  const [, grace] = trainees as [(typeof trainees)[number], (typeof trainees)[number]];
  const page = grace.page;
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/#/data/${grace.key}/receivablesInvoices`);
  const info = page.getByTestId('page-info');
  await expect(info).toContainText(/of \d+/);
  const total = Number(/of (\d+)/.exec((await info.textContent()) ?? '')?.[1]);
  // Another client (the trainer's script, say) writes: the trainee's data view follows without a reload.
  const gen = await fetch(`http://127.0.0.1:${port}/sim/_admin/environments/${grace.key}/generate`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: '{"count": 2}' });
  expect(gen.status).toBe(201);
  await expect(info).toContainText(`of ${total + 2}`);

  // Faults: a rule added in the trainee's view is the host's rule for that environment.
  await page.goto(`${origin}/#/faults/${grace.key}`);
  await page.getByTestId('fault-kind').selectOption('status');
  await page.getByTestId('fault-path').fill('*/receivablesCustomerAccountActivities');
  await page.getByTestId('fault-add').click();
  await expect(page.getByTestId('faults-notice')).toBeVisible();
  const rules = (await (await fetch(`http://127.0.0.1:${port}/sim/_admin/environments/${grace.key}/faults`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { items: { path: string }[] };
  expect(rules.items.map((r) => r.path)).toContain('*/receivablesCustomerAccountActivities');
});

test('a class started with only --class-scenario: the join page names the scenario and its product, the trainee gets a copy of it', async ({ browser }) => {
  const other = await startClassHost(['--port', String(await freePort()), '--class-code', 'simclass_e2escenario', '--class-scenario', 'odata-collections']);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(other.joinUrl);
    await expect(page.getByText(/You get your own OData environment/)).toBeVisible();
    await page.getByTestId('join-name').fill('Barbara Liskov');
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
    await expect(page.getByTestId('env-select').locator('option')).toHaveText(['Barbara Liskov · odata']);
    await context.close();
  } finally {
    await other.stop();
  }
});

test('the host restarts with --state and the class carries on; the admin token never reached a log or the state files', async () => {
  const [ada] = trainees as [(typeof trainees)[number]];
  const before = host.output();
  await host.stop();
  host = await startClassHost(hostArgs());
  // The trainer link's token: printed once in the first banner, in no access-log line, in no file.
  const logLines = (before + host.output()).split('\n').filter((l) => /^\d{4}-\d\d-\d\dT/.test(l));
  expect(logLines.length).toBeGreaterThan(10);
  expect(logLines.filter((l) => l.includes(adminToken))).toEqual([]);
  for (const file of ['class.jsonl', 'class.jsonl.journal.jsonl', 'class.jsonl.access.json']) {
    expect(readFileSync(join(dir, file), 'utf8')).not.toContain(adminToken);
  }
  expect(host.output()).not.toContain(adminToken);

  // The trainee's owner token still works: the page comes back on its environment and sends.
  await ada.page.goto(`${new URL(ada.page.url()).origin}/#/console/${ada.key}`);
  await expect(ada.page.getByTestId('env-select')).toHaveValue(ada.key);
  await ada.page.locator('[data-example-id="oauth-token"]').click();
  await ada.page.getByTestId('send').click();
  expect(await responseStatus(ada.page)).toBe(200);
  // The trainer's browser kept its token: the view works after the restart, live again.
  await trainer.page.goto(`http://127.0.0.1:${port}/#/trainer`);
  await expect(trainer.page.getByTestId('trainer-row')).toHaveCount(2);
  await expect(trainer.page.locator(`[data-testid="trainer-row"][data-env="${ada.key}"]`).getByTestId('trainee-last')).toContainText(/\d+ s ago/);
});
