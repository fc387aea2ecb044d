// Collections as Postman collection v2.1 files, both ways, through Postman's own postman-collection
// library (issue 24 § 3: "Import and export as Postman collection v2.1 (round trip through Postman's
// own postman-collection library in tests)").
import { Collection as PostmanCollection, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { fromPostman, POSTMAN_SCHEMA, PostmanImportError, toPostman } from '../../src/collections/postman.ts';
import type { Collection, CollectionItem } from '../../src/collections/types.ts';
import { memoCollection, REST } from './fixtures.ts';

/** The collection without the ids an import gives afresh. */
function shape(c: Collection): unknown {
  const strip = (items: CollectionItem[]): unknown[] => items.map((i) => (i.type === 'folder' ? { ...i, id: undefined, items: strip(i.items) } : { ...i, id: undefined }));
  return { ...c, updatedAt: undefined, items: strip(c.items) };
}

describe('Postman v2.1 export and import (issue 24 § 3)', () => {
  it('an exported collection loads in postman-collection, and what it writes back imports as the same collection', () => {
    const original = memoCollection();
    const exported = toPostman(original);
    const loaded = new PostmanCollection(exported);
    // What Postman sees: folders, requests, the variables (secrets empty), the bearer auth, the tests.
    expect(loaded.items.count()).toBe(2);
    const names: string[] = [];
    loaded.forEachItem((i: Item) => names.push(i.name));
    expect(names).toEqual(['Create a credit memo', 'Read it back', 'Receipts without receipt privileges']);
    expect(loaded.variables.get('erpSimProduct')).toBe('receivables');
    expect(loaded.variables.get('clientSecret')).toBe('');
    expect(loaded.variables.get('memoNumber')).toBe('CM-9001');
    expect(loaded.auth?.type).toBe('bearer');
    const first: Item[] = [];
    loaded.forEachItem((i: Item) => first.push(i));
    expect(first[0]!.request.url.toString()).toBe(`{{baseUrl}}${REST}/receivablesCreditMemos`);
    const tests = first[0]!.events.all().find((e) => e.listen === 'test')!.script.exec.join('\n');
    expect(tests).toContain('pm.response.to.have.status(201)');
    expect(tests).toContain('pm.collectionVariables.set("memoId"');
    expect(first[1]!.request.url.toString()).toContain('{{memoId}}');

    const back = fromPostman(loaded.toJSON());
    expect(shape(back)).toEqual(shape(original));
    expect(back.id).toBe(original.id);
  });

  it('the console\'s old placeholders are written as variables; a header left out is a disabled header', () => {
    const c = memoCollection();
    const soap: CollectionItem = {
      type: 'request',
      id: 's',
      name: 'SOAP with the old placeholders',
      request: { method: 'POST', path: '/fscmService/InvoiceService', headers: [{ name: 'Content-Type', value: '' }], body: '<wsse:Username>{username}</wsse:Username><wsse:Password>{password}</wsse:Password>', auth: 'soap' },
      checks: [],
      captures: [],
    };
    const exported = toPostman({ ...c, items: [soap] }) as { item: { request: { header: unknown[]; body: { raw: string }; auth: { type: string } } }[] };
    expect(exported.item[0]!.request.body.raw).toBe('<wsse:Username>{{soapUser}}</wsse:Username><wsse:Password>{{soapPassword}}</wsse:Password>');
    expect(exported.item[0]!.request.header).toEqual([{ key: 'Content-Type', value: '', disabled: true }]);
    expect(exported.item[0]!.request.auth).toEqual({ type: 'noauth' });
    const back = fromPostman(new PostmanCollection(exported).toJSON());
    const req = back.items[0] as Extract<CollectionItem, { type: 'request' }>;
    expect(req.request).toMatchObject({ auth: 'soap', headers: [{ name: 'Content-Type', value: '' }] });
  });

  it('a collection made in Postman imports from its own fields: status tests, auth types, form bodies, folders', () => {
    const made = new PostmanCollection({
      info: { name: 'Made in Postman', schema: POSTMAN_SCHEMA },
      auth: { type: 'basic', basic: [{ key: 'username', value: '{{username}}' }, { key: 'password', value: '{{password}}' }] },
      variable: [{ key: 'baseUrl', value: 'http://127.0.0.1:8787/sim/env_x' }, { key: 'top', value: '3' }],
      item: [
        {
          name: 'Customers',
          item: [
            {
              name: 'First customers',
              request: { method: 'GET', url: '{{baseUrl}}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top={{top}}' },
              event: [{ listen: 'test', script: { exec: ['pm.test("ok", function () { pm.response.to.have.status(200); });'] } }],
            },
          ],
        },
        { name: 'With a PAT', request: { method: 'GET', url: '{{baseUrl}}/odata/Priority/tabula.ini/demo/GetLoginName', auth: { type: 'basic', basic: [{ key: 'username', value: '{{token}}' }, { key: 'password', value: 'PAT' }] } } },
        { name: 'Form', request: { method: 'POST', url: 'https://example.test/token', auth: { type: 'noauth' }, body: { mode: 'urlencoded', urlencoded: [{ key: 'a', value: 'b c' }] } } },
      ],
    }).toJSON();
    const c = fromPostman(made);
    expect(c.product).toBe('odata');
    expect(c.variables).toEqual([{ name: 'top', value: '3' }]); // baseUrl is the environment's own
    const [folder, pat, form] = c.items;
    expect(folder).toMatchObject({ type: 'folder', name: 'Customers', items: [{ name: 'First customers', request: { method: 'GET', path: '/odata/Priority/tabula.ini/demo/CUSTOMERS?$top={{top}}', auth: 'basic' }, checks: [{ kind: 'status', equals: 200 }] }] });
    expect(pat).toMatchObject({ request: { auth: 'pat' }, checks: [] });
    expect(form).toMatchObject({ request: { path: 'https://example.test/token', auth: 'none', body: 'a=b%20c', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }] } });
  });

  it('refuses what is not a Postman v2.x collection, saying why', () => {
    expect(() => fromPostman({ hello: 1 })).toThrow(PostmanImportError);
    expect(() => fromPostman({ info: { name: 'old', schema: 'https://schema.getpostman.com/json/collection/v1.0.0/collection.json' }, item: [] })).toThrow(/v2\.1/);
    expect(() => fromPostman({ info: { schema: POSTMAN_SCHEMA }, item: [{ name: 'x', request: { url: 'u', method: 'POST', body: { mode: 'formdata', formdata: [] } } }] })).toThrow(/formdata/);
  });
});
