// The start page's three paths, each to its first success (issue 37 § 2 and its "Done when"):
// "Try the APIs" is one click to a 200 in the console; "Teach a class" gives the command that starts
// a class host (run here as printed) and, for that host's trainer, the join link a trainee opens;
// "Test my client" gives snippets that run as copied: the Node host's curl against a Node host this
// test starts, the package's startSimulator and journal.verify under node --test, the drill's JUnit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { freePort, startClassHost } from './classroom-host.ts';
import { createEnv, expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';

const START = 'Where do you want to start?';
const code = (page: Page, testid: string) => page.getByTestId(testid).locator('pre').innerText();

test('Try the APIs: the first visit shows the three paths, one click makes an environment, gets a token and shows a 200 in the console', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: START })).toBeVisible();
  for (const path of ['Try the APIs', 'Teach a class', 'Test my client']) await expect(page.getByRole('heading', { name: path, level: 3 })).toBeVisible();
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await expectAccessible(page, 'start page');
  await expectNoOverflow(page);
  await shot(page, 'start-first-visit');

  await page.getByTestId('start-try').click();
  await expect(page).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
  expect(await responseStatus(page)).toBe(200);
  await expect(page.getByTestId('console-note')).toContainText('Your first request');
  await expect(page.getByTestId('env-select').locator('option')).toHaveText(['My first environment · receivables']);
  await shot(page, 'start-try-200');

  // Again from the logo: the same environment (its credentials are this browser's), another 200.
  await page.getByTestId('logo').click();
  await page.getByTestId('start-try').click();
  expect(await responseStatus(page)).toBe(200);
  await expect(page.getByTestId('env-select').locator('option')).toHaveCount(1);
});

test('Teach a class: the command on the start page starts a class host; there, its trainer’s start page shows the join link, and a trainee opens it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const command = (await code(page, 'start-class-command')).split('\n')[0] ?? '';
  expect(command).toMatch(/^npx erp-sim serve /);
  const args = command.replace(/^npx erp-sim serve /, '').split(/\s+/);
  const classCode = args[args.indexOf('--class-code') + 1] ?? '';
  expect(classCode).toMatch(/^simclass_\w{8,}$/);
  // The command as printed (the bin runs src/hosts/node/cli.ts), on a free port of this machine.
  const host = await startClassHost([...args, '--port', String(await freePort()), '--no-warm-up']);
  try {
    const trainer = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await trainer.goto(host.trainerUrl);
    await expect(trainer.getByRole('heading', { name: 'Trainer', level: 2 })).toBeVisible();
    await trainer.getByTestId('logo').click();
    const link = trainer.getByTestId('start-join-link');
    await expect(link).toContainText(`#/join/${classCode}`);
    await expectAccessible(trainer, 'the trainer’s start page');
    await shot(trainer, 'start-teach-join-link');
    const joinUrl = (await link.locator('code').innerText()).trim();
    const trainee = await (await browser.newContext()).newPage();
    await trainee.goto(joinUrl);
    await expect(trainee.getByRole('heading', { name: 'Join the class' })).toBeVisible();
    await trainee.getByTestId('join-name').fill('Grace Hopper');
    await trainee.getByTestId('join-submit').click();
    await expect(trainee).toHaveURL(/#\/console\/env_[0-9a-f]{32}$/);
    // The trainer's view lists the trainee who joined by the link.
    await trainer.getByTestId('start-path-teach').getByRole('link', { name: 'The trainer’s view' }).click();
    await expect(trainer.getByTestId('trainee-name')).toHaveText(['Grace Hopper']);
  } finally {
    await host.stop();
  }
});

test('Test my client: the Node host’s curl, the package’s startSimulator and journal.verify, and the drill’s JUnit report run as copied', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'erp-sim-start-'));
  const host = await startClassHost(['--host', '127.0.0.1', '--port', String(await freePort()), '--no-warm-up'], /odata environment env_[\s\S]*try:/);
  try {
    await createEnv(page, 'receivables', 'My client');
    await page.getByTestId('logo').click();
    await expect(page.getByRole('heading', { name: 'Test my client', level: 3 })).toBeVisible();
    await shot(page, 'start-test-snippets');

    // What the Node host printed for its receivables environment: the variables the snippets name.
    const out = host.output();
    const env = /receivables environment (env_[0-9a-f]{32})\n {2}base: (\S+)/.exec(out);
    const client = JSON.parse(/ {2}oauthClients: (\{.*\})/.exec(out)?.[1] ?? '{}') as { clientId: string; clientSecret: string };
    expect(env && client.clientId).toBeTruthy();
    const [, key = '', base = ''] = env ?? [];
    const bash = (script: string, vars: Record<string, string>) => spawnSync('bash', ['-c', script], { cwd: dir, env: { ...process.env, ...vars }, encoding: 'utf8', timeout: 60_000 });

    // The Node host from any language: the curl snippet, with the host's base URL and client.
    const curl = bash(await code(page, 'start-snippet-node'), { BASE: base, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret });
    expect(curl.status, curl.stderr).toBe(0);
    const answer = JSON.parse(curl.stdout) as { items?: unknown[] };
    expect(answer.items?.length).toBeGreaterThan(0);

    // The package: the snippet as a node:test file, the package name pointing at its sources here.
    const testFile = join(dir, 'first.test.mjs');
    writeFileSync(testFile, (await code(page, 'start-snippet-package')).replace(`'erp-integration-simulator'`, JSON.stringify(resolve('src/hosts/node/api/index.ts'))));
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', testFile], { cwd: resolve('.'), encoding: 'utf8', timeout: 90_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/# pass 1/);

    // The drill's JUnit report, from the Node host's control API.
    const drill = bash(await code(page, 'start-snippet-drill'), { ADMIN: `${new URL(base).origin}/sim/_admin`, ENV_KEY: key });
    expect(drill.status, drill.stderr).toBe(0);
    expect(existsSync(join(dir, 'drill-junit.xml'))).toBe(true);
    expect(readFileSync(join(dir, 'drill-junit.xml'), 'utf8')).toMatch(/<testsuite[\s>][\s\S]*<testcase /);
  } finally {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
