// Issue 14: OData entity-set reads through indexes kept current on writes (sorted orders; value
// indexes for equality filters). After creates, updates and deletes each answer must equal the one
// a walk of every row gives (spec 001 § Query options $filter eq/or/and, $orderby, $top, $skip).
import { beforeAll, describe, expect, it } from 'vitest';
import { odataEnv, type ODataEnv } from '../odata/helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  expect((await e.sim.admin('POST', `/environments/${e.key}/generate`, { count: 400 })).status).toBe(201);
});

async function names(query: string): Promise<string[]> {
  const res = await e.get(`/CUSTOMERS?$select=CUSTNAME&${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: { CUSTNAME: string }[] }).value.map((c) => c.CUSTNAME);
}

const json = { 'content-type': 'application/json' };

describe('OData indexes kept current on writes (issue 14)', () => {
  it('equality filters (eq, eq or eq, eq and ...) answer as the same test by ranges does, before and after writes', async () => {
    const check = async () => {
      const all = await names('$orderby=CUSTNAME');
      const [a, b] = [all[5] as string, all[all.length - 2] as string];
      const pairs: [string, string][] = [
        [`CUSTNAME eq '${a}'`, `CUSTNAME ge '${a}' and CUSTNAME le '${a}'`],
        [`CUSTNAME eq '${a}' or CUSTNAME eq '${b}' or CUSTNAME eq '${a}'`, `(CUSTNAME ge '${a}' and CUSTNAME le '${a}') or (CUSTNAME ge '${b}' and CUSTNAME le '${b}')`],
        [`STATDES eq 'Active' and CUSTDES ne 'x'`, `STATDES ge 'Active' and STATDES le 'Active' and CUSTDES ne 'x'`],
      ];
      for (const [eq, range] of pairs) {
        for (const tail of ['$orderby=CUSTDES desc&$top=50', '$orderby=CUSTNAME&$skip=1&$top=500']) {
          const x = await names(`$filter=${encodeURIComponent(eq)}&${tail}`);
          if (!tail.includes('$skip')) expect(x.length).toBeGreaterThan(0);
          expect(x).toEqual(await names(`$filter=${encodeURIComponent(range)}&${tail}`));
        }
      }
    };
    await check();
    expect((await e.req('POST', '/CUSTOMERS', { headers: json, body: JSON.stringify({ CUSTNAME: 'IDX0001', CUSTDES: 'Index test' }) })).status).toBe(201);
    const some = (await names('$orderby=CUSTNAME&$skip=20&$top=1'))[0] as string;
    expect((await e.req('PATCH', `/CUSTOMERS('${some}')`, { headers: json, body: JSON.stringify({ STATDES: 'Potential' }) })).status).toBe(200);
    await check();
    expect(await names(`$filter=${encodeURIComponent("CUSTNAME eq 'IDX0001'")}`)).toEqual(['IDX0001']);
  });

  it('a page in a non-key order after writes lists customers as a full sort does', async () => {
    const order = '$orderby=CUSTDES desc,CUSTNAME&$top=1000';
    await names(order);
    await names(order);
    await names(order); // past the first reads: the index is built and from now on patched
    for (let i = 0; i < 4; i++) {
      expect((await e.req('POST', '/CUSTOMERS', { headers: json, body: JSON.stringify({ CUSTNAME: `IDX1${i}`, CUSTDES: i % 2 ? 'Zeta' : 'Alpha' }) })).status).toBe(201);
    }
    const page = await names(order);
    const all = (await (await e.get('/CUSTOMERS?$select=CUSTNAME,CUSTDES&$top=100000')).json()) as { value: { CUSTNAME: string; CUSTDES: string }[] };
    const expected = [...all.value].sort((x, y) => (x.CUSTDES < y.CUSTDES ? 1 : x.CUSTDES > y.CUSTDES ? -1 : x.CUSTNAME < y.CUSTNAME ? -1 : 1)).map((c) => c.CUSTNAME);
    expect(page).toEqual(expected.slice(0, 1000));
  });
});
