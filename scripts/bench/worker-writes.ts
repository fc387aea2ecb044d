/**
 * Writes through the service worker (issue 9 § Targets): POST standardReceipts (with one remittance
 * reference) against POST receivablesInvoices (two lines) in the same page, interleaved, each a new
 * record. Target: a receipt at most 1.5x an invoice. Needs `npm run build` first (run.ts does it).
 */
import { controlledPage, ms, stats, table } from './lib.ts';

const PORT = 4183;
const ROUNDS = 150;

const { page, close } = await controlledPage(PORT);
try {
  const samples = await page.evaluate(async (rounds) => {
    const rec = await (await fetch('/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' })).json();
    // Runs only on demand: a due run inside the timed loop would be timed with the next request.
    await fetch(`/sim/_admin/environments/${rec.key}/automatch`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"schedule":{"enabled":false}}' });
    const client = rec.credentials.oauthClients[0];
    const tokenRes = await fetch(`/sim/${rec.key}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token}`, 'content-type': 'application/json' };
    const rest = `/sim/${rec.key}/fscmRestApi/resources/11.13.18.05`;
    const invoice = JSON.stringify({
      BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD',
      receivablesInvoiceLines: [{ Description: 'Pump', Quantity: 2, UnitSellingPrice: 450.25 }, { Description: 'Freight', Quantity: 1, UnitSellingPrice: 75 }],
    });
    const receipt = (n: number) => JSON.stringify({
      ReceiptNumber: `BENCH-${n}`, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 975.5, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010',
      remittanceReferences: [{ ReferenceNumber: 'INV-300000000001351' }],
    });
    const out: number[][] = [[], []];
    const timed = async (i: number, url: string, body: string) => {
      const t = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.text();
      if (res.status !== 201) throw new Error(`${url}: ${res.status}`);
      (out[i] as number[]).push(performance.now() - t);
    };
    for (let i = 0; i < 10; i++) {
      await timed(0, `${rest}/receivablesInvoices`, invoice);
      await timed(1, `${rest}/standardReceipts`, receipt(-i - 1));
    }
    out[0] = [];
    out[1] = [];
    for (let i = 0; i < rounds; i++) {
      await timed(0, `${rest}/receivablesInvoices`, invoice);
      await timed(1, `${rest}/standardReceipts`, receipt(i));
    }
    return out;
  }, ROUNDS);
  const inv = stats(samples[0] as number[]);
  const rcp = stats(samples[1] as number[]);
  table('Writes through the service worker (seeded book, interleaved)', [
    { request: 'POST receivablesInvoices (2 lines)', median: ms(inv.median), p95: ms(inv.p95) },
    { request: 'POST standardReceipts (1 reference)', median: ms(rcp.median), p95: ms(rcp.p95) },
  ]);
  const ratio = rcp.median / inv.median;
  console.log(`POST receipt / POST invoice through the worker: ${ratio.toFixed(2)}x (target <= 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`);
} finally {
  await close();
}
