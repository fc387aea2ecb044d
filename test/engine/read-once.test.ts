// A request body with a declared length within its limit is read once, by whoever reads it first,
// and kept for every later reader: the product, a run again, a drill and the journal (issue 22 §
// Also: the counting stream, the journal's clone and their copies were a fifth of a POST on the Node
// host). What each product answers must not change (spec 000 § Invoices, § OAuth token, § SOAP
// InvoiceService; spec 001 § Create, § $batch), the journal keeps the body (issue 12 § 1), and the
// size limit still holds (issue 19 § 2: 413 SIM-1002, nothing stored).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { limitBody } from '../../src/engine/core/limits.ts';
import { ReadOnceRequest } from '../../src/engine/core/read-once.ts';
import { SOAP_ACTION } from '../../src/engine/products/receivables/soap/names.ts';
import { createBody, INVOICES, openApi, type Api } from '../receivables/invoices/helpers.ts';
import { createEnv } from '../support/sim.ts';

/** JSON (or any text) with the Content-Length a transport would declare. */
const sized = (body: string, headers: Record<string, string> = {}) => ({ ...headers, 'content-length': String(new TextEncoder().encode(body).byteLength) });

describe('ReadOnceRequest', () => {
  it('reads its source once for text, json, arrayBuffer and a clone, and keeps the source signal', async () => {
    const source = new Request('http://sim.test/x', { method: 'POST', body: '{"a":1}' });
    const read = vi.spyOn(source, 'arrayBuffer');
    const once = new ReadOnceRequest(source);
    expect(await once.text()).toBe('{"a":1}');
    expect(await once.clone().json()).toEqual({ a: 1 });
    expect(new TextDecoder().decode(await once.arrayBuffer())).toBe('{"a":1}');
    expect(await new Response(once.body).text()).toBe('{"a":1}');
    expect(read).toHaveBeenCalledTimes(1);
    expect(once.bodyUsed).toBe(false);
    expect(once.size()).toBe(7);
    expect(once.signal).toBe(source.signal);
  });

  it('is used only for a declared length within the limit; chunked, undeclared and oversized bodies are counted as read', () => {
    const make = (headers: Record<string, string>) => new Request('http://sim.test/sim/env_x/fscmRestApi/resources/11.13.18.05/receivablesInvoices', { method: 'POST', headers, body: 'x' });
    const path = '/env_x/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
    expect(limitBody(make({ 'content-length': '1' }), path)?.request).toBeInstanceOf(ReadOnceRequest);
    expect(limitBody(make({}), path)?.request).not.toBeInstanceOf(ReadOnceRequest);
    expect(limitBody(make({ 'content-length': String(2 * 1024 * 1024) }), path)?.request).not.toBeInstanceOf(ReadOnceRequest);
    expect(limitBody(make({ 'content-length': '1', 'transfer-encoding': 'chunked' }), path)?.request).not.toBeInstanceOf(ReadOnceRequest);
    expect(limitBody(new Request('http://sim.test/sim/env_x/y'), path)).toBeNull();
  });
});

describe('products read a body read once as they read any other', () => {
  let api: Api;
  beforeAll(async () => {
    api = await openApi();
  });

  const lastEntry = async () => (await api.sim.admin('GET', `/environments/${api.key}/journal?limit=1`)).body.items[0];

  it('REST create: 201, and the journal keeps the body the product read', async () => {
    const body = JSON.stringify(createBody({ receivablesInvoiceLines: [{ Description: 'read once', Quantity: 1, UnitSellingPrice: 5 }] }));
    const res = await api.sim.fetch(`${api.base}${INVOICES}`, { method: 'POST', headers: sized(body, { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }), body });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { receivablesInvoiceLines: { Description: string }[] }).receivablesInvoiceLines[0]?.Description).toBe('read once');
    await api.sim.engine.settled();
    const entry = await lastEntry();
    expect(entry.status).toBe(201);
    expect(entry.request.body).toContain('read once');
  });

  it('a POST refused before its body is read (401, no token) still shows the body in the journal', async () => {
    const body = JSON.stringify(createBody({ receivablesInvoiceLines: [{ Description: 'never read by the service', Quantity: 1, UnitSellingPrice: 5 }] }));
    const res = await api.sim.fetch(`${api.base}${INVOICES}`, { method: 'POST', headers: sized(body, { 'content-type': 'application/json' }), body });
    expect(res.status).toBe(401);
    await api.sim.engine.settled();
    expect((await lastEntry()).request.body).toContain('never read by the service');
  });

  it('the OAuth token form and a SOAP envelope are read as before', async () => {
    const env = await createEnv(api.sim, 'receivables');
    const client = env.credentials.oauthClients[0];
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString();
    const token = await api.sim.fetch(`${env.base}/oauth/token`, { method: 'POST', headers: sized(form, { 'content-type': 'application/x-www-form-urlencoded' }), body: form });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { token_type: string }).token_type).toBe('Bearer');
    // The same envelope with and without a declared length (read once, or counted): the same fault.
    const soapHeaders = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` };
    const send = (headers: Record<string, string>) => api.sim.fetch(`${env.base}/fscmService/InvoiceService`, { method: 'POST', headers, body: '<not-xml' });
    const [once, counted] = await Promise.all([send(sized('<not-xml', soapHeaders)), send(soapHeaders)]);
    expect(once.status).toBeGreaterThanOrEqual(400);
    expect(once.status).toBe(counted.status);
    expect(await once.text()).toBe(await counted.text());
  });

  it('a caller in the same process that declares less than it sends is still refused over the limit: 413, nothing stored', async () => {
    const before = api.invoices().length;
    const body = JSON.stringify(createBody({ receivablesInvoiceLines: [{ Description: 'x'.repeat(1_100_000), Quantity: 1, UnitSellingPrice: 5 }] }));
    const res = await api.sim.fetch(`${api.base}${INVOICES}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', 'content-length': '10' }, body });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('SIM-1002');
    expect(api.invoices()).toHaveLength(before);
  });
});
