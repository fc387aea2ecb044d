import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS, CUSTPERSONNEL_SUBFORM } from '../../../src/engine/products/odata/forms/index.ts';
import { getJson, q, QT, writeFixture } from '../fixture.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  await writeFixture(e);
});

async function answer(path: string, method = 'GET', body?: string) {
  const res = await e.req(method, path, body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } });
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type'), body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

describe('entity set reads (spec 001 § Entity sets)', () => {
  it('200 object with @odata.context and value; every property on every row in metadata order, null where empty', async () => {
    const body = await getJson(e, `/CUSTOMERS?$filter=${q(QT)}`);
    expect(Object.keys(body)).toEqual(['@odata.context', 'value']);
    expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#CUSTOMERS`);
    for (const row of body.value) expect(Object.keys(row)).toEqual(CUSTOMERS.properties.map((p) => p.name));
    const qt1 = body.value[0];
    expect(qt1).toMatchObject({ CUSTNAME: 'QT01', MAX_CREDIT: 1000.5, EMPNUM: 12, PHONE: null, CREATEDDATE: '2025-01-10T00:00:00Z' });
    expect(Object.keys(qt1).some((k) => k.startsWith('_'))).toBe(false);
  });

  it('collections without $orderby are in key order', async () => {
    const body = await getJson(e, '/CUSTOMERS?$select=CUSTNAME');
    const names = body.value.map((r: { CUSTNAME: string }) => r.CUSTNAME);
    expect(names).toEqual([...names].sort());
  });

  it('lowercase entity set, unknown set, property path segment, trailing junk -> bare 404', async () => {
    for (const p of ['/customers', '/NOPE', "/CUSTOMERS('QT01')/CUSTDES", '/CUSTOMERS/', '/CUSTOMERS/$count/x', "/CUSTOMERS('QT01')/$count", '/$metadata/x']) {
      const r = await answer(p);
      expect(r.status, p).toBe(404);
      expect(r.text, p).toBe('');
    }
  });

  it('a percent-encoded path segment is a bare 404', async () => {
    for (const p of ['/%43USTOMERS', "/CUSTOMERS%28'QT01'%29", '/%24metadata', '/CUSTOMERS/%24count']) {
      const r = await answer(p);
      expect(r.status, p).toBe(404);
      expect(r.text).toBe('');
    }
  });
});

