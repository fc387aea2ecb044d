/**
 * The services through the service worker (issues 3 and 4): item and collection GETs answered by
 * the engine in the worker, against the no-op worker route in the same page, interleaved.
 * Needs `npm run build` first (run.ts does it).
 */
import { launchChromium, ms, startPreview, stats, table } from './lib.ts';

const PORT = 4182;
const ROUNDS = 300;

interface Timing {
  label: string;
  url: string;
  headers: Record<string, string>;
}

const preview = await startPreview(PORT);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.addInitScript('globalThis.__name = (f) => f'); // tsx keepNames helper for evaluated code
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
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
} finally {
  await browser.close();
  preview.kill();
}
