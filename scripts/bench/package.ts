/**
 * The simulator inside a test suite (issue 21 Targets): with the programmatic API on the Node host,
 * creating a seeded receivables environment and resetting one (median < 20 ms each); journal/verify
 * over a full journal of 500 entries (< 5 ms); and the installed package: `npx erp-sim serve` to its
 * first answer (< 1.5 s), creating and resetting on the CLI host, and the packed size. Needs `npm run build` (run.ts does it); builds lib/.
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseVerification, verifyEntries } from '../../src/engine/journal/match.ts';
import { RING_SIZE } from '../../src/engine/journal/types.ts';
import { startSimulator } from '../../src/hosts/node/api/index.ts';
import { cleanEnv, pack, projectWith, ROOT } from '../package-project.ts';
import { ms, stats, table } from './lib.ts';
import { RESET_ROWS, resetCycle } from './reset-cycle.ts';

const ROUNDS = 50;
const REST = '/fscmRestApi/resources/11.13.18.05';

async function timed<T>(samples: number[], fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  samples.push(performance.now() - t);
  return out;
}

// 1. Create and reset through the programmatic API (HTTP to the in-process host, as a test does).
const sim = await startSimulator();
const creates: number[] = [];
const resets: number[] = [];
const envs = [];
for (let i = 0; i < 5; i++) await sim.createEnvironment({ product: 'receivables' }); // warm-up (JIT, catalogs)
for (let i = 0; i < ROUNDS; i++) envs.push(await timed(creates, () => sim.createEnvironment({ product: 'receivables' })));
// The clean slate after what a test leaves behind: a few requests in the journal, a fault rule, a moved clock.
const dirtyResets: number[] = [];
const dataResets: number[] = [];
for (const env of envs) {
  const auth = { authorization: `Bearer ${await env.token()}` };
  for (let i = 0; i < 5; i++) await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1`, { headers: auth });
  await env.faults.add({ kind: 'status', status: 503, path: '*/standardReceipts', count: 1 });
  await env.clock.advance({ days: 3 });
  await timed(dirtyResets, () => env.reset());
  await timed(resets, () => env.reset());
  await timed(dataResets, () => env.resetData());
}
const c = stats(creates);
const r = stats(resets);
const d = stats(dirtyResets);
const rd = stats(dataResets);
table('Programmatic API, receivables (credentials: one salted SHA-256 each)', [
  { operation: 'createEnvironment (seeded book + 3 credentials)', median: ms(c.median), p95: ms(c.p95), n: c.n, target: '< 20 ms' },
  { operation: 'env.reset() after a test (journal, fault rule, clock moved)', median: ms(d.median), p95: ms(d.p95), n: d.n, target: '< 20 ms' },
  { operation: 'env.reset() (clean slate, nothing to clear)', median: ms(r.median), p95: ms(r.p95), n: r.n, target: '< 20 ms' },
  { operation: 'env.resetData() (data only)', median: ms(rd.median), p95: ms(rd.p95), n: rd.n, target: '< 20 ms' },
]);