describe('key addressing (spec 001 § Query options, Key addressing)', () => {
  it('single entity: properties at top level and a #CUSTOMERS/$entity context', async () => {
    const body = await getJson(e, "/CUSTOMERS('QT01')");
    expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#CUSTOMERS/$entity`);
    expect(Object.keys(body)).toEqual(['@odata.context', ...CUSTOMERS.properties.map((p) => p.name)]);
    expect(body.CUSTDES).toBe("O'Brien Tools");
  });

  it('the named form works on single-key sets; apostrophes are doubled; %27 quotes are accepted', async () => {
    expect((await getJson(e, "/CUSTOMERS(CUSTNAME='QT01')")).CUSTNAME).toBe('QT01');
    expect((await getJson(e, '/CUSTOMERS(%27QT01%27)')).CUSTNAME).toBe('QT01');
    await e.sim.engine.store.write(e.key, (tx) => tx.put('CUSTOMERS', "Q'Z", { CUSTNAME: "Q'Z" }));
    expect((await getJson(e, "/CUSTOMERS('Q''Z')")).CUSTNAME).toBe("Q'Z");
  });

  it('composite keys are order-insensitive', async () => {
    for (const k of ["IVNUM='QTI1',DEBIT='D',IVTYPE='A'", "IVTYPE='A',IVNUM='QTI1',DEBIT='D'", "DEBIT='D',IVTYPE='A',IVNUM='QTI1'"]) {
      const body = await getJson(e, `/AINVOICES(${k})`);
      expect(body.IVNUM).toBe('QTI1');
      expect(body['@odata.context']).toMatch(/#AINVOICES\/\$entity$/);
    }
  });

  it('unquoted key, extra or duplicated key part, missing composite part -> bare 404', async () => {
    for (const p of [
      '/CUSTOMERS(QT01)',
      "/CUSTOMERS('QT01',CUSTNAME='QT01')",
      "/CUSTOMERS(CUSTNAME='QT01',CUSTNAME='QT01')",
      "/CUSTOMERS(CUSTNAME='QT01',X='1')",
      "/CUSTOMERS('QT01'",
      '/CUSTOMERS()',
      "/CUSTOMERS('QT'01')",
      "/AINVOICES(IVNUM='QTI1',DEBIT='D')",
      "/AINVOICES('QTI1')",
      "/AINVOICES(IVNUM='QTI1',DEBIT='D',IVTYPE='A',IVTYPE='A')",
      "/AINVOICES(IVNUM=QTI1,DEBIT='D',IVTYPE='A')",
    ]) {
      const r = await answer(p);
      expect(r.status, p).toBe(404);
      expect(r.text, p).toBe('');
    }
  });

  it("a well-formed key with no row -> envelope 404 'The specified entity was not found'; keys match as text", async () => {
    for (const p of ["/CUSTOMERS('NOPE')", "/CUSTOMERS('qt01')", "/CUSTOMERS('QT01 ')", "/AINVOICES(IVNUM='QTI1',DEBIT='C',IVTYPE='A')", "/CUSTOMERS('NOPE')/CUSTPERSONNEL_SUBFORM"]) {
      const r = await answer(p);
      expect(r.status, p).toBe(404);
      expect(r.body.error.message).toBe('The specified entity was not found');
      expect(Object.keys(r.body.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
    }
  });

  it('keyed subform items are not readable (bare 404)', async () => {
    for (const p of ["/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM(NAME='Ann Lee',FIRM='O''Brien Tools')", "/AINVOICES(IVNUM='QTI1',DEBIT='D',IVTYPE='A')/AINVOICEITEMS_SUBFORM(1)"]) {
      const r = await answer(p);
      expect(r.status, p).toBe(404);
      expect(r.text).toBe('');
    }
  });
});

describe('item read rules (spec 001 § Query options)', () => {
  it('top-level $filter, $top and $skip are not parsed on item reads', async () => {
    const body = await getJson(e, "/CUSTOMERS('QT01')?$filter=garbage((&$top=-1&$skip=x");
    expect(body.CUSTNAME).toBe('QT01');
  });

  it('$orderby is validated on item reads; $select and $expand are honoured', async () => {
    expect((await answer("/CUSTOMERS('QT01')?$orderby=CUSTNAME%20sideways")).status).toBe(400);
    expect((await answer("/CUSTOMERS('QT01')?$orderby=NOPE")).status).toBe(400);
    const ok = await getJson(e, "/CUSTOMERS('QT01')?$orderby=CUSTNAME%20desc&$select=CUSTNAME,CUSTDES");
    expect(ok).toEqual({ '@odata.context': `http://sim.test${e.root}/$metadata#CUSTOMERS(CUSTNAME,CUSTDES)/$entity`, CUSTNAME: 'QT01', CUSTDES: "O'Brien Tools" });
  });

  it('nested $expand options are validated on item reads', async () => {
    expect((await answer("/CUSTOMERS('QT01')?$expand=CUSTPERSONNEL_SUBFORM($top=x)")).status).toBe(400);
    const body = await getJson(e, "/CUSTOMERS('QT01')?$expand=CUSTPERSONNEL_SUBFORM($top=1;$select=NAME)&$select=CUSTNAME");
    expect(body.CUSTPERSONNEL_SUBFORM).toEqual([{ NAME: 'Ann Lee' }]);
  });
});

describe('subform collections (spec 001 § Entity sets)', () => {
  it('<item>/<SUBFORM>: 200 collection ordered by key, with query options against the child type', async () => {
    const body = await getJson(e, "/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM");
    expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM`);
    expect(body.value.map((c: { NAME: string }) => c.NAME)).toEqual(['Ann Lee', 'Bob Roe', 'Cy Poe']);
    expect(Object.keys(body.value[0])).toEqual(CUSTPERSONNEL_SUBFORM.properties.map((p) => p.name));
    const lines = await getJson(e, "/AINVOICES(IVNUM='QTI1',DEBIT='D',IVTYPE='A')/AINVOICEITEMS_SUBFORM?$select=KLINE");
    expect(lines.value).toEqual([{ KLINE: 1 }, { KLINE: 2 }, { KLINE: 10 }]);
    const filtered = await getJson(e, `/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM?$filter=${q('PHONE ge 2')}&$orderby=PHONE&$select=NAME&$skip=1`);
    expect(filtered.value).toEqual([{ NAME: 'Ann Lee' }]);
    expect((await answer("/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM?$filter=CUSTNAME%20eq%20'x'")).status).toBe(400);
  });
});

describe('/$count (spec 001 § Entity sets)', () => {
  it('200 text/plain number honouring $filter and $since', async () => {
    const r = await answer(`/CUSTOMERS/$count?$filter=${q(QT)}`);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain/);
    expect(r.text).toBe('5');
    expect((await answer(`/CUSTOMERS/$count?$filter=${q(`${QT} and STATDES eq 'Active'`)}&$top=1`)).text).toBe('3');
    expect((await answer(`/CUSTOMERS/$count?$filter=${q(QT)}&$since=2026-03-10T00:00:00Z`)).text).toBe('3');
    expect((await answer("/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM/$count")).text).toBe('3');
    expect((await answer(`/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM/$count?$filter=${q('EMAIL eq null')}`)).text).toBe('1');
    expect((await answer('/CUSTOMERS/$count?$filter=NOPE%20eq%201')).status).toBe(400);
  });
});

describe('$since (spec 001 § Query options)', () => {
  it('rows changed at or after a UTC instant; unparseable values are ignored', async () => {
    const since = async (v: string) =>
      (await getJson(e, `/CUSTOMERS?$filter=${q(QT)}&$since=${q(v)}&$select=CUSTNAME`)).value.map((r: { CUSTNAME: string }) => r.CUSTNAME);
    expect(await since('2026-03-10T00:00:00Z')).toEqual(['QT02', 'QT03', 'QT04']);
    expect(await since('2026-03-12T12:00:00Z')).toEqual(['QT03', 'QT04']);
    expect(await since('2026-03-12T14:00:00+02:00')).toEqual(['QT03', 'QT04']);
    expect(await since('2026-03-12T12:00:00')).toEqual(['QT03', 'QT04']);
    expect(await since('yesterday')).toHaveLength(5);
  });
});

describe('HEAD, OPTIONS and PUT (spec 001 § Errors, § Endpoints)', () => {
  it('HEAD and OPTIONS on set-backed paths -> bare 404', async () => {
    for (const m of ['HEAD', 'OPTIONS']) {
      for (const p of ['/CUSTOMERS', "/CUSTOMERS('QT01')", '/CUSTOMERS/$count', "/CUSTOMERS('QT01')/CUSTPERSONNEL_SUBFORM"]) {
        const r = await answer(p, m);
        expect(r.status, `${m} ${p}`).toBe(404);
        expect(r.text).toBe('');
      }
    }
  });

  it('HEAD and OPTIONS on the root and function imports answer like GET', async () => {
    expect((await answer('/', 'HEAD')).status).toBe(200);
    expect((await answer('/GetProductVersion', 'OPTIONS')).body.value).toBeTypeOf('string');
  });

  it("PUT on an existing record -> bare 404; on a missing one -> 400 'A record with the specified key was not found'", async () => {
    const existing = await answer("/CUSTOMERS('QT01')", 'PUT', '{"CUSTDES":"x"}');
    expect(existing.status).toBe(404);
    expect(existing.text).toBe('');
    const missing = await answer("/CUSTOMERS('NOPE')", 'PUT', 'not even json');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('A record with the specified key was not found');
    expect((await getJson(e, "/CUSTOMERS('QT01')")).CUSTDES).toBe("O'Brien Tools");
  });
});

describe('read-only forms (spec 001 § What the service does 3, § Errors)', () => {
  it('POST, PATCH, PUT and DELETE on TINVOICES, PAY, ACCOUNTS_RECEIVABLE and children answer the API-permission refusal before body parsing', async () => {
    const tinv = (await getJson(e, '/TINVOICES?$top=1&$select=IVNUM')).value[0];
    const key = tinv ? `(IVNUM='${tinv.IVNUM}',DEBIT='D',IVTYPE='T')` : "(IVNUM='X',DEBIT='D',IVTYPE='T')";
    const paths = ['/TINVOICES', `/TINVOICES${key}`, `/TINVOICES${key}/TPAYMENT2_SUBFORM`, `/TINVOICES${key}/TFNCITEMS_SUBFORM`, '/PAY', "/PAY('30')", "/PAY('30')/PAYITEMS_SUBFORM", "/PAY('30')/PAYITEMS_SUBFORM(1)", '/ACCOUNTS_RECEIVABLE', "/ACCOUNTS_RECEIVABLE('NOPE')"];
    for (const p of paths) {
      for (const m of ['POST', 'PATCH', 'PUT', 'DELETE']) {
        for (const body of ['{"X":1}', '[', '']) {
          const r = await answer(p, m, body);
          expect(r.status, `${m} ${p}`).toBe(400);
          expect(r.body.error.message, `${m} ${p}`).toMatch(/^API permission denied: form [A-Z_0-9]+ is read-only for the API/);
        }
      }
    }
  });

  it('reads of read-only forms work', async () => {
    for (const p of ['/TINVOICES', '/PAY', '/ACCOUNTS_RECEIVABLE']) expect((await answer(`${p}?$top=1`)).status).toBe(200);
  });
});

describe('ignored request headers (spec 001 write rule 9)', () => {
  it('X-HTTP-Method-Override, Accept, OData-Version and Prefer do not change a read', async () => {
    const plain = await (await e.get("/CUSTOMERS('QT01')")).text();
    const res = await e.get("/CUSTOMERS('QT01')", {
      headers: { 'x-http-method-override': 'DELETE', accept: 'application/xml', 'odata-version': '3.0', prefer: 'return=minimal, odata.maxpagesize=1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe(plain);
    expect(res.headers.get('etag')).toBeNull();
  });
});
