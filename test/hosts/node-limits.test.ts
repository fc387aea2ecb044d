// Issue 19 § 2: request bodies have documented limits (REST and OData JSON, SOAP, snapshot import);
// over a limit: 413 with the limit named, nothing stored, the host unaffected. Through the real
// Node host over HTTP, with a declared Content-Length and with a chunked body that declares none.
// A service that refuses without reading the body (401 for missing credentials) keeps its answer
// (issue 26's early refusals); so the requests here carry each service's credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../src/engine/core/limits.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

let host: NodeHost;
let env: string;
let odata: string;
/** Each service's own credentials, so it reads the body (a refusal for missing credentials would not). */
const auth: Record<string, string> = {};
let changes = 0;

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1' });
  const made = await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"receivables"}' });
  const rec = (await made.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string; scope: string }[] } };
  env = rec.key;
  const client = rec.credentials.oauthClients[0] as { clientId: string; clientSecret: string; scope: string };
  const token = await fetch(`${host.url}/sim/${env}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope, client_id: client.clientId, client_secret: client.clientSecret }) });
  auth['REST JSON'] = `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
  const od = (await (await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"odata"}' })).json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  odata = od.key;
  const user = od.credentials.apiUsers[0] as { username: string; password: string };
  auth['OData JSON'] = `Basic ${btoa(`${user.username}:${user.password}`)}`;
  host.engine.store.onChange(() => {
    changes++;
  });
});
afterAll(() => host.close());

/** A JSON-looking body of `bytes` bytes. */
const bodyOf = (bytes: number) => `{"x":"${'a'.repeat(bytes - 8)}"}`;

/** The same body as a stream: sent chunked, with no Content-Length. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += 256 * 1024)));
    },
  });
}

const CASES = [
  { what: 'REST JSON', path: () => `/sim/${env}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`, limit: BODY_LIMITS.rest, name: 'REST JSON body of at most 1 MB' },
  { what: 'OData JSON', path: () => `/sim/${odata}/odata/Priority/tabula.ini/demo/CUSTOMERS`, limit: BODY_LIMITS.odata, name: 'OData JSON body of at most 4 MB' },
  { what: 'SOAP', path: () => `/sim/${env}/fscmService/InvoiceService`, limit: BODY_LIMITS.soap, name: 'SOAP envelope of at most 1 MB' },
  { what: 'snapshot import', path: () => '/sim/_admin/environments/import', limit: BODY_LIMITS.snapshot, name: 'snapshot file of at most 16 MB' },
  { what: 'control API JSON', path: () => `/sim/_admin/environments/${env}/faults`, limit: BODY_LIMITS.control, name: 'control API body of at most 1 MB' },
];

describe('request body limits (issue 19 § 2)', () => {
  for (const c of CASES) {
    for (const mode of ['Content-Length', 'chunked'] as const) {
      it(`${c.what} over ${c.limit} bytes (${mode}): 413 naming the limit, nothing stored, the host answers on`, async () => {
        const before = changes;
        const envs = host.engine.store.environments().length;
        const text = bodyOf(c.limit + 1);
        const res = await fetch(`${host.url}${c.path()}`, {
          method: 'POST',
          headers: {
            'content-type': c.what === 'SOAP' ? 'text/xml; charset=utf-8' : 'application/json',
            ...(c.what === 'SOAP' ? { soapaction: '"http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/createSimpleInvoice"' } : {}),
            ...(auth[c.what] ? { authorization: auth[c.what] as string } : {}),
          },
          body: mode === 'chunked' ? chunked(text) : text,
          ...(mode === 'chunked' ? { duplex: 'half' } : {}),
        } as RequestInit);
        expect(res.status).toBe(413);
        const answer = await res.text();
        if (c.what === 'SOAP') {
          // The InvoiceService's own documented fault (receivables SOAP catalog), the limit in bytes.
          expect(res.headers.get('content-type')).toContain('text/xml');
          expect(answer).toContain('<faultcode>env:Client.RequestTooLarge</faultcode>');
          expect(answer).toContain(String(c.limit));
        } else {
          expect(answer).toContain(c.name);
          expect(res.headers.get('content-type')).toContain('application/problem+json');
          expect(answer).toContain('SIM-1002');
        }
        expect(changes).toBe(before);
        expect(host.engine.store.environments()).toHaveLength(envs);
        // The host is unaffected: the next request is answered as usual.
        expect((await fetch(`${host.url}/sim/_admin/environments/${env}/clock`)).status).toBe(200);
      });
    }
  }

  it('a body at the limit passes on to the service (its own answer, not 413)', async () => {
    const res = await fetch(`${host.url}/sim/_admin/environments/${env}/faults`, { method: 'POST', body: bodyOf(BODY_LIMITS.control) });
    expect(res.status).toBe(400); // the fault-rule validation, which read the whole body
    expect(((await res.json()) as { error: string }).error).toContain('Unknown field');
  });
});
