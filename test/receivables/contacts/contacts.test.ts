// crmRestApi contacts (spec 000 § Contact (crmRestApi contacts), Contacts endpoint table, support matrix).
import { beforeAll, describe, expect, it } from 'vitest';
import { CRM, REST, receivablesEnv, type ReceivablesEnv } from '../framework/support.ts';

let r: ReceivablesEnv;
const C = `${CRM}/contacts`;
const CONTACT_FIELDS = [
  'PartyId', 'PartyNumber', 'ContactName', 'ContactUniqueName', 'FirstName', 'LastName', 'JobTitle', 'EmailAddress',
  'WorkPhoneNumber', 'MobileNumber', 'HomePhoneNumber', 'FaxNumber', 'PartyStatus', 'PartyType', 'AccountPartyId', 'LastUpdateDate',
];
const POINT_FIELDS = [
  'ContactPointId', 'ContactPointType', 'EmailAddress', 'RawPhoneNumber', 'FormattedPhoneNumber', 'PrimaryFlag', 'Status',
  'CreatedBy', 'CreationDate', 'LastUpdatedBy', 'LastUpdateDate',
];
// A contact written straight into the store: no contact points, inactive.
const LONELY = { PartyId: 399999999999991, PartyNumber: '399991', ContactName: 'Lone Ranger', ContactUniqueName: 'Lone Ranger', FirstName: 'Lone', LastName: 'Ranger', JobTitle: null, EmailAddress: null, WorkPhoneNumber: null, MobileNumber: null, HomePhoneNumber: null, FaxNumber: null, PartyStatus: 'I', PartyType: 'PERSON', AccountPartyId: 1, LastUpdateDate: '2026-01-01T00:00:00.000+0000' };

let first: { PartyId: number; PartyNumber: string; ContactName: string };

beforeAll(async () => {
  r = await receivablesEnv();
  await r.sim.engine.store.write(r.key, (tx) => tx.put('contact', String(LONELY.PartyId), LONELY));
  first = (await r.json(`${C}?limit=1`)).body.items[0];
});

