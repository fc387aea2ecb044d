// Collection envelope, links, paging parameters (spec 000 § Common query parameters and envelope).
import { beforeAll, describe, expect, it } from 'vitest';
import { W, WIDGETS, widgetSim } from './widgets.ts';

let s: Awaited<ReturnType<typeof widgetSim>>;
beforeAll(async () => {
  s = await widgetSim();
});

describe('collection envelope', () => {
  it('has items, count, hasMore, limit, offset and a self link of kind collection; no totalResults unless asked (spec 000 § envelope)', async () => {
    const { status, body, res } = await s.get(W);
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual(['items', 'count', 'hasMore', 'limit', 'offset', 'links']);
    expect(body.count).toBe(25);
    expect(body.items).toHaveLength(25);
    expect(body.hasMore).toBe(true);
    expect(body.limit).toBe(25);
    expect(body.offset).toBe(0);
    expect(body.links).toEqual([{ rel: 'self', href: `http://sim.test/sim/${s.key}${W}`, name: 'widgets', kind: 'collection' }]);
  });

  it('each item has self and canonical links (kind item) and one child link per accessor with rel, href, name, kind', async () => {
    const { body } = await s.get(`${W}?limit=1`);
    const item = body.items[0];
    const href = `http://sim.test/sim/${s.key}${W}/${item.WidgetId}`;
    expect(item.links).toEqual([
      { rel: 'self', href, name: 'widgets', kind: 'item' },
      { rel: 'canonical', href, name: 'widgets', kind: 'item' },
      { rel: 'child', href: `${href}/child/parts`, name: 'parts', kind: 'collection' },
    ]);
    expect(item).not.toHaveProperty('parts'); // children only when expanded
  });

  it('default orderBy of the resource applies (here WidgetId:desc)', async () => {
    const { body } = await s.get(`${W}?limit=3`);
    expect(body.items.map((i: { WidgetId: number }) => i.WidgetId)).toEqual([1059, 1058, 1057]);
  });

  it('decimal strings of number fields are emitted as JSON numbers (spec 000 § Resources, General)', async () => {
    const { body } = await s.get(`${W}/1001`);
    expect(body.Amount).toBe(10.05);
    expect(typeof body.Amount).toBe('number');
  });

  it('totalResults=true adds the exact total (spec 000 § totalResults)', async () => {
    const { body } = await s.get(`${W}?totalResults=true&limit=5`);
    expect(body.totalResults).toBe(WIDGETS);
    const f = await s.get(`${W}?totalResults=true&q=Active=true`);
    expect(f.body.totalResults).toBe(30);
  });

  it('offset = offset + limit until hasMore is false visits every row once (spec 000 § envelope)', async () => {
    const seen: number[] = [];
    let offset = 0;
    for (;;) {
      const { body } = await s.get(`${W}?limit=7&offset=${offset}`);
      seen.push(...body.items.map((i: { WidgetId: number }) => i.WidgetId));
      expect(body.count).toBe(body.items.length);
      if (!body.hasMore) break;
      offset += body.limit;
    }
    expect(seen).toHaveLength(WIDGETS);
    expect(new Set(seen).size).toBe(WIDGETS);
  });
});

describe('limit and offset', () => {
  const limitOf = async (v: string) => (await s.get(`${W}?limit=${encodeURIComponent(v)}`)).body.limit;
  it('limit above 500 clamps to 500, 0 or below falls back to 25, never refused (spec 000 § limit; Limits page size)', async () => {
    expect(await limitOf('501')).toBe(500);
    expect(await limitOf('100000000000000000000000')).toBe(500);
    expect(await limitOf('0')).toBe(25);
    expect(await limitOf('-7')).toBe(25);
    expect(await limitOf('10')).toBe(10);
    expect(await limitOf('500')).toBe(500);
  });
  it('a non-numeric or fractional limit falls back to 25 (documented choice; never a 500)', async () => {
    for (const v of ['abc', '1.5', '', '1e3', ' ', '0x10', 'NaN', 'Infinity']) {
      const r = await s.get(`${W}?limit=${encodeURIComponent(v)}`);
      expect(r.status).toBe(200);
      expect(r.body.limit).toBe(25);
    }
  });
  it('negative offset falls back to 0; a huge offset gives an empty last page (spec 000 § offset)', async () => {
    expect((await s.get(`${W}?offset=-5`)).body.offset).toBe(0);
    expect((await s.get(`${W}?offset=abc`)).body.offset).toBe(0);
    const huge = await s.get(`${W}?offset=99999999999999999999999`);
    expect(huge.status).toBe(200);
    expect(huge.body.items).toEqual([]);
    expect(huge.body.hasMore).toBe(false);
    const last = await s.get(`${W}?offset=55&limit=10`);
    expect(last.body.count).toBe(5);
    expect(last.body.hasMore).toBe(false);
  });
});

