// Issue 14 (browser at 100k: "load lazily what a request needs rather than every record of an
// environment before the first answer"): an engine that has just started over a large book loads
// only the kinds a request reads, and answers exactly as an engine with everything loaded does,
// for reads, filters, expansions, $batch, SOAP and writes; a write first loads every kind.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductApp } from '../../src/engine/core/product-app.ts';
import type { Product } from '../../src/engine/core/types.ts';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { DexieBackend, type StorageLimits } from '../../src/engine/storage/dexie-backend.ts';

/** Small chunks, so a book of a few hundred documents has large (deferred) kinds. */
const LIMITS: StorageLimits = { chunkRows: 40, chunksPerRead: 3, logRowsMin: 50, logEntriesMax: 4, lazyChunks: 2 };
const NOW = Date.parse('2026-03-15T10:00:00.000Z');
const REST = '/fscmRestApi/resources/11.13.18.05';
const ODATA = '/odata/Priority/tabula.ini/demo';
const factory = new IDBFactory();

const open = () => createEngine({ backend: new DexieBackend(openDatabase('lazy', factory, IDBKeyRange), LIMITS), clock: () => NOW, catalog: builtInCatalog });
const call = (engine: Engine, path: string, init: RequestInit = {}) => engine.handle(new Request(`http://sim.test${path}`, init));
const admin = async (engine: Engine, path: string, body: unknown) => (await call(engine, `/sim/_admin${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();

let warm: Engine;
let rec: { base: string; key: string; bearer: string; soapUser: { username: string; password: string }; client: { clientId: string; clientSecret: string } };
let od: { base: string; key: string; basic: string };

/**
 * An environment of a test product whose seed holds a kind of 300 rows (`big`, deferred by an engine
 * that has just started), in a database of its own; `start` opens a fresh engine over it.
 */
async function bigBook(name: string, app: Product['app']): Promise<{ start: () => Promise<Engine>; key: string }> {
  const idb = new IDBFactory();
  const product: Product = {
    id: 'odata', title: name, defaultCredentials: [], credentialTypes: ['api-user'], recordKinds: {}, app,
    seed: ({ tx }) => {
      for (let i = 0; i < 300; i++) tx.put('big', `b${i}`, { i });
    },
  };
  const start = () => createEngine({ backend: new DexieBackend(openDatabase(name, idb, IDBKeyRange), LIMITS), clock: () => NOW, products: [product] });
  const first = await start();
  const { key } = (await admin(first, '/environments', { product: 'odata' })) as { key: string };
  await first.settled();
  return { start, key };
}

/** A just-started engine (nothing loaded yet) over the same IndexedDB. */
async function cold(): Promise<Engine> {
  await warm.settled();
  return open();
}

beforeAll(async () => {
  warm = await open();
  const r = await admin(warm, '/environments', { product: 'receivables' });
  const client = r.credentials.oauthClients[0];
  const token = await call(warm, `/sim/${r.key}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }) });
  rec = { base: `/sim/${r.key}`, key: r.key, bearer: `Bearer ${((await token.json()) as { access_token: string }).access_token}`, soapUser: r.credentials.soapUsers[0], client };
  await admin(warm, `/environments/${r.key}/generate`, { count: 300 });
  await admin(warm, `/environments/${r.key}/generate`, { count: 40, kind: 'receipts' });
  const o = await admin(warm, '/environments', { product: 'odata' });
  const user = o.credentials.apiUsers[0];
  od = { base: `/sim/${o.key}${ODATA}`, key: o.key, basic: `Basic ${btoa(`${user.username}:${user.password}`)}` };
  await admin(warm, `/environments/${o.key}/generate`, { count: 300 });
}, 120_000);

