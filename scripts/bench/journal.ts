/**
 * The request journal's cost through the service worker (issue 12 Standard: with the journal on, a
 * GET stays within 1.2x of the same GET with it off). Two environments of each product, the same
 * seeded book; one has journaling turned off (PUT .../journal {"enabled": false}); their GETs are
 * interleaved with the no-op worker route in one page, so machine drift hits all alike.
 * Needs `npm run build` first (run.ts does it).
 */
import { controlledPage, ms, stats, table } from './lib.ts';

const PORT = 4186;
const ROUNDS = 400;

const { page, close } = await controlledPage(PORT);
try {
  const samples = await page.evaluate(async (rounds) => {
    const post = async (url: string, body: unknown) => (await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
    const receivables = async (off: boolean) => {
      const env = await post('/sim/_admin/environments', { product: 'receivables', name: off ? 'Bench journal off' : 'Bench journal on' });
      if (off) await fetch(`/sim/_admin/environments/${env.key}/journal`, { method: 'PUT', body: '{"enabled":false}' });
      const client = env.credentials.oauthClients[0];
      const tokenRes = await fetch(`/sim/${env.key}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
      });
      const token = (await tokenRes.json()).access_token as string;
      return { url: `/sim/${env.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=25`, headers: { authorization: `Bearer ${token}` } };
    };
    const odata = async (off: boolean) => {
      const env = await post('/sim/_admin/environments', { product: 'odata', name: off ? 'Bench journal off' : 'Bench journal on' });
      if (off) await fetch(`/sim/_admin/environments/${env.key}/journal`, { method: 'PUT', body: '{"enabled":false}' });
      const user = env.credentials.apiUsers[0];
      return { url: `/sim/${env.key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=25`, headers: { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` } };
    };
    const targets = {
      noop: { url: '/sim/_ping', headers: {} as Record<string, string> },
      'receivables on': await receivables(false),
      'receivables off': await receivables(true),
      'odata on': await odata(false),
      'odata off': await odata(true),
    };
    const out: Record<string, number[]> = {};
    for (const k of Object.keys(targets)) out[k] = [];
    const entries = Object.entries(targets);
    for (let i = 0; i < 20; i++) for (const [, t] of entries) await (await fetch(t.url, { headers: t.headers })).text();
    for (let i = 0; i < rounds; i++) {
      // Alternate the order so neither side always follows the other.
      const order = i % 2 ? entries : [...entries].reverse();
      for (const [k, t] of order) {
        const t0 = performance.now();
        const res = await fetch(t.url, { headers: t.headers });
        await res.text();
        (out[k] as number[]).push(performance.now() - t0);
        if (!res.ok) throw new Error(`${k}: ${res.status}`);
      }
    }
    return out;
  }, ROUNDS);
  const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
  const row = (name: string, on: string, off: string) => ({
    GET: name,
    'journal on (median)': ms(s[on]!.median),
    'journal off (median)': ms(s[off]!.median),
    'on / off': `${(s[on]!.median / s[off]!.median).toFixed(2)}x`,
    'on p95': ms(s[on]!.p95),
    'off p95': ms(s[off]!.p95),
  });
  table(`Journal cost through the service worker (${ROUNDS} rounds, no-op route ${ms(s['noop']!.median)})`, [
    row('receivables invoices ?limit=25 (bearer)', 'receivables on', 'receivables off'),
    row('OData CUSTOMERS?$top=25 (Basic)', 'odata on', 'odata off'),
  ]);
} finally {
  await close();
}
