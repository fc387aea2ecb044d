// spec 001 § States and transitions (customer rows), § Write rules 3, 4, 5, 6, 8, § Endpoints, § Errors (DELETE, 409).
import { beforeAll, describe, expect, it } from 'vitest';
import { odataEnv, q, type ODataClient } from './helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv({ now: '2026-03-15T10:00:00.000Z' });
});

describe('POST /CUSTOMERS', () => {
  it('with a non-empty CUSTNAME: 201, STATDES Active, server-filled columns, Location with percent-encoded quotes', async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: "NEW'1", CUSTDES: 'New One', CREATEDDATE: '2001-01-01T00:00:00Z', CUST: 5, INACTIVEFLAG: 'Y' });
    expect(r.status).toBe(201);
    expect(r.body.CUSTNAME).toBe("NEW'1");
    expect(r.body.STATDES).toBe('Active');
    expect(r.body.OWNERLOGIN).toBe(o.username); // rule 3: authenticated identity
    expect(r.body.CREATEDDATE).toBe('2026-03-15T00:00:00Z'); // date-only midnight Z
    expect(r.body.STATUSDATE).toBe('2026-03-15T00:00:00Z');
    expect(r.body.INACTIVEFLAG).toBeNull(); // read-only: ignored
    expect(typeof r.body.CUST).toBe('number');
    expect(r.body.CUST).not.toBe(5);
    expect(r.body['@odata.context']).toBe(`${o.rootUrl}/$metadata#CUSTOMERS/$entity`);
    expect(r.headers.get('location')).toBe(`${o.rootUrl}/CUSTOMERS(%27NEW%27%271%27)`);
    // Every property on every row, null where empty.
    expect(r.body.SPEC20).toBeNull();
    const follow = await o.sim.fetch(new URL(r.headers.get('location') as string).pathname, { headers: { authorization: o.auth } });
    expect(follow.status).toBe(200);
  });

  it('CUST is auto-unique across creates', async () => {
    const a = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'UNIQ1', CUSTDES: 'U1' });
    const b = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'UNIQ2', CUSTDES: 'U2' });
    expect(b.body.CUST).toBeGreaterThan(a.body.CUST);
  });

  it('an existing key answers 409 and changes nothing', async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'C1001', CUSTDES: 'Clash' });
    expect(r.status).toBe(409);
    const g = await o.call('GET', "/CUSTOMERS('C1001')");
    expect(g.body.CUSTDES).toBe('Acme Industrial Supply');
  });

  it('without CUSTNAME, or with an empty one: temporary customer, STATDES Potential, T-number', async () => {
    const a = await o.call('POST', '/CUSTOMERS', { CUSTDES: 'Temp A' });
    const b = await o.call('POST', '/CUSTOMERS', { CUSTNAME: '', CUSTDES: 'Temp B' });
    const n = await o.call('POST', '/CUSTOMERS', { CUSTNAME: null, CUSTDES: 'Temp C' });
    for (const r of [a, b, n]) {
      expect(r.status).toBe(201);
      expect(r.body.CUSTNAME).toMatch(/^T\d+$/);
      expect(r.body.STATDES).toBe('Potential');
    }
    expect(new Set([a.body.CUSTNAME, b.body.CUSTNAME, n.body.CUSTNAME]).size).toBe(3);
  });

  it('rule 5: an empty payload gives the missing-required InterfaceErrors refusal', async () => {
    const r = await o.call('POST', '/CUSTOMERS', {});
    expect(r.status).toBe(400);
    expect(r.body['?xml']).toEqual({ '@version': '1.0', '@encoding': 'utf-8', '@standalone': 'yes' });
    expect(r.body.FORM['@TYPE']).toBe('CUSTOMERS');
    expect(r.body.FORM.InterfaceErrors.text).toMatch(/^Line 1- .*required/);
  });

  it('rule 4: STATDES outside Active/Potential refuses the whole write; REFERENCE is an unknown property on CUSTOMERS', async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'BADSTAT', CUSTDES: 'x', STATDES: 'Gold' });
    expect(r.status).toBe(400);
    expect(r.body.FORM.InterfaceErrors.text).toContain("'Gold'");
    expect((await o.call('GET', "/CUSTOMERS('BADSTAT')")).status).toBe(404);
    const ref = await o.call('POST', '/CUSTOMERS', { CUSTDES: 'x', REFERENCE: 'R1' });
    expect(ref.status).toBe(400);
    expect(ref.body.error.message).toMatch(/^The property 'REFERENCE' does not exist on type/);
    const ok = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'GOODSTAT', CUSTDES: 'x', STATDES: 'Potential' });
    expect(ok.body.STATDES).toBe('Potential');
  });

  it('rule 6: strings truncate at max length in UTF-16 units without orphaned surrogates; Int rounds half toward +infinity; Decimal to scale half away from zero', async () => {
    const r = await o.call('POST', '/CUSTOMERS', {
      CUSTNAME: 'TRUNC1',
      CUSTDES: `${'a'.repeat(47)}😀tail`,
      ZIP: '12345678901234',
      EMPNUM: 2.5,
      DISTRORDER: -2.5,
      COMMISSION: 1.005,
      MAX_CREDIT: -10.125,
    });
    expect(r.status).toBe(201);
    expect(r.body.CUSTDES).toBe('a'.repeat(47)); // the emoji would be cut in half: dropped
    expect(r.body.ZIP).toBe('1234567890');
    expect(r.body.EMPNUM).toBe(3);
    expect(r.body.DISTRORDER).toBe(-2);
    expect(r.body.COMMISSION).toBe(1.01);
    expect(r.body.MAX_CREDIT).toBe(-10.13);
  });

  it('rule 8: a nested create with contacts is atomic; contacts carry FIRM = CUSTDES; a contact STATDES is stored as given', async () => {
    const r = await o.call('POST', '/CUSTOMERS', {
      CUSTNAME: 'NEST1',
      CUSTDES: 'Nested Co',
      CUSTPERSONNEL_SUBFORM: [{ NAME: 'Ann Lee', STATDES: 'Whatever' }, { NAME: 'Bo Chan', EMAIL: 'bo@x.example' }],
    });
    expect(r.status).toBe(201);
    expect(r.body.CUSTPERSONNEL_SUBFORM).toHaveLength(2);
    expect(r.body.CUSTPERSONNEL_SUBFORM[0].FIRM).toBe('Nested Co');
    expect(r.body.CUSTPERSONNEL_SUBFORM[0].STATDES).toBe('Whatever');
    expect(r.body.CUSTPERSONNEL_SUBFORM[0].OWNERLOGIN).toBe(o.username);
    const bad = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'NEST2', CUSTDES: 'Half', CUSTPERSONNEL_SUBFORM: [{ NAME: 'Ok' }, { EMAIL: 'no name' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.FORM['@TYPE']).toBe('CUSTOMERS');
    expect((await o.call('GET', "/CUSTOMERS('NEST2')")).status).toBe(404); // nothing stored
  });
});