// 2. verify over a full journal: 500 entries of varied paths and statuses, a pattern that matches
// none (every entry compared, near misses ranked: the costliest case) and one that matches many.
const env = envs[0]!;
const token = await env.token();
for (let i = 0; i < RING_SIZE + 20; i++) {
  const path = i % 3 === 0 ? `${REST}/receivablesInvoices?limit=1&offset=${i}` : i % 3 === 1 ? `${REST}/standardReceipts?limit=1` : `${REST}/receivablesCreditMemos/${i}`;
  await fetch(`${env.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}
const full = await env.journal.list();
const patterns = {
  'no match (near misses ranked)': { request: { method: 'POST', path: '*/standardReceipts', bodyIncludes: 'CHK-1', status: 201 } },
  'a third of them match': { request: { method: 'GET', path: '*/receivablesInvoices', query: { limit: '1' } } },
};
const rows: Record<string, string | number>[] = [];
for (const [name, pattern] of Object.entries(patterns)) {
  const http: number[] = [];
  for (let i = 0; i < ROUNDS; i++) await timed(http, () => env.journal.verify(pattern));
  const parsed = parseVerification(pattern);
  if (!parsed.ok) throw new Error(parsed.error);
  const matcher: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    verifyEntries(full, parsed.verification);
    matcher.push(performance.now() - t);
  }
  rows.push({ pattern: name, entries: full.length, 'HTTP round trip median': ms(stats(http).median), p95: ms(stats(http).p95), 'matcher alone median': ms(stats(matcher).median), target: '< 5 ms' });
}
table('journal/verify over a full journal', rows);
await sim.close();

// 3. The installed package: npm pack, npm install into a fresh project, then the bin.
execSync('npm run -s build:node', { cwd: ROOT, stdio: 'inherit' });
const packDir = mkdtempSync(join(tmpdir(), 'erp-sim-bench-pack-'));
const packed = pack(packDir);
const project = projectWith(packed.file);

/** Spawn to the first 200 of the control API, and to the banner listing the start environments. */
async function firstAnswer(command: string, args: string[]): Promise<{ answer: number; ready: number }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: project, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  let out = '';
  let answer = NaN;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    for (;;) {
      const res = await fetch(`${url}/sim/_admin/stats`).catch(() => null);
      if (res?.ok) break;
    }
    answer = performance.now() - started;
    while (!out.includes('odata environment')) await new Promise((r) => setTimeout(r, 5));
    return { answer, ready: performance.now() - started };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
}

const starts: Record<string, { answer: number[]; ready: number[] }> = { 'npx erp-sim serve --port 0': { answer: [], ready: [] }, 'node_modules/.bin/erp-sim serve --port 0 (no npx)': { answer: [], ready: [] } };
for (let i = 0; i < 5; i++) {
  for (const [name, [cmd, ...args]] of [
    ['npx erp-sim serve --port 0', ['npx', 'erp-sim', 'serve', '--port', '0']],
    ['node_modules/.bin/erp-sim serve --port 0 (no npx)', ['node_modules/.bin/erp-sim', 'serve', '--port', '0']],
  ] as [string, string[]][]) {
    const t = await firstAnswer(cmd as string, args);
    starts[name]!.answer.push(t.answer);
    starts[name]!.ready.push(t.ready);
  }
}
table(
  'Installed package: start to first answer (GET /sim/_admin/stats), and to the banner with both start environments',
  Object.entries(starts).map(([command, s]) => ({ command, 'first answer median': ms(stats(s.answer).median), max: ms(Math.max(...s.answer)), 'banner ready median': ms(stats(s.ready).median), target: '< 1.5 s' })),
);
// Creating a seeded environment on the CLI host, as a test suite on `erp-sim serve` does (issue 36
// § 1.11: target < 20 ms median, as in process).
{
  const child = spawn('node_modules/.bin/erp-sim', ['serve', '--port', '0'], { cwd: project, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m && out.includes('odata environment')) resolve(m[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const create = () => fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'receivables' }) }).then((res) => res.json());
    for (let i = 0; i < 5; i++) await create();
    const cli: number[] = [];
    for (let i = 0; i < ROUNDS; i++) await timed(cli, create);
    const s = stats(cli);
    const resetSamples = await resetCycle([url, ROUNDS]);
    table('CLI host (node_modules/.bin/erp-sim serve), receivables', [
      { operation: 'POST /sim/_admin/environments (seeded book + 3 credentials)', median: ms(s.median), p95: ms(s.p95), n: s.n, target: '< 20 ms' },
      ...Object.entries(RESET_ROWS).map(([k, operation]) => {
        const r = stats(resetSamples[k as keyof typeof RESET_ROWS]);
        return { operation, median: ms(r.median), p95: ms(r.p95), n: r.n, target: '< 20 ms' };
      }),
    ]);
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
}

const lib = packed.files.filter((f) => f.startsWith('lib/')).length;
const dist = packed.files.filter((f) => f.startsWith('dist/')).length;
table('Packed package', [{ tarball: `${(packed.size / 1024 / 1024).toFixed(2)} MB`, unpacked: `${(packed.unpackedSize / 1024 / 1024).toFixed(2)} MB`, files: packed.files.length, 'lib/ files': lib, 'dist/ files': dist }]);
rmSync(dirname(project), { recursive: true, force: true });
rmSync(packDir, { recursive: true, force: true });