describe('large kinds load on first use (issue 14 § How)', () => {
  it('a just-started engine defers the large kinds and loads only what a page of invoices reads', async () => {
    const engine = await cold();
    const before = await engine.store.partial(rec.key);
    expect(before.missingKinds()).toEqual(expect.arrayContaining(['invoice', 'invoiceLine', 'installment']));
    const res = await call(engine, `${rec.base}${REST}/receivablesInvoices?limit=25&orderBy=TransactionNumber:desc`, { headers: { authorization: rec.bearer } });
    expect(res.status).toBe(200);
    await res.text();
    expect(before.isMissing('invoice')).toBe(false);
    expect(before.isMissing('invoiceLine')).toBe(true);
    // The OData book too: its $batch parts below first read a kind not loaded (and the batch handler
    // turns a part's failure into that part's answer), so the rerun path is what they exercise.
    expect((await engine.store.partial(od.key)).missingKinds()).toContain('CUSTOMERS');
  });

  it('reads answer byte for byte as over a fully loaded book', async () => {
    const page = (await (await call(warm, `${rec.base}${REST}/receivablesInvoices?limit=3`, { headers: { authorization: rec.bearer } })).json()) as { items: { CustomerTransactionId: number }[] };
    const id = page.items[2]?.CustomerTransactionId;
    const batch = JSON.stringify({ requests: [
      { id: '1', method: 'GET', url: 'CUSTOMERS?$top=3&$expand=CUSTPERSONNEL_SUBFORM' },
      { id: '2', method: 'GET', url: 'AINVOICES?$top=2' },
    ] });
    const reads: [string, RequestInit][] = [
      [`${rec.base}${REST}/receivablesInvoices?limit=25&orderBy=TransactionNumber:desc&totalResults=true`, { headers: { authorization: rec.bearer } }],
      [`${rec.base}${REST}/receivablesInvoices?q=BillToCustomerNumber='10010'&limit=5&totalResults=true`, { headers: { authorization: rec.bearer } }],
      [`${rec.base}${REST}/receivablesInvoices/${id}?expand=all`, { headers: { authorization: rec.bearer } }],
      [`${rec.base}${REST}/receivablesInvoices/${id}/child/receivablesInvoiceLines`, { headers: { authorization: rec.bearer } }],
      [`${rec.base}${REST}/standardReceipts?limit=10&expand=remittanceReferences`, { headers: { authorization: rec.bearer } }],
      [`${rec.base}${REST}/receivablesCustomerAccountActivities?limit=2&expand=all`, { headers: { authorization: rec.bearer } }],
      [`${od.base}/CUSTOMERS?$top=5&$orderby=CUSTDES desc&$count=true`, { headers: { authorization: od.basic } }],
      [`${od.base}/$batch`, { method: 'POST', body: batch, headers: { authorization: od.basic, 'content-type': 'application/json' } }],
    ];
    for (const [path, init] of reads) {
      // Read each answer whole first: the journal's copy of it settles only then.
      const expected = await call(warm, path, init);
      const want = { path, status: expected.status, body: await expected.text() };
      const got = await call(await cold(), path, init);
      expect({ path, status: got.status, body: await got.text() }).toEqual(want);
    }
  });

  it('a read still loading its kinds when its environment is deleted ends (no endless rerun)', async () => {
    const engine = await cold();
    const spare = await admin(engine, '/environments', { product: 'odata' });
    await admin(engine, `/environments/${spare.key}/generate`, { count: 300 });
    await engine.settled();
    const restarted = await open();
    const user = spare.credentials.apiUsers[0];
    const read = call(restarted, `/sim/${spare.key}${ODATA}/CUSTOMERS?$top=2`, { headers: { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` } });
    const removed = call(restarted, `/sim/_admin/environments/${spare.key}`, { method: 'DELETE' });
    expect((await removed).status).toBe(204);
    expect([200, 401, 404]).toContain((await read).status);
  });

  it('a write on a just-started engine loads every kind first, and what it wrote survives', async () => {
    const engine = await cold();
    const body = JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', TransactionDate: '2026-03-10', receivablesInvoiceLines: [{ LineNumber: 1, Description: 'Lazy', Quantity: 1, UnitSellingPrice: 10 }] });
    const created = await call(engine, `${rec.base}${REST}/receivablesInvoices`, { method: 'POST', body, headers: { authorization: rec.bearer, 'content-type': 'application/json' } });
    expect(created.status).toBe(201);
    expect((await engine.store.partial(rec.key)).missingKinds()).toEqual([]);
    const made = (await created.json()) as { CustomerTransactionId: number; TransactionNumber: string };
    await engine.settled();
    const again = await call(await open(), `${rec.base}${REST}/receivablesInvoices/${made.CustomerTransactionId}`, { headers: { authorization: rec.bearer } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { TransactionNumber: string }).TransactionNumber).toBe(made.TransactionNumber);
  });
});

describe('a first sorted page decodes only its own rows (issue 22 § Also: first page after a stop < 500 ms)', () => {
  const pages = [
    'limit=25&orderBy=TransactionNumber:desc',
    'limit=25&orderBy=TransactionNumber',
    'limit=10&offset=20&orderBy=DueDate:desc,TransactionNumber&totalResults=true',
    'limit=7&orderBy=EnteredAmount',
    'limit=7&orderBy=InvoiceStatus,CustomerTransactionId:desc',
    'limit=7',
    'limit=500&orderBy=TransactionDate:desc&onlyData=true',
    'limit=3&offset=400&orderBy=TransactionNumber:desc',
  ];

  /**
   * An engine over the same database with every invoice made: a filtered read decodes the kind (the
   * engine that wrote the book is not it: other tests here write through engines of their own).
   */
  async function decoded(): Promise<Engine> {
    const engine = await cold();
    const res = await call(engine, `${rec.base}${REST}/receivablesInvoices?q=InvoiceStatus='Complete'&limit=1`, { headers: { authorization: rec.bearer } });
    expect(res.status).toBe(200);
    expect((await engine.store.partial(rec.key)).scan('invoice', [])).toBeNull();
    return engine;
  }

  /** Each page from a just-started engine, against the same page from an engine with every row made. */
  async function expectSamePages(queries: readonly string[], scanned: boolean): Promise<void> {
    const ref = await decoded();
    for (const query of queries) {
      const path = `${rec.base}${REST}/receivablesInvoices?${query}`;
      const expected = await call(ref, path, { headers: { authorization: rec.bearer } });
      const want = { query, status: expected.status, body: await expected.text() };
      expect(want.status).toBe(200);
      const engine = await cold();
      const got = await call(engine, path, { headers: { authorization: rec.bearer } });
      expect({ query, status: got.status, body: await got.text() }).toEqual(want);
      // Scanned: the invoices are still as read, the page made its own rows only.
      expect((await engine.store.partial(rec.key)).scan('invoice', []) !== null).toBe(scanned);
    }
  }

  it('answers as an engine with every row made, for orders ascending, descending, on several keys, with ties, offsets and none', async () => {
    await expectSamePages(pages, true);
  });

  it('and so after writes, the log replayed over the stored rows (a new invoice, one changed)', async () => {
    const writer = await cold();
    const body = JSON.stringify({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', TransactionDate: '2026-03-11', receivablesInvoiceLines: [{ LineNumber: 1, Description: 'Scan', Quantity: 3, UnitSellingPrice: 7 }] });
    const created = await call(writer, `${rec.base}${REST}/receivablesInvoices`, { method: 'POST', body, headers: { authorization: rec.bearer, 'content-type': 'application/json' } });
    expect(created.status).toBe(201);
    const page = (await (await call(writer, `${rec.base}${REST}/receivablesInvoices?limit=1&offset=5`, { headers: { authorization: rec.bearer } })).json()) as { items: { CustomerTransactionId: number }[] };
    const patched = await call(writer, `${rec.base}${REST}/receivablesInvoices/${page.items[0]?.CustomerTransactionId}`, { method: 'PATCH', body: JSON.stringify({ TransactionDate: '2026-03-14' }), headers: { authorization: rec.bearer, 'content-type': 'application/json' } });
    expect(patched.status).toBe(200);
    await writer.settled();
    await expectSamePages(pages, true);
  });

  it('a filtered page, or one that ends past SCAN_PAGE_MAX rows, makes the rows and answers the same', async () => {
    await expectSamePages(["q=InvoiceStatus='Complete'&limit=5&orderBy=TransactionNumber:desc", 'limit=5&offset=500&orderBy=TransactionNumber:desc'], false);
  });
});

describe('an OData count of a whole set makes no row (issue 22 § Also)', () => {
  it('/$count on a just-started engine answers as one with every customer made, and leaves them as read', async () => {
    const ref = await cold();
    const filtered = await call(ref, `${od.base}/CUSTOMERS?$filter=STATDES ne 'x'&$top=1`, { headers: { authorization: od.basic } });
    expect(filtered.status).toBe(200);
    const expected = await call(ref, `${od.base}/CUSTOMERS/$count`, { headers: { authorization: od.basic } });
    const want = { status: expected.status, body: await expected.text() };
    expect(want.status).toBe(200);
    expect(Number(want.body)).toBeGreaterThan(300);
    const engine = await cold();
    const got = await call(engine, `${od.base}/CUSTOMERS/$count`, { headers: { authorization: od.basic } });
    expect({ status: got.status, body: await got.text() }).toEqual(want);
    expect((await engine.store.partial(od.key)).scan('CUSTOMERS', [])).not.toBeNull();
  });
});

describe('a write scoped to the kinds it touches loads only those (issue 22 § Also)', () => {
  it('a token issued on a just-started engine loads no large kind; the page after it loads only what it reads (the data browser after a reload)', async () => {
    const engine = await cold();
    const cache = await engine.store.partial(rec.key);
    const deferred = cache.missingKinds();
    expect(deferred).toEqual(expect.arrayContaining(['invoice', 'invoiceLine']));
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: rec.client.clientId, client_secret: rec.client.clientSecret });
    const token = await call(engine, `${rec.base}/oauth/token`, { method: 'POST', body: form });
    expect(token.status).toBe(200);
    const bearer = `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
    expect(cache.missingKinds()).toEqual(deferred);
    const page = await call(engine, `${rec.base}${REST}/receivablesInvoices?limit=25&orderBy=TransactionNumber:desc`, { headers: { authorization: bearer } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(25);
    expect(cache.isMissing('invoice')).toBe(false);
    expect(cache.isMissing('invoiceLine')).toBe(true);
    // The token was stored (one transaction, as any write): a worker started later accepts it.
    await engine.settled();
    expect((await call(await open(), `${rec.base}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: bearer } })).status).toBe(200);
  });

  it('a scoped write that touches another kind stores nothing; a read of a kind not loaded after one answers 500, never a second write', async () => {
    const app = createProductApp();
    app.post('/outside', async (c) => {
      await c.env.write((tx) => {
        tx.put('note', 'a', { n: 1 });
        tx.put('big', 'b0', { i: -1 });
      }, { kinds: ['note'] });
      return c.json({ ok: true });
    });
    app.post('/after', async (c) => {
      await c.env.write((tx) => tx.put('note', `n${tx.count('note')}`, { n: 1 }), { kinds: ['note'] });
      return c.json({ n: c.env.data.count('big') });
    });
    const { start, key } = await bigBook('scoped', app);
    const engine = await start();
    expect((await engine.store.partial(key)).missingKinds()).toContain('big');
    expect((await call(engine, `/sim/${key}/outside`, { method: 'POST' })).status).toBe(500);
    expect((await call(engine, `/sim/${key}/after`, { method: 'POST' })).status).toBe(500);
    const stored = await engine.store.data(key);
    expect([...stored.entries('note')]).toEqual([['n0', { n: 1 }]]);
    expect(stored.get('big', 'b0')).toEqual({ i: 0 });
  });
});

describe('a read that misses is noted even where product code catches it (issue 14 § Standard: no behaviour changes)', () => {
  it('a route that swallows the error still answers from the whole kind, and its write runs once, on the rerun', async () => {
    const app = createProductApp();
    app.get('*', (c) => {
      try {
        return c.json({ n: c.env.data.list('big').length });
      } catch {
        return c.json({ n: -1 });
      }
    });
    app.post('*', async (c) => {
      let n: number;
      try {
        n = c.env.data.count('big');
      } catch {
        n = -1;
      }
      await c.env.write((tx) => tx.put('note', `n${n}`, { n }));
      return c.json({ n });
    });
    const { start, key } = await bigBook('swallowing', app);
    const reader = await start();
    expect((await reader.store.partial(key)).missingKinds()).toContain('big');
    expect(await (await call(reader, `/sim/${key}/anything`)).json()).toEqual({ n: 300 });
    const writer = await start();
    expect(await (await call(writer, `/sim/${key}/anything`, { method: 'POST' })).json()).toEqual({ n: 300 });
    expect([...(await writer.store.data(key)).entries('note')]).toEqual([['n300', { n: 300 }]]);
  });
});