describe('fields, onlyData, links', () => {
  it('fields projects the listed attributes (spec 000 § fields)', async () => {
    const { body } = await s.get(`${W}?fields=Name,Amount&limit=1&onlyData=true`);
    expect(body.items[0]).toEqual({ Name: 'W-59', Amount: 592.95 });
  });
  it('a child accessor named in fields is included as if expanded (simulator choice, docs/reference/receivables.md)', async () => {
    const { body } = await s.get(`${W}/1001?fields=Name,parts&onlyData=true`);
    expect(body).toEqual({ Name: 'W-01', parts: [{ PartId: 1, Label: 'b' }, { PartId: 2, Label: 'a' }] });
  });
  it('fields naming an unknown attribute is 400 (spec 000 § Errors, unknown fields)', async () => {
    const { status, body } = await s.get(`${W}?fields=Name,Nope`);
    expect(status).toBe(400);
    expect(body.detail).toContain('Nope');
  });
  it('onlyData=true strips links from items and envelope; envelope fields remain (spec 000 § onlyData)', async () => {
    const { body } = await s.get(`${W}?onlyData=true&limit=2&expand=parts`);
    expect(body).not.toHaveProperty('links');
    expect(body).toMatchObject({ count: 2, hasMore: true, limit: 2, offset: 0 });
    for (const item of body.items) expect(item).not.toHaveProperty('links');
  });
  it('links=self keeps only the listed relations; with onlyData=true none remain (spec 000 § links)', async () => {
    const { body } = await s.get(`${W}?links=self&limit=1`);
    expect(body.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
    expect(body.items[0].links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
    const both = await s.get(`${W}?links=self&onlyData=true&limit=1`);
    expect(both.body.items[0]).not.toHaveProperty('links');
  });
  it('onlyData with a value other than true/false is 400', async () => {
    expect((await s.get(`${W}?onlyData=maybe`)).status).toBe(400);
    expect((await s.get(`${W}?totalResults=yes`)).status).toBe(400);
  });
});

describe('expand and children', () => {
  it('expand names a child; an expanded child with no rows is an empty array (spec 000 § expand, envelope)', async () => {
    const { body } = await s.get(`${W}?expand=parts&q=WidgetId IN (1001,1002)&orderBy=WidgetId:asc`);
    expect(body.items[0].parts.map((p: { Label: string }) => p.Label)).toEqual(['b', 'a']);
    expect(body.items[1].parts).toEqual([]);
  });
  it('expand=all expands every child; an unknown child is 400 naming it (spec 000 § expand)', async () => {
    expect((await s.get(`${W}/1001?expand=all`)).body.parts).toHaveLength(2);
    const bad = await s.get(`${W}?expand=bolts`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('bolts');
  });
  it('expanded child rows equal the child endpoint rows', async () => {
    const item = await s.get(`${W}/1001?expand=parts`);
    const child = await s.get(`${W}/1001/child/parts`);
    expect(item.body.parts).toEqual(child.body.items);
  });
  it('a child collection has self and parent links; child items link to the parent', async () => {
    const { body } = await s.get(`${W}/1001/child/parts`);
    const parent = `http://sim.test/sim/${s.key}${W}/1001`;
    expect(body.links).toEqual([
      { rel: 'self', href: `${parent}/child/parts`, name: 'parts', kind: 'collection' },
      { rel: 'parent', href: parent, name: 'widgets', kind: 'item' },
    ]);
    expect(body.items[0].links).toContainEqual({ rel: 'parent', href: parent, name: 'widgets', kind: 'item' });
    const one = await s.get(`${W}/1001/child/parts/2`);
    expect(one.body).toEqual(body.items[1]);
  });
  it('an unknown child accessor is a plain 404; parameters a child does not implement are refused by name (spec 000 § envelope)', async () => {
    expect((await s.get(`${W}/1001/child/bolts`)).status).toBe(404);
    const q = await s.get(`${W}/1001/child/parts?q=PartId=1`);
    expect(q.status).toBe(400);
    expect(q.body['o:errorCode']).toBe('REST-01002');
    expect(q.body.detail).toContain('q');
    const item = await s.get(`${W}/1001?limit=5`);
    expect(item.status).toBe(400);
    expect(item.body['o:errorCode']).toBe('REST-01003');
    expect(item.body['o:errorPath']).toBe('limit');
    const unknown = await s.get(`${W}?foo=1`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('foo');
  });
});

describe('items and keys', () => {
  it('a non-numeric id is 400 with the resource code; a missing one 404 with its code', async () => {
    const bad = await s.get(`${W}/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body['o:errorCode']).toBe('REST-01002');
    const missing = await s.get(`${W}/999999999999999`);
    expect(missing.status).toBe(404);
    expect(missing.body['o:errorCode']).toBe('W-7041');
    const childBad = await s.get(`${W}/1001/child/parts/x`);
    expect(childBad.body['o:errorCode']).toBe('REST-01400');
    expect((await s.get(`${W}/1002/child/parts/1`)).body['o:errorCode']).toBe('W-7043'); // part 1 belongs to 1001
  });
  it('unknown paths are 404 in the framework error style (spec 000 § Errors, Other behaviours)', async () => {
    const r = await s.get('/fscmRestApi/resources/11.13.18.05/gadgets');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ title: 'Not Found', status: '404' });
    expect(r.body['o:errorCode']).toBeTruthy();
  });
});
