// A trainer's own lesson, end to end (issue 40 § Tests): in the playground a trainer sends three
// requests from the console, makes a 3-step lesson from them ("Start from my requests"), checks it
// against their own journal and exports it; a class host is started with that file
// (--class-lesson); three trainees join by the link and do some of its steps from their consoles;
// the trainer's view shows each trainee's steps.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { freePort, startClassHost, type ClassHost } from './classroom-host.ts';
import { createEnv, expectAccessible, responseStatus, shot } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const CODE = 'simclass_e2elesson1';
const dir = mkdtempSync(join(tmpdir(), 'erp-sim-lesson-'));
const file = join(dir, 'my-lesson.lesson.json');
let host: ClassHost | undefined;
const contexts: BrowserContext[] = [];

test.afterAll(async () => {
  for (const c of contexts) await c.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The three requests the lesson is made of, from the console's ready examples. */
const REQUESTS = [
  { example: 'oauth-token', status: 200 },
  { example: 'invoices-list', status: 200 },
  { example: 'oauth-token-wrong-scope', status: 400 },
];

async function send(page: Page, example: string, status: number) {
  await page.locator(`[data-example-id="${example}"]`).click();
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(status);
}

test('a trainer writes a 3-step lesson from their own requests, checks it against their journal and exports it', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Trainer rehearsal');
  await page.goto(`/#/console/${key}`);
  for (const r of REQUESTS) await send(page, r.example, r.status);

  await page.goto(`/#/lesson-editor/${key}`);
  await page.getByTestId('lesson-from-requests').click();
  const picker = page.getByTestId('lesson-picker');
  // Only the trainer's own requests: the console's automatic token fetch is not offered.
  await expect(picker.getByRole('checkbox')).toHaveCount(3);
  for (const box of await picker.getByRole('checkbox').all()) await box.check();
  await page.getByTestId('lesson-make-steps').click();
  await expect(page.getByTestId('lesson-validity')).toHaveText('Valid lesson.');
  const preview = page.getByTestId('lesson-preview');
  await expect(preview.getByTestId('lesson-step')).toHaveCount(3);
  await expect(preview.getByTestId('lesson-step').nth(0)).toContainText('POST /oauth/token');
  await expect(preview.getByTestId('lesson-step').nth(1)).toContainText('GET /fscmRestApi/resources/11.13.18.05/receivablesInvoices');

  // Tested by doing it: the trainer's own requests tick every step, in order.
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-message')).toHaveText('Your requests in Trainer rehearsal would tick 3 of 3 steps.');
  await expect(preview.getByTestId('lesson-state')).toHaveText('Done');
  await expect(preview.getByTestId('step-evidence')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'lesson editor');
  await shot(page, 'lesson-editor-checked');

  const download = page.waitForEvent('download');
  await page.getByTestId('lesson-export').click();
  await (await download).saveAs(file);
  const lesson = JSON.parse(readFileSync(file, 'utf8')) as { id: string; steps: { check: { request: Record<string, unknown> } }[] };
  expect(lesson.id).toBe('my-lesson');
  expect(lesson.steps.map((s) => s.check.request)).toEqual([
    { method: 'POST', path: '/oauth/token', status: 200 },
    { method: 'GET', path: '/fscmRestApi/resources/11.13.18.05/receivablesInvoices', status: 200 },
    { method: 'POST', path: '/oauth/token', status: 400 },
  ]);

  // A wrong field is named as the host would name it.
  await page.getByTestId('lesson-import').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...lesson, steps: [{ ...lesson.steps[0], check: { request: { status: 'ok' } } }] })) });
  await expect(page.getByTestId('lesson-validity')).toHaveText('steps[0].check.request.status: expected a number or "4xx"');
});

test('a class host runs the lesson file; three trainees join; the trainer sees each trainee\'s steps', async ({ browser }) => {
  test.setTimeout(240_000);
  const port = await freePort();
  host = await startClassHost(['--host', '0.0.0.0', '--port', String(port), '--class-code', CODE, '--class-lesson', file]);
  expect(host.output()).toContain('lessons: my-lesson   (the join link opens the first)');

  const trainerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(trainerContext);
  const trainer = await trainerContext.newPage();
  await trainer.goto(host.trainerUrl);
  await expect(trainer.getByTestId('trainer-empty')).toBeVisible();

  const trainees: { name: string; page: Page; key: string; steps: number }[] = [];
  for (const [name, steps] of [['Ada Lovelace', 3], ['Grace Hopper', 2], ['Linus Torvalds', 1]] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(host.joinUrl);
    await page.getByTestId('join-name').fill(name);
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
    // The join link opens the class's first lesson.
    await expect(page.getByTestId('class-lesson')).toContainText('My lesson');
    await expect(page.getByTestId('class-lesson-step')).toHaveText('Step 1 of 3: POST /oauth/token');
    trainees.push({ name, page, key: /env_[0-9a-f]{32}/.exec(page.url())?.[0] as string, steps });
  }
  for (const t of trainees) {
    for (const r of REQUESTS.slice(0, t.steps)) await send(t.page, r.example, r.status);
  }
  await expect(trainees[1]!.page.getByTestId('class-lesson-step')).toHaveText('Step 3 of 3: POST /oauth/token');
  await shot(trainees[1]!.page, 'class-lesson-trainee');

  for (const t of trainees) {
    const marks = trainer.locator(`[data-testid="trainer-row"][data-env="${t.key}"]`).locator('[data-testid="trainee-steps"][data-lesson="my-lesson"] [data-testid="trainee-step"]');
    await expect(marks).toHaveCount(3);
    const want = [0, 1, 2].map((i) => String(i < t.steps));
    await expect.poll(async () => Promise.all((await marks.all()).map((m) => m.getAttribute('data-done')))).toEqual(want);
    // The count is the class's 3-step lesson, not every lesson of the product ("6/29 steps" before).
    const row = trainer.locator(`[data-testid="trainer-row"][data-env="${t.key}"]`);
    await expect(row.getByTestId('trainee-progress')).toContainText(`${t.steps}/3 steps`);
    await expect(row.getByTestId('trainee-lesson')).toHaveText(t.steps === 3 ? 'Every lesson done' : `My lesson: step ${t.steps + 1} of 3`);
  }
  // No networkidle here: the trainer's view keeps its event stream open.
  await expectAccessible(trainer, 'trainer with class lesson');
  await shot(trainer, 'class-lesson-trainer');
});
