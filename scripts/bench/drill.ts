/**
 * The resilience drill's cost outside its steps (issue 23 § Targets: a request outside a drill step
 * costs the same as without a drill, at most 1.05x). Receivables environments with the same seeded
 * book: two without a drill (their gap is the noise); a drill whose armed step waits for a create; a drill whose step 4 was
 * injected into a receipt POST and watches for a retry or a read of receipts. The same invoice GET
 * goes to each, interleaved in alternating order so drift hits all alike, first in-process
 * (engine.handle over memory, the Node host's engine: the tightest figure) and then through the
 * service worker in Chromium (needs `npm run build`; run.ts does it).
 */
import { createEngine, MemoryBackend, type Engine } from '../../src/engine/index.ts';
import { controlledPage, ms, stats, table } from './lib.ts';

const ORIGIN = 'http://bench.test';
const SCOPE = 'urn:opc:resource:consumer::all';
const LIST = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=25';
const RECEIPT = { ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 10, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010' };
/** Twelve create steps: the drill stays in a step that waits for a create for the whole run. */
const CREATES = Array(12).fill('connection-dropped-before-write');
/** A second environment without a drill shows how far two identical ones drift apart (the noise). */
type Mode = 'no drill' | 'no drill (again)' | 'armed for a create' | 'watching a receipt';
const MODES: Mode[] = ['no drill', 'no drill (again)', 'armed for a create', 'watching a receipt'];

async function inProcess(rounds: number): Promise<Record<Mode, number[]>> {
  const engine: Engine = await createEngine({ backend: new MemoryBackend() });
  const call = async (path: string, init?: RequestInit) => engine.handle(new Request(`${ORIGIN}/sim${path}`, init));
  const target = async (mode: Mode) => {
    const env = await (await call('/_admin/environments', { method: 'POST', body: JSON.stringify({ product: 'receivables', name: mode }) })).json();
    const client = env.credentials.oauthClients[0];
    const tokenRes = await call(`/${env.key}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }) });
    const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token}` };
    if (mode === 'armed for a create') await call(`/_admin/environments/${env.key}/drills`, { method: 'POST', body: JSON.stringify({ plan: CREATES }) });
    if (mode === 'watching a receipt') {
      await call(`/_admin/environments/${env.key}/drills`, { method: 'POST', body: JSON.stringify({ plan: ['server-error-after-write'] }) });
      const res = await call(`/${env.key}/fscmRestApi/resources/11.13.18.05/standardReceipts`, { method: 'POST', body: JSON.stringify({ ...RECEIPT, ReceiptNumber: 'BENCH-1' }), headers: { ...headers, 'content-type': 'application/json' } });
      if (res.status !== 500) throw new Error(`the drill did not take the receipt: ${res.status}`);
    }
    return { url: `/${env.key}${LIST}`, headers };
  };
  const targets = await Promise.all(MODES.map(async (m) => [m, await target(m)] as const));
  const out = Object.fromEntries(MODES.map((m) => [m, [] as number[]])) as Record<Mode, number[]>;
  for (let i = 0; i < rounds + 100; i++) {
    const order = i % 2 ? targets : [...targets].reverse();
    for (const [mode, t] of order) {
      const t0 = performance.now();
      // Each read distinct: with no drill, the same request again would be the replay lane's.
      const res = await call(t.url, { headers: { ...t.headers, 'x-request-id': `${i}` } });
      await res.text();
      if (res.status !== 200) throw new Error(`${mode}: ${res.status}`);
      if (i >= 100) out[mode].push(performance.now() - t0); // the first hundred warm up
    }
  }
  await engine.settled();
  return out;
}

async function throughWorker(rounds: number): Promise<Record<string, number[]>> {
  const { page, close } = await controlledPage(4187);
  try {
    return await page.evaluate(
      async ([n, plan, list, scope]) => {
        const post = async (url: string, body: unknown) => (await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
        const target = async (drill: boolean) => {
          const env = await post('/sim/_admin/environments', { product: 'receivables', name: drill ? 'Bench drill' : 'Bench no drill' });
          if (drill) await post(`/sim/_admin/environments/${env.key}/drills`, { plan });
          const client = env.credentials.oauthClients[0];
          const tokenRes = await fetch(`/sim/${env.key}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope, client_id: client.clientId, client_secret: client.clientSecret }) });
          return { url: `/sim/${env.key}${list}`, headers: { authorization: `Bearer ${(await tokenRes.json()).access_token}` } };
        };
        const targets = { 'no drill': await target(false), 'armed for a create': await target(true) };
        const out: Record<string, number[]> = { 'no drill': [], 'armed for a create': [] };
        const entries = Object.entries(targets);
        for (let i = 0; i < 20; i++) for (const [, t] of entries) await (await fetch(t.url, { headers: t.headers })).text();
        for (let i = 0; i < n; i++) {
          for (const [k, t] of i % 2 ? entries : [...entries].reverse()) {
            const t0 = performance.now();
            const res = await fetch(t.url, { headers: { ...t.headers, 'x-request-id': `${i}` } });
            await res.text();
            (out[k] as number[]).push(performance.now() - t0);
            if (!res.ok) throw new Error(`${k}: ${res.status}`);
          }
        }
        return out;
      },
      [rounds, CREATES, LIST, SCOPE] as const,
    );
  } finally {
    await close();
  }
}

const rows = (title: string, samples: Record<string, number[]>) => {
  const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
  const base = s['no drill']!;
  table(
    title,
    Object.entries(s).map(([k, v]) => ({ environment: k, median: ms(v.median), p95: ms(v.p95), 'vs no drill (median)': `${(v.median / base.median).toFixed(3)}x` })),
  );
};

rows('In process (engine.handle, memory backend), GET invoices ?limit=25, 3000 rounds', await inProcess(3000));
rows('Through the service worker (Chromium), GET invoices ?limit=25, 400 rounds', await throughWorker(400));
