// Issue 42 § Tests: indexes and caches can be wrong silently. For random sequences of writes
// (creates, updates, deletes) and filters on every queryable attribute of invoices and receipts
// (spec 000 § Common query parameters: q with =, IN, !=, >, >=, <, <=, LIKE, joined by ;, orderBy, limit,
// offset, totalResults), every answer — the page, hasMore and totalResults — equals a plain scan
// of the stored rows: filter them with the parsed q, sort them, take the page.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { KIND } from '../../src/engine/products/receivables/book/records.ts';
import { invoiceResource } from '../../src/engine/products/receivables/invoices/definitions.ts';
import { receiptResource } from '../../src/engine/products/receivables/receipts/definitions.ts';
import { compileQ, parseQ } from '../../src/engine/products/receivables/rest/q.ts';
import type { FieldDef, ResourceDef } from '../../src/engine/products/receivables/rest/types.ts';
import { sortKey } from '../../src/engine/products/receivables/rest/values.ts';
import { createBody, INVOICES, openApi, type Api } from '../receivables/invoices/helpers.ts';
import { RECEIPTS, receiptBody } from '../receivables/receipts/helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
  // Enough rows that a broad filter walks the kept order and a rare one sorts its few matches.
  expect((await api.sim.admin('POST', `/environments/${api.key}/generate`, { count: 400 })).status).toBe(201);
}, 120_000);

const RESOURCES = [
  { def: invoiceResource, path: INVOICES, kind: KIND.invoice },
  { def: receiptResource, path: RECEIPTS, kind: KIND.standardReceipt },
] as const;
type Resource = (typeof RESOURCES)[number];

const queryable = (def: ResourceDef) => def.fields.filter((f) => f.queryable && f.type !== 'array' && f.type !== 'object');
const sortable = (def: ResourceDef) => def.fields.filter((f) => !f.derived && f.type !== 'array' && f.type !== 'object' && !f.resolvedBy);

async function rowsOf(kind: string): Promise<Row[]> {
  return [...(await api.sim.engine.store.data(api.key)).list(kind)];
}

/** A q literal for a stored value (text quoted, quotes doubled). */
function literal(f: FieldDef, v: unknown): string {
  if (f.type === 'number' || f.type === 'integer' || f.type === 'boolean') return String(v);
  return `'${String(v).replaceAll("'", "''")}'`;
}

type Cmp = 'eq' | 'in' | 'ne' | 'ge' | 'gt' | 'lt' | 'le' | 'like' | 'like_' | 'contains' | 'none';

/** One condition on `f` built from values the rows hold (`at` picks them), or a value none holds. */
function condition(f: FieldDef, rows: readonly Row[], cmp: Cmp, at: number[]): string | null {
  const values = rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined);
  if (!values.length) return null;
  const pick = (i: number) => values[Math.floor(i * values.length)] as unknown;
  switch (cmp) {
    case 'eq':
      return `${f.name}=${literal(f, pick(at[0] as number))}`;
    case 'in':
      return `${f.name} IN (${at.map((i) => literal(f, pick(i))).join(',')})`;
    case 'ne':
      return `${f.name}!=${literal(f, pick(at[0] as number))}`;
    case 'ge':
      return f.type === 'boolean' ? null : `${f.name}>=${literal(f, pick(at[0] as number))}`;
    case 'gt':
    case 'lt':
    case 'le':
      return f.type === 'boolean' ? null : `${f.name}${cmp === 'gt' ? '>' : cmp === 'lt' ? '<' : '<='}${literal(f, pick(at[0] as number))}`;
    case 'like':
      return f.type === 'string' ? `${f.name} LIKE '${String(pick(at[0] as number)).slice(0, 3).replaceAll("'", "''")}%'` : null;
    case 'like_': {
      // A prefix, then '_' and a later literal: the prefix's range, each key tested.
      const v = String(pick(at[0] as number)).replaceAll("'", "''");
      return f.type === 'string' && v.length >= 3 ? `${f.name} LIKE '${v.slice(0, 1)}_${v.slice(2, 3)}%'` : null;
    }
    case 'contains': {
      // No prefix: no index, every row is tested.
      const v = String(pick(at[0] as number)).replaceAll("'", "''");
      return f.type === 'string' ? `${f.name} LIKE '%${v.slice(1, 3)}%'` : null;
    }
    default:
      return f.type === 'string' ? `${f.name}='no such value'` : f.type === 'number' || f.type === 'integer' ? `${f.name}=-987654321` : null;
  }
}

type Key = number | string | null;
const cmpKey = (a: Key, b: Key): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0);

/** The page a plain scan gives: every row tested, all matches sorted (key breaks ties), then sliced. */
async function scan(def: ResourceDef, rows: readonly Row[], q: string, order: { f: FieldDef; desc: boolean }, offset: number, limit: number) {
  // Names a condition resolves are looked up in the stored kinds, as the service does.
  const rc = { now: new Date(api.sim.clock.now), data: await api.sim.engine.store.data(api.key) };
  const pred = compileQ(parseQ(q, def));
  const matched = rows.filter((r) => (!def.where || def.where(r)) && (!pred || pred(r, rc)));
  const key = def.byName.get(def.key) as FieldDef;
  const sorted = [...matched].sort((a, b) => {
    const c = cmpKey(sortKey(order.f, a[order.f.name]), sortKey(order.f, b[order.f.name]));
    if (c !== 0) return order.desc ? -c : c;
    return cmpKey(sortKey(key, a[key.name]), sortKey(key, b[key.name]));
  });
  return { ids: sorted.slice(offset, offset + limit).map((r) => r[def.key]), hasMore: sorted.length > offset + limit, total: sorted.length };
}

