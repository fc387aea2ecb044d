// Issue 42 § Tests and § Reads ahead of every peer: an item's JSON text is kept until its row changes
// (rest/item-text.ts), and caches can be wrong silently. For random sequences of writes (creates,
// updates, deletes of invoices and receipts) and reads (pages in any order, offset, limit, onlyData,
// through two origins; single items), every answer's text equals the one computed without the cache:
// each item serialized afresh from the stored row (spec 000 § Common query parameters, item shape
// and links); an item's ETag kept with its row (rest/etag.ts) equals the one made afresh.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { KIND } from '../../src/engine/products/receivables/book/records.ts';
import { invoiceResource } from '../../src/engine/products/receivables/invoices/definitions.ts';
import { receiptResource } from '../../src/engine/products/receivables/receipts/definitions.ts';
import { KEPT_ROWS, keptRows, plainItems } from '../../src/engine/products/receivables/rest/item-text.ts';
import { serializeItem } from '../../src/engine/products/receivables/rest/serialize.ts';
import { etagAfresh } from '../../src/engine/products/receivables/rest/etag.ts';
import { pathKeyField } from '../../src/engine/products/receivables/rest/define.ts';
import { collectionPath } from '../../src/engine/products/receivables/rest/links.ts';
import { accountActivityResource, siteActivityResource } from '../../src/engine/products/receivables/activities/definitions.ts';
import { adjustmentResource } from '../../src/engine/products/receivables/adjustments/definitions.ts';
import { contactResource } from '../../src/engine/products/receivables/contacts/definitions.ts';
import { creditMemoResource } from '../../src/engine/products/receivables/creditmemos/definitions.ts';
import { receiptMethodResource } from '../../src/engine/products/receivables/receipt-methods/definitions.ts';
import { siteLovResource } from '../../src/engine/products/receivables/sites/definitions.ts';
import type { ResourceDef, RestContext } from '../../src/engine/products/receivables/rest/types.ts';
import { createBody, INVOICES, openApi, type Api } from '../receivables/invoices/helpers.ts';
import { RECEIPTS, receiptBody } from '../receivables/receipts/helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
  expect((await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: 300 })).status).toBe(201);
}, 120_000);

/** Every top-level REST resource of the product (the sweep below reads those whose items are kept). */
const EVERY_RESOURCE: ResourceDef[] = [invoiceResource, receiptResource, creditMemoResource, adjustmentResource, contactResource, receiptMethodResource, siteLovResource, accountActivityResource, siteActivityResource];

const RESOURCES = [
  { def: invoiceResource, path: INVOICES, kind: KIND.invoice },
  { def: receiptResource, path: RECEIPTS, kind: KIND.standardReceipt },
] as const;

/** The request's origin decides every href (two origins: a kept text of the other must not be served). */
const ORIGINS = ['http://sim.test', 'http://127.0.0.1:8080'];
/** The environment's base path (the helpers' base may or may not carry an origin). */
const basePath = () => api.base.replace(/^https?:\/\/[^/]+/, '');

