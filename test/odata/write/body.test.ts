// spec 001 § Write rules 1, 2 and 9: body checks, unknown properties, wrong JSON types, no ETags.
import { beforeAll, describe, expect, it } from 'vitest';
import { odataEnv, type ODataClient } from './helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv();
});

const EMPTY = 'request body is empty';
const bytes = (s: string) => new TextEncoder().encode(s);

describe('write rule 1: the body must be a JSON object', () => {
  it('a JSON array gives the StartArray refusal', async () => {
    const r = await o.call('POST', '/CUSTOMERS', '[{"CUSTDES":"x"}]', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("'StartArray'");
  });

  it.each([
    ['malformed JSON', '{"CUSTDES": '],
    ['a bare string', '"hello"'],
    ['literal null', 'null'],
    ['trailing junk', '{"CUSTDES":"x"} junk'],
    ['a zero-byte body', ''],
  ])('%s gives "request body is empty"', async (_name, text) => {
    const r = await o.call('POST', '/CUSTOMERS', text, { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(EMPTY);
  });

  it('a missing Content-Type is tolerated', async () => {
    const res = await o.sim.fetch(`${o.base}/odata/Priority/tabula.ini/demo/CUSTOMERS`, {
      method: 'POST',
      headers: { authorization: o.auth },
      body: bytes('{"CUSTDES":"No content type"}'),
    });
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
    expect(res.status).toBe(201);
  });

  it('a non-JSON Content-Type is refused with a MIME message', async () => {
    const r = await o.call('POST', '/CUSTOMERS', '{"CUSTDES":"x"}', { 'content-type': 'text/plain' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/MIME type.*'text\/plain'/);
  });

  it('query options are ignored on writes', async () => {
    const r = await o.call('POST', '/CUSTOMERS?$select=CUSTNAME&$top=bad&$filter=nonsense(', { CUSTDES: 'Query ignored' });
    expect(r.status).toBe(201);
    expect(r.body.CUSTDES).toBe('Query ignored');
    expect(r.body.PHONE).toBeNull(); // full entity, not a $select projection
  });
});

describe('write rule 2: unknown properties and wrong JSON types', () => {
  it("an unknown property gives 'The property 'X' does not exist on type ...'", async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTDES: 'x', NOPE: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^The property 'NOPE' does not exist on type '.*CUSTOMERS'/);
  });

  it("a wrong JSON type gives a 'Cannot convert' envelope with an innererror", async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTDES: 'x', MAX_CREDIT: 'lots' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^Cannot convert/);
    expect(r.body.error.innererror.message).toContain("'lots'");
    const n = await o.call('POST', '/CUSTOMERS', { CUSTDES: 42 });
    expect(n.body.error.message).toContain("'Edm.String'");
  });

  it('an unknown property in a nested row refuses the whole create', async () => {
    const before = await o.call('GET', '/CUSTOMERS/$count');
    const r = await o.call('POST', '/CUSTOMERS', { CUSTDES: 'Nested bad', CUSTPERSONNEL_SUBFORM: [{ NAME: 'A', BOGUS: 'x' }] });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("'BOGUS'");
    const after = await o.call('GET', '/CUSTOMERS/$count');
    expect(after.text).toBe(before.text);
  });
});

describe('write rule 9: no ETag, no optimistic concurrency; method override, Accept, OData-Version and Prefer ignored', () => {
  it('creates and updates carry no ETag and If-Match is not checked', async () => {
    const r = await o.req('POST', '/CUSTOMERS', { CUSTNAME: 'ETAG1', CUSTDES: 'No etag' });
    expect(r.status).toBe(201);
    expect(r.headers.get('etag')).toBeNull();
    const p = await o.req('PATCH', "/CUSTOMERS('ETAG1')", { PHONE: '1' }, { 'if-match': 'W/"nonsense"', prefer: 'return=minimal', 'odata-version': '3.0', accept: 'application/xml' });
    expect(p.status).toBe(200);
    expect(p.headers.get('etag')).toBeNull();
    expect(p.headers.get('content-type')).toContain('application/json');
    expect((await p.json()).PHONE).toBe('1');
  });

  it('X-HTTP-Method-Override is ignored', async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'OVR1', CUSTDES: 'Override' }, { 'x-http-method-override': 'DELETE', 'content-type': 'application/json' });
    expect(r.status).toBe(201);
  });
});
