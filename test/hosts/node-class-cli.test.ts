// Starting a class (issue 20 § Starting a class) through the real CLI: the join link per reachable
// address and the trainer link with the admin token in the URL fragment, the class's settings
// checked at start, no ready-made environments cluttering the trainer's view.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { classBanner, classSettings, reachableAddresses } from '../../src/hosts/node/class-banner.ts';

/** Run the CLI until `done` shows in its output (or it exits, when `exits`); stop it and return what it printed. */
async function cli(args: string[], done: RegExp, exits = false): Promise<{ out: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started = Date.now();
  while ((exits || !done.test(out)) && child.exitCode === null && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 100));
  if (child.exitCode === null) child.kill('SIGINT');
  return { out, code: await exited };
}

describe('npm run serve -- --class-code (issue 20 § Starting a class)', () => {
  it('prints the join link and the trainer link without the chosen class code or admin token (issue 43 § 5)', async () => {
    const { out } = await cli(['--host', '0.0.0.0', '--class-code', 'simclass_cli-test-1', '--class-scenario', 'cash-cycle', '--admin-token', 'simadmin_cli-test-admin-token-000000'], /trainer: /);
    expect(out).toContain('get their own copy of "Cash cycle exercise"');
    const join = /join: +(\S+)/.exec(out)?.[1] as string;
    expect(join).toMatch(/^http:\/\/[\d.]+:\d+\/#\/join\/<class-code>$/);
    expect(out).toMatch(/trainer: http:\/\/127\.0\.0\.1:\d+\/#\/trainer +\(paste the admin token you chose there: it is not printed\)\n/);
    expect(out).not.toContain('simadmin_cli-test-admin-token');
    expect(out).not.toContain('simclass_cli-test-1');
    // A class makes its environments as trainees join: none is created at start.
    expect(out).not.toContain('created at start');
  }, 40_000);

  it('a generated admin token rides in the trainer link, in the fragment (shown once, never a query string)', async () => {
    const { out } = await cli(['--class-code', 'simclass_cli-test-4'], /trainer: /);
    const generated = /Admin token \(shown once; everything on this host\): (simadmin_\w+)/.exec(out)?.[1] as string;
    expect(generated).toMatch(/^simadmin_[0-9a-f]{40}$/);
    expect(out).toContain(`/#/trainer?token=${generated}\n`);
    expect(out).not.toMatch(/\/\?token=|\?token=[^\n]*#/);
    expect(out).not.toContain('simclass_cli-test-4');
  }, 40_000);

  it('refuses a scenario the host does not have, a product it does not know, and class settings without a code (exit 2)', async () => {
    const unknown = await cli(['--class-code', 'simclass_cli-test-2', '--class-scenario', 'no-such-scenario'], /not a scenario/, true);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("--class-scenario 'no-such-scenario' is not a scenario of this host. One of: ");
    const product = await cli(['--class-code', 'simclass_cli-test-3', '--class-product', 'ledger'], /must be/, true);
    expect(product.code).toBe(2);
    expect(product.out).toContain("--class-product must be receivables or odata, not 'ledger'.");
    const noCode = await cli(['--class-scenario', 'cash-cycle'], /needs --class-code/, true);
    expect(noCode.code).toBe(2);
  }, 60_000);
});

describe('class banner', () => {
  it('settings: none without a code; a scenario and product kept as given', () => {
    expect(classSettings({ codes: [] })).toBeNull();
    expect(classSettings({ codes: ['simclass_x1234567'], scenario: 'cash-cycle', product: 'receivables' })).toEqual({ scenario: 'cash-cycle', product: 'receivables' });
    expect(classSettings({ codes: ['simclass_x1234567'], scenario: 'Bad Id!' })).toHaveProperty('problem');
  });

  it('a host bound to loopback says trainees elsewhere cannot join; a restarted host without the token still names the trainer view', () => {
    const lines = classBanner({ bind: '127.0.0.1', port: 8787, settings: { product: 'odata' }, adminTokenKept: true });
    expect(lines).toContain('  join:    http://127.0.0.1:8787/#/join/<class-code>');
    expect(lines.join('\n')).toContain('only this machine can join');
    expect(lines.join('\n')).toContain('odata environment');
    expect(lines.join('\n')).toMatch(/trainer: http:\/\/127\.0\.0\.1:8787\/#\/trainer +\(the trainer link of this state file's first start still works/);
    expect(reachableAddresses('0.0.0.0').every((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a))).toBe(true);
  });
});
