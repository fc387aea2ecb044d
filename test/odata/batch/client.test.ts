// A real OData client (@odata/client) against the service over HTTP: query with $filter/$expand/$select,
// create a customer with a contact, JSON $batch (spec 001 § Entity sets, § Write rules, § $batch).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OData } from '@odata/client';
import { odataEnv, ROOT, type ODataClient } from '../write/helpers.ts';

let o: ODataClient;
let server: Server;
let endpoint: string;
/** Bodies of the $batch calls the client sent (to check what it actually put on the wire). */
const batchBodies: string[] = [];

/** Forward Node HTTP requests to the engine (the engine itself stays host-agnostic). */
async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  if (body && req.url?.endsWith('/$batch')) batchBodies.push(body.toString('utf8'));
  const answer = await o.sim.engine.handle(new Request(`http://sim.test${req.url}`, { method: req.method, headers, body }));
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  o = await odataEnv();
  server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${o.base}${ROOT}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function client() {
  return OData.New4({ serviceEndpoint: endpoint, credential: { username: o.username, password: o.password } });
}

describe('@odata/client 2.21.10 as a test peer', () => {
  it('queries with $filter, $select and $expand', async () => {
    const c = client();
    const set = c.getEntitySet<Record<string, unknown>>('CUSTOMERS');
    const filter = c.newFilter().property('STATDES').eq("'Active'");
    const rows = await set.query(c.newOptions().filter(filter).select(['CUSTNAME', 'CUSTDES']).expand('CUSTPERSONNEL_SUBFORM').top(3));
    expect(rows.length).toBe(3);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['CUSTNAME', 'CUSTDES', 'CUSTPERSONNEL_SUBFORM']));
      expect(r['STATDES']).toBeUndefined();
    }
  });

  it('creates a customer with a contact and reads it back', async () => {
    const c = client();
    const set = c.getEntitySet<Record<string, unknown>>('CUSTOMERS');
    const created = await set.create({ CUSTNAME: 'CLI1', CUSTDES: 'Client Library Co', CUSTPERSONNEL_SUBFORM: [{ NAME: 'Lib User', EMAIL: 'lib@x.example' }] });
    expect(created['CUSTNAME']).toBe('CLI1');
    expect(created['STATDES']).toBe('Active');
    const back = await set.retrieve('CLI1', c.newOptions().expand('CUSTPERSONNEL_SUBFORM'));
    expect((back['CUSTPERSONNEL_SUBFORM'] as { FIRM: string }[])[0]?.FIRM).toBe('Client Library Co');
    await set.update('CLI1', { PHONE: '555-0000' });
    expect((await set.retrieve('CLI1'))['PHONE']).toBe('555-0000');
  });

  it('sends a JSON $batch (lower-case methods) and gets the responses in order', async () => {
    const c = client();
    const responses = await c.execBatchRequestsJson([
      c.newBatchRequest({ collection: 'CUSTOMERS', method: 'POST', entity: { CUSTNAME: 'CLI2', CUSTDES: 'Batch via client' } }),
      c.newBatchRequest({ collection: 'CUSTOMERS', id: 'CLI2' }),
      c.newBatchRequest({ collection: 'AINVOICES', method: 'POST', entity: { CUSTNAME: 'CLI2', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 420 }] } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 200, 201]);
    // spec 001 § $batch, rule 1: the client really sent a JSON batch with lower-case method names
    const sent = JSON.parse(batchBodies.at(-1) ?? '{}') as { requests?: { method: string; url: string }[] };
    expect(sent.requests?.map((r) => r.method)).toEqual(['post', 'get', 'post']);
    expect(((await responses[1]!.json()) as Record<string, unknown>)['CUSTDES']).toBe('Batch via client');
    expect(((await responses[2]!.json()) as Record<string, unknown>)['TOTPRICE']).toBe(420);
  });
});
