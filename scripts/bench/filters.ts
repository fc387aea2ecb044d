/**
 * Queries against writes (issue 42): the real Node host (`npm run serve` with `--state`), checked from
 * outside with keep-alive node:http clients under sustained load, one environment at 1k and one at
 * 100k invoices (and one at 100k OData customers). Rows: POST before and after a mix of filters (narrow
 * and broad equalities, ranges, != and LIKE on every queryable attribute of invoices and receipts, an
 * OData $filter), a broad and a rare filter page against the unfiltered page, totalResults on both and
 * on a range, a datetime range, a LIKE and a != (the sorted index per attribute counts them), and one against
 * ten concurrent writers. Each row carries its ratio and the issue's target. The filters' cost on a POST is judged
 * against a twin book never filtered, in alternating windows (one window after another also shows).
 * Standalone: `npx tsx scripts/bench/filters.ts [size]` (default 100000; seconds per figure: BENCH_SECONDS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distinct, ms, table } from './lib.ts';

const SIZE = Number(process.argv[2] ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const REST = '/fscmRestApi/resources/11.13.18.05';

async function startHost(stateFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--state', stateFile], { stdio: ['ignore', 'pipe', 'inherit'] });
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

interface Answer {
  status: number;
  body: string;
}

/** One request through a keep-alive agent (a client's connection). */
function send(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Every request's time (ms) and the window's length (s), so windows can be pooled. */
  took: number[];
  seconds: number;
}

function summary(took: number[], seconds: number): Load {
  const s = [...took].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { rps: s.length / seconds, p50: at(0.5), p99: at(0.99), took: s, seconds };
}

/**
 * Two loads in alternating windows (a b, b a, a b, …): a drift of the machine over the run (other
 * jobs, a growing heap) falls on both alike, which one window after another would charge to the later.
 */
async function alternating(rounds: number, a: Parameters<typeof load>[1], b: Parameters<typeof load>[1]): Promise<[Load, Load]> {
  const got: [Load[], Load[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (const i of r % 2 ? [1, 0] : [0, 1]) got[i as 0 | 1].push(await load(1, i ? b : a));
  }
  const pool = (ls: Load[]) => summary(ls.flatMap((l) => l.took), ls.reduce((n, l) => n + l.seconds, 0));
  return [pool(got[0]), pool(got[1])];
}

/** `conns` clients, each sending `next()` back to back for SECONDS: requests per second and latency. */
async function load(conns: number, next: () => { url: string; method?: string; body?: string; headers: Record<string, string>; expect: number }): Promise<Load> {
  const took: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: conns }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (performance.now() < end) {
          const r = next();
          const t = performance.now();
          const a = await send(agent, r.url, r.method ?? 'GET', r.headers, r.body);
          took.push(performance.now() - t);
          if (a.status !== r.expect) throw new Error(`${r.method ?? 'GET'} ${r.url}: ${a.status} ${a.body.slice(0, 300)}`);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return summary(took, (performance.now() - started) / 1000);
}

const json = { 'content-type': 'application/json' };

async function admin(url: string, path: string, body: unknown): Promise<Record<string, any>> { // any: JSON answers
  const a = await send(new Agent(), `${url}/sim/_admin${path}`, 'POST', json, JSON.stringify(body));
  if (a.status >= 300) throw new Error(`${path}: ${a.status} ${a.body}`);
  return JSON.parse(a.body);
}

/** A receivables environment with `count` generated invoices and a bearer token. */
async function receivables(url: string, count: number) {
  const env = await admin(url, '/environments', { product: 'receivables', name: `filters ${count}` });
  if (count) await admin(url, `/environments/${env.key}/generate`, { count });
  const base = `${url}/sim/${env.key}`;
  const client = env.credentials.oauthClients[0];
  const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString();
  const tok = await send(new Agent(), `${base}/oauth/token`, 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, form);
  const headers = { authorization: `Bearer ${JSON.parse(tok.body).access_token}`, ...json };
  let n = 0;
  const invoice = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: `Bench ${n++}`, Quantity: 2, UnitSellingPrice: 12.5 }], ...over });
  const post = () => ({ url: `${base}${REST}/receivablesInvoices`, method: 'POST', body: invoice(), headers, expect: 201 });
  const fresh = distinct(headers);
  const get = (path: string) => () => ({ url: `${base}${REST}${path}`, headers: fresh(), expect: 200 });
  return { base, headers, post, get, invoice };
}

