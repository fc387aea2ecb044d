// Issue 42 § Tests, for the OData service: an equality $filter narrows through a value index kept
// current on writes, and a broad one walks the kept order. For random sequences of creates, updates
// and deletes of customers and equality filters (spec 001 § Query options: $filter eq joined by or
// and and, $orderby, $top, $skip; § Endpoints: /$count), every page and count equals a plain scan
// of the stored rows: filter them with the parsed $filter, sort them, take the page.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../src/engine/core/types.ts';
import { CUSTOMERS, kindOf } from '../../../src/engine/products/odata/forms/index.ts';
import { parseFilter } from '../../../src/engine/products/odata/query/filter.ts';
import { parseOrderby } from '../../../src/engine/products/odata/query/orderby.ts';
import { sortRows } from '../../../src/engine/products/odata/read/ordering.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let od: ODataEnv;
beforeAll(async () => {
  od = await odataEnv();
  // Enough customers that a broad filter walks the kept order and a rare one sorts its matches.
  expect((await od.sim.admin('POST', `/environments/${od.key}/generate`, { count: 300 })).status).toBe(201);
}, 120_000);

const PROPS = ['CUSTNAME', 'CUSTDES', 'STATDES', 'OWNERLOGIN'] as const;
const ORDERS = ['CUSTNAME', 'CUSTDES desc', 'STATDES', 'STATDES desc,CUSTDES', 'STATUSDATE desc'];

async function customers(): Promise<Row[]> {
  return [...(await od.sim.engine.store.data(od.key)).list(kindOf(CUSTOMERS))];
}

const lit = (v: unknown) => `'${String(v).replaceAll("'", "''")}'`;
const pick = (rows: readonly Row[], prop: string, at: number) => rows[Math.floor(at * rows.length)]?.[prop] ?? 'none';

const write = fc.oneof(
  fc.record({ t: fc.constant('create' as const), des: fc.constantFrom('Alpha', 'Beta', 'Gamma') }),
  fc.record({ t: fc.constant('status' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }), s: fc.constantFrom('Active', 'Potential', 'Inactive') }),
  fc.record({ t: fc.constant('delete' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
);

const read = fc.record({
  prop: fc.constantFrom(...PROPS),
  at: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 3 }),
  and: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined }),
  order: fc.nat({ max: ORDERS.length - 1 }),
  skip: fc.constantFrom(0, 0, 3, 40),
  top: fc.constantFrom(1, 10, 25, 400),
});

let made = 0;

describe('every OData equality filter answers as a plain scan of the rows (issue 42 § Tests)', () => {
  it('random customer writes, then $filter eq (or, and) pages and /$count equal a scan', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(write.map((w) => ({ w })), read.map((r) => ({ r }))), { minLength: 4, maxLength: 14 }), async (steps) => {
        for (const step of steps) {
          const rows = await customers();
          if ('w' in step) {
            const w = step.w;
            if (w.t === 'create') {
              const r = await od.req('POST', '/CUSTOMERS', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ CUSTNAME: `P${String(made++).padStart(5, '0')}`, CUSTDES: w.des }) });
              expect(r.status).toBe(201);
            } else {
              const name = pick(rows, 'CUSTNAME', w.at);
              // Refusals are fine: reads must still equal the rows as they stand.
              if (w.t === 'status') await od.req('PATCH', `/CUSTOMERS(${lit(name)})`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ STATDES: w.s }) });
              else await od.req('DELETE', `/CUSTOMERS(${lit(name)})`);
            }
            continue;
          }
          const s = step.r;
          let filter = s.at.map((a) => `${s.prop} eq ${lit(pick(rows, s.prop, a))}`).join(' or ');
          if (s.and !== undefined) filter = `(${filter}) and CUSTDES eq ${lit(pick(rows, 'CUSTDES', s.and))}`;
          const order = ORDERS[s.order] as string;
          const keep = parseFilter(filter, CUSTOMERS);
          const matched = sortRows(CUSTOMERS, rows.filter(keep), parseOrderby(order, CUSTOMERS));
          const want = matched.slice(s.skip, s.skip + s.top).map((r) => r.CUSTNAME);
          const res = await od.get(`/CUSTOMERS?$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent(order)}&$skip=${s.skip}&$top=${s.top}&$select=CUSTNAME`);
          expect(res.status, filter).toBe(200);
          expect(((await res.json()) as { value: Row[] }).value.map((r) => r.CUSTNAME), filter).toEqual(want);
          const count = await od.get(`/CUSTOMERS/$count?$filter=${encodeURIComponent(filter)}`);
          expect(Number(await count.text()), filter).toBe(matched.length);
        }
      }),
      { numRuns: 40 },
    );
  }, 600_000);
});