async function text(origin: string, path: string): Promise<{ status: number; text: string; etag: string | null }> {
  const base = `${origin}${basePath()}`;
  const r = await api.sim.fetch(`${base}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
  return { status: r.status, text: await r.text(), etag: r.headers.get('etag') };
}

/** The item's text made afresh from the stored row (no cache), as the answer must carry it. */
async function fresh(def: ResourceDef, kind: string, origin: string, path: string, id: unknown, onlyData: boolean, pathKey?: string): Promise<string> {
  const data = await api.sim.engine.store.data(api.key);
  const row = (pathKey ? data.list(kind).find((r) => r[pathKey] === id) : data.get(kind, String(id))) as Row;
  expect(row, `${kind} ${String(id)} is stored`).toBeDefined();
  const base = `${origin}${basePath()}`;
  const c = { env: { data } } as unknown as RestContext; // serializeItem reads env.data only to expand children (none here)
  const rc = { now: new Date(api.sim.clock.now), data };
  return JSON.stringify(serializeItem(c, def, row, { href: `${base}${path}/${encodeURIComponent(String(id))}`, onlyData, fields: null, expand: [], links: null, rc }));
}

/** The envelope's own members as answered, with the items made afresh: the whole text must match. */
async function expectedPage(def: ResourceDef, kind: string, origin: string, path: string, answer: string, onlyData: boolean, pathKey?: string): Promise<string> {
  const body = JSON.parse(answer) as Row & { items: Row[] };
  const items = await Promise.all(body.items.map((i) => fresh(def, kind, origin, path, i[pathKey ?? def.key], onlyData, pathKey)));
  return `{"items":[${items.join(',')}]${JSON.stringify({ ...body, items: [] }).slice('{"items":[]'.length)}`;
}

const step = fc.oneof(
  fc.record({ t: fc.constantFrom('create-invoice' as const, 'create-receipt' as const) }),
  fc.record({ t: fc.constant('status' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), s: fc.constantFrom('Complete', 'Incomplete') }),
  fc.record({ t: fc.constant('rename' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), other: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({ t: fc.constant('delete' as const), r: fc.integer({ min: 0, max: 1 }), at: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({
    t: fc.constant('page' as const),
    r: fc.integer({ min: 0, max: 1 }),
    origin: fc.integer({ min: 0, max: 1 }),
    order: fc.constantFrom('', '&orderBy=LastUpdateDate:desc', '&orderBy=ReceiptNumber:asc', '&orderBy=TransactionNumber:desc'),
    offset: fc.constantFrom(0, 0, 3, 290),
    limit: fc.constantFrom(1, 25, 25, 200),
    onlyData: fc.boolean(),
    total: fc.boolean(),
  }),
  fc.record({ t: fc.constant('item' as const), r: fc.integer({ min: 0, max: 1 }), origin: fc.integer({ min: 0, max: 1 }), at: fc.double({ min: 0, max: 0.999, noNaN: true }), onlyData: fc.boolean() }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function rowAt(kind: string, at: number): Promise<Row | undefined> {
  const rows = (await api.sim.engine.store.data(api.key)).list(kind);
  return rows[Math.floor(at * rows.length)];
}

async function run(s: Step): Promise<void> {
  switch (s.t) {
    case 'create-invoice':
      expect((await api.call('POST', INVOICES, createBody())).status).toBe(201);
      return;
    case 'create-receipt':
      expect((await api.call('POST', RECEIPTS, receiptBody())).status).toBe(201);
      return;
    case 'status': {
      // A status the invoice cannot take is refused: the reads must still equal the rows as they stand.
      const row = await rowAt(KIND.invoice, s.at);
      if (row) await api.call('PATCH', `${INVOICES}/${row.CustomerTransactionId}`, { InvoiceStatus: s.s });
      return;
    }
    case 'rename': {
      const row = await rowAt(KIND.standardReceipt, s.at);
      const other = await rowAt(KIND.standardReceipt, s.other);
      if (row) await api.call('PATCH', `${RECEIPTS}/${row.StandardReceiptId}`, { CustomerAccountNumber: other?.CustomerAccountNumber ?? '10010' });
      return;
    }
    case 'delete': {
      const res = RESOURCES[s.r] as (typeof RESOURCES)[number];
      const row = await rowAt(res.kind, s.at);
      if (row) await api.call('DELETE', `${res.path}/${row[res.def.key]}`);
      return;
    }
    case 'page': {
      const res = RESOURCES[s.r] as (typeof RESOURCES)[number];
      const order = s.order.includes(s.r === 0 ? 'ReceiptNumber' : 'TransactionNumber') ? '' : s.order;
      const origin = ORIGINS[s.origin] as string;
      const url = `${res.path}?offset=${s.offset}&limit=${s.limit}${order}${s.onlyData ? '&onlyData=true' : ''}${s.total ? '&totalResults=true' : ''}`;
      const got = await text(origin, url);
      expect(got.status, got.text.slice(0, 300)).toBe(200);
      expect(got.text, url).toBe(await expectedPage(res.def, res.kind, origin, res.path, got.text, s.onlyData));
      return;
    }
    case 'item': {
      const res = RESOURCES[s.r] as (typeof RESOURCES)[number];
      const row = await rowAt(res.kind, s.at);
      if (!row) return;
      const origin = ORIGINS[s.origin] as string;
      const id = row[res.def.key];
      const got = await text(origin, `${res.path}/${id}${s.onlyData ? '?onlyData=true' : ''}`);
      expect(got.status, got.text.slice(0, 300)).toBe(200);
      expect(got.text).toBe(await fresh(res.def, res.kind, origin, res.path, id, s.onlyData));
      // The tag kept with the row (etag.ts) is the one made afresh from the row and its children.
      const data = await api.sim.engine.store.data(api.key);
      expect(got.etag).toBe(etagAfresh({ env: { data } } as unknown as RestContext, res.def, data.get(res.kind, String(id)) as Row));
    }
  }
}

describe('kept item texts equal texts made afresh (issue 42 § Tests)', () => {
  it('invoices and receipts are served from kept texts', () => {
    expect(plainItems(invoiceResource)).toBe(true);
    expect(plainItems(receiptResource)).toBe(true);
  });

  it('random writes and reads of invoices and receipts: every page and item answer is the uncached text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        for (const s of steps) await run(s);
      }),
      { numRuns: 60 },
    );
  }, 600_000);

  it('every top-level resource: its page and each item on it equal the texts and tags made afresh', async () => {
    // Sweep, not sample: each resource the kept texts serve, in both shapes, after the writes above.
    const data = await api.sim.engine.store.data(api.key);
    const c = { env: { data } } as unknown as RestContext;
    const swept = EVERY_RESOURCE.filter(plainItems);
    expect(swept.map((d) => d.name)).toEqual(expect.arrayContaining(['receivablesInvoices', 'standardReceipts']));
    for (const def of swept) {
      const path = collectionPath(def);
      for (const onlyData of [false, true]) {
        const got = await text(ORIGINS[0] as string, `${path}?limit=25${onlyData ? '&onlyData=true' : ''}`);
        expect(got.status, `${def.name}: ${got.text.slice(0, 200)}`).toBe(200);
        expect(got.text, def.name).toBe(await expectedPage(def, def.kind, ORIGINS[0] as string, path, got.text, onlyData, pathKeyField(def).name));
        const items = (JSON.parse(got.text) as { items: Row[] }).items;
        if (def === invoiceResource || def === receiptResource) expect(items.length, def.name).toBeGreaterThan(5);
        for (const item of items.slice(0, 5)) {
          const id = item[pathKeyField(def).name];
          const one = await text(ORIGINS[0] as string, `${path}/${encodeURIComponent(String(id))}`);
          expect(one.status, `${def.name} ${String(id)}`).toBe(200);
          const row = data.list(def.kind).find((r) => r[pathKeyField(def).name] === id) as Row;
          expect(one.etag, `${def.name} ${String(id)}`).toBe(etagAfresh(c, def, row));
        }
      }
    }
  }, 300_000);

  it('paging past the bound keeps at most KEPT_ROWS texts, and pages stay right', async () => {
    expect((await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: KEPT_ROWS + 600 })).status).toBe(201);
    for (let offset = 0; ; offset += 500) {
      const got = await text(ORIGINS[0] as string, `${INVOICES}?offset=${offset}&limit=500`);
      expect(got.text).toBe(await expectedPage(invoiceResource, KIND.invoice, ORIGINS[0] as string, INVOICES, got.text, false));
      expect(keptRows()).toBeLessThanOrEqual(KEPT_ROWS);
      if (!(JSON.parse(got.text) as { hasMore: boolean }).hasMore) break;
    }
  }, 300_000);
});
