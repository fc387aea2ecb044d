/**
 * A class on one Node host (issue 20 § Targets): the real `npm run serve` process with a class code;
 * 30 simulated trainees (HTTP clients, each in its own environment made with the class code) doing a
 * lesson's requests, one every 2 s each, while the trainer's view follows the host's event stream and
 * reads `GET /activity` for the environments that changed, as the page does (coalesced 300 ms).
 * The trainees first join together (their environment, then a first token, as the console fetches
 * one when it opens; verifying a client secret is one salted SHA-256, cached after), reported apart; then the class runs. Prints the product requests' latency while it runs
 * (target p99 < 100 ms) and how long after a trainee's answer the trainer's view shows that request
 * (target < 2 s); then, in Chromium, the time from opening the join link to a ready console on a new
 * environment (target < 2 s; the build in dist/ is served).
 * Standalone: `npx tsx scripts/bench/classroom.ts [trainees] [seconds]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createParser } from 'eventsource-parser';
import { launchChromium, ms, table } from './lib.ts';

const TRAINEES = Number(process.argv[2] ?? 30);
const SECONDS = Number(process.argv[3] ?? 60);
const EVERY_MS = 2000;
const CODE = 'simclass_bench-class';
const ADMIN = 'simadmin_bench-admin-token-0123456789';
const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const SCOPE = encodeURIComponent('urn:opc:resource:consumer::all');

const pct = (samples: number[], q: number) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function startHost(): Promise<{ child: ChildProcess; url: string; join: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--host', '127.0.0.1', '--class-code', CODE, '--admin-token', ADMIN], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  while (!/trainer: /.test(out)) {
    if (Date.now() - started > 60_000 || child.exitCode !== null) throw new Error(`host did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: /listening on (http:\/\/\S+)/.exec(out)?.[1] as string, join: (/join: +(\S+)/.exec(out)?.[1] as string).replace('<class-code>', CODE) };
}

interface Trainee {
  key: string;
  bearer: string;
  client: { clientId: string; clientSecret: string };
  sent: number;
  /** When each request's answer came (by its journal count), for the trainer's lag. */
  answeredAt: Map<number, number>;
}

/** A trainee joins: their environment with the class code, then the token the console fetches as it opens. */
async function joinClass(url: string, i: number, took: { env: number[]; token: number[] }): Promise<Trainee> {
  let t0 = performance.now();
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { authorization: `Bearer ${CODE}`, 'content-type': 'application/json' }, body: JSON.stringify({ product: 'receivables', name: `Trainee ${i + 1}` }) });
  const env = (await res.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  took.env.push(performance.now() - t0);
  const trainee: Trainee = { key: env.key, bearer: '', client: env.credentials.oauthClients[0] as Trainee['client'], sent: 0, answeredAt: new Map() };
  t0 = performance.now();
  const [target, init] = lessonRequest(url, trainee, 0);
  trainee.bearer = ((await (await fetch(target, init)).json()) as { access_token: string }).access_token;
  took.token.push(performance.now() - t0);
  return trainee;
}

/** The lesson's requests in turn: a token, pages of invoices, an item, a filter, a wrong call. */
function lessonRequest(url: string, t: Trainee, n: number): [string, RequestInit] {
  const base = `${url}/sim/${t.key}`;
  const auth = { authorization: `Bearer ${t.bearer}` };
  switch (n % 6) {
    case 0:
      return [`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&scope=${SCOPE}&client_id=${t.client.clientId}&client_secret=${t.client.clientSecret}` }];
    case 1:
      return [`${base}${INV}?limit=25`, { headers: auth }];
    case 2:
      return [`${base}${INV}?limit=25&offset=25`, { headers: auth }];
    case 3:
      return [`${base}${INV}?q=${encodeURIComponent("TransactionNumber='10001'")}&onlyData=true`, { headers: auth }];
    case 4:
      return [`${base}${INV}`, {}]; // no token: 401, the error a trainee meets first
    default:
      return [`${base}/fscmRestApi/resources/11.13.18.05/standardReceipts?limit=10`, { headers: auth }];
  }
}

