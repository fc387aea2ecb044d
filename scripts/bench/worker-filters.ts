/**
 * Writes after a filter through the service worker (issue 42 § Targets 5), in Debian's Chromium
 * against the production build: one receivables environment grown through the control API's
 * `generate` to each size. Per size, four phases, each after a worker stop (which drops every
 * in-memory index) and a warm-up: 50 POSTs with no filter before them; the data browser's broad
 * filter (`q=InvoiceStatus='Complete'&limit=25`, almost every row matches), then 50 POSTs; a narrow
 * one (`q=InvoiceStatus='Incomplete'`), then 50 POSTs; both, then 50 POSTs; a range, a LIKE and a !=
 * with totalResults (the sorted indexes per attribute), then 50 POSTs; and 50 POSTs with no
 * filter again, last, to show drift over the run. Each row gives the median and p95 of its POSTs and
 * its median against the unfiltered one. Target: >= 0.7x the unfiltered rate, i.e. a median at most
 * 1/0.7 of the unfiltered median. Needs `npm run build` first (run.ts does it).
 * Standalone: `npx tsx scripts/bench/worker-filters.ts [sizes...]` (default 10000 100000).
 */
import type { CDPSession } from '@playwright/test';
import { controlledPage, ms, stats, table } from './lib.ts';

const PORT = 4183;
const POSTS = 50;
const WARMUP = 5;
const TARGET = 0.7;
const argSizes = process.argv.slice(2).map(Number);
const SIZES = argSizes.length ? argSizes : [10_000, 100_000];
const REST = '/fscmRestApi/resources/11.13.18.05';
const BROAD = `q=${encodeURIComponent("InvoiceStatus='Complete'")}&limit=25`;
const NARROW = `q=${encodeURIComponent("InvoiceStatus='Incomplete'")}&limit=25`;
const RANGES = ["InvoiceBalanceAmount>=1000", "LastUpdateDate>'2026-01-01T00:00:00+0000'", "Email LIKE 'jane%'", "InvoiceStatus!='Incomplete'"].map(
  (q) => `q=${encodeURIComponent(q)}&limit=25&totalResults=true`,
);
const PHASES = [
  { name: 'none', queries: [] },
  { name: "broad q=InvoiceStatus='Complete'&limit=25", queries: [BROAD] },
  { name: "narrow q=InvoiceStatus='Incomplete'&limit=25", queries: [NARROW] },
  { name: 'broad, then narrow', queries: [BROAD, NARROW] },
  // Conditions the per-attribute sorted index answers, each with its count: it is kept current on every write.
  { name: 'range, LIKE and != with totalResults=true', queries: RANGES },
  // Drift check: no filter again, last. Its ratio shows what the phases' order alone costs.
  { name: 'none (again, last)', queries: [] },
];

const { page, close } = await controlledPage(PORT);
const rows: Record<string, string>[] = [];
const verdicts: string[] = [];
try {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const env = await page.evaluate(async () => {
    const rec = await (await fetch('/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables","name":"Bench worker filters"}' })).json();
    // Runs only on demand: a due run inside the timed loop would be timed with the next request.
    await fetch(`/sim/_admin/environments/${rec.key}/automatch`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"schedule":{"enabled":false}}' });
    const client = rec.credentials.oauthClients[0];
    const token = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret });
    return { key: rec.key as string, token: token.toString() };
  });
  let generated = 0;
  for (const size of SIZES) {
    if (size > generated) {
      const took = await page.evaluate(async ({ key, count }) => {
        const t = performance.now();
        const res = await fetch(`/sim/_admin/environments/${key}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
        if (res.status !== 201) throw new Error(`generate: ${res.status} ${await res.text()}`);
        return performance.now() - t;
      }, { key: env.key, count: size - generated });
      console.error(`generated ${size} invoices (+${size - generated}) in ${(took / 1000).toFixed(1)} s`);
      generated = size;
    }
    // Each phase on a fresh worker: a stop drops every in-memory index an earlier phase's filter
    // built, so "no filter" means none yet and a narrow filter is measured on its own.
    const phases: { name: string; filterMs: number[]; samples: number[] }[] = [];
    for (const phase of PHASES) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await page.waitForTimeout(200);
      phases.push(await page.evaluate(
        async ({ key, token, rest, posts, warmup, filters, name }) => {
          const tokenRes = await fetch(`/sim/${key}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: token });
          const auth = `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}`;
          const headers = { authorization: auth, 'content-type': 'application/json' };
          const invoice = JSON.stringify({
            BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD',
            receivablesInvoiceLines: [{ Description: 'Pump', Quantity: 2, UnitSellingPrice: 450.25 }, { Description: 'Freight', Quantity: 1, UnitSellingPrice: 75 }],
          });
          const post = async () => {
            const t = performance.now();
            const res = await fetch(`${rest}/receivablesInvoices`, { method: 'POST', headers, body: invoice });
            await res.text();
            if (res.status !== 201) throw new Error(`POST: ${res.status}`);
            return performance.now() - t;
          };
          // Loads every kind (the first write after a stop) and warms the JIT; a page without a
          // filter is what the data browser shows first.
          await (await fetch(`${rest}/receivablesInvoices?limit=25`, { headers })).text();
          for (let i = 0; i < warmup; i++) await post();
          const filterMs: number[] = [];
          for (const query of filters) {
            const t = performance.now();
            const res = await fetch(`${rest}/receivablesInvoices?${query}`, { headers });
            await res.text();
            if (res.status !== 200) throw new Error(`filter: ${res.status}`);
            filterMs.push(performance.now() - t);
          }
          const samples: number[] = [];
          for (let i = 0; i < posts; i++) samples.push(await post());
          return { name, filterMs, samples };
        },
        { key: env.key, token: env.token, rest: `/sim/${env.key}${REST}`, posts: POSTS, warmup: WARMUP, filters: phase.queries, name: phase.name },
      ));
    }
    const base = stats(phases[0]?.samples ?? []).median;
    for (const p of phases) {
      const s = stats(p.samples);
      const ratio = base / s.median; // rate after / rate before, rates as 1 / median
      const filtered = p.filterMs.length > 0;
      if (filtered) verdicts.push(`${size}, after ${p.name}: ${ratio.toFixed(2)}x (target >= ${TARGET}x: ${ratio >= TARGET ? 'met' : 'NOT met'})`);
      rows.push({
        'invoices generated': String(size),
        'filters before the POSTs': p.name,
        'filter page (first use)': filtered ? p.filterMs.map(ms).join(', ') : '',
        [`${POSTS} POSTs median`]: ms(s.median),
        p95: ms(s.p95),
        'rate vs no filter': `${ratio.toFixed(2)}x`,
        target: filtered ? `>= ${TARGET}x` : '',
      });
    }
    console.error(JSON.stringify(rows.slice(-phases.length)));
  }
} finally {
  await close();
}
table('POSTs after the data browser\'s filters, through the service worker (Chromium, production build)', rows);
for (const v of verdicts) console.log(`POST after a filter / POST before, through the worker at ${v}`);
