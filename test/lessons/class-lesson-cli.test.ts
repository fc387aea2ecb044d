// Issue 40 § 2: a class host takes --class-lesson FILE|ID (repeatable); the first is what the join
// link opens (the banner names the class's lessons in order; the page's marker is checked in e2e/app/class-lessons.spec.ts); a wrong file stops the
// start naming the field, and an unknown id names the host's lessons.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'class-lesson-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LESSON = { id: 'apply-a-payment', title: 'Apply a payment', product: 'receivables', scenario: 'cash-cycle', steps: [{ title: 'Token', instruction: 'POST /oauth/token', check: { request: { method: 'POST', path: '*/oauth/token', status: 200 } } }] };

async function cli(args: string[], done: RegExp, exits = false): Promise<{ out: string; code: number | null; url?: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--no-warm-up', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started = Date.now();
  while ((exits || !done.test(out)) && child.exitCode === null && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 100));
  let lessons: string | undefined;
  const url = /listening on (\S+)/.exec(out)?.[1];
  if (child.exitCode === null && url) {
    // The lesson file is kept on the host: its text reads back as the file holds it (this machine is trusted).
    lessons = await (await fetch(`${url}/sim/_admin/lessons/${LESSON.id}`)).text();
  }
  if (child.exitCode === null) child.kill('SIGINT');
  return { out, code: await exited, ...(lessons ? { url: lessons } : {}) };
}

describe('--class-lesson FILE|ID (issue 40 § 2)', () => {
  it('keeps a lesson file on the host, takes built-in ids, and names the class lessons in order', async () => {
    const file = join(dir, 'apply.json');
    writeFileSync(file, JSON.stringify(LESSON));
    const run = await cli(['--class-code', 'simclass_lesson-cli-1', '--class-lesson', file, '--class-lesson', 'get-a-token'], /trainer: /);
    expect(run.out).toContain('lessons: apply-a-payment, get-a-token   (the join link opens the first)');
    // The first lesson's scenario is the class's: trainees get their copy of it.
    expect(run.out).toContain('get their own copy of "Cash cycle exercise"');
    expect(run.url).toBe(JSON.stringify(LESSON));
  }, 40_000);

  it('refuses a wrong lesson file (the field), an unknown id (the host\'s lessons), a lesson of another product (exit 2)', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...LESSON, steps: [{ title: 'x', instruction: 'y', check: { request: { status: 'ok' } } }] }));
    const wrong = await cli(['--class-code', 'simclass_lesson-cli-2', '--class-lesson', bad], /expected/, true);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain(`--class-lesson ${bad}: steps[0].check.request.status: expected a number or "4xx"`);
    const unknown = await cli(['--class-code', 'simclass_lesson-cli-3', '--class-lesson', 'no-such-lesson'], /neither/, true);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("--class-lesson 'no-such-lesson' is neither a lesson file nor a lesson of this host. Lessons: get-a-token,");
    const mixed = await cli(['--class-code', 'simclass_lesson-cli-4', '--class-lesson', 'get-a-token', '--class-lesson', 'batch-failure'], /is a lesson of/, true);
    expect(mixed.code).toBe(2);
    expect(mixed.out).toContain("--class-lesson batch-failure is a lesson of odata, and the class's environments are receivables.");
  }, 90_000);
});
