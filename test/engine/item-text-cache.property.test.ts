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
import type { ResourceDef, RestContext } from '../../src/engine/products/receivables/rest/types.ts';
import { createBody, INVOICES, openApi, type Api } from '../receivables/invoices/helpers.ts';
import { RECEIPTS, receiptBody } from '../receivables/receipts/helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
  expect((await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: 300 })).status).toBe(201);
}, 120_000);

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
async function fresh(def: ResourceDef, kind: string, origin: string, path: string, id: unknown, onlyData: boolean): Promise<string> {
  const data = await api.sim.engine.store.data(api.key);
  const row = data.get(kind, String(id)) as Row;
  expect(row, `${kind} ${String(id)} is stored`).toBeDefined();
  const base = `${origin}${basePath()}`;
  const c = { env: { data } } as unknown as RestContext; // serializeItem reads env.data only to expand children (none here)
  const rc = { now: new Date(api.sim.clock.now), data };
  return JSON.stringify(serializeItem(c, def, row, { href: `${base}${path}/${encodeURIComponent(String(id))}`, onlyData, fields: null, expand: [], links: null, rc }));
}

/** The envelope's own members as answered, with the items made afresh: the whole text must match. */
async function expectedPage(def: ResourceDef, kind: string, origin: string, path: string, answer: string, onlyData: boolean): Promise<string> {
  const body = JSON.parse(answer) as Row & { items: Row[] };
  const items = await Promise.all(body.items.map((i) => fresh(def, kind, origin, path, i[def.key], onlyData)));
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