describe('PATCH /CUSTOMERS', () => {
  it('PATCH {} answers 200 with no change', async () => {
    const before = await o.call('GET', "/CUSTOMERS('C1002')");
    const r = await o.call('PATCH', "/CUSTOMERS('C1002')", {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual(before.body);
  });

  it('server-owned columns are silently ignored; explicit null clears; empty string is distinct from null', async () => {
    await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'PAT1', CUSTDES: 'Patch me', PHONE: '555', FAX: '777' });
    const r = await o.call('PATCH', "/CUSTOMERS('PAT1')", { CUSTNAME: 'OTHER', INACTIVEFLAG: 'Y', CUST: 1, CREATEDDATE: '2000-01-01', PHONE: null, FAX: '' });
    expect(r.status).toBe(200);
    expect(r.body.CUSTNAME).toBe('PAT1');
    expect(r.body.INACTIVEFLAG).toBeNull();
    expect(r.body.PHONE).toBeNull();
    expect(r.body.FAX).toBe('');
    expect(r.body['@odata.context']).toBe(`${o.rootUrl}/$metadata#CUSTOMERS/$entity`);
  });

  it('STATDES is validated; a valid change moves STATUSDATE', async () => {
    o.sim.clock.now = Date.parse('2026-03-20T09:00:00Z');
    await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'ST1', CUSTDES: 'Status' });
    o.sim.clock.now = Date.parse('2026-03-22T09:00:00Z');
    const bad = await o.call('PATCH', "/CUSTOMERS('ST1')", { STATDES: 'Closed', PHONE: '1' });
    expect(bad.status).toBe(400);
    expect((await o.call('GET', "/CUSTOMERS('ST1')")).body.PHONE).toBeNull(); // whole write refused
    const ok = await o.call('PATCH', "/CUSTOMERS('ST1')", { STATDES: 'Potential' });
    expect(ok.body.STATDES).toBe('Potential');
    expect(ok.body.STATUSDATE).toBe('2026-03-22T00:00:00Z');
  });

  it('a key with no row answers 400 before the body is parsed', async () => {
    const r = await o.call('PATCH', "/CUSTOMERS('NOSUCH')", 'not json', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('A record with the specified key was not found');
  });

  it('rule 8: renaming a customer (CUSTDES) changes the FIRM part of its contacts keys', async () => {
    await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'REN1', CUSTDES: 'Old Name', CUSTPERSONNEL_SUBFORM: [{ NAME: 'Kim' }] });
    await o.call('PATCH', "/CUSTOMERS('REN1')", { CUSTDES: 'New Name' });
    const list = await o.call('GET', "/CUSTOMERS('REN1')/CUSTPERSONNEL_SUBFORM");
    expect(list.body.value.map((c: { FIRM: string }) => c.FIRM)).toEqual(['New Name']);
    const old = await o.call('PATCH', `/CUSTOMERS('REN1')/CUSTPERSONNEL_SUBFORM(NAME='Kim',FIRM=${q('Old Name')})`, { EMAIL: 'x' });
    expect(old.status).toBe(400);
    const now = await o.call('PATCH', `/CUSTOMERS('REN1')/CUSTPERSONNEL_SUBFORM(NAME='Kim',FIRM=${q('New Name')})`, { EMAIL: 'kim@x.example' });
    expect(now.status).toBe(200);
    expect(now.body.EMAIL).toBe('kim@x.example');
  });
});