const q = (text: string) => encodeURIComponent(text);
const lit = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const met = (ok: boolean) => (ok ? 'yes' : 'NO');
const rate = (l: Load) => `${l.rps.toFixed(0)} req/s (p50 ${ms(l.p50)}, p99 ${ms(l.p99)})`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-filters-'));
  const host = await startHost(join(dir, 'state.jsonl'));
  try {
    const small = await receivables(host.url, 1_000);
    const big = await receivables(host.url, SIZE);
    // The same book, never filtered: after the filters, POSTs to both in alternating windows compare
    // the filters' cost alone.
    const twin = await receivables(host.url, SIZE);
    await load(1, twin.post); // warm-up
    // A value exactly three invoices hold (a rare match).
    for (let i = 0; i < 3; i++) await send(new Agent(), `${big.base}${REST}/receivablesInvoices`, 'POST', big.headers, big.invoice({ Email: 'rare@bench.example' }));
    await load(1, big.post); // warm-up
    const post1k = await load(1, small.post);
    const postBefore = await load(1, big.post);
    const unfiltered = await load(1, big.get('/receivablesInvoices?limit=25'));
    // Every queryable attribute of invoices and receipts, with a value of the newest row (narrow) and
    // a status most invoices hold (broad), compared with =, >=, != and (text) LIKE; each request
    // builds or reads an index.
    const filters: string[] = [`/receivablesInvoices?q=${q("InvoiceStatus='Complete'")}&limit=25`, `/receivablesInvoices?q=${q("InvoiceStatus='Incomplete'")}&limit=25`];
    for (const [path, fields] of [
      ['/receivablesInvoices', ['CustomerTransactionId', 'TransactionNumber', 'InvoiceBalanceAmount', 'InvoiceStatus', 'BillToPartyId', 'DeliveryMethod', 'Email', 'LastUpdateDate']],
      ['/standardReceipts', ['StandardReceiptId', 'ReceiptNumber', 'ReceiptDate', 'CustomerAccountNumber', 'CustomerName', 'CustomerSite', 'BusinessUnit']],
    ] as const) {
      const first = JSON.parse((await send(new Agent(), `${big.base}${REST}${path}?limit=1&onlyData=true`, 'GET', big.headers)).body).items[0] ?? {};
      for (const f of fields) {
        const v = first[f];
        if (v === null || v === undefined) continue;
        // An equality, and a range and a != (sorted index per attribute) with their count; a LIKE on text.
        filters.push(`${path}?q=${q(`${f}=${lit(v)}`)}&limit=25`);
        filters.push(`${path}?q=${q(`${f}>=${lit(v)}`)}&limit=25&totalResults=true`, `${path}?q=${q(`${f}!=${lit(v)}`)}&limit=25&totalResults=true`);
        if (typeof v === 'string' && !f.endsWith('Date')) filters.push(`${path}?q=${q(`${f} LIKE ${lit(`${v.slice(0, 2)}%`)}`)}&limit=25&totalResults=true`);
      }
    }
    for (const f of filters) {
      const a = await send(new Agent(), `${big.base}${REST}${f}`, 'GET', big.headers);
      if (a.status !== 200) throw new Error(`${f}: ${a.status} ${a.body.slice(0, 300)}`);
    }
    const postAfter = await load(1, big.post);
    const [postTwin, postFiltered] = await alternating(6, twin.post, big.post);
    const broad = await load(1, big.get(`/receivablesInvoices?q=${q("InvoiceStatus='Complete'")}&limit=25`));
    const rare = await load(1, big.get(`/receivablesInvoices?q=${q("Email='rare@bench.example'")}&limit=25`));
    const broadTotal = await load(1, big.get(`/receivablesInvoices?q=${q("InvoiceStatus='Complete'")}&limit=25&totalResults=true`));
    const rareTotal = await load(1, big.get(`/receivablesInvoices?q=${q("Email='rare@bench.example'")}&limit=25&totalResults=true`));
    // Conditions no equality index answers: the sorted index per attribute counts them.
    const scans = [
      "InvoiceBalanceAmount>=1000",
      "LastUpdateDate>'2026-01-01T00:00:00+0000'",
      "Email LIKE 'jane%'",
      "InvoiceStatus!='Incomplete'",
    ];
    const scanned: [string, Load][] = [];
    for (const s of scans) scanned.push([s, await load(1, big.get(`/receivablesInvoices?q=${q(s)}&limit=25&totalResults=true`))]);
    const one = await load(1, big.post);
    const ten = await load(10, big.post);

    // OData: POST a customer before and after an equality $filter, and a broad $filter page.
    const od = await admin(host.url, '/environments', { product: 'odata', name: 'filters odata' });
    await admin(host.url, `/environments/${od.key}/generate`, { count: SIZE });
    const user = od.credentials.apiUsers[0];
    const oh = { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`, ...json };
    const set = `${host.url}/sim/${od.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`;
    const run = Date.now().toString(36).slice(-4).toUpperCase();
    let k = 0;
    const opost = () => ({ url: set, method: 'POST', body: JSON.stringify({ CUSTNAME: `F${run}${String(k++).padStart(6, '0')}`, CUSTDES: 'Bench customer' }), headers: oh, expect: 201 });
    await load(1, opost);
    const oBefore = await load(1, opost);
    const ofresh = distinct(oh);
    const oPage = await load(1, () => ({ url: `${set}?$top=25`, headers: ofresh(), expect: 200 }));
    for (const f of ["STATDES eq 'Active'", "OWNERLOGIN eq 'apiuser'", `CUSTNAME eq 'F${run}000001'`]) await send(new Agent(), `${set}?$top=25&$filter=${q(f)}`, 'GET', oh);
    const oAfter = await load(1, opost);
    const oBroad = await load(1, () => ({ url: `${set}?$top=25&$filter=${q("STATDES eq 'Active'")}`, headers: ofresh(), expect: 200 }));

    table(`Queries and writes at ${SIZE} (Node host with --state, ${SECONDS} s per figure, one connection unless said)`, [
      { row: 'POST at 1k', figure: rate(post1k), ratio: '', target: '', met: '' },
      { row: 'POST before any filter', figure: rate(postBefore), ratio: '', target: '', met: '' },
      { row: `POST after ${filters.length} filters (every queryable field; =, >=, !=, LIKE), the next window`, figure: rate(postAfter), ratio: `${ratio(postAfter.rps, postBefore.rps)} of before`, target: '', met: '' },
      { row: `POST after the filters vs the same book never filtered, 6 alternating windows`, figure: `${rate(postFiltered)} vs ${rate(postTwin)}`, ratio: `${ratio(postFiltered.rps, postTwin.rps)} of unfiltered`, target: '>= 0.7x; p99 <= 3x 1k p99 + 1 ms', met: met(postFiltered.rps >= 0.7 * postTwin.rps && postFiltered.p99 <= 3 * post1k.p99 + 1) },
      { row: 'page of 25, no filter', figure: rate(unfiltered), ratio: '', target: '', met: '' },
      { row: "broad filter page (InvoiceStatus='Complete')", figure: rate(broad), ratio: `${ratio(broad.rps, unfiltered.rps)} of unfiltered`, target: '>= 0.5x', met: met(broad.rps >= 0.5 * unfiltered.rps) },
      { row: 'rare filter page (3 matches)', figure: rate(rare), ratio: `${ratio(rare.rps, unfiltered.rps)} of unfiltered`, target: 'index, no walk', met: met(rare.rps >= 0.5 * unfiltered.rps) },
      { row: 'broad filter, totalResults=true', figure: rate(broadTotal), ratio: `${ratio(broadTotal.rps, broad.rps)} of without`, target: 'median < 20 ms', met: met(broadTotal.p50 < 20) },
      { row: 'rare filter, totalResults=true', figure: rate(rareTotal), ratio: `${ratio(rareTotal.rps, rare.rps)} of without`, target: 'median < 20 ms', met: met(rareTotal.p50 < 20) },
      ...scanned.map(([s, l]) => ({ row: `${s}, totalResults=true`, figure: rate(l), ratio: '', target: 'median < 20 ms', met: met(l.p50 < 20) })),
      { row: 'one writer (after the filters)', figure: rate(one), ratio: '', target: '', met: '' },
      { row: 'ten writers, one environment', figure: rate(ten), ratio: `${ratio(ten.rps, one.rps)} of one`, target: '>= 0.7x', met: met(ten.rps >= 0.7 * one.rps) },
      { row: 'OData POST before any $filter', figure: rate(oBefore), ratio: '', target: '', met: '' },
      { row: 'OData POST after $filter (broad and narrow)', figure: rate(oAfter), ratio: `${ratio(oAfter.rps, oBefore.rps)} of before`, target: '>= 0.7x', met: met(oAfter.rps >= 0.7 * oBefore.rps) },
      { row: 'OData $top=25, no filter', figure: rate(oPage), ratio: '', target: '', met: '' },
      { row: "OData broad $filter (STATDES eq 'Active')", figure: rate(oBroad), ratio: `${ratio(oBroad.rps, oPage.rps)} of unfiltered`, target: '>= 0.5x', met: met(oBroad.rps >= 0.5 * oPage.rps) },
    ]);
  } finally {
    host.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
