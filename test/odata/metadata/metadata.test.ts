import { XMLParser } from 'fast-xml-parser';
import csdl from 'odata-csdl';
import { describe, expect, it } from 'vitest';
import { FORMS } from '../../../src/engine/products/odata/forms/index.ts';
import { odataEnv } from '../helpers.ts';
import { parseSpecList, SPEC_LISTS } from './spec-lists.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name, _jpath, _leaf, isAttribute) => !isAttribute && ['EntityType', 'Property', 'NavigationProperty', 'EntitySet', 'Annotation', 'PropertyRef', 'Term', 'FunctionImport'].includes(name) });

// any: parsed XML trees
function schemaOf(xml: string): any {
  return parser.parse(xml)['edmx:Edmx']['edmx:DataServices'].Schema;
}

describe('service document (spec 001 § Root and metadata)', () => {
  it('GET root: @odata.context and value [{name, kind: EntitySet, url}] with the five named sets', async () => {
    const e = await odataEnv();
    for (const p of ['', '/']) {
      const res = await e.get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await res.json();
      expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata`);
      expect(body.value).toEqual(
        ['CUSTOMERS', 'AINVOICES', 'TINVOICES', 'PAY', 'ACCOUNTS_RECEIVABLE'].map((n) => ({ name: n, kind: 'EntitySet', url: n })),
      );
    }
  });
});

describe('$metadata (spec 001 § Root and metadata; real-product facts)', () => {
  it('is application/xml EDMX 4.0 laid out as the real product: Priority.OData, DefaultContainer', async () => {
    const e = await odataEnv();
    const res = await e.get('/$metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const doc = parser.parse(xml);
    expect(doc['edmx:Edmx'].Version).toBe('4.0');
    const schema = schemaOf(xml);
    expect(schema.Namespace).toBe('Priority.OData');
    expect(schema.EntityContainer.Name).toBe('DefaultContainer');
    expect(schema.Term.map((t: { Name: string }) => t.Name)).toEqual(['AutoUnique', 'Description', 'DateType', 'Mandatory']);
    const sets = schema.EntityContainer.EntitySet.map((s: { Name: string; EntityType: string }) => `${s.Name}=${s.EntityType}`);
    expect(sets).toContain('CUSTOMERS=Priority.OData.CUSTOMERS');
  });

  it('every form is an entity type with every property in metadata order, typed, titled (Priority.OData.Description)', async () => {
    const e = await odataEnv();
    const schema = schemaOf(await (await e.get('/$metadata')).text());
    for (const form of FORMS) {
      const t = schema.EntityType.find((x: { Name: string }) => x.Name === form.name);
      expect(t, form.name).toBeDefined();
      expect(t.Property.map((p: { Name: string }) => p.Name)).toEqual(form.properties.map((p) => p.name));
      expect(t.Key.PropertyRef.map((r: { Name: string }) => r.Name)).toEqual(form.keys);
      for (const p of t.Property) {
        expect(p.Annotation.some((a: { Term: string; String?: string }) => a.Term === 'Priority.OData.Description' && a.String)).toBe(true);
      }
    }
    const cust = schema.EntityType.find((x: { Name: string }) => x.Name === 'CUSTOMERS');
    const prop = (n: string) => cust.Property.find((p: { Name: string }) => p.Name === n);
    expect(prop('CUSTNAME')).toMatchObject({ Type: 'Edm.String', MaxLength: '16' });
    expect(prop('COMMISSION')).toMatchObject({ Type: 'Edm.Decimal', Precision: '6', Scale: '2' });
    expect(prop('EMPNUM')).toMatchObject({ Type: 'Edm.Int64' });
    expect(prop('CREATEDDATE')).toMatchObject({ Type: 'Edm.DateTimeOffset' });
    // 'ro' columns carry Core.V1.Permissions Read; writable ones do not.
    const perm = (n: string) => prop(n).Annotation.some((a: { Term: string; EnumMember?: string }) => a.Term === 'Org.OData.Core.V1.Permissions' && a.EnumMember === 'Org.OData.Core.V1.Permission/Read');
    expect(perm('CUST')).toBe(true);
    expect(perm('INACTIVEFLAG')).toBe(true);
    expect(perm('CUSTDES')).toBe(false);
    expect(prop('CUST').Annotation.some((a: { Term: string }) => a.Term === 'Priority.OData.AutoUnique')).toBe(true);
    // spec 001 § AINVOICES: PARTNAME "required on create of a line" -> Priority.OData.Mandatory
    const lines = schema.EntityType.find((x: { Name: string }) => x.Name === 'AINVOICEITEMS_SUBFORM');
    const partname = lines.Property.find((p: { Name: string }) => p.Name === 'PARTNAME');
    expect(partname.Annotation.some((a: { Term: string; Bool?: string }) => a.Term === 'Priority.OData.Mandatory' && a.Bool === 'true')).toBe(true);
  });

  it('definitions hold exactly the spec property lists: order, types, lengths, precision/scale, key, ro', () => {
    for (const [name, text] of Object.entries(SPEC_LISTS)) {
      const form = FORMS.find((f) => f.name === name)!;
      const expected = parseSpecList(text);
      const actual = form.properties.slice(0, expected.length).map((p) => ({
        name: p.name,
        type: p.type,
        maxLength: p.maxLength,
        precision: p.precision,
        scale: p.scale,
        key: p.key,
        ro: p.readOnly,
      }));
      expect(actual, name).toEqual(expected);
      // contacts: designed properties follow EXTFILENAME; the others are complete
      if (name !== 'CUSTPERSONNEL_SUBFORM') expect(form.properties.length, name).toBe(expected.length);
    }
  });

  it('subforms are ContainsTarget navigation properties of Collection type', async () => {
    const e = await odataEnv();
    const schema = schemaOf(await (await e.get('/$metadata')).text());
    const tinv = schema.EntityType.find((x: { Name: string }) => x.Name === 'TINVOICES');
    expect(tinv.NavigationProperty.map((n: { Name: string; Type: string; ContainsTarget: string }) => [n.Name, n.Type, n.ContainsTarget])).toEqual([
      ['TPAYMENT2_SUBFORM', 'Collection(Priority.OData.TPAYMENT2_SUBFORM)', 'true'],
      ['TFNCITEMS_SUBFORM', 'Collection(Priority.OData.TFNCITEMS_SUBFORM)', 'true'],
    ]);
  });

  it('HEAD, OPTIONS and the other registered methods answer like GET', async () => {
    const e = await odataEnv();
    const get = await (await e.get('/$metadata')).text();
    const head = await e.req('HEAD', '/$metadata');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/xml/);
    for (const m of ['OPTIONS', 'POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await e.req(m, '/$metadata', { body: m === 'OPTIONS' ? undefined : '{"x":1}' });
      expect(res.status, m).toBe(200);
      expect(await res.text(), m).toBe(get);
    }
  });

  it('a real EDMX tool (odata-csdl, strict) accepts $metadata and GetMetadataFor documents', async () => {
    const e = await odataEnv();
    const docs = [await (await e.get('/$metadata')).text()];
    for (const f of FORMS.map((x) => x.name)) {
      docs.push(await (await e.get(`/GetMetadataFor(entity='${f}')`)).text());
    }
    for (const xml of docs) {
      const messages: unknown[] = [];
      const json = csdl.xml2json(xml, { strict: true, messages });
      expect(messages).toEqual([]);
      expect(json.$Version).toBe('4.0');
      expect(json.$EntityContainer).toBe('Priority.OData.DefaultContainer');
    }
    // Negative control: the strict parser does refuse a broken document.
    expect(() => csdl.xml2json(docs[0]!.replace('<Key>', '<Kee>'), { strict: true })).toThrow();
  });
});

describe('GetMetadataFor (spec 001 § Root and metadata)', () => {
  it("GetMetadataFor(entity='CUSTOMERS') is a complete EDMX for the entity and its subform types", async () => {
    const e = await odataEnv();
    const res = await e.get("/GetMetadataFor(entity='CUSTOMERS')");
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const schema = schemaOf(await res.text());
    expect(schema.EntityType.map((t: { Name: string }) => t.Name)).toEqual(['CUSTOMERS', 'CUSTPERSONNEL_SUBFORM']);
    expect(schema.EntityContainer.EntitySet.map((s: { Name: string }) => s.Name)).toEqual(['CUSTOMERS']);
    // percent-encoded quotes are the same call
    expect((await e.get('/GetMetadataFor(entity=%27CUSTOMERS%27)')).status).toBe(200);
  });

  it("an unknown entity -> 404 envelope 'netprest return no data for <FORM>'", async () => {
    const e = await odataEnv();
    for (const name of ['NOPE', 'customers']) {
      const res = await e.get(`/GetMetadataFor(entity='${name}')`);
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.error.message).toBe(`netprest return no data for ${name}`);
      expect(Object.keys(body.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
    }
  });

  it('malformed call forms -> bare 404', async () => {
    const e = await odataEnv();
    for (const p of ['/GetMetadataFor', '/GetMetadataFor()', '/GetMetadataFor(entity=CUSTOMERS)', "/GetMetadataFor(form='CUSTOMERS')", "/GetMetadataFor(entity='CUSTOMERS',x='1')", "/GetMetadataFor(entity='CUSTOMERS'", "/getmetadatafor(entity='CUSTOMERS')"]) {
      const res = await e.get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toBe('');
    }
  });
});

describe('function imports (spec 001 § Root and metadata)', () => {
  it('version functions: @odata.context #Edm.String and a string value; empty parens accepted', async () => {
    const e = await odataEnv();
    for (const f of ['GetProductVersion', 'GetODataVersion', 'GetBinVersion']) {
      for (const p of [`/${f}`, `/${f}()`]) {
        const res = await e.get(p);
        expect(res.status, p).toBe(200);
        const body = await res.json();
        expect(Object.keys(body)).toEqual(['@odata.context', 'value']);
        expect(body['@odata.context']).toBe(`http://sim.test${e.root}/$metadata#Edm.String`);
        expect(typeof body.value).toBe('string');
      }
      expect((await e.get(`/${f}(1)`)).status).toBe(404);
    }
  });

  it('GetTenantDetails: bare {tenantID (hex), hosting (boolean)} without @odata.context', async () => {
    const e = await odataEnv();
    const body = await (await e.get('/GetTenantDetails()')).json();
    expect(Object.keys(body)).toEqual(['tenantID', 'hosting']);
    expect(body.tenantID).toMatch(/^[0-9a-f]+$/);
    const env = await e.sim.admin('GET', `/environments/${e.key}`);
    expect(body.tenantID).toBe(env.body.tenantId);
    expect(typeof body.hosting).toBe('boolean');
  });

  it('x-deployment-id on every 2xx, stable; not on errors (spec 001 § Versioning 2)', async () => {
    const e = await odataEnv();
    const a = await e.get('/$metadata');
    const b = await e.get('/CUSTOMERS?$top=1');
    expect(a.headers.get('x-deployment-id')).toBeTruthy();
    expect(b.headers.get('x-deployment-id')).toBe(a.headers.get('x-deployment-id'));
    expect((await e.get('/NOPE')).headers.get('x-deployment-id')).toBeNull();
  });
});
