// The published package (issue 21 § 1 and § 4 "CI: a test packs the tarball, installs it into a
// temporary project, and runs the Vitest example against the installed package"): everything here
// runs from <tmp>/project/node_modules/erp-integration-simulator, never from this repository's sources.
// Run by `npm run test:package` (and scripts/test.sh after the build); needs dist/ and lib/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, missingBuild, pack, projectWith, ROOT, type Packed } from '../../scripts/package-project.ts';

let packed: Packed;
let project: string;
const installed = () => join(project, 'node_modules', 'erp-integration-simulator');
const run = (cmd: string, args: string[], env: Record<string, string> = {}) => spawnSync(cmd, args, { cwd: project, encoding: 'utf8', env: cleanEnv({ NO_COLOR: '1', ...env }), timeout: 120_000 });

beforeAll(() => {
  const missing = missingBuild();
  if (missing) throw new Error(missing);
  packed = pack(mkdtempSync(join(tmpdir(), 'erp-sim-pack-')));
  project = projectWith(packed.file);
});

afterAll(() => {
  if (project) rmSync(dirname(project), { recursive: true, force: true });
  if (packed) rmSync(dirname(packed.file), { recursive: true, force: true });
});

describe('the tarball (issue 21 § 1)', () => {
  it('holds built JavaScript with declarations, the bin and the built playground; no sources, tests or tooling', () => {
    expect(packed.files.filter((f) => f.startsWith('lib/') && f.endsWith('.js')).length).toBeLessThan(10); // a bundle, not ~240 modules
    const files = new Set(packed.files);
    for (const f of ['package.json', 'README.md', 'lib/hosts/node/cli.js', 'lib/hosts/node/api/index.js', 'lib/types/hosts/node/api/index.d.ts', 'dist/index.html', 'dist/sw.js', 'dist/sim-catalog.json', 'examples/vitest/test/record-payment.test.ts', 'examples/pytest/test_receivables_client.py']) {
      expect(files, f).toContain(f);
    }
    expect(packed.files.filter((f) => /^(src|test|e2e|scripts|node_modules|dist-subpath)\//.test(f) || f.endsWith('.svelte'))).toEqual([]);
  });

  it('depends at run time only on what the Node host imports (no Dexie, tsx, Vite, Svelte or Monaco)', () => {
    const pkg = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string>; private?: boolean };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@hono/node-server', '@noble/hashes', 'big.js', 'fastest-levenshtein', 'hono']);
    expect(pkg.bin).toEqual({ 'erp-sim': 'lib/hosts/node/cli.js' });
    expect(pkg.private).toBeUndefined();
    for (const absent of ['dexie', 'fake-indexeddb', 'tsx', 'svelte', 'monaco-editor', 'workbox-precaching']) expect(existsSync(join(project, 'node_modules', absent)), absent).toBe(false);
  });
});

describe('the installed package (issue 21 § 2, § 4)', () => {
  it('resolves from the project\'s node_modules and runs on plain node (an ESM script, no test runner)', () => {
    const script = join(project, 'plain-node.mjs');
    writeFileSync(
      script,
      `import { startSimulator } from 'erp-integration-simulator';
const sim = await startSimulator();
const env = await sim.createEnvironment({ product: 'receivables', name: 'team' });
const res = await fetch(env.baseUrl + '/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1', { headers: { authorization: 'Bearer ' + await env.token() } });
const verified = await env.journal.verify({ request: { method: 'GET', path: '*/receivablesInvoices' }, count: { exactly: 1 } });
(await import('node:fs')).writeFileSync('team.erp-sim.json', JSON.stringify(await env.snapshot()));
console.log(JSON.stringify({ resolved: import.meta.resolve('erp-integration-simulator'), status: res.status, ok: verified.ok }));
await sim.close();
`,
    );
    const out = run(process.execPath, [script]);
    expect(out.stderr).toBe('');
    const result = JSON.parse(out.stdout) as { resolved: string; status: number; ok: boolean };
    expect(realpathSync(new URL(result.resolved).pathname)).toBe(realpathSync(join(installed(), 'lib/hosts/node/api/index.js')));
    expect(result).toMatchObject({ status: 200, ok: true });
  });

  it('the Vitest example passes against it (a globalSetup simulator, two test files in parallel threads)', () => {
    const out = run('npx', ['vitest', 'run']);
    expect(out.status, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/Test Files\s+2 passed/);
    expect(out.stdout).toMatch(/Tests\s+4 passed/);
  });

  it('the README\'s first example, the erp-integration-simulator/vitest fixture, passes with 3 workers in shuffled order (issue 43 § 1)', () => {
    // Each test asserts exact counts of its own requests: only a clean slate per test passes in any order.
    for (const seed of ['1', '2', '3']) {
      const out = run('npx', ['vitest', 'run', '--maxWorkers=3', '--sequence.shuffle', `--sequence.seed=${seed}`]);
      expect(out.status, out.stdout + out.stderr).toBe(0);
      expect(out.stdout).toMatch(/Tests\s+4 passed/);
    }
  });

  it('the node:test pattern of the README passes: one simulator, env.reset() before each test (issue 43 § 1)', () => {
    const file = join(project, 'receipts.node-test.mjs');
    writeFileSync(
      file,
      `import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulator } from 'erp-integration-simulator';

let sim, env;
before(async () => {
  sim = await startSimulator();
  env = await sim.createEnvironment({ product: 'receivables', clock: { now: '2026-05-01T09:00:00Z', frozen: true } });
});
beforeEach(() => env.reset());
after(() => sim.close());

for (const n of [1, 2]) {
  test('a 503 is seen once, test ' + n, async () => {
    await env.faults.add({ kind: 'status', status: 503, path: '*/receivablesInvoices', count: 1 });
    const url = env.baseUrl + '/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1';
    const headers = { authorization: 'Bearer ' + await env.token() };
    assert.equal((await fetch(url, { headers })).status, 503);
    assert.equal((await fetch(url, { headers })).status, 200);
    await env.journal.assert({ request: { method: 'GET', path: '*/receivablesInvoices', status: 503 }, count: { exactly: 1 } });
    assert.equal(await env.clock.now(), '2026-05-01T09:00:00.000Z');
    await env.clock.advance({ days: 3 });
  });
}
`,
    );
    const out = run(process.execPath, ['--test', file]);
    expect(out.status, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/# pass 2/);
  });

  it('its declarations type-check the example (tsc), and strictly on their own (skipLibCheck off)', () => {
    const example = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
    expect(example.status, example.stdout).toBe(0);
    const file = join(project, 'uses-types.ts');
    writeFileSync(
      file,
      `import { connectSimulator, startSimulator, SimulatorError, VerificationError, type SimEnvironment, type VerifyResult, type JournalEntry, type FaultRule } from 'erp-integration-simulator';
export async function check(env: SimEnvironment): Promise<[VerifyResult, JournalEntry[], FaultRule, string]> {
  const sim = await startSimulator({ port: 0, adminToken: 't' });
  await connectSimulator({ url: sim.url });
  const rule = await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts' });
  return [await env.journal.verify({ request: { method: 'POST', status: '2xx' }, count: { atMost: 1 } }), await env.journal.list({ since: 3 }), rule, env.credentials.oauthClients?.[0]?.clientSecret ?? ''];
}
export const errors = [SimulatorError, VerificationError];
`,
    );
    const strict = run('npx', ['tsc', '--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', 'false', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'uses-types.ts']);
    expect(strict.status, strict.stdout).toBe(0);
  });
});

describe('npx erp-sim (issue 21 § 1, § 4)', () => {
  it('--help prints the usage; --version the package version', () => {
    const out = run('npx', ['erp-sim', '--help']);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('Usage: erp-sim serve [options]');
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(run('npx', ['erp-sim', '--version']).stdout.trim()).toBe(version);
  });

  it('serve --import answers, serves the playground, and the Python example (standard library only) passes against it', async () => {
    // The snapshot was written by the plain-node test above (an environment named "team").
    expect(existsSync(join(project, 'team.erp-sim.json'))).toBe(true);
    // Its own process group: npx runs the bin in a child, and both must stop at the end.
    const child: ChildProcess = spawn('npx', ['erp-sim', 'serve', '--port', '0', '--import', 'team.erp-sim.json'], { cwd: project, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const url = await bannerUrl(child);
      expect((await fetch(`${url}/sim/_admin/environments`)).status).toBe(200);
      // The built playground ships in the package and the host serves it at / (issue 21 § 1, issue 20).
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>ERP integration simulator</title>');
      const python = spawnSync('python3', ['--version']);
      // CI machines have python3 (3.11); a machine without it cannot run the Python example at all.
      if (python.status !== 0) return;
      const out = await runAsync('python3', ['-m', 'unittest', '-v'], join(installed(), 'examples', 'pytest'), { SIM_URL: url, SIM_ENVIRONMENT: 'team', PYTHONDONTWRITEBYTECODE: '1' });
      expect(out.code, out.output).toBe(0);
      expect(out.output).toMatch(/Ran 3 tests[\s\S]*\nOK/);
      // The helper's two resets (issue 43 § 1): reset_data keeps the fault rules, reset clears them.
      const resets = `import erp_sim, os
sim = erp_sim.Simulator(os.environ["SIM_URL"])
env = sim.create_environment()
env.add_fault({"kind": "status", "status": 503, "path": "/x"})
print(env.reset_data()["scope"], len(env.call("GET", "/faults")["items"]))
print(env.reset()["scope"], len(env.call("GET", "/faults")["items"]))
env.delete()`;
      const both = await runAsync('python3', ['-c', resets], join(installed(), 'examples', 'pytest'), { SIM_URL: url, PYTHONDONTWRITEBYTECODE: '1' });
      expect(both.output.trim().split('\n')).toEqual(['data 1', 'all 0']);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  });
});

/** The URL from the start banner, once the imported environment is listed. */
function bannerUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && out.includes('imported team.erp-sim.json')) resolve(m[1] as string);
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`erp-sim serve exited ${code}: ${out}`)));
  });
}

/** A child run without blocking the event loop (the host it talks to may live in this process's children). */
function runAsync(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: cleanEnv(env) });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
