/**
 * A synthetic resource ("widgets" with a "parts" child) on the REST framework, served by an engine
 * whose only product is a test product: framework rules are tested without depending on the book.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { daysBetween, isoDate } from '../../../src/engine/core/clock.ts';
import { createProductApp } from '../../../src/engine/core/product-app.ts';
import type { Product, Row } from '../../../src/engine/core/types.ts';
import { createEngine, openDatabase } from '../../../src/engine/index.ts';
import {
  amount,
  bool,
  collectionPath,
  date,
  datetime,
  defineResource,
  field,
  findItem,
  itemResponse,
  noSuchResource,
  num,
  param,
  parseBody,
  registerReadRoutes,
  installRestErrorHandler,
  str,
} from '../../../src/engine/products/receivables/rest/index.ts';

export const partDef = defineResource({
  name: 'parts',
  title: 'Part',
  titlePlural: 'Parts',
  kind: 'part',
  parentField: 'WidgetId',
  key: 'PartId',
  fields: [num('PartId', 'key', 'q'), str('Label', 30, 'q')],
  defaultOrderBy: 'PartId:asc',
  params: { collection: ['fields', 'limit', 'offset', 'totalResults', 'onlyData', 'links', 'orderBy', 'finder'], item: ['fields', 'onlyData', 'links'] },
  notFound: { code: 'W-7043' },
  badKeyCode: 'REST-01400',
});

export const widgetDef = defineResource({
  name: 'widgets',
  title: 'Widget',
  titlePlural: 'Widgets',
  kind: 'widget',
  key: 'WidgetId',
  fields: [
    num('WidgetId', 'key', 'q'),
    str('Name', 20, 'req', 'q', 'upd'),
    amount('Amount', 'q'),
    amount('Price'),
    date('Day', 'q'),
    datetime('Stamp', 'q', 'ro'),
    bool('Active', 'q'),
    field('Status', 'string', ['q', 'upd'], { values: ['A', 'I'] }),
    field('DaysOld', 'number', ['ro', 'q', 'derived'], { value: (row, rc) => Math.max(0, daysBetween(row.Day as string, isoDate(rc.now))) }),
    field('parts', 'array', []),
  ],
  children: { parts: partDef },
  defaultOrderBy: 'WidgetId:desc',
  finders: [{ name: 'ByName', variables: [{ name: 'Name', type: 'string' }], resolve: (vars) => ({ filter: (r) => r.Name === vars.Name }) }],
  refusedFinders: ['Secret'],
  notFound: { code: 'W-7041' },
  badKeyCode: 'REST-01002',
  queryableNote: 'Only the documented attributes are queryable.',
});

export const WIDGETS = 60;
/** Widget i: id 1000+i, Name `W-ii`, Amount i*10.05 as a decimal string, Day in Jan 2026. */
export function widgetRow(i: number): Row {
  return {
    WidgetId: 1000 + i,
    Name: `W-${String(i).padStart(2, '0')}`,
    Amount: (Math.round(i * 1005) / 100).toFixed(2),
    Price: '1.5',
    Day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    Stamp: `2026-02-01T${String(i % 24).padStart(2, '0')}:00:00.000+0000`,
    Active: i % 2 === 0,
    Status: i % 3 === 0 ? 'I' : 'A',
  };
}

const app = createProductApp();
installRestErrorHandler(app);
registerReadRoutes(app, widgetDef);
app.post(collectionPath(widgetDef), async (c) => {
  const body = await parseBody(c, widgetDef, { mode: 'create', requiredCode: 'W-1000' });
  return itemResponse(c, widgetDef, { WidgetId: 1, ...body }, { status: 201, params: {} });
});
app.patch(`${collectionPath(widgetDef)}/:key`, async (c) => {
  const row = findItem(c, widgetDef, param(c, 'key'));
  const body = await parseBody(c, widgetDef, { mode: 'update', refuseCode: 'W-1020' });
  return itemResponse(c, widgetDef, { ...row, ...body }, { params: {} });
});
app.all('*', (c) => {
  throw noSuchResource(new URL(c.req.url).pathname);
});

const widgetProduct: Product = {
  id: 'receivables',
  title: 'widgets',
  defaultCredentials: [],
  credentialTypes: [],
  recordKinds: {},
  seed({ tx }) {
    for (let i = 0; i < WIDGETS; i++) tx.put('widget', String(1000 + i), widgetRow(i));
    tx.put('part', '1', { PartId: 1, WidgetId: 1001, Label: 'b' });
    tx.put('part', '2', { PartId: 2, WidgetId: 1001, Label: 'a' });
  },
  app,
};

export const W = '/fscmRestApi/resources/11.13.18.05/widgets';

export async function widgetSim(now = '2026-02-10T10:00:00.000Z') {
  const clock = { now: Date.parse(now) };
  const db = openDatabase(`w-${Math.random().toString(36).slice(2)}`, new IDBFactory(), IDBKeyRange);
  const engine = await createEngine({ db, clock: () => clock.now, products: [widgetProduct] });
  const res = await engine.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}', headers: { 'content-type': 'application/json' } }));
  const key = ((await res.json()) as { key: string }).key;
  const fetchJson = async <T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> => { // any: JSON test payloads
    const r = await engine.handle(new Request(`http://sim.test/sim/${key}${path}`, init));
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null, res: r };
  };
  return { engine, key, clock, get: fetchJson };
}
