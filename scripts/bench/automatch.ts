/**
 * AutoMatch benchmark (issue 9 § Targets), Node host (engine.handle): an environment with 100,000
 * generated open invoices, then three rounds of 1,000 generated receipts (exact, one-edit, wrong and
 * unreferenced references) each followed by one AutoMatch run through the control API.
 * Target: a run under 1 s. Run: npx tsx scripts/bench/automatch.ts
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { ms, stats, table } from './lib.ts';

const ORIGIN = 'http://bench.local';
const INVOICES = Number(process.env.AUTOMATCH_INVOICES ?? 100_000);
const RECEIPTS = 1_000;
const ROUNDS = 3;

async function admin(engine: Engine, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // any: JSON answers
  const res = await engine.handle(new Request(new URL(`/sim/_admin${path}`, ORIGIN), { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
  return { status: res.status, body: await res.json() };
}

async function main() {
  const engine = await createEngine({ db: openDatabase(`bench-am-${Date.now()}`, new IDBFactory(), IDBKeyRange) });
  const env = (await admin(engine, 'POST', '/environments', { product: 'receivables', name: 'automatch bench' })).body.key as string;
  // Runs only on demand, so the generated receipts wait for the timed run.
  await admin(engine, 'PUT', `/environments/${env}/automatch`, { schedule: { enabled: false } });
  let t = performance.now();
  for (let left = INVOICES; left > 0; left -= 50_000) {
    const g = await admin(engine, 'POST', `/environments/${env}/generate`, { count: Math.min(50_000, left) });
    if (g.status !== 201) throw new Error(`generate: ${g.status} ${JSON.stringify(g.body)}`);
  }
  console.log(`generated ${INVOICES} invoices in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const runs: number[] = [];
  const rows: Record<string, string | number>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    t = performance.now();
    await admin(engine, 'POST', `/environments/${env}/generate`, { count: RECEIPTS, kind: 'receipts' });
    const genMs = performance.now() - t;
    t = performance.now();
    const run = await admin(engine, 'POST', `/environments/${env}/automatch/run`);
    const took = performance.now() - t;
    runs.push(took);
    rows.push({ round: round + 1, 'generate 1,000 receipts': ms(genMs), 'AutoMatch run': ms(took), applied: run.body.applied.length, recommended: run.body.recommended.length, unmatched: run.body.unmatched.length });
  }
  table(`AutoMatch over ${RECEIPTS.toLocaleString('en')} new receipts against ${INVOICES.toLocaleString('en')} invoices (Node host)`, rows);
  console.log(`\nAutoMatch run median ${ms(stats(runs).median)} (target < 1 s)`);
}

await main();
