/**
 * OData benchmark (issue 4 § Targets), in the Node host (engine.handle, fake-indexeddb):
 * environments with 1k, 10k and 100k customers (written directly with engine.store.write), median
 * and p95 of the collection query and of an invoice read with its lines expanded, and a 100-
 * operation $batch of GETs against one GET. Targets: the collection query at 100k at most 3x its
 * time at 1k and under 50 ms; the batch under 20x one GET.
 *
 * Run: npx tsx scripts/bench/odata.ts
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { ms, stats, table } from './lib.ts';

const ORIGIN = 'http://bench.local';
const ROOT = '/odata/Priority/tabula.ini/demo';
const SIZES = [1_000, 10_000, 100_000] as const;
const ROUNDS = 60;
const WARMUP = 10;

interface Env {
  key: string;
  auth: string;
  invoicePath: string;
}

async function makeEnv(engine: Engine, customers: number): Promise<Env> {
  const res = await engine.handle(
    new Request(`${ORIGIN}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'odata', name: `bench ${customers}` }) }),
  );
  const body = (await res.json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = body.credentials.apiUsers[0] as { username: string; password: string };
  const gen = await engine.handle(
    new Request(`${ORIGIN}/sim/_admin/environments/${body.key}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: customers }) }),
  );
  if (gen.status !== 201) throw new Error(`generate answered ${gen.status}`);
  const auth = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  // An invoice from the middle of the generated ones (every tenth customer has one).
  const list = await engine.handle(
    new Request(`${ORIGIN}/sim/${body.key}${ROOT}/AINVOICES?$filter=${encodeURIComponent("CUSTNAME ge 'S'")}&$select=IVNUM&$orderby=IVNUM&$skip=${Math.floor(customers / 20)}&$top=1`, { headers: { authorization: auth } }),
  );
  const mid = ((await list.json()) as { value: { IVNUM: string }[] }).value[0];
  if (!mid) throw new Error('no generated invoice');
  return { key: body.key, auth, invoicePath: `/AINVOICES(IVNUM='${mid.IVNUM}',DEBIT='D',IVTYPE='A')?$expand=AINVOICEITEMS_SUBFORM` };
}

async function time(engine: Engine, env: Env, method: string, path: string, body?: string): Promise<{ ms: number; status: number }> {
  const headers: Record<string, string> = { authorization: env.auth };
  if (body) headers['content-type'] = 'application/json';
  const t = performance.now();
  const res = await engine.handle(new Request(`${ORIGIN}/sim/${env.key}${ROOT}${path}`, { method, headers, body }));
  await res.text();
  return { ms: performance.now() - t, status: res.status };
}

async function measure(engine: Engine, env: Env, method: string, path: string, body?: string) {
  for (let i = 0; i < WARMUP; i++) {
    const r = await time(engine, env, method, path, body);
    if (r.status !== 200) throw new Error(`${method} ${path} answered ${r.status}`);
  }
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push((await time(engine, env, method, path, body)).ms);
  return stats(samples);
}

const COLLECTION = `/CUSTOMERS?$filter=${encodeURIComponent("STATDES eq 'Active'")}&$top=25&$orderby=CUSTNAME`;

async function main() {
  // The same read is timed again and again: without the replay lane, each one runs the query.
  const engine = await createEngine({ db: openDatabase(`bench-odata-${Date.now()}`, new IDBFactory(), IDBKeyRange), replay: false });
  const rows: Record<string, string | number>[] = [];
  const collection = new Map<number, number>();
  let batchEnv: Env | null = null;
  for (const n of SIZES) {
    const t = performance.now();
    const env = await makeEnv(engine, n);
    const setup = performance.now() - t;
    const q = await measure(engine, env, 'GET', COLLECTION);
    const e = await measure(engine, env, 'GET', env.invoicePath);
    collection.set(n, q.median);
    rows.push({ customers: n, 'setup': `${(setup / 1000).toFixed(1)} s`, 'collection median': ms(q.median), 'collection p95': ms(q.p95), 'expand median': ms(e.median), 'expand p95': ms(e.p95) });
    if (n === SIZES[0]) batchEnv = env;
  }
  table('OData reads (Node host, engine.handle)', rows);

  const env = batchEnv as Env;
  const one = "/CUSTOMERS('S0000500')";
  const batchBody = JSON.stringify({ requests: Array.from({ length: 100 }, (_, i) => ({ id: String(i + 1), method: 'GET', url: one.slice(1) })) });
  // Interleaved, so both see the same JIT, cache and GC conditions (compare ratios within one run).
  const pair: [number[], number[]] = [[], []];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const a = await time(engine, env, 'GET', one);
    const b = await time(engine, env, 'POST', '/$batch', batchBody);
    if (a.status !== 200 || b.status !== 200) throw new Error(`GET ${a.status}, $batch ${b.status}`);
    if (i >= WARMUP) {
      pair[0].push(a.ms);
      pair[1].push(b.ms);
    }
  }
  const single = stats(pair[0]);
  const batch = stats(pair[1]);
  const ratio = batch.median / single.median;
  table('100-operation $batch of GETs vs one GET (1k customers, interleaved)', [
    { request: 'one GET', median: ms(single.median), p95: ms(single.p95) },
    { request: '$batch x100', median: ms(batch.median), p95: ms(batch.p95) },
  ]);

  const small = collection.get(SIZES[0]) as number;
  const large = collection.get(SIZES[2]) as number;
  table('Targets', [
    { target: 'collection query 100k <= 3x 1k', value: `${(large / small).toFixed(2)}x`, met: large <= 3 * small ? 'yes' : 'NO' },
    { target: 'collection query 100k < 50 ms', value: ms(large), met: large < 50 ? 'yes' : 'NO' },
    { target: '$batch of 100 GETs < 20x one GET', value: `${ratio.toFixed(2)}x`, met: ratio < 20 ? 'yes' : 'NO' },
  ]);
}

await main();