describe('collection', () => {
  it('lists contacts in PartyId:asc order by default with the spec fields, PartyType PERSON, null phone fields present', async () => {
    const { status, body } = await r.json(`${C}?limit=500&totalResults=true`);
    expect(status).toBe(200);
    const ids = body.items.map((i: { PartyId: number }) => i.PartyId);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(body.totalResults).toBe(body.items.length);
    for (const c of body.items) {
      expect(Object.keys(c)).toEqual([...CONTACT_FIELDS, 'links']);
      expect(c.PartyType).toBe('PERSON');
      expect(c.ContactUniqueName).toBe(c.ContactName);
      expect(c.MobileNumber).toBeNull();
      expect(c.HomePhoneNumber).toBeNull();
      expect(c.FaxNumber).toBeNull();
      expect(['A', 'I']).toContain(c.PartyStatus);
      expect(c.LastUpdateDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    }
    expect(body.items[0].links.find((l: { rel: string }) => l.rel === 'child')).toMatchObject({ name: 'ContactPoint', kind: 'collection' });
    expect(body.items[0].links[0].href).toMatch(new RegExp(`/crmRestApi/resources/11\\.13\\.18\\.05/contacts/${body.items[0].PartyNumber}$`));
  });

  it('ContactPoint appears only with expand=ContactPoint; EmailAddress equals the EMAIL contact point; WorkPhoneNumber is a PHONE point', async () => {
    const plain = await r.json(`${C}?limit=3`);
    for (const c of plain.body.items) expect(c).not.toHaveProperty('ContactPoint');
    const { body } = await r.json(`${C}?limit=500&expand=ContactPoint&q=PartyStatus='A'`);
    for (const c of body.items) {
      for (const p of c.ContactPoint) expect(Object.keys(p)).toEqual([...POINT_FIELDS, 'links']);
      const email = c.ContactPoint.find((p: { ContactPointType: string }) => p.ContactPointType === 'EMAIL');
      expect(email?.EmailAddress ?? null).toBe(c.EmailAddress);
      if (email) expect(email.RawPhoneNumber).toBeNull();
      if (c.WorkPhoneNumber) {
        const phone = c.ContactPoint.find((p: { ContactPointType: string }) => p.ContactPointType === 'PHONE');
        expect(phone.FormattedPhoneNumber).toBe(c.WorkPhoneNumber);
        expect(phone.EmailAddress).toBeNull();
      }
    }
  });

  it('a contact without contact points expands to an empty array (spec 000 § envelope)', async () => {
    const { body } = await r.json(`${C}/${LONELY.PartyNumber}?expand=ContactPoint`);
    expect(body.ContactPoint).toEqual([]);
  });

  it('q works on each documented queryable attribute', async () => {
    const c = (await r.json(`${C}/${first.PartyNumber}`)).body;
    for (const [attr, lit] of [
      ['PartyId', String(c.PartyId)],
      ['PartyNumber', `'${c.PartyNumber}'`],
      ['ContactName', `'${c.ContactName}'`],
      ['FirstName', `'${c.FirstName}'`],
      ['LastName', `'${c.LastName}'`],
      ['JobTitle', `'${c.JobTitle}'`],
      ['EmailAddress', `'${c.EmailAddress}'`],
      ['LastUpdateDate', `'${c.LastUpdateDate}'`],
    ]) {
      const res = await r.json(`${C}?q=${encodeURIComponent(`${attr}=${lit}`)}`);
      expect(res.status, attr).toBe(200);
      expect(res.body.items.map((i: { PartyId: number }) => i.PartyId), attr).toContain(c.PartyId);
    }
    const inactive = await r.json(`${C}?q=${encodeURIComponent("PartyStatus='I'")}&limit=500`);
    expect(inactive.body.items.length).toBeGreaterThan(0);
    for (const i of inactive.body.items) expect(i.PartyStatus).toBe('I');
  });

  it('q on an attribute outside the documented list is 400 and says the gap is in the simulator', async () => {
    for (const attr of ['WorkPhoneNumber', 'AccountPartyId', 'PartyType', 'ContactUniqueName']) {
      const res = await r.json(`${C}?q=${encodeURIComponent(`${attr}='x'`)}`);
      expect(res.status, attr).toBe(400);
      expect(res.body.detail).toContain(attr);
      expect(res.body.detail).toContain('simulator');
    }
  });

  it('finders PrimaryKey;PartyId=<id> and ContactPartyNumberRF;PartyNumber=<number>', async () => {
    const pk = await r.json(`${C}?finder=${encodeURIComponent(`PrimaryKey;PartyId=${first.PartyId}`)}`);
    expect(pk.body.items.map((i: { PartyNumber: string }) => i.PartyNumber)).toEqual([first.PartyNumber]);
    const rf = await r.json(`${C}?finder=${encodeURIComponent(`ContactPartyNumberRF;PartyNumber=${first.PartyNumber}`)}`);
    expect(rf.body.items.map((i: { PartyId: number }) => i.PartyId)).toEqual([first.PartyId]);
  });

  it.each(['MyContacts', 'MyBusinessContacts', 'MyFavoriteContacts', 'SourceSystemReferenceAltKey', 'Whatever'])('finder %s is refused with 400 naming it', async (name) => {
    const res = await r.json(`${C}?finder=${name}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(name);
  });

  it('orderBy, fields and paging apply', async () => {
    const { body } = await r.json(`${C}?orderBy=LastName:desc&fields=LastName&limit=2&offset=1&onlyData=true`);
    expect(body.items).toHaveLength(2);
    expect(Object.keys(body.items[0])).toEqual(['LastName']);
    expect(body.items[0].LastName >= body.items[1].LastName).toBe(true);
  });
});

describe('item, keyed by PartyNumber', () => {
  it('GET /contacts/{PartyNumber} answers the contact with fields, onlyData, links, expand', async () => {
    const { status, body } = await r.json(`${C}/${first.PartyNumber}?fields=PartyId,ContactName&expand=ContactPoint&links=self`);
    expect(status).toBe(200);
    expect(body.PartyId).toBe(first.PartyId);
    expect(Object.keys(body)).toEqual(['PartyId', 'ContactName', 'ContactPoint', 'links']);
    expect(body.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
  });

  it('a PartyId in the path gives 404 REST-01404 (keyed by PartyNumber, not PartyId)', async () => {
    const res = await r.json(`${C}/${first.PartyId}`);
    expect(res.status).toBe(404);
    expect(res.body['o:errorCode']).toBe('REST-01404');
  });

  it('an unknown contact gives 404 REST-01404; item parameters outside fields, onlyData, links, expand are refused', async () => {
    expect((await r.json(`${C}/NOPE`)).body['o:errorCode']).toBe('REST-01404');
    const q = await r.json(`${C}/${first.PartyNumber}?q=PartyId=1`);
    expect(q.status).toBe(400);
    expect(q.body.detail).toContain('q');
  });
});

describe('ContactPoint child', () => {
  it('collection with envelope and parent link; item by ContactPointId equals the collection row', async () => {
    const coll = await r.json(`${C}/${first.PartyNumber}/child/ContactPoint?totalResults=true&orderBy=ContactPointId:desc`);
    expect(coll.status).toBe(200);
    expect(coll.body.totalResults).toBe(coll.body.items.length);
    expect(coll.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'parent']);
    const p = coll.body.items[0];
    const one = await r.json(`${C}/${first.PartyNumber}/child/ContactPoint/${p.ContactPointId}`);
    expect(one.body).toEqual(p);
  });

  it('a non-numeric contact point id gives 400 REST-01400; an unknown one 404 REST-01404', async () => {
    const bad = await r.json(`${C}/${first.PartyNumber}/child/ContactPoint/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body['o:errorCode']).toBe('REST-01400');
    const missing = await r.json(`${C}/${first.PartyNumber}/child/ContactPoint/123456789012345`);
    expect(missing.status).toBe(404);
    expect(missing.body['o:errorCode']).toBe('REST-01404');
  });

  it('the child collection does not implement q (refused by name); unknown children are 404', async () => {
    const q = await r.json(`${C}/${first.PartyNumber}/child/ContactPoint?q=ContactPointId=1`);
    expect(q.status).toBe(400);
    expect(q.body['o:errorPath']).toBe('q');
    expect((await r.json(`${C}/${first.PartyNumber}/child/Addresses`)).status).toBe(404);
  });

  it("another contact's contact point is not found under this contact", async () => {
    const all = (await r.json(`${C}?limit=2&expand=ContactPoint`)).body.items;
    const theirs = all[1].ContactPoint[0].ContactPointId;
    expect((await r.json(`${C}/${all[0].PartyNumber}/child/ContactPoint/${theirs}`)).status).toBe(404);
  });
});

describe('refusals and isolation', () => {
  it.each([
    ['POST', ''],
    ['PATCH', `/${'300100'}`],
    ['DELETE', `/${'300100'}`],
    ['POST', `/${'300100'}/child/ContactPoint`],
  ])('%s on contacts%s gives 405 naming the operation (support matrix)', async (method, suffix) => {
    const res = await r.json(`${C}${suffix}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.body.detail).toContain(method);
    expect(res.body.detail).toMatch(/create|update|delete/);
  });

  it('contacts under the fscmRestApi path give a plain 404 (support matrix)', async () => {
    for (const p of [`${REST}/contacts`, `${REST}/contacts/${first.PartyNumber}`]) {
      const res = await r.json(p);
      expect(res.status).toBe(404);
    }
  });

  it("another environment's contact is indistinguishable from a missing one (spec 000 § What the service does 2)", async () => {
    const other = await receivablesEnv({ sim: r.sim });
    const unique = { ...LONELY, PartyId: 399999999999992, PartyNumber: '399992' };
    await r.sim.engine.store.write(other.key, (tx) => tx.put('contact', String(unique.PartyId), unique));
    expect((await other.json(`${C}/399992`)).status).toBe(200);
    const here = await r.json(`${C}/399992`);
    const missing = await r.json(`${C}/399993`);
    expect(here.status).toBe(404);
    expect(here.body['o:errorCode']).toBe(missing.body['o:errorCode']);
  });

  it('describe is generated from the contact definition', async () => {
    const { body } = await r.json(`${C}/describe`);
    const res = body.Resources.contacts;
    const q = res.attributes.filter((a: { queryable: boolean }) => a.queryable).map((a: { name: string }) => a.name);
    expect(q).toEqual(['PartyId', 'PartyNumber', 'ContactName', 'FirstName', 'LastName', 'JobTitle', 'EmailAddress', 'PartyStatus', 'LastUpdateDate']);
    expect(res.attributes.every((a: { updatable: boolean }) => a.updatable === false)).toBe(true);
    expect(res.collection.finders.map((f: { name: string }) => f.name)).toEqual(['PrimaryKey', 'ContactPartyNumberRF']);
    expect(res.item.links.filter((l: { rel: string }) => l.rel === 'child').map((l: { name: string }) => l.name)).toEqual(['ContactPoint']);
  });
});