async function classLoad(url: string): Promise<void> {
  const joins = { env: [] as number[], token: [] as number[] };
  const trainees = await Promise.all(Array.from({ length: TRAINEES }, (_, i) => joinClass(url, i, joins)));
  // The journal counts every request: the joins' tokens are seen before the class starts.
  for (const t of trainees) t.sent = 1;
  const latencies: number[] = [];
  const tokens: number[] = [];
  const others: number[] = [];
  const lags: number[] = [];
  const activityMs: number[] = [];
  let missed = 0;
  let stopping = false;

  // The trainer's view: the admin stream, a burst of notices folded into one /activity read.
  const abort = new AbortController();
  const seen = new Map<string, number>(trainees.map((t) => [t.key, 1]));
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readActivity = async () => {
    timer = undefined;
    const keys = [...dirty];
    dirty.clear();
    const t0 = performance.now();
    const res = await fetch(`${url}/sim/_admin/activity?${keys.map((k) => `env=${k}`).join('&')}`, { headers: { authorization: `Bearer ${ADMIN}` } });
    const body = (await res.json()) as { items: { key: string; requests: number }[] };
    activityMs.push(performance.now() - t0);
    const now = performance.now();
    for (const item of body.items) {
      const trainee = trainees.find((t) => t.key === item.key);
      const before = seen.get(item.key) ?? 0;
      seen.set(item.key, item.requests);
      for (let n = before + 1; n <= item.requests; n++) {
        const at = trainee?.answeredAt.get(n);
        if (at !== undefined) lags.push(now - at);
      }
    }
  };
  const stream = fetch(`${url}/sim/_admin/events`, { headers: { authorization: `Bearer ${ADMIN}` }, signal: abort.signal }).then(async (res) => {
    const parser = createParser({
      onEvent(e) {
        if (e.event !== 'sim-journal') return;
        dirty.add((JSON.parse(e.data) as { env: string }).env);
        timer ??= setTimeout(() => void readActivity(), 300);
      },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  });

  // Each trainee: one request every 2 s, starts spread over the first 2 s.
  const run = async (t: Trainee, i: number) => {
    await new Promise((r) => setTimeout(r, (i * EVERY_MS) / TRAINEES));
    for (let n = 1; !stopping; n++) {
      const next = performance.now() + EVERY_MS;
      const [target, init] = lessonRequest(url, t, n);
      const t0 = performance.now();
      const res = await fetch(target, init);
      const text = await res.text();
      const took = performance.now() - t0;
      latencies.push(took);
      (n % 6 === 0 ? tokens : others).push(took);
      t.sent++;
      t.answeredAt.set(t.sent, performance.now());
      if (n % 6 === 0) t.bearer = (JSON.parse(text) as { access_token: string }).access_token;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const runs = trainees.map(run);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  stopping = true;
  await Promise.all(runs);
  await new Promise((r) => setTimeout(r, 2500));
  for (const t of trainees) missed += Math.max(0, t.sent - (seen.get(t.key) ?? 0));
  abort.abort();
  await stream.catch(() => undefined);

  table(`${TRAINEES} trainees join at once (environment with the class code, then the console's first token)`, [
    { what: 'POST /environments (3 credentials minted)', n: joins.env.length, median: ms(pct(joins.env, 0.5)), max: ms(Math.max(...joins.env)) },
    { what: 'first POST /oauth/token (secret verified)', n: joins.token.length, median: ms(pct(joins.token, 0.5)), max: ms(Math.max(...joins.token)) },
  ]);
  table(`Class on one Node host: ${TRAINEES} trainees, one request every ${EVERY_MS / 1000} s each, trainer streaming, ${SECONDS} s`, [
    { what: 'product requests (client side)', n: latencies.length, median: ms(pct(latencies, 0.5)), p95: ms(pct(latencies, 0.95)), p99: ms(pct(latencies, 0.99)), max: ms(Math.max(...latencies)), target: 'p99 < 100 ms' },
    { what: '  of which token requests', n: tokens.length, median: ms(pct(tokens, 0.5)), p95: ms(pct(tokens, 0.95)), p99: ms(pct(tokens, 0.99)), max: ms(Math.max(...tokens)), target: '' },
    { what: '  the API requests', n: others.length, median: ms(pct(others, 0.5)), p95: ms(pct(others, 0.95)), p99: ms(pct(others, 0.99)), max: ms(Math.max(...others)), target: '' },
    { what: "trainer's view shows the request", n: lags.length, median: ms(pct(lags, 0.5)), p95: ms(pct(lags, 0.95)), p99: ms(pct(lags, 0.99)), max: ms(Math.max(...lags)), target: `< 2000 ms (${missed} not shown)` },
    { what: 'GET /activity (changed environments)', n: activityMs.length, median: ms(pct(activityMs, 0.5)), p95: ms(pct(activityMs, 0.95)), p99: ms(pct(activityMs, 0.99)), max: ms(Math.max(...activityMs)), target: '' },
  ]);
}

/** Join link to a ready console (the environment selected, the examples listed, Send enabled), fresh browser contexts. */
async function joinToConsole(join: string): Promise<void> {
  const browser = await launchChromium();
  const times: number[] = [];
  const editor: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(join);
      await page.getByTestId('join-name').fill(`Browser trainee ${i + 1}`);
      await page.getByTestId('join-submit').click();
      await page.waitForURL(/#\/console\/env_/);
      await page.locator('[data-example-id="invoices-list"]').waitFor();
      await page.waitForFunction(() => (document.querySelector('[data-testid="send"]') as HTMLButtonElement | null)?.disabled === false);
      times.push(performance.now() - t0);
      await page.locator('.monaco-editor').first().waitFor();
      editor.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  table('Join link to a ready console (new browser context each: nothing cached)', [
    { what: 'console ready (environment selected, examples listed, Send enabled)', n: times.length, median: ms(pct(times, 0.5)), max: ms(Math.max(...times)), target: '< 2000 ms' },
    { what: "its body editor (Monaco) shown", n: editor.length, median: ms(pct(editor, 0.5)), max: ms(Math.max(...editor)), target: '' },
  ]);
}

const host = await startHost();
try {
  await classLoad(host.url);
  await joinToConsole(host.join);
} finally {
  host.child.kill('SIGINT');
}
