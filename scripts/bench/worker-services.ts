/**
 * The services through the service worker (issues 3 and 4): item and collection GETs answered by
 * the engine in the worker, against the no-op worker route in the same page, interleaved.
 * Needs `npm run build` first (run.ts does it).
 */
import type { Page } from '@playwright/test';
import { controlledPage, ms, stats, table } from './lib.ts';

const PORT = 4182;
const ROUNDS = 300;

interface Timing {
  label: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Issue 3 targets through the worker: one receivables environment grown to 1k, 10k and 100k
 * invoices (control API `generate`, one IndexedDB transaction each), then the collection query and
 * an item GET with expand=all, interleaved with the no-op route.
 */
async function invoicesAtScale(page: Page): Promise<void> {
  const rows: Record<string, string>[] = [];
  const medians = new Map<number, { query: number; item: number; noop: number }>();
  const setup = await page.evaluate(async () => {
    const post = async (url: string, body: unknown) =>
      (await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
    const rec = await post('/sim/_admin/environments', { product: 'receivables', name: 'Bench at scale' });
    const client = rec.credentials.oauthClients[0];
    const tokenRes = await fetch(`/sim/${rec.key}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    return { key: rec.key as string, token: (await tokenRes.json()).access_token as string };
  });
  for (const size of SIZES) {
    const m = await page.evaluate(
      async ({ key, token, size, rounds }) => {
        const rest = `/sim/${key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`;
        const headers = { authorization: `Bearer ${token}` };
        const total = (await (await fetch(`${rest}?limit=1&totalResults=true`, { headers })).json()).totalResults as number;
        const t0 = performance.now();
        const gen = await fetch(`/sim/_admin/environments/${key}/generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ count: size - total }),
        });
        if (gen.status !== 201) throw new Error(`generate: ${gen.status} ${await gen.text()}`);
        const loadMs = performance.now() - t0;
        const query = `${rest}?q=InvoiceBalanceAmount>100;InvoiceStatus='Complete'&orderBy=TransactionNumber:desc&limit=25`;
        const first = (await (await fetch(query, { headers })).json()).items[0].CustomerTransactionId as number;
        const urls = ['/sim/_ping', query, `${rest}/${first}?expand=all`];
        const out: number[][] = urls.map(() => []);
        for (let i = 0; i < 10; i++) for (const u of urls) await (await fetch(u, { headers })).text();
        for (let i = 0; i < rounds; i++) {
          for (const [j, u] of urls.entries()) {
            const t = performance.now();
            const res = await fetch(u, { headers });
            await res.text();
            if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
            (out[j] as number[]).push(performance.now() - t);
          }
        }
        return { loadMs, samples: out };
      },
      { ...setup, size, rounds: 100 },
    );
    const [noop, query, item] = m.samples.map((x) => stats(x));
    if (!noop || !query || !item) throw new Error('missing samples');
    medians.set(size, { query: query.median, item: item.median, noop: noop.median });
    rows.push({
      invoices: String(size),
      'generate (s)': (m.loadMs / 1000).toFixed(1),
      'no-op median': ms(noop.median),
      'collection median': ms(query.median),
      'collection p95': ms(query.p95),
      'item expand=all median': ms(item.median),
      'item x no-op': `${(item.median / noop.median).toFixed(2)}x`,
    });
  }
  table('Receivables at 1k / 10k / 100k invoices through the service worker', rows);
  const small = medians.get(SIZES[0]);
  const large = medians.get(SIZES[2]);
  if (small && large) {
    const growth = large.query / small.query;
    console.log(`collection query through the worker: 100k / 1k = ${growth.toFixed(2)}x (target <= 3x: ${growth <= 3 ? 'met' : 'NOT met'})`);
  }
}

const SIZES = [1_000, 10_000, 100_000] as const;

const { page, close } = await controlledPage(PORT);
try {
  const routes: Timing[] = await page.evaluate(async () => {
    const post = async (url: string, body: unknown) =>
      (await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
    const rec = await post('/sim/_admin/environments', { product: 'receivables' });
    const client = rec.credentials.oauthClients[0];
    const tokenRes = await fetch(`/sim/${rec.key}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const token = (await tokenRes.json()).access_token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const restBase = `/sim/${rec.key}/fscmRestApi/resources/11.13.18.05`;
    const list = await (await fetch(`${restBase}/receivablesInvoices?limit=1&onlyData=true`, { headers: bearer })).json();
    const id = list.items[0].CustomerTransactionId;
    const od = await post('/sim/_admin/environments', { product: 'odata' });
    const user = od.credentials.apiUsers[0];
    const basic = { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` };
    const root = `/sim/${od.key}/odata/Priority/tabula.ini/demo`;
    const customers = await (await fetch(`${root}/CUSTOMERS?$top=1&$select=CUSTNAME`, { headers: basic })).json();
    const custname = customers.value[0].CUSTNAME as string;
    return [
      { label: 'no-op worker route (/sim/_ping)', url: '/sim/_ping', headers: {} },
      { label: 'receivables item GET', url: `${restBase}/receivablesInvoices/${id}`, headers: bearer },
      { label: 'receivables item GET ?expand=all', url: `${restBase}/receivablesInvoices/${id}?expand=all`, headers: bearer },
      {
        label: 'receivables collection query',
        url: `${restBase}/receivablesInvoices?q=InvoiceBalanceAmount>100;InvoiceStatus='Complete'&orderBy=TransactionNumber:desc&limit=25`,
        headers: bearer,
      },
      { label: 'odata entity GET', url: `${root}/CUSTOMERS('${custname.replace(/'/g, "''")}')`, headers: basic },
      { label: "odata collection query", url: `${root}/CUSTOMERS?$filter=STATDES eq 'Active'&$top=25&$orderby=CUSTNAME`, headers: basic },
    ];
  });
  const samples = await page.evaluate(
    async ([rs, n]) => {
      const out: number[][] = rs.map(() => []);
      for (let i = 0; i < 20; i++) for (const r of rs) await (await fetch(r.url, { headers: r.headers })).text();
      for (let i = 0; i < n; i++) {
        for (const [j, r] of rs.entries()) {
          const t = performance.now();
          const res = await fetch(r.url, { headers: r.headers });
          await res.text();
          if (res.status !== 200) throw new Error(`${r.label}: ${res.status}`);
          (out[j] as number[]).push(performance.now() - t);
        }
      }
      return out;
    },
    [routes, ROUNDS] as const,
  );
  const noop = stats(samples[0] as number[]);
  table(
    'Through the service worker (seeded books, same page, interleaved)',
    routes.map((r, i) => {
      const s = stats(samples[i] as number[]);
      return { route: r.label, median: ms(s.median), p95: ms(s.p95), 'x no-op': `${(s.median / noop.median).toFixed(2)}x` };
    }),
  );
  const item = stats(samples[1] as number[]).median / noop.median;
  console.log(`receivables item GET through the worker: ${item.toFixed(2)}x the no-op route (target <= 1.5x: ${item <= 1.5 ? 'met' : 'NOT met'})`);
  await invoicesAtScale(page);
} finally {
  await close();
}