describe('contacts', () => {
  it('POST a contact: 201 with Location; the parent change instant is bumped', async () => {
    const r = await o.call('POST', "/CUSTOMERS('C1005')/CUSTPERSONNEL_SUBFORM", { NAME: 'New Person', FIRSTNAME: 'New' });
    expect(r.status).toBe(201);
    expect(r.body.FIRM).toBe('Evergreen School District');
    expect(r.headers.get('location')).toBe(`${o.rootUrl}/CUSTOMERS(%27C1005%27)/CUSTPERSONNEL_SUBFORM(NAME=%27New%20Person%27,FIRM=%27Evergreen%20School%20District%27)`);
    const data = await o.sim.engine.store.data(o.key);
    expect(data.get('CUSTOMERS', 'C1005')?.['_changedAt']).toBe(new Date(o.sim.clock.now).toISOString());
  });

  it('addressing requires the complete key: partial key bare 404; complete key with no row 400', async () => {
    const partial = await o.req('PATCH', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez')", { EMAIL: 'x' });
    expect(partial.status).toBe(404);
    expect(await partial.text()).toBe('');
    const none = await o.call('PATCH', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Nobody',FIRM='Acme Industrial Supply')", { EMAIL: 'x' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('A record with the specified key was not found');
  });

  it('contact DELETE answers the bare 404', async () => {
    const r = await o.req('DELETE', "/CUSTOMERS('C1001')/CUSTPERSONNEL_SUBFORM(NAME='Maria Lopez',FIRM='Acme Industrial Supply')");
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('');
  });
});

describe('DELETE refusals (spec 001 § Errors: four messages by row state)', () => {
  it('named customer, temporary customer, draft invoice and finalized invoice answer 400 with four different messages', async () => {
    const named = await o.call('DELETE', "/CUSTOMERS('C1003')");
    const temp = await o.call('DELETE', "/CUSTOMERS('T1001')");
    const data = await o.sim.engine.store.data(o.key);
    const draft = data.list('AINVOICES').find((i) => i['STATDES'] === 'Draft') as Record<string, string>;
    const final = data.list('AINVOICES').find((i) => i['STATDES'] === 'Final') as Record<string, string>;
    const d = await o.call('DELETE', `/AINVOICES(IVNUM='${draft.IVNUM}',DEBIT='D',IVTYPE='A')`);
    const f = await o.call('DELETE', `/AINVOICES(IVNUM='${final.IVNUM}',DEBIT='D',IVTYPE='A')`);
    const texts = [named, temp, d, f].map((r) => {
      expect(r.status).toBe(400);
      return r.body.FORM.InterfaceErrors.text as string;
    });
    expect(new Set(texts).size).toBe(4);
    expect(texts[1]).toMatch(/temporary customer/i);
    expect(texts[2]).toMatch(/draft/i);
    expect(texts[3]).toMatch(/cancel/i);
    expect((await o.call('GET', "/CUSTOMERS('C1003')")).status).toBe(200);
  });

  it('DELETE of a key with no row answers 400', async () => {
    const r = await o.call('DELETE', "/CUSTOMERS('NOSUCH')");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('A record with the specified key was not found');
  });
});
