import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, q, QT, writeFixture } from '../fixture.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  await writeFixture(e);
});
const F = `$filter=${q(QT)}`;
const custnames = (body: { value: { CUSTNAME: string }[] }) => body.value.map((r) => r.CUSTNAME);

async function status(path: string) {
  const res = await e.get(path);
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

describe('$orderby (spec 001 § Query options)', () => {
  it('Field asc/desc, comma-separated, direction words case-insensitive', async () => {
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=CUSTNAME%20desc`))).toEqual(['QT05', 'QT04', 'QT03', 'QT02', 'QT01']);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=${q('STATDES ASC,CUSTNAME DESC')}`))).toEqual(['QT04', 'QT03', 'QT01', 'QT05', 'QT02']);
  });

  it('nulls first ascending, last descending', async () => {
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=${q('MAX_CREDIT asc')}`))).toEqual(['QT03', 'QT05', 'QT02', 'QT01', 'QT04']);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=${q('MAX_CREDIT desc')}`))).toEqual(['QT04', 'QT01', 'QT02', 'QT05', 'QT03']);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=CREATEDDATE`))).toEqual(['QT04', 'QT03', 'QT01', 'QT05', 'QT02']);
  });

  it("another direction word gives 400 'Syntax error at position N in ...'; a trailing comma is refused", async () => {
    const cases: [string, string][] = [
      ['CUSTNAME desk', "Syntax error at position 13 in 'CUSTNAME desk'."],
      ['CUSTNAME,', "Syntax error at position 9 in 'CUSTNAME,'."],
      ['CUSTNAME asc,', "Syntax error at position 13 in 'CUSTNAME asc,'."],
      ['CUSTNAME asc desc', "Syntax error at position 17 in 'CUSTNAME asc desc'."],
      [',CUSTNAME', "Syntax error at position 0 in ',CUSTNAME'."],
    ];
    for (const [o, msg] of cases) {
      const r = await status(`/CUSTOMERS?$orderby=${q(o)}`);
      expect(r.status, o).toBe(400);
      expect(r.body.error.message, o).toBe(msg);
    }
  });

  it('an unknown property or a subform gives 400', async () => {
    const r = await status('/CUSTOMERS?$orderby=NOPE');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Could not find a property named 'NOPE' on type 'Priority.OData.CUSTOMERS'.");
    expect((await status('/CUSTOMERS?$orderby=CUSTPERSONNEL_SUBFORM')).status).toBe(400);
  });
});

describe('$top and $skip (spec 001 § Query options)', () => {
  it('page with $top and $skip; 0 is a no-op; no upper bound; $count=true ignored', async () => {
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$top=2&$skip=1`))).toEqual(['QT02', 'QT03']);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$top=0`))).toHaveLength(5);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$skip=0`))).toHaveLength(5);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$top=99999999999999999999`))).toHaveLength(5);
    const withCount = await getJson(e, `/CUSTOMERS?${F}&$count=true&$top=1`);
    expect(Object.keys(withCount)).toEqual(['@odata.context', 'value']);
  });

  it("negative or non-integer gives 400 'Invalid value 'X' for $top query option found...'", async () => {
    for (const v of ['-1', '1.5', 'abc', '+3', ' 1']) {
      for (const opt of ['$top', '$skip'] as const) {
        const r = await status(`/CUSTOMERS?${opt}=${q(v)}`);
        expect(r.status, `${opt}=${v}`).toBe(400);
        expect(r.body.error.message).toBe(`Invalid value '${v}' for ${opt} query option found. The ${opt} query option requires a non-negative integer value.`);
      }
    }
  });
});

describe('$select (spec 001 § Query options)', () => {
  it('keeps metadata order in rows while @odata.context echoes the sent order, duplicates removed', async () => {
    const body = await getJson(e, `/CUSTOMERS?${F}&$top=1&$select=STATDES,CUSTNAME,STATDES`);
    expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#CUSTOMERS(STATDES,CUSTNAME)`);
    expect(Object.keys(body.value[0])).toEqual(['CUSTNAME', 'STATDES']);
  });

  it('$select=* gives every property and a (*) context', async () => {
    const body = await getJson(e, `/CUSTOMERS?${F}&$top=1&$select=*`);
    expect(body['@odata.context']).toMatch(/#CUSTOMERS\(\*\)$/);
    expect(Object.keys(body.value[0])).toHaveLength(117);
  });

  it('naming a subform gives 400; an unknown property gives 400 naming it', async () => {
    expect((await status('/CUSTOMERS?$select=CUSTNAME,CUSTPERSONNEL_SUBFORM')).status).toBe(400);
    const r = await status('/CUSTOMERS?$select=CUSTNAME,NOPE');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("'NOPE'");
  });
});

describe('option names and values (spec 001 § Query options)', () => {
  it('option names are case-insensitive and may be percent-encoded', async () => {
    expect(custnames(await getJson(e, `/CUSTOMERS?$FILTER=${q(QT)}&$Top=1`))).toEqual(['QT01']);
    expect(custnames(await getJson(e, `/CUSTOMERS?%24filter=${q(QT)}&%24top=1&%24SKIP=1`))).toEqual(['QT02']);
  });

  it('a duplicated honoured option (any case) answers a bare 404; an empty repeat does not count', async () => {
    for (const p of ['/CUSTOMERS?$top=1&$top=2', '/CUSTOMERS?$top=1&$TOP=1', '/CUSTOMERS?$select=CUSTNAME&%24select=CUSTDES', "/CUSTOMERS('QT01')?$select=CUSTNAME&$select=CUSTDES"]) {
      const r = await status(p);
      expect(r.status, p).toBe(404);
      expect(r.text, p).toBe('');
    }
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$top=&$top=1`))).toEqual(['QT01']);
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$top=1&$top=`))).toEqual(['QT01']);
  });

  it('unknown $-options, $count, $search, $format and non-$ parameters are ignored on reads', async () => {
    const body = await getJson(e, `/CUSTOMERS?${F}&$search=x&$format=xml&$levels=2&foo=bar&$count=true&$top=1&$top2=5`);
    expect(custnames(body)).toEqual(['QT01']);
  });

  it('grammar inside values is case-insensitive; data is case-sensitive', async () => {
    expect(custnames(await getJson(e, `/CUSTOMERS?${F}&$orderby=CUSTNAME%20DeSc&$top=1`))).toEqual(['QT05']);
    expect((await status('/CUSTOMERS?$select=custname')).status).toBe(400);
  });
});
