/**
 * Reads against peers (issue 42 § Reads ahead of every peer): the real CLI host with `--state` and
 * 100k generated invoices, side by side with json-server 0.17 and Mockoon CRUD (both serving the same
 * 100k invoices, as the host serializes them), Mockoon, WireMock and a bare node:http server answering
 * with the host's exact bytes. The host is loaded twice: with the same request again and again (as a
 * load test or a poll sends it: the replay lane answers it) and with each request distinct (a fresh
 * x-request-id header: the full path every time). Every target gets the same autocannon load (10 connections) in turn; a
 * round runs every read on every target in a rotated order, and each ratio is the host's rate over the
 * peer's within one round. The peers are installed with npm into a temporary folder (`PEERS_DIR` keeps
 * and reuses one); WireMock's bundled jar runs on the machine's Java (`JAVA`, default `java`).
 * Standalone: `npx tsx scripts/bench/peers.ts [size]` (default 100000; BENCH_SECONDS per figure,
 * BENCH_ROUNDS rounds; PEERS_PROFILE=file.cpuprofile profiles the host over the rounds).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { table } from './lib.ts';

const SIZE = Number(process.argv[2] ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const REST = '/fscmRestApi/resources/11.13.18.05';
const PEERS = ['json-server@0.17.4', '@mockoon/cli@9.9.0', 'wiremock@3.13.2', 'autocannon@8.0.0'];

type Read = 'item' | 'page of 25' | 'broad filter';
const READS: Read[] = ['item', 'page of 25', 'broad filter'];
/** The host twice: the same request again (a load test, a poll: the replay lane answers it), and each one distinct (a header with a fresh id). */
type Target = 'host' | 'host, distinct requests' | 'json-server' | 'Mockoon CRUD' | 'Mockoon fixed bytes' | 'WireMock stubs' | 'bare node:http';
const PEER_NAMES: Target[] = ['json-server', 'Mockoon CRUD', 'Mockoon fixed bytes', 'WireMock stubs', 'bare node:http'];

/** A free loopback port (the peers take theirs on the command line). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? done(a.port) : fail(new Error('no port'))));
    });
  });
}

/** A child process, and its URL once `ready` answers 200 (the peers print nothing reliable). */
async function startChild(cmd: string, args: string[], ready: string, opts: { cwd?: string; seconds?: number } = {}): Promise<ChildProcess> {
  const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const until = Date.now() + (opts.seconds ?? 120) * 1000;
  while (Date.now() < until) {
    if (exited !== null) throw new Error(`${cmd} ${args.join(' ')} exited with ${exited}`);
    try {
      if ((await fetch(ready)).status === 200) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${cmd} did not answer ${ready}`);
}

async function startHost(stateFile: string): Promise<{ child: ChildProcess; url: string }> {
  const prof = process.env.PEERS_PROFILE;
  const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${resolve(prof, '..')}`, `--cpu-prof-name=${prof.split('/').pop()}`] : [];
  const child = spawn(process.execPath, [...flags, 'scripts/serve.mjs', '--port', '0', '--state', stateFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) done(m[1] as string);
    });
    child.on('exit', (code) => fail(new Error(`host exited with ${code}`)));
  });
  child.stdout?.resume();
  return { child, url };
}

const json = { 'content-type': 'application/json' };

