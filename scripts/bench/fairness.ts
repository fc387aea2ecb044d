/**
 * A shared Node host stays fair (issue 19 § 2, § Targets): the pathological fault pattern against a
 * 2 KB path; GETs to another environment (p50/p99/max) while one environment does each kind of long
 * work (generate 100k invoices, 20k receipts twice, AutoMatch over the large book, reset of it,
 * snapshot export and import of 7k invoices, 100k OData customers); 20,000 receipts into 20,000. The real
 * `npm run serve` process with --state, probed over HTTP.
 * Standalone: `npx tsx scripts/bench/fairness.ts [invoices=100000] [--no-state]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wildcardMatcher } from '../../src/engine/faults/wildcard.ts';
import { distinct, table } from './lib.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const INVOICES = Number(args[0] ?? 100_000);
const RECEIPTS = 20_000;
const STATE = !process.argv.includes('--no-state');
/** Pause between probes (each waits for the previous answer). */
const PROBE_GAP_MS = 5;

/** Percentile of sorted samples. */
const pct = (s: number[], q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;

// ---- 1. the pathological pattern -------------------------------------------------------------

function patternFigures(): Record<string, string>[] {
  const pattern = `/${'*e'.repeat(24)}`;
  const matcher = wildcardMatcher(pattern);
  const paths: [string, string][] = [
    ['2 KB of "e" (matches)', `/${'e'.repeat(2047)}`],
    ['2 KB of "e", last "x" (no match)', `/${'e'.repeat(2046)}x`],
    ['2 KB of "a", last "e" (no match)', `/${'a'.repeat(2046)}e`],
    ['2 KB of "ea" (matches)', `/${'ea'.repeat(1023)}e`],
    ['28-character REST path of the report', '/fscmRestApi/resources/eeeeee'],
  ];
  return paths.map(([what, path]) => {
    // Rounds of 100 matches (a single match is below the clock's resolution); p99 of the rounds.
    const rounds: number[] = [];
    for (let r = 0; r < 200; r++) {
      const t = performance.now();
      for (let i = 0; i < 100; i++) matcher.test(path);
      rounds.push((performance.now() - t) / 100);
    }
    rounds.sort((a, b) => a - b);
    const p50 = pct(rounds, 0.5);
    const p99 = pct(rounds, 0.99);
    return { path: what, 'median per match': `${(p50 * 1000).toFixed(1)} µs`, 'p99 per match': `${(p99 * 1000).toFixed(1)} µs`, 'target < 1 ms': p99 < 1 ? 'yes' : 'NO' };
  });
}

// ---- 2. the host under long work ------------------------------------------------------------

interface Host {
  child: ChildProcess;
  url: string;
}

async function startHost(stateFile: string | null): Promise<Host> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', ...(stateFile ? ['--state', stateFile] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`host exited with ${code}`)));
  });
  child.stdout?.resume();
  return { child, url };
}

interface Made {
  key: string;
  credentials: Record<string, Record<string, string>[]>;
}

