/**
 * Receivables benchmark (issue 3 § Targets), Node host (engine.handle): environments with 1k, 10k
 * and 100k synthetic invoices (one line and one installment each, written straight through
 * engine.store.write), then median/p95 of
 *   GET /receivablesInvoices?q=InvoiceBalanceAmount>100;InvoiceStatus='Complete'&orderBy=TransactionNumber:desc&limit=25
 *   GET /receivablesInvoices/{id}?expand=all
 * Then the account-activity section (receivables-activity.ts).
 * Run: npx tsx scripts/bench/receivables.ts
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { KIND } from '../../src/engine/products/receivables/book/records.ts';
import { activityBench } from './receivables-activity.ts';
import { ms, stats, table } from './lib.ts';

const ORIGIN = 'http://bench.local';
const REST = '/fscmRestApi/resources/11.13.18.05';
const SIZES = [1_000, 10_000, 100_000];
const ROUNDS = 200;
const COLLECTION = `${REST}/receivablesInvoices?q=${encodeURIComponent("InvoiceBalanceAmount>100;InvoiceStatus='Complete'")}&orderBy=TransactionNumber:desc&limit=25`;

const STATUSES = ['Complete', 'Complete', 'Complete', 'Incomplete', 'Frozen'] as const;

async function call(engine: Engine, path: string, init?: RequestInit): Promise<Response> {
  return engine.handle(new Request(new URL(path, ORIGIN), init));
}

async function setup(engine: Engine, size: number): Promise<{ base: string; token: string; itemId: number }> {
  const res = await call(engine, '/sim/_admin/environments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product: 'receivables', name: `bench ${size}` }),
  });
  const env = (await res.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  const base = `/sim/${env.key}`;
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const tok = await call(engine, `${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  const token = ((await tok.json()) as { access_token: string }).access_token;
  // Synthetic invoices in R2's row shapes (book/records.ts), written in chunks of 10k.
  let itemId = 0;
  const stamp = '2026-03-01T12:00:00.000+0000';
  for (let start = 0; start < size; start += 10_000) {
    await engine.store.write(env.key, (tx) => {
      for (let i = start; i < Math.min(size, start + 10_000); i++) {
        const id = tx.nextId();
        const lineId = tx.nextId();
        const instId = tx.nextId();
        const amount = `${(i * 37) % 500}.${String(i % 100).padStart(2, '0')}`;
        const balance = i % 7 === 0 ? '0.00' : amount;
        itemId = id;
        tx.put(KIND.invoice, String(id), {
          CustomerTransactionId: id,
          TransactionNumber: `INV-${id}`,
          BusinessUnit: 'US1 Business Unit',
          TransactionType: 'Invoice',
          TransactionSource: 'Manual',
          BillToCustomerNumber: '10010',
          InvoiceCurrencyCode: 'USD',
          TransactionDate: '2026-02-01',
          PaymentTerms: '30 NET',
          DueDate: '2026-03-03',
          EnteredAmount: amount,
          InvoiceBalanceAmount: balance,
          InvoiceStatus: STATUSES[i % STATUSES.length],
          BillToPartyId: 300000000000140,
          BillToCustomerName: 'Bench Customer',
          BillToSite: 'Bench Site',
          BillToContact: null,
          DeliveryMethod: 'Paper',
          Email: null,
          LastUpdateDate: stamp,
          customerAccountId: 1,
          billToSiteUseId: null,
          billToContactPartyId: null,
          glPostedDate: null,
          voided: false,
          lineIds: [lineId],
          installmentIds: [instId],
          scenario: null,
          CreationDate: stamp,
        });
        tx.put(KIND.invoiceLine, String(lineId), {
          CustomerTransactionLineId: lineId,
          invoiceId: id,
          LineNumber: 1,
          Description: 'Bench line',
          Quantity: '1',
          UnitSellingPrice: amount,
          LineAmount: amount,
          lastUpdateDate: stamp,
        });
        tx.put(KIND.installment, String(instId), {
          InstallmentId: instId,
          invoiceId: id,
          InstallmentSequenceNumber: 1,
          InstallmentDueDate: '2026-03-03',
          OriginalAmount: amount,
          InstallmentBalanceDue: balance,
          AmountPaid: '0',
          InstallmentAmountAdjusted: '0',
          InstallmentAmountCredited: '0',
          PendingAdjustmentAmount: '0',
          DisputeAmount: '0',
          DisputeDate: null,
          InstallmentStatus: balance === '0.00' ? 'CL' : 'OP',
          InstallmentClosedDate: null,
          InstallmentGLClosedDate: null,
          LastUpdateDate: stamp,
          closedBy: null,
        });
      }
    });
  }
  return { base, token, itemId };
}

async function time(engine: Engine, path: string, token: string): Promise<number> {
  const t = performance.now();
  const res = await call(engine, path, { headers: { authorization: `Bearer ${token}` } });
  await res.text();
  const took = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return took;
}

async function main() {
  const db = openDatabase(`bench-${Date.now()}`, new IDBFactory(), IDBKeyRange);
  // The same read is timed again and again: without the replay lane, each one runs the query.
  const engine = await createEngine({ db, replay: false });
  const rows: Record<string, string | number>[] = [];
  const medians = new Map<number, number>();
  for (const size of SIZES) {
    const t0 = performance.now();
    const { base, token, itemId } = await setup(engine, size);
    const loadMs = performance.now() - t0;
    const coll = `${base}${COLLECTION}`;
    const item = `${base}${REST}/receivablesInvoices/${itemId}?expand=all`;
    const cold = await time(engine, coll, token); // builds the sorted index once per data version
    const itemCold = await time(engine, item, token);
    for (let i = 0; i < 20; i++) {
      await time(engine, coll, token);
      await time(engine, item, token);
    }
    const c: number[] = [];
    const it: number[] = [];
    const scan: number[] = [];
    const pk: number[] = [];
    // Worst case for the index walk: a filter nothing matches visits every row.
    const none = `${base}${REST}/receivablesInvoices?q=${encodeURIComponent("TransactionNumber='INV-0'")}`;
    const byKey = `${base}${REST}/receivablesInvoices?finder=${encodeURIComponent(`PrimaryKey;CustomerTransactionId=${itemId}`)}`;
    for (let i = 0; i < ROUNDS; i++) {
      c.push(await time(engine, coll, token));
      it.push(await time(engine, item, token));
      if (i < 30) scan.push(await time(engine, none, token));
      pk.push(await time(engine, byKey, token));
    }
    const cs = stats(c);
    const is = stats(it);
    medians.set(size, cs.median);
    rows.push({ invoices: size, 'load (s)': (loadMs / 1000).toFixed(1), query: 'collection q+orderBy', 'first (index build)': ms(cold), median: ms(cs.median), p95: ms(cs.p95) });
    rows.push({ invoices: size, 'load (s)': '', query: 'item expand=all', 'first (index build)': ms(itemCold), median: ms(is.median), p95: ms(is.p95) });
    const ss = stats(scan);
    const ps = stats(pk);
    rows.push({ invoices: size, 'load (s)': '', query: 'q matching nothing (full walk)', 'first (index build)': '', median: ms(ss.median), p95: ms(ss.p95) });
    rows.push({ invoices: size, 'load (s)': '', query: 'finder PrimaryKey', 'first (index build)': '', median: ms(ps.median), p95: ms(ps.p95) });
  }
  table('Receivables REST in the Node host (engine.handle)', rows);
  const ratio = (medians.get(100_000) ?? NaN) / (medians.get(1_000) ?? NaN);
  console.log(`\ncollection median 100k / 1k = ${ratio.toFixed(2)}x (target <= 3x); 100k median ${ms(medians.get(100_000) ?? NaN)} (target < 50 ms)`);
  // Account activity (issue 10): an account with 10k invoices expanded, the activity collections at 100k, describe.
  await activityBench(engine);
}

await main();
