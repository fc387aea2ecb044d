// q, orderBy and finder (spec 000 § Common query parameters).
import { beforeAll, describe, expect, it } from 'vitest';
import { likeMatch, parseQ } from '../../../src/engine/products/receivables/rest/index.ts';
import { W, widgetDef, widgetSim } from './widgets.ts';

let s: Awaited<ReturnType<typeof widgetSim>>;
beforeAll(async () => {
  s = await widgetSim();
});

const ids = async (query: string): Promise<number[]> => {
  const r = await s.get(`${W}?limit=500&orderBy=WidgetId:asc&q=${encodeURIComponent(query)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items.map((i: { WidgetId: number }) => i.WidgetId - 1000);
};
const refused = async (query: string) => {
  const r = await s.get(`${W}?q=${encodeURIComponent(query)}`);
  expect(r.status).toBe(400);
  expect(r.body['o:errorPath']).toBeTruthy();
  return r.body as { detail: string; 'o:errorCode': string };
};

describe('q operators (spec 000 § q)', () => {
  it('=, !=, >, >=, <, <= on numbers compare as decimals', async () => {
    expect(await ids('Amount=10.05')).toEqual([1]);
    expect(await ids('Amount=10.050')).toEqual([1]);
    expect(await ids('Amount>577.2')).toEqual([58, 59]); // 57*10.05 = 572.85, 58 -> 582.9
    expect(await ids('Amount>=582.9')).toEqual([58, 59]);
    expect(await ids('Amount<10.05')).toEqual([0]);
    expect(await ids('Amount<=10.05')).toEqual([0, 1]);
    expect((await ids('Amount!=10.05')).length).toBe(59);
    expect(await ids('WidgetId=1003')).toEqual([3]);
  });
  it('strings: quoted values, LIKE with % wildcard, IN lists', async () => {
    expect(await ids("Name='W-07'")).toEqual([7]);
    expect(await ids("Name LIKE 'W-5%'")).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(await ids("Name IN ('W-01','W-03')")).toEqual([1, 3]);
    expect(await ids('WidgetId IN (1001, 1002)')).toEqual([1, 2]);
  });
  it('dates and datetimes compare by value; datetime literals may use +0000, Z or +hh:mm', async () => {
    expect(await ids("Day='2026-01-28'")).toEqual([27, 55]);
    expect((await ids("Day>='2026-01-27'")).sort((a, b) => a - b)).toEqual([26, 27, 54, 55]);
    expect(await ids("Stamp='2026-02-01T05:00:00.000+0000'")).toEqual([5, 29, 53]);
    expect(await ids("Stamp='2026-02-01T07:00:00+02:00'")).toEqual([5, 29, 53]);
    expect(await ids("Stamp>'2026-02-01T22:30:00Z'")).toEqual([23, 47]);
  });
  it('booleans', async () => {
    expect((await ids('Active=true')).length).toBe(30);
  });
  it('expressions joined by ; or AND are all required; OR is the simulator extension', async () => {
    expect(await ids("Active=true;Status='I';Amount<100")).toEqual([0, 6]);
    expect(await ids("Active=true AND Status='I' AND Amount<100")).toEqual([0, 6]);
    expect(await ids("Name='W-01' OR Name='W-02'")).toEqual([1, 2]);
    expect(await ids("Name='W-01';Active=false OR Name='W-02'")).toEqual([1, 2]);
  });
  it('a derived attribute filters (computed on read from the environment clock)', async () => {
    // Clock 2026-02-10: Day 2026-01-28 is 13 days old.
    expect(await ids('DaysOld=13')).toEqual([27, 55]);
  });
});

describe('q refusals (spec 000 § q: BETWEEN, IS NULL, grouping not implemented; non-queryable attribute 400)', () => {
  it('BETWEEN, IS NULL, NOT and grouping are refused with 400', async () => {
    expect((await refused('Amount BETWEEN 1 AND 2')).detail).toContain('BETWEEN');
    expect((await refused('Name IS NULL')).detail).toContain('IS NULL');
    expect((await refused('(Active=true OR Active=false)')).detail).toContain('Grouping');
    expect((await refused("Active=true;(Name='W-01')")).detail).toContain('Grouping');
  });
  it('a comma is not a separator', async () => {
    expect((await refused("Name='W-01',Active=true")).detail).toContain('semicolon');
  });
  it('a non-queryable attribute is 400 naming it; an unknown attribute too', async () => {
    const b = await refused('Price=1.5');
    expect(b.detail).toContain('Price');
    expect(b.detail).toContain('not queryable');
    expect((await refused('Bogus=1')).detail).toContain('Bogus');
  });
  it('values that are not of the attribute type are 400', async () => {
    await refused("Amount='abc'");
    await refused("Day='2026-02-30'");
    await refused("Stamp='yesterday'");
    await refused('Active=maybe');
    await refused("Amount LIKE '1%'");
    await refused("Name='unterminated");
    await refused('Name=');
    await refused('Name');
  });
  it('never answers 500 for arbitrary q text', async () => {
    for (const q of ["'", '=', ';;', 'a=b=c', 'Name IN (', 'Name IN ()', '))', 'Name ~ 1', '!', 'Name<>\'x\'', 'Name=\'a\'\'b\'']) {
      const r = await s.get(`${W}?q=${encodeURIComponent(q)}`);
      expect([200, 400]).toContain(r.status);
    }
  });
  it('LIKE: % and * match any run, _ one character, case-sensitive, no backtracking blow-up on hostile patterns', () => {
    expect(likeMatch('W-07', 'W-0_')).toBe(true);
    expect(likeMatch('W-07', 'W_%7')).toBe(true);
    expect(likeMatch('W-07', '%')).toBe(true);
    expect(likeMatch('', '%')).toBe(true);
    expect(likeMatch('W-07', 'w-%')).toBe(false);
    expect(likeMatch('abcabd', '%ab_')).toBe(true);
    expect(likeMatch('abc', 'a*c')).toBe(true);
    expect(likeMatch('abc', 'a_')).toBe(false);
    // A backtracking matcher would not return within the test timeout on this input.
    expect(likeMatch('a'.repeat(3000), `${'%a'.repeat(1000)}b`)).toBe(false);
  });
  it('parseQ yields OR-of-AND groups', () => {
    const e = parseQ("Name='a';Active=true OR WidgetId>1", widgetDef);
    expect(e.map((g) => g.map((c) => c.field.name))).toEqual([['Name', 'Active'], ['WidgetId']]);
  });
});

describe('orderBy (spec 000 § orderBy)', () => {
  it('Field:asc and Field:desc with several keys', async () => {
    const { body } = await s.get(`${W}?orderBy=Status:asc,Amount:desc&limit=3&fields=WidgetId,Status`);
    expect(body.items.map((i: { WidgetId: number }) => i.WidgetId - 1000)).toEqual([59, 58, 56]);
  });
  it('orderBy on an unknown attribute, with a bad direction, or on a derived attribute is 400', async () => {
    for (const o of ['Nope:asc', 'Name:up', 'Name:asc:desc', 'DaysOld:asc', 'parts:asc']) {
      const r = await s.get(`${W}?orderBy=${encodeURIComponent(o)}`);
      expect(r.status, o).toBe(400);
    }
    expect((await s.get(`${W}?orderBy=DaysOld:desc`)).body.detail).toContain('cannot be a sort key');
  });
  it('the sorted index follows writes (rebuilt per data version)', async () => {
    const before = await s.get(`${W}?orderBy=Amount:desc&limit=1`);
    expect(before.body.items[0].WidgetId).toBe(1059);
    await s.engine.store.write(s.key, (tx) => tx.put('widget', '1100', { WidgetId: 1100, Name: 'Big', Amount: '99999.99', Day: '2026-01-01', Active: true, Status: 'A' }));
    const after = await s.get(`${W}?orderBy=Amount:desc&limit=1`);
    expect(after.body.items[0].WidgetId).toBe(1100);
    await s.engine.store.write(s.key, (tx) => tx.delete('widget', '1100'));
  });
});

describe('finder (spec 000 § finder)', () => {
  it('PrimaryKey;<key>=<value> finds one row', async () => {
    const { body } = await s.get(`${W}?finder=${encodeURIComponent('PrimaryKey;WidgetId=1007')}`);
    expect(body.items.map((i: { Name: string }) => i.Name)).toEqual(['W-07']);
  });
  it('named finders with variables, combined with q', async () => {
    const { body } = await s.get(`${W}?finder=${encodeURIComponent('ByName;Name=W-08')}&q=Active=true`);
    expect(body.items).toHaveLength(1);
    const none = await s.get(`${W}?finder=${encodeURIComponent('ByName;Name=W-09')}&q=Active=true`);
    expect(none.body.items).toHaveLength(0);
  });
  it('any other finder is 400 naming it; unknown variables too', async () => {
    const r = await s.get(`${W}?finder=Secret`);
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('Secret');
    const v = await s.get(`${W}?finder=${encodeURIComponent('ByName;Colour=red')}`);
    expect(v.status).toBe(400);
    expect(v.body.detail).toContain('Colour');
    expect((await s.get(`${W}?finder=${encodeURIComponent('PrimaryKey;WidgetId=abc')}`)).status).toBe(400);
    expect((await s.get(`${W}?finder=PrimaryKey`)).status).toBe(400);
  });
});