async function admin(url: string, path: string, body: unknown): Promise<Record<string, any>> { // any: JSON answers
  const r = await fetch(`${url}/sim/_admin${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, any>; // any: JSON answer
}

/** The peers' packages in `dir` (installed there unless already present). */
function installPeers(dir: string): void {
  if (existsSync(join(dir, 'node_modules/wiremock/package.json')) && existsSync(join(dir, 'node_modules/autocannon/package.json'))) return;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'erp-sim-peers', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...PEERS], { cwd: dir, stdio: 'inherit' });
}

interface Fixed {
  path: string;
  type: string;
  body: string;
}

/** Mockoon environment file: the invoices as a CRUD data bucket, or the host's bytes as fixed routes. */
function mockoonEnvironment(req: NodeRequire, port: number, crud: { items: unknown[]; key: string } | null, fixed: Fixed[]): unknown {
  const m = req('@mockoon/commons'); // the peers' own schema builders, so the file is what Mockoon writes
  const env = m.BuildEnvironment({ hasDefaultRoute: false, hasContentTypeHeader: true, hasCorsHeaders: false, port });
  env.port = port;
  env.hostname = '127.0.0.1';
  if (crud) {
    const bucket = m.BuildDatabucket({ name: 'invoices', value: JSON.stringify(crud.items) });
    const route = m.BuildCRUDRoute(true, { endpoint: 'receivablesInvoices', databucketID: bucket.id });
    route.responses[0].crudKey = crud.key;
    env.data.push(bucket);
    env.routes.push(route);
    env.rootChildren.push({ type: 'route', uuid: route.uuid });
  }
  for (const f of fixed) {
    const route = m.BuildHTTPRoute(true, { endpoint: f.path.slice(1), body: f.body });
    route.responses[0].disableTemplating = true;
    route.responses[0].headers = [{ key: 'content-type', value: f.type }];
    env.routes.push(route);
    env.rootChildren.push({ type: 'route', uuid: route.uuid });
  }
  return env;
}

const BARE = `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const answers = new Map(JSON.parse(readFileSync(process.argv[2], 'utf8')).map((f) => [f.path, [f.type, Buffer.from(f.body)]]));
createServer((req, res) => {
  const a = answers.get(req.url.split('?')[0]);
  if (!a) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': a[0], 'content-length': a[1].length });
  res.end(a[1]);
}).listen(Number(process.argv[3]), '127.0.0.1');
`;

interface Shot {
  rps: number;
  p99: number;
  /** The host's CPU time per request in microseconds (Linux), its garbage collector's threads included. */
  cpuUs?: number;
}

/**
 * A process's CPU time so far (user + system, ms) from /proc (clock ticks of 1/100 s, Linux's
 * USER_HZ); null elsewhere. The machine's other work moves a rate much more than this.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const keep = process.env.PEERS_DIR;
  const dir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'bench-peers-'));
  mkdirSync(dir, { recursive: true });
  installPeers(dir);
  const req = createRequire(join(dir, 'package.json'));
  const autocannon = req('autocannon') as (o: Record<string, unknown>) => Promise<any>; // any: autocannon's result object
  const children: ChildProcess[] = [];
  const work = mkdtempSync(join(tmpdir(), 'bench-peers-data-'));
  const host = await startHost(join(work, 'state.jsonl'));
  children.push(host.child);
  try {
    const env = await admin(host.url, '/environments', { product: 'receivables', name: 'peers' });
    await admin(host.url, `/environments/${env.key}/generate`, { count: SIZE });
    const base = `${host.url}/sim/${env.key}`;
    const client = env.credentials.oauthClients[0];
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret });
    const tok = (await (await fetch(`${base}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${tok.access_token}` };
    const get = async (path: string) => {
      const r = await fetch(`${base}${REST}${path}`, { headers: auth });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return { type: r.headers.get('content-type') ?? 'application/json', body: await r.text() };
    };
    // Every invoice as the host serializes it (links included), in its default order.
    const items: Record<string, unknown>[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = JSON.parse((await get(`/receivablesInvoices?limit=500&offset=${offset}`)).body) as { items: Record<string, unknown>[]; hasMore: boolean };
      items.push(...page.items);
      if (!page.hasMore) break;
    }
    const key = 'CustomerTransactionId';
    const mid = items[Math.floor(items.length / 2)] as Record<string, unknown>; // peers scan for it: the middle is their average
    const hostPaths: Record<Read, string> = {
      item: `/receivablesInvoices/${mid[key]}`,
      'page of 25': '/receivablesInvoices?limit=25',
      'broad filter': `/receivablesInvoices?q=${encodeURIComponent("InvoiceStatus='Complete'")}&limit=25`,
    };
    const fixed: Fixed[] = [];
    for (const [i, r] of READS.entries()) fixed.push({ path: `/fixed/${i}`, ...(await get(hostPaths[r])) });
    const broadShare = items.filter((x) => x.InvoiceStatus === 'Complete').length / items.length;

    // The peers.
    const ports = { js: await freePort(), crud: await freePort(), fix: await freePort(), wm: await freePort(), bare: await freePort() };
    writeFileSync(join(work, 'db.json'), JSON.stringify({ receivablesInvoices: items }));
    writeFileSync(join(work, 'crud.json'), JSON.stringify(mockoonEnvironment(req, ports.crud, { items, key }, [])));
    writeFileSync(join(work, 'fixed.json'), JSON.stringify(mockoonEnvironment(req, ports.fix, null, fixed)));
    writeFileSync(join(work, 'fixed-answers.json'), JSON.stringify(fixed));
    writeFileSync(join(work, 'bare.mjs'), BARE);
    mkdirSync(join(work, 'wiremock/mappings'), { recursive: true });
    writeFileSync(
      join(work, 'wiremock/mappings/fixed.json'),
      JSON.stringify({ mappings: fixed.map((f) => ({ request: { method: 'GET', url: f.path }, response: { status: 200, body: f.body, headers: { 'content-type': f.type } } })) }),
    );
    const nodeBin = process.execPath;
    const js = `http://127.0.0.1:${ports.js}`;
    children.push(await startChild(nodeBin, [req.resolve('json-server/lib/cli/bin.js'), join(work, 'db.json'), '--port', String(ports.js), '--host', '127.0.0.1', '--id', key, '--quiet'], `${js}/receivablesInvoices/${mid[key]}`));
    const mockoonBin = req.resolve('@mockoon/cli/bin/run.js');
    const crud = `http://127.0.0.1:${ports.crud}`;
    children.push(await startChild(nodeBin, [mockoonBin, 'start', '--data', join(work, 'crud.json'), '--disable-log-to-file', '--disable-admin-api', '--max-transaction-logs', '0'], `${crud}/receivablesInvoices/${mid[key]}`));
    const fix = `http://127.0.0.1:${ports.fix}`;
    children.push(await startChild(nodeBin, [mockoonBin, 'start', '--data', join(work, 'fixed.json'), '--disable-log-to-file', '--disable-admin-api', '--max-transaction-logs', '0'], `${fix}/fixed/0`));
    const wm = `http://127.0.0.1:${ports.wm}`;
    const jar = join(dir, 'node_modules/wiremock/build', readdirSync(join(dir, 'node_modules/wiremock/build')).find((f) => f.endsWith('.jar')) as string);
    children.push(await startChild(process.env.JAVA ?? 'java', ['-jar', jar, '--port', String(ports.wm), '--bind-address', '127.0.0.1', '--root-dir', join(work, 'wiremock'), '--no-request-journal', '--disable-banner'], `${wm}/fixed/0`));
    const bare = `http://127.0.0.1:${ports.bare}`;
    children.push(await startChild(nodeBin, [join(work, 'bare.mjs'), join(work, 'fixed-answers.json'), String(ports.bare)], `${bare}/fixed/0`));

    const q = (s: string) => encodeURIComponent(s);
    const hostUrls: Record<Read, string> = { item: `${base}${REST}${hostPaths.item}`, 'page of 25': `${base}${REST}${hostPaths['page of 25']}`, 'broad filter': `${base}${REST}${hostPaths['broad filter']}` };
    const urls: Record<Target, Record<Read, string>> = {
      host: hostUrls,
      'host, distinct requests': hostUrls,
      'json-server': { item: `${js}/receivablesInvoices/${q(String(mid[key]))}`, 'page of 25': `${js}/receivablesInvoices?_page=1&_limit=25`, 'broad filter': `${js}/receivablesInvoices?InvoiceStatus=Complete&_page=1&_limit=25` },
      'Mockoon CRUD': { item: `${crud}/receivablesInvoices/${q(String(mid[key]))}`, 'page of 25': `${crud}/receivablesInvoices?page=1&limit=25`, 'broad filter': `${crud}/receivablesInvoices?InvoiceStatus_eq=Complete&page=1&limit=25` },
      'Mockoon fixed bytes': { item: `${fix}/fixed/0`, 'page of 25': `${fix}/fixed/1`, 'broad filter': `${fix}/fixed/2` },
      'WireMock stubs': { item: `${wm}/fixed/0`, 'page of 25': `${wm}/fixed/1`, 'broad filter': `${wm}/fixed/2` },
      'bare node:http': { item: `${bare}/fixed/0`, 'page of 25': `${bare}/fixed/1`, 'broad filter': `${bare}/fixed/2` },
    };
    // Each peer's answers are what the read asks for: the item, 25 rows, 25 rows of the broad status.
    for (const t of ['json-server', 'Mockoon CRUD'] as const) {
      const item = (await (await fetch(urls[t].item)).json()) as Record<string, unknown>;
      const page = (await (await fetch(urls[t]['page of 25'])).json()) as Record<string, unknown>[];
      const broad = (await (await fetch(urls[t]['broad filter'])).json()) as Record<string, unknown>[];
      if (item[key] !== mid[key] || page.length !== 25 || broad.length !== 25 || broad.some((x) => x.InvoiceStatus !== 'Complete')) throw new Error(`${t} does not answer the reads`);
    }
    for (const t of ['Mockoon fixed bytes', 'WireMock stubs', 'bare node:http'] as const) {
      for (const [i, r] of READS.entries()) if ((await (await fetch(urls[t][r])).text()) !== fixed[i]?.body) throw new Error(`${t} does not answer the host's bytes for ${r}`);
    }

    let seq = 0;
    const distinct = [{ setupRequest: (q: { headers?: Record<string, string> }) => ({ ...q, headers: { ...q.headers, 'x-request-id': String(++seq) } }) }];
    const shot = async (t: Target, r: Read, seconds: number): Promise<Shot> => {
      const onHost = t === 'host' || t === 'host, distinct requests';
      const cpu0 = onHost ? cpuMs(host.child.pid) : null;
      const res = await autocannon({ url: urls[t][r], connections: CONNECTIONS, duration: seconds, headers: onHost ? auth : {}, ...(t === 'host, distinct requests' ? { requests: distinct } : {}) });
      if (res.non2xx || res.errors || res.timeouts) throw new Error(`${t} ${r}: ${res.non2xx} non-2xx, ${res.errors} errors, ${res.timeouts} timeouts`);
      const cpu1 = cpu0 === null ? null : cpuMs(host.child.pid);
      const cpuUs = cpu0 !== null && cpu1 !== null && res.requests.total ? ((cpu1 - cpu0) * 1000) / (res.requests.total as number) : undefined;
      return { rps: res.requests.average as number, p99: res.latency.p99 as number, ...(cpuUs !== undefined ? { cpuUs } : {}) };
    };
    const targets: Target[] = ['host', 'host, distinct requests', ...PEER_NAMES];
    for (const t of targets) for (const r of READS) await shot(t, r, 1); // warm-up (WireMock's JIT, the host's caches)
    const load0 = loadavg()[0] ?? 0;
    const got: Record<string, Shot[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of READS) {
        const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
        for (const t of order) (got[`${t}|${r}`] ??= []).push(await shot(t, r, SECONDS));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const ratios = (r: Read, t: Target) => (got[`host|${r}`] as Shot[]).map((h, i) => h.rps / (got[`${t}|${r}`] as Shot[])[i]!.rps);
    const cell = (r: Read, t: Target) => {
      const xs = ratios(r, t);
      return `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
    };
    const rows = READS.map((r) => {
      const hostShots = got[`host|${r}`] as Shot[];
      const cpu = hostShots.flatMap((s) => (s.cpuUs === undefined ? [] : [s.cpuUs]));
      const row: Record<string, string> = { read: r, 'host req/s': median(hostShots.map((s) => s.rps)).toFixed(0), ...(cpu.length ? { 'host CPU µs/req': median(cpu).toFixed(0) } : {}) };
      for (const t of PEER_NAMES) row[`vs ${t}`] = cell(r, t);
      // Each request distinct: the full path every time (no read is answered from the replay lane).
      const distinctShots = got[`host, distinct requests|${r}`] as Shot[];
      const distinctCpu = distinctShots.flatMap((s) => (s.cpuUs === undefined ? [] : [s.cpuUs]));
      row['distinct: req/s'] = median(distinctShots.map((s) => s.rps)).toFixed(0);
      if (distinctCpu.length) row['distinct: CPU µs/req'] = median(distinctCpu).toFixed(0);
      const vsWm = distinctShots.map((d, i) => d.rps / (got[`WireMock stubs|${r}`] as Shot[])[i]!.rps);
      row['distinct: vs WireMock'] = `${median(vsWm).toFixed(2)}x`;
      return row;
    });
    table(`Reads vs peers at ${items.length} invoices (autocannon, ${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} interleaved rounds; host/peer rate, median of rounds (range); load ${load0.toFixed(2)} -> ${loadavg()[0]?.toFixed(2)})`, rows);
    const peerRates = Object.fromEntries(targets.map((t) => [t, READS.map((r) => median((got[`${t}|${r}`] as Shot[]).map((s) => s.rps)).toFixed(0)).join(' / ')]));
    table('Each target, req/s (item / page / broad filter), median of rounds', Object.entries(peerRates).map(([target, rates]) => ({ target, rates })));
    const m = (r: Read, t: Target) => median(ratios(r, t));
    const met = (ok: boolean) => (ok ? 'yes' : 'NO');
    table('Targets', [
      { target: 'page of 25 >= 1.0x json-server and Mockoon CRUD', met: met(m('page of 25', 'json-server') >= 1 && m('page of 25', 'Mockoon CRUD') >= 1) },
      { target: 'item and page >= 0.8x WireMock stubs', met: met(m('item', 'WireMock stubs') >= 0.8 && m('page of 25', 'WireMock stubs') >= 0.8) },
      { target: `broad filter (${(broadShare * 100).toFixed(0)} % match) ahead of json-server and Mockoon CRUD`, met: met(m('broad filter', 'json-server') > 1 && m('broad filter', 'Mockoon CRUD') > 1) },
    ]);
  } finally {
    for (const c of children.slice(1)) c.kill('SIGKILL');
    // The host ends on SIGINT, so a --cpu-prof profile is written.
    await new Promise<void>((done) => {
      host.child.once('exit', () => done());
      host.child.kill(process.env.PEERS_PROFILE ? 'SIGINT' : 'SIGKILL');
      setTimeout(() => {
        host.child.kill('SIGKILL');
        done();
      }, 10_000).unref();
    });
    rmSync(work, { recursive: true, force: true });
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
