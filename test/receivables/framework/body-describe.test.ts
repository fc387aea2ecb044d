// Request bodies, error bodies, media types and /describe (spec 000 § Resources General, Errors,
// Limits, Read-only resources table describe row; real-product-facts error bodies and media types).
import { beforeAll, describe, expect, it } from 'vitest';
import { W, widgetSim } from './widgets.ts';

let s: Awaited<ReturnType<typeof widgetSim>>;
beforeAll(async () => {
  s = await widgetSim();
});

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => s.get(W, { method: 'POST', headers, body });
const patch = (body: unknown) => s.get(`${W}/1001`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('error body (real framework detailed form)', () => {
  it('has title, status as a string, detail, o:errorCode, o:errorPath and o:errorDetails, as application/json', async () => {
    const r = await s.get(`${W}/abc`);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body).toEqual({
      title: 'Bad Request',
      status: '400',
      detail: expect.stringContaining('abc'),
      'o:errorCode': 'REST-01002',
      'o:errorPath': 'WidgetId',
      'o:errorDetails': [{ detail: expect.stringContaining('abc'), 'o:errorCode': 'REST-01002', 'o:errorPath': 'WidgetId' }],
    });
  });
  it('answers the vendor media types when Accept asks for them', async () => {
    const err = await s.get(`${W}/abc`, { headers: { accept: 'application/vnd.oracle.adf.error+json' } });
    expect(err.res.headers.get('content-type')).toMatch(/^application\/vnd\.oracle\.adf\.error\+json/);
    const coll = await s.get(W, { headers: { accept: 'application/vnd.oracle.adf.resourcecollection+json' } });
    expect(coll.res.headers.get('content-type')).toMatch(/^application\/vnd\.oracle\.adf\.resourcecollection\+json/);
    const item = await s.get(`${W}/1001`, { headers: { accept: 'application/vnd.oracle.adf.resourceitem+json' } });
    expect(item.res.headers.get('content-type')).toMatch(/^application\/vnd\.oracle\.adf\.resourceitem\+json/);
    const plain = await s.get(`${W}/1001`, { headers: { accept: '*/*' } });
    expect(plain.res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('request bodies (spec 000 § Resources General; Limits; Isolation and bad input)', () => {
  it('invalid JSON is 400 REST-01007 (Create rule 4)', async () => {
    for (const text of ['{', '', 'nope', '{"Name": "x",}']) {
      const r = await post(text);
      expect(r.status).toBe(400);
      expect(r.body['o:errorCode']).toBe('REST-01007');
    }
  });
  it('a JSON value that is not an object is 400', async () => {
    for (const text of ['[]', '"x"', '42', 'null']) expect((await post(text)).status).toBe(400);
  });
  it('missing required attributes are listed one per o:errorDetails entry', async () => {
    const r = await post('{"Amount": 1}');
    expect(r.status).toBe(400);
    expect(r.body['o:errorCode']).toBe('W-1000');
    expect(r.body['o:errorDetails'].map((d: { 'o:errorPath': string }) => d['o:errorPath'])).toEqual(['Name']);
  });
  it('unknown attributes are refused by name', async () => {
    const r = await post('{"Name": "x", "Colour": "red", "Weight": 2}');
    expect(r.status).toBe(400);
    expect(r.body['o:errorDetails'].map((d: { 'o:errorPath': string }) => d['o:errorPath'])).toEqual(['Colour', 'Weight']);
  });
  it('read-only attributes are refused on create', async () => {
    const r = await post('{"Name": "x", "Stamp": "2026-01-01T00:00:00Z"}');
    expect(r.status).toBe(400);
    expect(r.body['o:errorPath']).toBe('Stamp');
  });
  it('wrong JSON types, invalid dates and values outside the allowed list are 400 naming the attribute', async () => {
    for (const [attr, value] of [['Name', 5], ['Amount', '12.5'], ['Active', 'yes'], ['Day', '2026-13-01'], ['Status', 'X'], ['Amount', {}]] as const) {
      const r = await post(JSON.stringify({ Name: 'ok', [attr]: value }));
      expect(r.status, `${attr}=${JSON.stringify(value)}`).toBe(400);
      expect(r.body['o:errorPath']).toBe(attr);
    }
  });
  it('strings longer than the field table allows are 400 (Limits: field lengths)', async () => {
    const r = await post(JSON.stringify({ Name: 'x'.repeat(21) }));
    expect(r.status).toBe(400);
    expect(r.body['o:errorPath']).toBe('Name');
    expect((await post(JSON.stringify({ Name: 'x'.repeat(20) }))).status).toBe(201);
  });
  it('amounts with more than 4 decimals are refused (Limits: amount decimals)', async () => {
    const r = await post(JSON.stringify({ Name: 'a', Amount: 1.23456 }));
    expect(r.status).toBe(400);
    expect(r.body['o:errorPath']).toBe('Amount');
    const ok = await post(JSON.stringify({ Name: 'a', Amount: 1.2345 }));
    expect(ok.status).toBe(201);
    expect(ok.body.Amount).toBe(1.2345);
  });
  it('PATCH refuses attributes that are not updatable with the caller code, naming them', async () => {
    const r = await patch({ Amount: 5 });
    expect(r.status).toBe(400);
    expect(r.body['o:errorCode']).toBe('W-1020');
    expect(r.body['o:errorPath']).toBe('Amount');
    const ok = await patch({ Name: 'renamed' });
    expect(ok.status).toBe(200);
    expect(ok.body.Name).toBe('renamed');
  });
});

describe('/describe (spec 000 § Read-only resources: describe)', () => {
  it('Resources.<name> with attributes (name, type, mandatory, updatable, queryable, precision), collection and item with links and actions', async () => {
    const { status, body } = await s.get(`${W}/describe`);
    expect(status).toBe(200);
    const r = body.Resources.widgets;
    expect(r.title).toBe('Widget');
    const byName = Object.fromEntries(r.attributes.map((a: { name: string }) => [a.name, a]));
    expect(byName.Name).toMatchObject({ type: 'string', mandatory: true, updatable: true, queryable: true, maxLength: '20' });
    expect(byName.Amount).toMatchObject({ type: 'number', mandatory: false, updatable: false, queryable: true, precision: 18, allowChanges: 'inCreate' });
    expect(byName.Price.queryable).toBe(false);
    expect(byName.Stamp).toMatchObject({ updatable: false, allowChanges: 'never' });
    expect(byName.parts).toBeUndefined();
    expect(r.collection.rangeSize).toBe(25);
    expect(r.collection.links[0]).toMatchObject({ rel: 'self', kind: 'collection' });
    expect(r.collection.finders.map((f: { name: string }) => f.name)).toEqual(['PrimaryKey', 'ByName']);
    expect(r.collection.actions[0]).toMatchObject({ name: 'get', method: 'GET' });
    const childLinks = r.item.links.filter((l: { rel: string }) => l.rel === 'child');
    expect(childLinks.map((l: { name: string }) => l.name)).toEqual(['parts']);
    expect(r.children.parts.attributes.map((a: { name: string }) => a.name)).toEqual(['PartId', 'Label']);
    expect(body.links[0]).toMatchObject({ rel: 'self', kind: 'describe' });
  });
  it('describe implements no query parameter: any one is refused by name (spec 000 § envelope: refused by name, 400)', async () => {
    const r = await s.get(`${W}/describe?limit=5`);
    expect(r.status).toBe(400);
    expect(r.body['o:errorCode']).toBe('REST-01002');
    expect(r.body['o:errorPath']).toBe('limit');
  });
  it('answers the describe vendor media type when asked', async () => {
    const r = await s.get(`${W}/describe`, { headers: { accept: 'application/vnd.oracle.adf.description+json' } });
    expect(r.res.headers.get('content-type')).toMatch(/description\+json/);
  });
});
