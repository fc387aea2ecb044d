// OpenAPI and collections (issue 12 § 4): the generated OpenAPI 3.1 document is valid by a maintained
// validator, comes from the resource definitions (paths, parameters, lengths, read-only flags), lists
// each documented error code under its operation, has the client-credentials scheme and the
// environment's server URL; the Postman collection (v2.1) imports with Postman's own library.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Collection, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { builtInCatalog } from '../../../src/engine/teaching/catalogs.ts';
import { REST_RESOURCES } from '../../../src/engine/openapi/receivables.ts';
import { collectionPath } from '../../../src/engine/products/receivables/rest/links.ts';
import { createEnv, createTestSim } from '../../support/sim.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const RCPT = '/fscmRestApi/resources/11.13.18.05/standardReceipts';

// any: the OpenAPI document is walked as plain JSON in assertions
async function openapi(): Promise<{ key: string; doc: any; status: number; disposition: string | null }> {
  const sim = await createTestSim();
  const env = await createEnv(sim, 'receivables', 'Team A');
  const res = await sim.fetch(`/sim/_admin/environments/${env.key}/openapi.json`);
  return { key: env.key, doc: await res.json(), status: res.status, disposition: res.headers.get('content-disposition') };
}

describe('OpenAPI 3.1 of the receivables REST surface (issue 12 § 4)', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const { doc, status, disposition } = await openapi();
    expect(status).toBe(200);
    expect(disposition).toBe('attachment; filename="Team-A.openapi.json"');
    const validator = new Validator();
    const res = await validator.validate(doc);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every $ref resolves.
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('names the environment as server and the OAuth 2 client-credentials scheme with its token URL', async () => {
    const { key, doc } = await openapi();
    expect(doc.servers).toEqual([{ url: `http://sim.test/sim/${key}`, description: 'Team A' }]);
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toEqual({
      tokenUrl: `http://sim.test/sim/${key}/oauth/token`,
      scopes: { 'urn:opc:resource:consumer::all': expect.any(String) },
    });
    expect(doc.security).toEqual([{ oauth2: ['urn:opc:resource:consumer::all'] }]);
    const token = doc.paths['/oauth/token'].post;
    expect(Object.keys(token.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    // Token endpoint errors (spec 000 § Authentication 2) with their codes.
    expect(Object.keys(token.responses.default ?? {})).toEqual([]);
    expect(Object.keys(token.responses['400'].content['application/json'].examples).sort()).toEqual(['invalid_request', 'invalid_scope', 'unsupported_grant_type']);
    expect(Object.keys(token.responses['401'].content['application/json'].examples)).toEqual(['invalid_client']);
  });

  it('has every resource of the definitions: collection, describe, item, actions and children', async () => {
    const { doc } = await openapi();
    for (const def of REST_RESOURCES) {
      const base = collectionPath(def);
      expect(doc.paths[base]?.get, def.name).toBeDefined();
      expect(doc.paths[`${base}/describe`]?.get, def.name).toBeDefined();
      expect(doc.paths[`${base}/{${def.pathKey ?? def.key}}`]?.get, def.name).toBeDefined();
      for (const accessor of Object.keys(def.children)) expect(doc.paths[`${base}/{${def.pathKey ?? def.key}}/child/${accessor}`]?.get, `${def.name}/${accessor}`).toBeDefined();
    }
    expect(doc.paths[INV].post).toBeDefined();
    expect(doc.paths[`${INV}/{CustomerTransactionId}`].patch).toBeDefined();
    expect(doc.paths[`${INV}/{CustomerTransactionId}/action/splitInstallments`].post).toBeDefined();
    // Read-only resources have no write operations (spec 000 support matrix).
    expect(Object.keys(doc.paths['/fscmRestApi/resources/11.13.18.05/receivablesAdjustments'])).toEqual(['get']);
    // Contacts live under crmRestApi and are keyed by PartyNumber.
    expect(doc.paths['/crmRestApi/resources/11.13.18.05/contacts/{PartyNumber}']).toBeDefined();
  });

  it('schemas carry lengths, read-only flags, allowed values and create requirements from the field tables', async () => {
    const { doc } = await openapi();
    const inv = doc.components.schemas.receivablesInvoices.properties;
    const def = REST_RESOURCES[0]!;
    const lengthField = def.fields.find((f) => f.type === 'string' && f.maxLength !== undefined)!;
    expect(inv[lengthField.name].maxLength).toBe(lengthField.maxLength);
    expect(inv.CustomerTransactionId.readOnly).toBe(true);
    expect(inv.InvoiceStatus.enum).toEqual(['Complete', 'Incomplete', 'Frozen']);
    const create = doc.components.schemas['receivablesInvoices-create'];
    expect(create.allOf[1].required).toEqual(expect.arrayContaining(['BusinessUnit', 'TransactionType', 'TransactionSource', 'BillToCustomerNumber', 'InvoiceCurrencyCode']));
    // Collection parameters are those the resource implements (others are refused by name).
    const all = doc.paths['/crmRestApi/resources/11.13.18.05/contacts'].get.parameters;
    const params = all.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
    // The real framework's version header is on every REST operation (issue 39 § 3, OpenAPI includes the headers).
    expect(all.filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name)).toEqual(['REST-Framework-Version']);
    expect(params).toEqual([...REST_RESOURCES.find((d) => d.name === 'contacts')!.params.collection]);
  });

  it('lists each documented error code under the operation that answers it, with its meaning', async () => {
    const { doc } = await openapi();
    const codes = (op: any, status: string) => Object.keys(op.responses[status]?.content['application/json'].examples ?? {});
    const create = doc.paths[INV].post;
    // spec 000 Errors table: invoice create rules.
    expect(codes(create, '400')).toEqual(expect.arrayContaining(['AR-1000', 'AR-1001', 'AR-1010', 'REST-01007', 'SIM-REST-4008']));
    expect(create.responses['400'].description).toContain('`AR-1000`: Missing required attributes;');
    expect(codes(create, '401')).toEqual(['REST-01401']);
    expect(codes(doc.paths[`${INV}/{CustomerTransactionId}`].get, '404')).toEqual(['AR-7041']);
    expect(codes(doc.paths[`${INV}/{CustomerTransactionId}`].get, '400')).toContain('REST-01002');
    expect(codes(doc.paths[RCPT].post, '403')).toEqual(['FND_SECURITY_INSUFFICIENT_PRIVILEGE']);
    expect(codes(doc.paths[RCPT].post, '400')).toContain('AR_RCP_DUP_NUM');
    const example = doc.paths[INV].post.responses['400'].content['application/json'].examples['AR-1000'];
    expect(example).toEqual({ $ref: '#/components/examples/AR-1000-400' });
    expect(doc.components.examples['AR-1000-400'].value).toMatchObject({ status: '400', 'o:errorCode': 'AR-1000' });
    expect(doc.components.examples['AR-1000-400'].description).toContain('spec 000 Errors table');
    // Every code of the REST and OAuth catalog is under an operation, except the two no operation
    // owns (an unknown path's 404, a write to a read-only resource's 405): those are in x-error-catalog.
    // The injected answers' entries (SIM-FAULT-*, faults/catalog.ts, issue 23) are the simulator's, not the product's.
    const catalog = await builtInCatalog('receivables');
    const rest = catalog.errors.filter((e) => !e.code.includes(':') && !e.reproduce?.path.startsWith('/fscmService') && !e.code.startsWith('SIM-FAULT-'));
    const text = JSON.stringify(doc.paths);
    expect([...new Set(rest.filter((e) => !text.includes(`"${e.code}"`)).map((e) => e.code))]).toEqual(['SIM-REST-4040', 'SIM-REST-4050']);
    expect(doc['x-error-catalog'].map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(rest.map((e) => e.code)));
  });

  it('an OData environment is refused with a 400 naming $metadata; an unknown one 404', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    const res = await sim.admin('GET', `/environments/${env.key}/openapi.json`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('$metadata');
    expect((await sim.admin('GET', '/environments/env_00000000000000000000000000000000/openapi.json')).status).toBe(404);
  });
});

