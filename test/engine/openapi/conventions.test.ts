// Issue 39 § 3: "The OpenAPI document and the Postman export include the headers and the batch
// endpoint." The real framework's conventions beyond spec 000 in both exports: REST-Framework-Version
// on REST operations, If-None-Match and 304 on item reads, If-Match and 412 on item updates and
// deletes, the ETag response header, and POST {rest_base} with application/vnd.oracle.adf.batch+json
// (parts {id, path, operation, payload}). Sources: Oracle, "Verify Resource Updates Using the ETag
// Value", https://docs.oracle.com/en/cloud/saas/applications-common/24a/farca/verify_your_resource_using_the_etag_value.html,
// and "Perform Batch Actions", https://docs.oracle.com/en/cloud/saas/financials/23d/farfa/Batch_Actions.html.
import { Collection, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim } from '../../support/sim.ts';

const ROOT = '/fscmRestApi/resources/11.13.18.05';
const ITEM = `${ROOT}/receivablesInvoices/{CustomerTransactionId}`;
const BATCH = 'application/vnd.oracle.adf.batch+json';

async function exports() {
  const sim = await createTestSim();
  const env = await createEnv(sim, 'receivables', 'Conventions');
  // any: both exports are walked as plain JSON in assertions
  const doc: any = await (await sim.fetch(`/sim/_admin/environments/${env.key}/openapi.json`)).json();
  const postman: any = await (await sim.fetch(`/sim/_admin/environments/${env.key}/postman.json`)).json();
  return { doc, postman };
}

const headerNames = (op: { parameters?: { in: string; name: string }[] }) => (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);

describe('the conventions in the OpenAPI document', () => {
  it('item reads take If-None-Match and may answer 304; updates and deletes take If-Match and may answer 412; item answers carry ETag', async () => {
    const { doc } = await exports();
    const item = doc.paths[ITEM];
    expect(headerNames(item.get)).toEqual(expect.arrayContaining(['REST-Framework-Version', 'If-None-Match']));
    expect(item.get.responses['304'].headers.ETag).toBeDefined();
    expect(item.get.responses['200'].headers.ETag).toBeDefined();
    for (const method of ['patch', 'delete']) {
      expect(headerNames(item[method]), method).toEqual(expect.arrayContaining(['REST-Framework-Version', 'If-Match']));
      expect(Object.keys(item[method].responses['412'].content['application/json'].examples), method).toContain('SIM-REST-4120');
    }
    // Collections take neither condition (singular resources only, as Oracle documents).
    expect(headerNames(doc.paths[`${ROOT}/receivablesInvoices`].get)).toEqual(['REST-Framework-Version']);
  });

  it('POST {rest_base} is the batch endpoint: its media type, the parts with their operations, Upsert-Mode, the batch error codes', async () => {
    const { doc } = await exports();
    const op = doc.paths[ROOT].post;
    expect(op.operationId).toBe('batch');
    expect(headerNames(op)).toEqual(['REST-Framework-Version', 'Upsert-Mode']);
    const part = op.requestBody.content[BATCH].schema.properties.parts.items;
    expect(part.required).toEqual(['id', 'path', 'operation']);
    expect(part.properties.operation.enum).toEqual(['get', 'create', 'upsert', 'update', 'replace', 'delete']);
    expect(Object.keys(part.properties)).not.toContain('headers');
    expect(Object.keys(op.responses['400'].content['application/json'].examples)).toEqual(expect.arrayContaining(['SIM-REST-4016', 'SIM-REST-4017']));
  });

  it('no operation names a parameter twice (OpenAPI 3.1 § Operation Object: parameters are unique by name and location)', async () => {
    const { doc } = await exports();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name.toLowerCase()}`);
        expect(new Set(keys).size, `${method} ${path}`).toBe(keys.length);
      }
    }
  });
});

describe('the conventions in the Postman export', () => {
  it('carries the ready requests: the version header, the ETag read, If-None-Match, If-Match and a batch', async () => {
    const { postman } = await exports();
    const items: Item[] = [];
    new Collection(postman).forEachItem((i) => items.push(i));
    const header = (i: Item, name: string) => i.request.headers.all().find((h) => h.key.toLowerCase() === name)?.value;
    expect(items.some((i) => header(i, 'rest-framework-version') === '4')).toBe(true);
    expect(items.some((i) => header(i, 'if-none-match') === '*')).toBe(true);
    expect(items.some((i) => i.request.method === 'PATCH' && header(i, 'if-match') !== undefined)).toBe(true);
    const batch = items.find((i) => header(i, 'content-type') === BATCH);
    expect(batch?.request.method).toBe('POST');
    expect(batch?.request.url.getPath()).toBe(ROOT);
    expect(JSON.parse(batch?.request.body?.raw ?? '{}').parts.map((p: { operation: string }) => p.operation)).toEqual(['create', 'get']);
  });
});
