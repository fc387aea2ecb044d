// The published package (issue 21 § 1 and § 4 "CI: a test packs the tarball, installs it into a
// temporary project, and runs the Vitest example against the installed package"): everything here
// runs from <tmp>/project/node_modules/erp-integration-simulator, never from this repository's sources.
// Run by `npm run test:package` (and scripts/test.sh after the build); needs dist/ and lib/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, missingBuild, pack, projectWith, ROOT, type Packed } from '../../scripts/package-project.ts';
import { anchors } from '../docs/markdown.ts';

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
    expect(packed.files.filter((f) => f.startsWith('lib/') && f.endsWith('.js')).length).toBeLessThan(12); // a bundle (and its two test-runner entry points), not ~240 modules
    const files = new Set(packed.files);
    for (const f of ['package.json', 'README.md', 'lib/hosts/node/cli.js', 'lib/hosts/node/api/index.js', 'lib/types/hosts/node/api/index.d.ts', 'dist/index.html', 'dist/sw.js', 'dist/sim-catalog.json', 'examples/vitest/test/record-payment.test.ts', 'examples/pytest/test_receivables_client.py']) {
      expect(files, f).toContain(f);
    }
    expect(packed.files.filter((f) => /^(src|test|e2e|scripts|node_modules|dist-subpath)\//.test(f) || f.endsWith('.svelte'))).toEqual([]);
  });

  it('depends at run time only on what the Node host imports (no Dexie, tsx, Vite, Svelte or Monaco)', () => {
    const pkg = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string>; private?: boolean };
    // @xmldom/xmldom parses SOAP requests; fast-xml-parser's XMLBuilder writes every XML answer.
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@hono/node-server', '@noble/hashes', '@xmldom/xmldom', 'big.js', 'fast-xml-parser', 'fastest-levenshtein', 'hono', 'pg', 'prom-client']);
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

  it('answers a SOAP createSimpleInvoice and an OData $metadata with its XML library (issue 41: the parser and builder are there at run time)', () => {
    const script = join(project, 'xml-services.mjs');
    writeFileSync(
      script,
      `import { startSimulator } from 'erp-integration-simulator';
const sim = await startSimulator();
const ar = await sim.createEnvironment({ product: 'receivables' });
const user = ar.credentials.soapUsers[0];
const ns = 'http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/';
const envelope = \`<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:typ="\${ns}types/" xmlns:inv="\${ns}"><soapenv:Header>
<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken><wsse:Username>\${user.username}</wsse:Username><wsse:Password>\${user.password}</wsse:Password></wsse:UsernameToken></wsse:Security>
</soapenv:Header><soapenv:Body><typ:createSimpleInvoice><typ:invoiceHeaderInformation>
<inv:BusinessUnit>US1 Business Unit</inv:BusinessUnit><inv:TransactionSource>Manual</inv:TransactionSource><inv:TransactionType>Invoice</inv:TransactionType>
<inv:BillToAccountNumber>10010</inv:BillToAccountNumber><inv:BillToLocation>Acme Chicago HQ</inv:BillToLocation><inv:PaymentTermsName>30 NET</inv:PaymentTermsName><inv:InvoiceCurrencyCode>USD</inv:InvoiceCurrencyCode>
<inv:InvoiceLine><inv:Description>Pump &amp; seal</inv:Description><inv:Quantity>1</inv:Quantity><inv:UnitSellingPrice>10</inv:UnitSellingPrice></inv:InvoiceLine>
</typ:invoiceHeaderInformation></typ:createSimpleInvoice></soapenv:Body></soapenv:Envelope>\`;
const soap = await fetch(ar.baseUrl + '/fscmService/InvoiceService', { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' }, body: envelope });
const soapText = await soap.text();
const od = await sim.createEnvironment({ product: 'odata' });
const api = od.credentials.apiUsers[0];
const meta = await fetch(od.baseUrl + '/odata/Priority/tabula.ini/demo/$metadata', { headers: { authorization: 'Basic ' + Buffer.from(api.username + ':' + api.password).toString('base64') } });
const metaText = await meta.text();
console.log(JSON.stringify({ soap: soap.status, status: /<ns1:ServiceStatus>(\\w+)</.exec(soapText)?.[1] ?? soapText.slice(0, 300), metadata: meta.status, edmx: metaText.startsWith('<?xml version="1.0" encoding="utf-8"?>\\n<edmx:Edmx Version="4.0"') }));
await sim.close();
`,
    );
    const out = run(process.execPath, [script]);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual({ soap: 200, status: 'SUCCESS', metadata: 200, edmx: true });
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

  it('the Jest pattern of the docs passes in Jest\'s ESM mode: a globalSetup simulator, env.reset() before each test (issue 43 § 1)', () => {
    // Jest is this repository's dev dependency, run on the installed package: the project needs no Jest of its own.
    const dir = join(project, 'jest');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'jest.config.mjs'),
      `export default { rootDir: '.', testMatch: ['<rootDir>/*.test.mjs'], transform: {}, globalSetup: '<rootDir>/setup.mjs', globalTeardown: '<rootDir>/teardown.mjs', maxWorkers: 2 };
`,
    );
    writeFileSync(
      join(dir, 'setup.mjs'),
      `import { startSimulator } from 'erp-integration-simulator';
export default async function () {
  globalThis.sim = await startSimulator({ port: 0 });
  process.env.SIM_URL = globalThis.sim.url;
}
`,
    );
    writeFileSync(join(dir, 'teardown.mjs'), 'export default async function () { await globalThis.sim.close(); }\n');
    for (const name of ['first', 'second']) {
      writeFileSync(
        join(dir, `${name}.test.mjs`),
        `import { beforeAll, beforeEach, expect, test } from '@jest/globals';
import { connectSimulator } from 'erp-integration-simulator';

let env;
beforeAll(async () => {
  const sim = await connectSimulator({ url: process.env.SIM_URL });
  env = await sim.createEnvironment({ product: 'receivables' });
});
beforeEach(() => env.reset());

for (const n of [1, 2]) {
  test('${name} file, test ' + n + ': its own request counted once', async () => {
    const url = env.baseUrl + '/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1';
    expect((await fetch(url, { headers: { authorization: 'Bearer ' + await env.token() } })).status).toBe(200);
    await env.journal.assert({ request: { method: 'GET', path: '*/receivablesInvoices' }, count: { exactly: 1 } });
  });
}
`,
      );
    }
    const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const out = spawnSync(process.execPath, ['--experimental-vm-modules', jest, '--config', 'jest.config.mjs', '--ci'], { cwd: dir, encoding: 'utf8', env: cleanEnv({ NO_COLOR: '1' }), timeout: 120_000 });
    expect(out.status, out.stdout + out.stderr).toBe(0);
    expect(out.stderr).toMatch(/Tests:\s+4 passed, 4 total/);
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
  // Typed per product, no \`!\` needed (issue 43 § 4.6).
  const token: string = sim.adminToken;
  const rest = await sim.createEnvironment({ product: 'receivables' });
  const clientId: string = rest.credentials.oauthClients[0]?.clientId ?? token;
  void clientId;
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
    const out = run('npx', ['--no-install', 'erp-sim', '--help']);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('Usage: erp-sim serve [options]');
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(run('npx', ['--no-install', 'erp-sim', '--version']).stdout.trim()).toBe(version);
  });

  it('serve --import answers, serves the playground, and the Python example (standard library only) passes against it', async () => {
    // The snapshot was written by the plain-node test above (an environment named "team").
    expect(existsSync(join(project, 'team.erp-sim.json'))).toBe(true);
    // Its own process group: npx runs the bin in a child, and both must stop at the end.
    const child: ChildProcess = spawn('npx', ['--no-install', 'erp-sim', 'serve', '--port', '0', '--import', 'team.erp-sim.json'], { cwd: project, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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

/** Numbers as the README writes them in words (its figures are checked below). */
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** The packed docs: README.md and every Markdown file under docs/ (the reference is a folder of its own). */
const packedDocs = (): string[] => ['README.md', ...readdirSync(join(installed(), 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('the packed README and docs (issue 43 § 4.3, § 4.4, § 4.7)', () => {
  const readme = () => readFileSync(join(installed(), 'README.md'), 'utf8');

  it('states the figures the tarball has: runtime dependencies (each with its line), packed and unpacked size', () => {
    const text = readme();
    // Figures live in docs/performance.md (issue 37 § 3); the README keeps the dependency count and table.
    const performance = readFileSync(join(installed(), 'docs', 'performance.md'), 'utf8');
    const deps = Object.keys((JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    const stated = /plain Node [\d.]+\+ with (\w+)\s+runtime dependencies/.exec(text)?.[1];
    expect(stated, 'the README states how many runtime dependencies').toBeDefined();
    expect(WORDS.indexOf(stated as string)).toBe(deps.length);
    // One line per dependency says why (the README's dependency table).
    for (const dep of deps) expect(text, dep).toMatch(new RegExp(`^\\| ${dep.replace(/[./]/g, '\\$&')} \\|`, 'm'));
    const sizes = /the packed tarball\s+([\d.]+) MB, ([\d.]+) MB unpacked/.exec(performance);
    expect(sizes, 'docs/performance.md states the tarball sizes').not.toBeNull();
    const [packedMb, unpackedMb] = [Number(sizes?.[1]), Number(sizes?.[2])];
    // As npm pack reports them, to the figure's own precision (a tenth of a MB either way).
    expect(Math.abs(packedMb - packed.size / 1024 / 1024), `packed ${(packed.size / 1024 / 1024).toFixed(2)} MB`).toBeLessThanOrEqual(0.1);
    expect(Math.abs(unpackedMb - packed.unpackedSize / 1024 / 1024), `unpacked ${(packed.unpackedSize / 1024 / 1024).toFixed(2)} MB`).toBeLessThanOrEqual(0.1);
  });

  it('every relative link of the README and the docs reaches a file of the package, and its anchor a heading there', () => {
    const files = packedDocs();
    let links = 0;
    for (const from of files) {
      const text = readFileSync(join(installed(), from), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target as string)) continue;
        links++;
        const [path, anchor] = (target as string).split('#') as [string, string | undefined];
        const file = path ? join(dirname(join(installed(), from)), path) : join(installed(), from);
        expect(existsSync(file), `${from} → ${target}`).toBe(true);
        if (anchor && file.endsWith('.md')) {
          expect([...anchors(readFileSync(file, 'utf8'))], `${from} → ${target}`).toContain(anchor);
        }
      }
    }
    expect(links).toBeGreaterThan(10);
  });

  it('no internal issue number in the README, the docs, the declarations or erp-sim --help', () => {
    const texts: [string, string][] = packedDocs().map((f) => [f, readFileSync(join(installed(), f), 'utf8')]);
    const declarations = packed.files.filter((f) => f.endsWith('.d.ts'));
    expect(declarations.length).toBeGreaterThan(0);
    for (const f of declarations) texts.push([f, readFileSync(join(installed(), f), 'utf8')]);
    texts.push(['erp-sim --help', run('npx', ['--no-install', 'erp-sim', '--help']).stdout]);
    for (const [name, text] of texts) expect(text.match(/\bissues? \d+|#[a-z0-9-]*issue-\d/gi) ?? [], name).toEqual([]);
  });
});

describe('the example workflow (issue 43 § 5, § 4.8b)', () => {
  it('its start step waits for a --require-token host, the Python suite passes with the job token, and sim.log holds no chosen token or class code', async () => {
    const workflow = readFileSync(join(installed(), 'examples', 'github-actions.yml'), 'utf8');
    expect(workflow).toContain('npx --no-install erp-sim serve');
    expect(workflow).not.toMatch(/npx erp-sim/);
    const step = /- name: Start the simulator\n\s+run: \|\n((?:\s{10}.*\n)+)/.exec(workflow)?.[1];
    expect(step, 'the workflow has its start step').toBeDefined();
    // The step as written, on a port of this test's own, with a class code added to the serve line.
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const code = 'simclass_workflow-test-code';
    const script = (step as string).replace(/^ {10}/gm, '').replaceAll('8787', port).replace('--require-token', `--require-token --class-code ${code}`);
    const token = `simadmin_${'ab12'.repeat(10)}`;
    // The project is the user's: the snapshot where the workflow expects the team's fixture.
    const dir = project;
    mkdirSync(join(dir, 'test', 'fixtures'), { recursive: true });
    writeFileSync(join(dir, 'test', 'fixtures', 'team.erp-sim.json'), readFileSync(join(project, 'team.erp-sim.json')));
    const shell = spawn('bash', ['-c', script], { cwd: dir, env: cleanEnv({ SIM_ADMIN_TOKEN: token }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const started = await new Promise<number | null>((resolve) => shell.on('exit', resolve));
      const log = () => readFileSync(join(dir, 'sim.log'), 'utf8');
      expect(started, log()).toBe(0);
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/sim/_admin/stats`)).status).toBe(401);
      const python = spawnSync('python3', ['--version']);
      if (python.status === 0) {
        const out = await runAsync('python3', ['-m', 'unittest', '-v'], join(installed(), 'examples', 'pytest'), { SIM_URL: url, SIM_ADMIN_TOKEN: token, SIM_ENVIRONMENT: 'team', PYTHONDONTWRITEBYTECODE: '1' });
        expect(out.code, out.output).toBe(0);
      }
      await fetch(`${url}/sim/_admin/stats?token=${token}`, { headers: { authorization: `Bearer ${code}` } });
      await expect.poll(() => log()).toMatch(/GET \/sim\/_admin\/stats\?token=simadmin_\[redacted\] /);
      expect(log()).toContain('Admin token: the one given with SIM_ADMIN_TOKEN (not printed)');
      expect(log()).toContain('trainer:');
      expect(log()).not.toContain(token);
      expect(log()).not.toContain(code);
    } finally {
      // The step left the host running in the background of its shell: stop the whole group.
      if (shell.pid) {
        try {
          process.kill(-shell.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
  });
});

