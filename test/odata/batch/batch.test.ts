// spec 001 § $batch rules 1-4, § Limits (100 operations), § Authentication 4 (auth before the $batch method check).
import { beforeAll, describe, expect, it } from 'vitest';
import { odataEnv, type ODataClient } from '../write/helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv({ now: '2026-03-15T10:00:00.000Z' });
});

const batch = (requests: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  o.call('POST', '/$batch', typeof requests === 'string' ? requests : JSON.stringify({ requests }), headers);
const bytes = (s: string) => new TextEncoder().encode(s);

describe('$batch rule 2: whole-call refusals (400, nothing runs)', () => {
  it('authentication comes before the method check', async () => {
    const res = await o.sim.fetch(`${o.base}/odata/Priority/tabula.ini/demo/$batch`, { method: 'GET' });
    expect(res.status).toBe(401);
  });

  it("non-POST: '$batch requires POST method'", async () => {
    const r = await o.call('GET', '/$batch');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('$batch requires POST method');
  });

  it('missing Content-Type: plain-text body', async () => {
    const res = await o.sim.fetch(`${o.base}/odata/Priority/tabula.ini/demo/$batch`, {
      method: 'POST',
      headers: { authorization: o.auth },
      body: bytes('{"requests":[]}'),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('The batch request must have a "Content-Type" header.');
  });

  it('multipart type, other non-JSON type, body without requests', async () => {
    const m = await batch('--b\r\n', { 'content-type': 'multipart/mixed; boundary=b' });
    expect(m.body.error.message).toBe('Error reading batch part: multipart: NextPart: EOF');
    const x = await batch('{"requests":[]}', { 'content-type': 'application/xml' });
    expect(x.status).toBe(400);
    expect(x.body.error.message).toMatch(/MIME type.*'application\/xml'/);
    for (const body of ['[]', '{"reqs":[]}', 'nope', '{"requests":{}}']) {
      const r = await batch(body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('request body is empty');
    }
  });

  it('more than 100 operations is refused; exactly 100 run', async () => {
    const op = (i: number) => ({ id: String(i), method: 'GET', url: "CUSTOMERS('C1001')?$select=CUSTNAME" });
    const over = await batch(Array.from({ length: 101 }, (_, i) => op(i)));
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe('Batch commands are limited to 100 operations in one batch call.');
    const ok = await batch(Array.from({ length: 100 }, (_, i) => op(i)));
    expect(ok.status).toBe(200);
    expect(ok.body.responses).toHaveLength(100);
    expect(ok.body.responses.every((r: { status: number }) => r.status === 200)).toBe(true);
  });

  it('a leading $N back-reference not in dependsOn refuses the whole call, before anything runs', async () => {
    const r = await batch([
      { id: '1', method: 'POST', url: 'CUSTOMERS', body: { CUSTNAME: 'BREF1', CUSTDES: 'x' } },
      { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM', dependsOn: ['0'] },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Request Id reference [1] in Uri [$1/CUSTPERSONNEL_SUBFORM] is not found in effective depends-on-Ids [0] of the request.');
    expect((await o.call('GET', "/CUSTOMERS('BREF1')")).status).toBe(404);
  });
});

describe('spec 001 § $batch, rule 2: whole-call refusals come in the listed order and nothing runs', () => {
  const url = () => `${o.base}/odata/Priority/tabula.ini/demo/$batch`;
  const send = async (method: string, headers: Record<string, string>, body?: string) => {
    // bytes, not a string: a string body would bring its own text/plain Content-Type
    const res = await o.sim.fetch(url(), { method, headers: { authorization: o.auth, ...headers }, body: body === undefined ? undefined : bytes(body) });
    const text = await res.text();
    return { status: res.status, text, message: text.startsWith('{') ? (JSON.parse(text).error.message as string) : text };
  };
  const create = (n: number, name: string) => Array.from({ length: n }, (_, i) => ({ id: String(i), method: 'POST', url: 'CUSTOMERS', body: { CUSTNAME: `${name}${i}`, CUSTDES: 'x' } }));

  it('each refusal wins over every later one', async () => {
    const tooMany = JSON.stringify({ requests: [...create(100, 'ORD'), { id: 'r', method: 'GET', url: '$0' }] });
    // non-POST beats a missing Content-Type
    expect((await send('PATCH', {}, tooMany)).message).toBe('$batch requires POST method');
    // a missing Content-Type beats a body that would be refused
    expect((await send('POST', {}, 'not json')).message).toBe('The batch request must have a "Content-Type" header.');
    // multipart beats a body that is not JSON
    expect((await send('POST', { 'content-type': 'multipart/mixed; boundary=x' }, tooMany)).message).toBe('Error reading batch part: multipart: NextPart: EOF');
    // another non-JSON type beats a malformed body
    expect((await send('POST', { 'content-type': 'text/plain' }, '[')).message).toMatch(/MIME type.*'text\/plain'/);
    // more than 100 operations beats an undeclared back-reference
    expect((await send('POST', { 'content-type': 'application/json' }, tooMany)).message).toBe('Batch commands are limited to 100 operations in one batch call.');
    // an undeclared back-reference anywhere refuses the call before the first item runs
    const late = JSON.stringify({ requests: [...create(3, 'LATE'), { id: 'r', method: 'GET', url: '$0/CUSTPERSONNEL_SUBFORM', dependsOn: [] }] });
    expect((await send('POST', { 'content-type': 'application/json' }, late)).message).toBe(
      'Request Id reference [0] in Uri [$0/CUSTPERSONNEL_SUBFORM] is not found in effective depends-on-Ids [] of the request.',
    );
    const data = await o.sim.engine.store.data(o.key);
    expect(data.list('CUSTOMERS').filter((c) => /^(ORD|LATE)\d/.test(String(c['CUSTNAME'])))).toEqual([]);
  });
});

describe('$batch rules 1, 3 and 4', () => {
  it('an empty requests array gives 200 with an empty responses array', async () => {
    const r = await batch([]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ responses: [] });
  });

  it('runs in order with the caller identity and no rollback; ids echo their JSON type; a missing id is ""', async () => {
    const r = await batch([
      { id: 7, method: 'post', url: '/CUSTOMERS', body: { CUSTNAME: 'BATCH1', CUSTDES: 'Batch One' } },
      { id: 'x', method: 'Patch', url: "CUSTOMERS('BATCH1')", body: { PHONE: '42' } },
      { id: 'x', method: 'POST', url: 'CUSTOMERS', body: { CUSTNAME: 'BATCH1', CUSTDES: 'dup' } },
      { method: 'GET', url: "CUSTOMERS('BATCH1')" },
    ]);
    expect(r.status).toBe(200);
    const [a, b, c, d] = r.body.responses;
    expect([a.id, b.id, c.id, d.id]).toEqual([7, 'x', 'x', '']);
    expect(a.status).toBe(201);
    expect(a.body.OWNERLOGIN).toBe(o.username);
    expect(a.headers.location).toBeUndefined(); // inner create without Location
    expect(b.status).toBe(200);
    expect(b.body.PHONE).toBe('42');
    expect(c.status).toBe(409); // a later failure does not roll back the earlier writes
    expect(d.body.PHONE).toBe('42');
  });

  it('inner bodies by kind: object, number for /$count, XML string for $metadata, "" when no body', async () => {
    const r = await batch([
      { id: '1', method: 'GET', url: 'CUSTOMERS/$count' },
      { id: '2', method: 'GET', url: '$metadata' },
      { id: '3', method: 'HEAD', url: 'CUSTOMERS' },
      { id: '4', method: 'GET', url: "CUSTOMERS('C1001')", body: { ignored: true } },
    ]);
    const [count, meta, head, entity] = r.body.responses;
    expect(typeof count.body).toBe('number');
    expect(count.body).toBeGreaterThan(5);
    expect(typeof meta.body).toBe('string');
    expect(meta.body).toContain('<edmx:Edmx');
    expect(head.status).toBe(404); // inner HEAD on a set-backed path
    expect(head.body).toBe('');
    expect(entity.status).toBe(200);
    expect(entity.body.CUSTNAME).toBe('C1001');
  });

  it('inner HEAD on root, $metadata and function imports gives the full GET body', async () => {
    const r = await batch([
      { id: 'r', method: 'HEAD', url: '/' },
      { id: 'm', method: 'HEAD', url: '$metadata' },
      { id: 'f', method: 'HEAD', url: 'GetLoginName()' },
    ]);
    const [root, meta, fn] = r.body.responses;
    expect(root.status).toBe(200);
    expect(Array.isArray(root.body.value)).toBe(true);
    expect(meta.body).toContain('<edmx:Edmx');
    expect(fn.body.value).toBe(o.username);
  });

  it('per-item refusals: 424 for a declared back-reference (only code and message), missing method or url, 501, nested $batch', async () => {
    const r = await batch([
      { id: '1', method: 'GET', url: 'CUSTOMERS' },
      { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM', dependsOn: ['1'] },
      { id: '3', url: 'CUSTOMERS' },
      { id: '4', method: 'GET' },
      { id: '5', method: 'MERGE', url: 'CUSTOMERS' },
      { id: '6', method: 'POST', url: '$batch', body: { requests: [] } },
    ]);
    expect(r.status).toBe(200);
    const [, dep, noMethod, noUrl, merge, nested] = r.body.responses;
    expect(dep.status).toBe(424);
    expect(Object.keys(dep.body.error).sort()).toEqual(['code', 'message']);
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.error.message).toBe('Each batch request needs a method and a url.');
    expect(noUrl.body.error.message).toBe('Each batch request needs a method and a url.');
    expect(merge.status).toBe(501);
    expect(merge.body.error.message).toBe('Not implemented: MERGE CUSTOMERS');
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toBe('A batch request may not contain another $batch.');
  });

  it('inner urls: root-relative with or without slash, the exact full base; foreign bases and climbing above the base are refused', async () => {
    const full = o.rootUrl;
    const foreign = "A batch request url must address a resource under this environment's OData base.";
    const r = await batch([
      { id: 'a', method: 'GET', url: `${full}/CUSTOMERS('C1001')` },
      { id: 'b', method: 'GET', url: full },
      { id: 'c', method: 'GET', url: `${full}/` },
      { id: 'd', method: 'GET', url: '/' },
      { id: 'e', method: 'GET', url: full.replace('http://', 'https://') + '/CUSTOMERS' },
      { id: 'f', method: 'GET', url: full.replace('sim.test', 'SIM.test') + '/CUSTOMERS' },
      { id: 'g', method: 'GET', url: full.replace(o.key, `env_${'0'.repeat(32)}`) + '/CUSTOMERS' },
      { id: 'h', method: 'GET', url: full.replace('/demo', '/DEMO') + '/CUSTOMERS' },
      { id: 'i', method: 'GET', url: '../demo/CUSTOMERS' },
      { id: 'j', method: 'GET', url: `${full}/../demo/CUSTOMERS` },
    ]);
    const byId = Object.fromEntries(r.body.responses.map((x: { id: string }) => [x.id, x]));
    expect(byId.a.status).toBe(200);
    for (const id of ['b', 'c', 'd']) {
      expect(byId[id].status).toBe(200);
      expect(Array.isArray(byId[id].body.value)).toBe(true);
    }
    for (const id of ['e', 'f', 'g', 'h', 'i', 'j']) {
      expect(byId[id].status).toBe(400);
      expect(byId[id].body.error.message).toBe(foreign);
    }
  });

  it('spec 001 § $batch, rule 4: a body on an inner GET or HEAD is ignored; string and number ids echo their type', async () => {
    const r = await batch([
      { id: 1, method: 'HEAD', url: '$metadata', body: { requests: [] } },
      { id: '1', method: 'GET', url: "CUSTOMERS('C1001')?$select=CUSTNAME", body: 'not json at all' },
      { id: 2, method: 'head', url: "CUSTOMERS('C1001')", body: {} },
    ]);
    const [meta, get, head] = r.body.responses;
    expect([meta.id, get.id, head.id]).toEqual([1, '1', 2]);
    expect(meta.status).toBe(200);
    expect(meta.body).toContain('<edmx:Edmx');
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ '@odata.context': `${o.rootUrl}/$metadata#CUSTOMERS(CUSTNAME)/$entity`, CUSTNAME: 'C1001' });
    expect([head.status, head.body]).toEqual([404, '']);
  });

  it('inner headers are inert (an inner Content-Type or Authorization changes nothing)', async () => {
    const r = await batch([
      { id: '1', method: 'POST', url: 'CUSTOMERS', headers: { 'content-type': 'text/plain', authorization: 'Basic Zm9vOmJhcg==' }, body: { CUSTNAME: 'HDR1', CUSTDES: 'Headers' } },
    ]);
    expect(r.body.responses[0].status).toBe(201);
    expect(r.body.responses[0].body.OWNERLOGIN).toBe(o.username);
  });

  it('runs with a PAT owner identity when the call authenticates with a PAT', async () => {
    const auth = `Basic ${btoa(`${o.pat}:PAT`)}`;
    const res = await o.sim.fetch(`${o.base}/odata/Priority/tabula.ini/demo/$batch`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ id: '1', method: 'POST', url: 'CUSTOMERS', body: { CUSTNAME: 'PATB1', CUSTDES: 'By PAT' } }] }),
    });
    const body = await res.json();
    expect(body.responses[0].body.OWNERLOGIN).toBe(o.patOwner);
  });
});