describe('Postman collection v2.1 of the ready requests (issue 12 § 4)', () => {
  for (const product of ['receivables', 'odata'] as const) {
    it(`${product}: imports with postman-collection, one request per console example, tests and auth kept`, async () => {
      const sim = await createTestSim();
      const env = await createEnv(sim, product, 'Team B');
      const res = await sim.fetch(`/sim/_admin/environments/${env.key}/postman.json`);
      expect(res.status).toBe(200);
      const json = await res.json();
      expect(json.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
      const collection = new Collection(json);
      const items: Item[] = [];
      collection.forEachItem((i) => items.push(i));
      const catalog = await builtInCatalog(product);
      expect(items).toHaveLength(catalog.examples.length);
      expect(collection.variables.get('baseUrl')).toBe(`http://sim.test/sim/${env.key}`);
      const text = JSON.stringify(json);
      for (const list of Object.values(env.credentials) as Record<string, string>[][]) for (const c of list) for (const secret of [c.clientSecret, c.password, c.token]) if (secret) expect(text).not.toContain(secret);
      for (const [i, item] of items.entries()) {
        const e = catalog.examples[i]!;
        expect(item.request.method).toBe(e.method);
        expect(item.request.url.toString()).toBe(`{{baseUrl}}${e.path}`.replace(/\{(clientId|clientSecret|username|password)\}/g, '{{$1}}'));
        if (e.expectStatus) expect(item.events.all()[0]?.script.exec[0]).toContain(`to.have.status(${e.expectStatus})`);
      }
      // Round trip through the library keeps the collection.
      const { _: _id, ...again } = new Collection(collection.toJSON()).toJSON() as Record<string, unknown>;
      const { _: _id2, ...first } = collection.toJSON() as Record<string, unknown>;
      expect(again).toEqual(first);
      if (product === 'receivables') {
        expect(collection.auth?.type).toBe('bearer');
        const token = items.find((i) => i.request.url.getPath() === '/oauth/token' && i.events.all().some((ev) => ev.script.exec.join('').includes("set('accessToken'")));
        expect(token).toBeDefined();
      } else {
        expect(collection.auth?.type).toBe('basic');
      }
    });
  }
});