const write = fc.oneof(
  fc.record({ t: fc.constant('create' as const), r: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ t: fc.constant('status' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), s: fc.constantFrom('Complete', 'Incomplete', 'Frozen') }),
  fc.record({ t: fc.constant('delete' as const), r: fc.integer({ min: 0, max: 1 }), at: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({ t: fc.constant('rename' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), other: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  // Time moves, then a PATCH: the row's LastUpdateDate (a datetime range's key) changes too.
  fc.record({ t: fc.constant('later' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), s: fc.constantFrom('Complete', 'Incomplete') }),
);

type WriteStep = typeof write extends fc.Arbitrary<infer T> ? T : never;

const read = fc.record({
  r: fc.integer({ min: 0, max: 1 }),
  field: fc.nat(),
  cmp: fc.constantFrom<Cmp>('eq', 'eq', 'eq', 'in', 'ne', 'ge', 'gt', 'lt', 'le', 'like', 'like_', 'contains', 'none'),
  at: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 3 }),
  /** A second condition ANDed (the index narrows, q still decides). */
  and: fc.option(fc.record({ field: fc.nat(), at: fc.double({ min: 0, max: 0.999, noNaN: true }) }), { nil: undefined }),
  order: fc.nat(),
  desc: fc.boolean(),
  offset: fc.constantFrom(0, 0, 1, 7, 30),
  limit: fc.constantFrom(1, 5, 25, 500),
});

async function applyWrite(w: WriteStep): Promise<void> {
  if (w.t === 'create') {
    const r = w.r === 0 ? await api.call('POST', INVOICES, createBody()) : await api.call('POST', RECEIPTS, receiptBody());
    expect(r.status).toBe(201);
    return;
  }
  if (w.t === 'later') await api.advanceClock(61_000);
  const res = RESOURCES[w.t === 'delete' ? w.r : w.t === 'rename' ? 1 : 0] as Resource;
  const rows = await rowsOf(res.kind);
  const row = rows[Math.floor(w.at * rows.length)];
  if (!row) return;
  const id = row[res.def.key];
  // Refusals (a status the invoice cannot take, a receipt already applied) are fine: reads must
  // still equal the rows as they stand.
  if (w.t === 'status' || w.t === 'later') await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: w.s });
  else if (w.t === 'delete') await api.call('DELETE', `${res.path}/${id}`);
  else {
    const other = rows[Math.floor(w.other * rows.length)];
    await api.call('PATCH', `${RECEIPTS}/${id}`, { CustomerAccountNumber: other?.CustomerAccountNumber ?? '10010' });
  }
}

describe('every filtered page equals a plain scan of the rows (issue 42 § Tests)', () => {
  it('random writes, then filters on every queryable attribute of invoices and receipts: page, hasMore and totalResults as a scan gives them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(write.map((w) => ({ w })), read.map((r) => ({ r }))), { minLength: 4, maxLength: 14 }), async (steps) => {
        for (const step of steps) {
          if ('w' in step) {
            await applyWrite(step.w);
            continue;
          }
          const s = step.r;
          const res = RESOURCES[s.r] as Resource;
          const fields = queryable(res.def);
          const f = fields[s.field % fields.length] as FieldDef;
          const rows = await rowsOf(res.kind);
          let q = condition(f, rows, s.cmp, s.at);
          if (q === null) continue;
          if (s.and) {
            const g = fields[s.and.field % fields.length] as FieldDef;
            const extra = condition(g, rows, 'ge', [s.and.at]);
            if (extra) q = `${q};${extra}`;
          }
          const orderFields = sortable(res.def);
          const order = { f: orderFields[s.order % orderFields.length] as FieldDef, desc: s.desc };
          const url = `${res.path}?q=${encodeURIComponent(q)}&orderBy=${order.f.name}:${order.desc ? 'desc' : 'asc'}&offset=${s.offset}&limit=${s.limit}&totalResults=true&onlyData=true&fields=${res.def.key}`;
          const got = await api.call('GET', url);
          expect(got.status, `${url}: ${JSON.stringify(got.body)}`).toBe(200);
          const want = await scan(res.def, rows, q, order, s.offset, s.limit);
          const page = { ids: (got.body.items as Row[]).map((i) => i[res.def.key]), hasMore: got.body.hasMore, total: got.body.totalResults };
          expect(page, q).toEqual(want);
          // The same page without totalResults stops early: the same rows and hasMore.
          const early = await api.call('GET', url.replace('&totalResults=true', ''));
          expect({ ids: (early.body.items as Row[]).map((i) => i[res.def.key]), hasMore: early.body.hasMore }, q).toEqual({ ids: want.ids, hasMore: want.hasMore });
        }
      }),
      { numRuns: 60 },
    );
  }, 600_000);
});
