/** The $batch inner dispatch provided by the product (spec 001 § $batch 1, 4; § Authentication 2). */
import { describe, expect, it } from 'vitest';
import { basic, odataEnv } from '../helpers.ts';

async function batch(e: Awaited<ReturnType<typeof odataEnv>>, requests: unknown[], auth = e.auth) {
  const res = await e.sim.fetch(`${e.root}/$batch`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ requests }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).responses as { id: unknown; status: number; headers: Record<string, string>; body: any }[]; // any: JSON payloads
}

describe('inner requests run through the same router with the caller identity', () => {
  it('GetLoginName inside a batch answers the PAT owner / API user', async () => {
    const e = await odataEnv();
    const [pat] = await batch(e, [{ id: '1', method: 'GET', url: '/GetLoginName' }], basic(e.pat, 'PAT'));
    expect(pat?.body.value).toBe('sarah');
    const [api] = await batch(e, [{ id: '1', method: 'GET', url: 'GetLoginName()' }]);
    expect(api?.body.value).toBe(e.user);
  });

  it('inner HEAD: root, $metadata and function imports give the full GET body; set-backed paths a bare 404', async () => {
    const e = await odataEnv();
    const rs = await batch(e, [
      { id: 'm', method: 'HEAD', url: '/$metadata' },
      { id: 'r', method: 'head', url: '/' },
      { id: 'f', method: 'HEAD', url: '/GetProductVersion' },
      { id: 's', method: 'HEAD', url: '/CUSTOMERS' },
      { id: 'e', method: 'HEAD', url: "/CUSTOMERS('C1001')" },
    ]);
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 404, 404]);
    expect(typeof rs[0]?.body).toBe('string');
    expect(rs[0]?.body).toContain('<edmx:Edmx');
    expect(rs[1]?.body.value).toHaveLength(5);
    expect(rs[2]?.body.value).toBeTypeOf('string');
    expect(rs[3]?.body).toBe('');
  });

  it('inner reads honour query options and answer like the same outer reads (status, body, x-deployment-id)', async () => {
    const e = await odataEnv();
    const urls = [
      "CUSTOMERS?$filter=CUSTNAME eq 'C1001'&$select=CUSTNAME",
      "CUSTOMERS('C1001')?$expand=CUSTPERSONNEL_SUBFORM",
      'CUSTOMERS/$count',
      'CUSTOMERS?$top=-1',
      'CUSTOMERS?$top=1&$top=2',
    ];
    const rs = await batch(e, urls.map((url, i) => ({ id: i, method: 'GET', url })));
    for (const [i, url] of urls.entries()) {
      const outer = await e.get(`/${url.replace(/ /g, '%20')}`);
      const text = await outer.text();
      const inner = rs[i];
      expect(inner?.status, url).toBe(outer.status);
      const body = text === '' ? '' : outer.headers.get('content-type')?.startsWith('text/plain') ? Number(text) : JSON.parse(text);
      expect(inner?.body, url).toEqual(body);
      expect(inner?.headers['x-deployment-id'], url).toBe(outer.headers.get('x-deployment-id') ?? undefined);
    }
    expect(rs[0]?.body.value).toEqual([{ CUSTNAME: 'C1001' }]);
    expect(rs[2]?.headers['x-deployment-id']).toBeTruthy();
  });
});
