// Issue 19 § Tests: the start banner, --admin-token, --class-code and --require-token through the
// real CLI (`npm run serve`), and § Bad input and reliability: a --state host restarts with its
// admin-token hash and owner-token hashes, never keeping a token in plaintext.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

interface Cli {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The URL from the banner, once it is printed. */
  url(): Promise<string>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function serve(...args: string[]): Cli {
  return serveWith({}, ...args);
}

/** The CLI with these environment variables set (SIM_ADMIN_TOKEN, SIM_CLASS_CODES). */
function serveWith(env: Record<string, string>, ...args: string[]): Cli {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIM_ADMIN_TOKEN: '', SIM_CLASS_CODES: '', ...env } });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  return {
    child,
    output: () => out,
    exited,
    async url() {
      // The banner is complete once the first environments (or the kept ones, or a class's links) are listed.
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/\n {2}(base: |\S+ env_|trainer: )/);
      return /listening on (http:\/\/\S+)/.exec(out)?.[1] as string;
    },
  };
}

async function stop(cli: Cli): Promise<void> {
  cli.child.kill('SIGTERM');
  await cli.exited;
}

const get = (url: string, path: string, token?: string) => fetch(`${url}/sim/_admin${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('Node host CLI access flags (issue 19 § 1)', () => {
  it('--require-token with --admin-token and two --class-code: the banner says so, and each token does what it may', async () => {
    const admin = 'simadmin_cli-test-admin-token-000000000';
    const cli = serve('--require-token', '--admin-token', admin, '--class-code', 'simclass_monday-group', '--class-code', 'simclass_tuesday-group');
    const url = await cli.url();
    const banner = cli.output();
    expect(banner).toContain('Admin token: the one given with --admin-token (not printed)');
    // A chosen token is never echoed, not even in the class's trainer link (issue 43 § 5).
    for (const secret of [admin, 'simclass_monday-group', 'simclass_tuesday-group']) expect(banner).not.toContain(secret);
    expect(banner).toContain('Class codes: 2');
    expect(banner).toContain('Access: every control API request needs Authorization: Bearer <token> (--require-token).');
    // A class host makes no environment at start (trainees make theirs as they join, issue 20):
    // the admin makes one, and its owner token comes once in the 201.
    const first = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{"product":"receivables"}' });
    expect(first.status).toBe(201);
    const owner = ((await first.json()) as { ownerToken: string }).ownerToken;
    expect(owner).toMatch(/^simowner_[0-9a-f]{40}$/);

    const none = await get(url, '/environments');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="sim-admin"');
    expect((await get(url, '/stats', admin)).status).toBe(200);
    expect(((await (await get(url, '/environments', owner)).json()) as { items: unknown[] }).items).toHaveLength(1);
    for (const code of ['simclass_monday-group', 'simclass_tuesday-group']) {
      const made = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' }, body: '{"product":"odata"}' });
      expect(made.status).toBe(201);
      expect((await get(url, '/stats', code)).status).toBe(404);
    }
    await stop(cli);
  }, 60_000);

  it('without --require-token: loopback needs no token, the generated admin token is printed once, and another address needs a token', async () => {
    const cli = serve('--host', '0.0.0.0');
    const url = await cli.url();
    const banner = cli.output();
    const admin = /Admin token \(shown once; everything on this host\): (simadmin_[0-9a-f]{40})/.exec(banner)?.[1] as string;
    expect(admin).toBeDefined();
    expect(banner).toContain('from other machines (the host listens on 0.0.0.0) they need Authorization: Bearer <token>.');
    expect((await get(url, '/stats')).status).toBe(200);
    expect((await get(url, '/stats', admin)).status).toBe(200);
    // A token presented from loopback is judged as that token.
    expect((await get(url, '/stats', 'simadmin_wrong-token-00000000000000')).status).toBe(401);
    const port = new URL(url).port;
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (external) {
      // The same machine through a non-loopback address is "another address" to the host.
      const res = await fetch(`http://${external}:${port}/sim/_admin/environments`);
      expect(res.status).toBe(401);
      expect((await fetch(`http://${external}:${port}/sim/_admin/environments`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    }
    await stop(cli);
  }, 60_000);

  it('no chosen admin token or class code in the banner or the access log, given by flag, file or environment (issue 43 § 5)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-secrets-'));
    const admin = 'simadmin_from-the-environment-000000000';
    const fileCodes = ['simclass_from-a-file-1', 'simclass_from-a-file-2'];
    writeFileSync(join(dir, 'codes.txt'), `# the spring class\n${fileCodes.join('\n')}\n`);
    const cli = serveWith({ SIM_ADMIN_TOKEN: admin, SIM_CLASS_CODES: 'simclass_env-code-one, simclass_env-code-two' }, '--require-token', '--log', '--class-code', 'simclass_flag-code-1', '--class-code-file', join(dir, 'codes.txt'));
    const url = await cli.url();
    expect(cli.output()).toContain('Admin token: the one given with SIM_ADMIN_TOKEN (not printed)');
    expect(cli.output()).toContain('Class codes: 5');
    // Each token works; and sent where a careless client might put one (a query string), too.
    expect((await get(url, '/stats', admin)).status).toBe(200);
    expect((await get(url, `/stats?token=${admin}`)).status).toBe(401);
    for (const code of ['simclass_flag-code-1', ...fileCodes, 'simclass_env-code-one', 'simclass_env-code-two']) {
      const made = await fetch(`${url}/sim/_admin/environments?code=${code}`, { method: 'POST', headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' }, body: '{"product":"odata"}' });
      expect(made.status, code).toBe(201);
    }
    await expect.poll(() => cli.output().split('\n').filter((l) => / POST \/sim\/_admin\/environments/.test(l)).length).toBe(5);
    const out = cli.output();
    expect(out).toMatch(/POST \/sim\/_admin\/environments\?code=simclass_\[redacted\] 201/);
    for (const secret of [admin, 'simclass_flag-code-1', ...fileCodes, 'simclass_env-code-one', 'simclass_env-code-two']) expect(out).not.toContain(secret);
    await stop(cli);

    // The admin token from a file (not in the process list): the same, and the class's links too.
    writeFileSync(join(dir, 'admin.txt'), `${admin}\n`);
    const fromFile = serve('--admin-token-file', join(dir, 'admin.txt'), '--class-code', 'simclass_flag-code-1', '--require-token');
    const fileUrl = await fromFile.url();
    expect(fromFile.output()).toContain(`Admin token: the one given with --admin-token-file (not printed)`);
    expect(fromFile.output()).toMatch(/trainer: http:\/\/127\.0\.0\.1:\d+\/#\/trainer +\(paste the admin token you chose there/);
    expect((await get(fileUrl, '/stats', admin)).status).toBe(200);
    for (const secret of [admin, 'simclass_flag-code-1']) expect(fromFile.output()).not.toContain(secret);
    await stop(fromFile);
  }, 90_000);

  it('refuses a token given two ways, an unreadable token file and a bad token from the environment, naming where it came from (exit 2, issue 43 § 5)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-secrets-'));
    writeFileSync(join(dir, 'admin.txt'), 'simadmin_from-a-file-0000000000000000\n');
    const both = serve('--admin-token', 'simadmin_from-the-flag-00000000000000', '--admin-token-file', join(dir, 'admin.txt'));
    expect(await both.exited).toBe(2);
    expect(both.output()).toContain('Give the admin token one way: --admin-token or --admin-token-file, not both.');
    const missing = serve('--admin-token-file', join(dir, 'nope.txt'));
    expect(await missing.exited).toBe(2);
    expect(missing.output()).toContain(`--admin-token-file ${join(dir, 'nope.txt')}: no such file`);
    const badEnv = serveWith({ SIM_ADMIN_TOKEN: 'hunter2' });
    expect(await badEnv.exited).toBe(2);
    expect(badEnv.output()).toContain('The admin token given with SIM_ADMIN_TOKEN must start with simadmin_');
    expect(badEnv.output()).not.toContain('hunter2');
    const badCode = serveWith({ SIM_CLASS_CODES: 'simclass_ok-code-123 simclass_x' });
    expect(await badCode.exited).toBe(2);
    expect(badCode.output()).toContain('A class code given with SIM_CLASS_CODES needs at least 8 characters after simclass_');
  }, 60_000);

  it('a refused --admin-token or --class-code stops the start with the reason (exit 2)', async () => {
    const bad = serve('--admin-token', 'short');
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('--admin-token must start with simadmin_');
    const weak = serve('--class-code', 'simclass_abc');
    expect(await weak.exited).toBe(2);
    expect(weak.output()).toContain('--class-code needs at least 8 characters after simclass_');
  }, 60_000);

  it('a --state host restarts with its admin token and owner tokens (hashes only on disk)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-access-'));
    const state = join(dir, 'class.jsonl');
    const first = serve('--state', state, '--class-code', 'simclass_restart-group');
    const url = await first.url();
    const admin = /Admin token \(shown once; everything on this host\): (simadmin_[0-9a-f]{40})/.exec(first.output())?.[1] as string;
    expect(first.output()).toContain(`kept as a hash with ${state}`);
    const made = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: 'Bearer simclass_restart-group', 'content-type': 'application/json' }, body: '{"product":"receivables"}' });
    const student = (await made.json()) as { key: string; ownerToken: string };
    await stop(first);

    const second = serve('--state', state, '--require-token', '--class-code', 'simclass_restart-group');
    const again = await second.url();
    expect(second.output()).not.toMatch(/simadmin_[0-9a-f]{40}/); // printed once, at the first start
    expect(second.output()).toContain(`Admin token: the one printed when ${state} was first used`);
    expect((await get(again, '/stats', admin)).status).toBe(200);
    expect((await get(again, `/environments/${student.key}`, student.ownerToken)).status).toBe(200);
    await stop(second);

    // Never a token in plaintext: state, request journal and access file hold hashes only.
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const token of [admin, student.ownerToken, 'simclass_restart-group']) expect(text, file).not.toContain(token);
    }
    expect(readFileSync(`${state}.access.json`, 'utf8')).toMatch(/"adminTokenHash":"[0-9a-f]{64}"/);
  }, 90_000);
});