async function admin<T>(url: string, method: string, path: string, body?: string): Promise<{ status: number; body: T; ms: number }> {
  const t = performance.now();
  const res = await fetch(`${url}/sim/_admin${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, ms: performance.now() - t };
}


/**
 * Run `work` while a probe GETs another environment back to back; the probe's latencies, and the
 * work's own time and status.
 */
async function underLoad(url: string, probe: () => Promise<Response>, work: () => Promise<{ status: number; ms: number }>) {
  const samples: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await probe();
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`probe answered ${res.status}`);
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
    }
  })();
  const result = await work();
  done = true;
  await probing;
  const s = samples.sort((a, b) => a - b);
  return { result, n: s.length, p50: pct(s, 0.5), p99: pct(s, 0.99), max: s.at(-1) ?? NaN };
}

async function main(): Promise<void> {
  table('Pathological fault pattern /*e*e…(24 pieces) against 2 KB paths (target < 1 ms)', patternFigures());

  const dir = mkdtempSync(join(tmpdir(), 'bench-fairness-'));
  const host = await startHost(STATE ? join(dir, 'state.jsonl') : null);
  const url = host.url;
  const rows: Record<string, string | number>[] = [];
  const targets: Record<string, string>[] = [];
  try {
    const busy = (await admin<Made>(url, 'POST', '/environments', JSON.stringify({ product: 'receivables', name: 'busy' }))).body;
    const quiet = (await admin<Made>(url, 'POST', '/environments', JSON.stringify({ product: 'odata', name: 'quiet' }))).body;
    const odataBusy = (await admin<Made>(url, 'POST', '/environments', JSON.stringify({ product: 'odata', name: 'busy odata' }))).body;
    const user = quiet.credentials.apiUsers?.[0] as Record<string, string>;
    const auth = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
    // Each probe distinct: a read the product answers, not the replay lane.
    const fresh = distinct({ authorization: auth });
    const probe = () => fetch(`${url}/sim/${quiet.key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=5`, { headers: fresh() });
    for (let i = 0; i < 20; i++) await (await probe()).arrayBuffer(); // credentials verified and cached, indexes warm

    const step = async (what: string, work: () => Promise<{ status: number; ms: number }>, expect: number) => {
      const r = await underLoad(url, probe, work);
      if (r.result.status !== expect) throw new Error(`${what}: answered ${r.result.status}`);
      rows.push({ 'long work (busy environment)': what, took: `${(r.result.ms / 1000).toFixed(2)} s`, 'other env GETs': r.n, p50: `${r.p50.toFixed(1)} ms`, p99: `${r.p99.toFixed(1)} ms`, max: `${r.max.toFixed(1)} ms` });
      console.error(JSON.stringify(rows.at(-1)));
      return r;
    };
    const gen = (key: string, body: unknown) => () => admin(url, 'POST', `/environments/${key}/generate`, JSON.stringify(body));

    const invoices = await step(`generate ${INVOICES} invoices`, gen(busy.key, { count: INVOICES }), 201);
    targets.push({ target: `other environment's GET while one generates ${INVOICES} invoices: p99 < 100 ms`, value: `${invoices.p99.toFixed(1)} ms`, met: invoices.p99 < 100 ? 'yes' : 'NO' });
    targets.push({ target: '… and max < 500 ms', value: `${invoices.max.toFixed(1)} ms`, met: invoices.max < 500 ? 'yes' : 'NO' });
    await step(`generate ${RECEIPTS} receipts (empty receipt book)`, gen(busy.key, { count: RECEIPTS, kind: 'receipts' }), 201);
    const second = await step(`generate ${RECEIPTS} receipts into ${RECEIPTS}`, gen(busy.key, { count: RECEIPTS, kind: 'receipts' }), 201);
    targets.push({ target: `${RECEIPTS} receipts into a book of ${RECEIPTS}: < 10 s`, value: `${(second.result.ms / 1000).toFixed(2)} s`, met: second.result.ms < 10_000 ? 'yes' : 'NO' });
    await step('AutoMatch run over the large book', () => admin(url, 'POST', `/environments/${busy.key}/automatch/run`), 200);
    await step('reset of the large environment', () => admin(url, 'POST', `/environments/${busy.key}/reset`), 200);
    // A snapshot near the import limit (16 MB): an environment of 7k generated invoices (~14 MB).
    const mid = (await admin<Made>(url, 'POST', '/environments', JSON.stringify({ product: 'receivables', name: 'snapshot source' }))).body;
    await admin(url, 'POST', `/environments/${mid.key}/generate`, JSON.stringify({ count: 7_000 }));
    let snapshot = '';
    await step('snapshot export of 7k invoices', async () => {
      const t = performance.now();
      const res = await fetch(`${url}/sim/_admin/environments/${mid.key}/snapshot`);
      snapshot = await res.text();
      return { status: res.status, ms: performance.now() - t };
    }, 200);
    await step(`snapshot import (${(snapshot.length / 1e6).toFixed(0)} MB)`, () => admin(url, 'POST', '/environments/import', snapshot), 201);
    snapshot = '';
    await step(`generate ${INVOICES} OData customers`, gen(odataBusy.key, { count: INVOICES }), 201);
    table(`Another environment's GET (OData $top=5) while one environment works (${STATE ? '--state' : 'in memory'})`, rows);
    table('Targets (issue 19 § Targets)', targets);
  } finally {
    host.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
