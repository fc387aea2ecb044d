// Keep-alive after an early refusal, over a real socket (node:net): a refusal sent before the body
// was read leaves the connection usable for the next request, or says `connection: close` and
// closes it gracefully; never a reset on a connection announced as keep-alive (issue 26 § Why,
// "Connections reset after an early refusal": 413 SOAP over 1 MiB, 415 900 KB text/plain, 401 REST
// without a token with 700 KB; § What to reach, fourth bullet; § Tests, "Keep-alive"). The control
// API's own 401 SIM-1001 (issue 19 § 1) is such a refusal too on a host started with --require-token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAP_ACTION } from '../../src/engine/products/receivables/soap/names.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';
import { DRAIN_LIMIT_BYTES } from '../../src/hosts/node/unread-body.ts';
import { RawConnection, rawRequest } from '../support/raw-http.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';
let host: NodeHost;
let port: number;
let base: string;

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(host.url).port);
  const res = await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' });
  base = `/sim/${((await res.json()) as { key: string }).key}`;
});
afterAll(() => host.close());

const wsdl = () => rawRequest('GET', `${base}/fscmService/InvoiceService?WSDL`, {});
const filler = (n: number) => Buffer.alloc(n, 'x');

/** The three refusals the fuzzer found, each with a body the engine never reads. */
const REFUSALS: [string, () => Buffer, number][] = [
  ['413: SOAP envelope over 1 MiB', () => rawRequest('POST', `${base}/fscmService/InvoiceService`, { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` }, filler(1_200_000)), 413],
  ['415: 900 KB of text/plain to SOAP', () => rawRequest('POST', `${base}/fscmService/InvoiceService`, { 'content-type': 'text/plain', soapaction: '""' }, filler(900_000)), 415],
  ['401: REST without a token, 700 KB body', () => rawRequest('POST', `${base}${REST}/receivablesInvoices`, { 'content-type': 'application/json' }, filler(700_000)), 401],
];

describe('an early refusal with an unread body, then a second request on the same socket', () => {
  it.each(REFUSALS)('%s: the connection carries the next request', async (_name, make, status) => {
    const conn = await RawConnection.open(port);
    conn.write(make());
    const first = await conn.response();
    expect(first.status).toBe(status);
    expect(first.headers['connection']).toBe('keep-alive');
    // A real client reuses the connection at once; the fuzzer saw ECONNRESET about 500 ms later.
    conn.write(wsdl());
    const second = await conn.response();
    expect(second.status).toBe(200);
    expect(second.body).toContain('wsdl:definitions');
    await new Promise((resolve) => setTimeout(resolve, 700)); // past the old 500 ms drain timeout
    conn.write(wsdl());
    expect((await conn.response()).status).toBe(200);
    expect(conn.ended).toBeNull();
    conn.socket.end();
  });

  it('the body and the next request in one write (pipelined) are both answered', async () => {
    const conn = await RawConnection.open(port);
    conn.write(Buffer.concat([(REFUSALS[2] as (typeof REFUSALS)[number])[1](), wsdl()]));
    expect((await conn.response()).status).toBe(401);
    expect((await conn.response()).status).toBe(200);
    conn.socket.end();
  });

  it('a refused body beyond the drain limit is answered with connection: close and a graceful close, no reset', async () => {
    const conn = await RawConnection.open(port);
    conn.write(rawRequest('POST', `${base}${REST}/receivablesInvoices`, { 'content-type': 'application/json' }, filler(DRAIN_LIMIT_BYTES + 2_000_000)));
    const first = await conn.response();
    expect(first.status).toBe(401);
    expect(first.headers['connection']).toBe('close');
    expect(await conn.closed()).toBe('end');
    // And the host is as available as before on a new connection.
    const next = await RawConnection.open(port);
    next.write(wsdl());
    expect((await next.response()).status).toBe(200);
    next.socket.end();
  });

  it('a refused chunked body (no declared length) gets connection: close, and the close is graceful', async () => {
    const conn = await RawConnection.open(port);
    const chunk = filler(100_000);
    const chunks = Array.from({ length: 10 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    conn.write(rawRequest('POST', `${base}${REST}/receivablesInvoices`, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')])));
    const first = await conn.response();
    expect(first.status).toBe(401);
    expect(first.headers['connection']).toBe('close');
    expect(await conn.closed()).toBe('end');
  });

  it('a client that stops sending its declared body mid-way is not left waiting on a dead request', async () => {
    const conn = await RawConnection.open(port);
    // Declares 700 KB, sends 10 KB: the refusal comes at once, the connection waits for the rest.
    const whole = rawRequest('POST', `${base}${REST}/receivablesInvoices`, { 'content-type': 'application/json' }, filler(700_000));
    conn.write(whole.subarray(0, whole.length - 690_000));
    const first = await conn.response();
    expect(first.status).toBe(401);
    // The rest arrives late; the connection is still usable afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    conn.write(whole.subarray(whole.length - 690_000));
    conn.write(wsdl());
    expect((await conn.response()).status).toBe(200);
    conn.socket.end();
  });
});

describe('the control API\'s early 401 on a --require-token host (issue 26 § Tests, "Keep-alive"; issue 19 § 1)', () => {
  const ADMIN = 'simadmin_keepalive-admin-token-0123456789';
  let guarded: NodeHost;
  let guardedPort: number;
  beforeAll(async () => {
    guarded = await startNodeHost({ port: 0, host: '127.0.0.1', requireToken: true, adminToken: ADMIN });
    guardedPort = Number(new URL(guarded.url).port);
  });
  afterAll(() => guarded.close());

  it('a 700 KB import with no token gets 401 SIM-1001, and the next request on the same socket is answered', async () => {
    const conn = await RawConnection.open(guardedPort);
    conn.write(rawRequest('POST', '/sim/_admin/environments/import', { 'content-type': 'application/json' }, filler(700_000)));
    const first = await conn.response();
    expect(first.status).toBe(401);
    expect(JSON.parse(first.body)).toMatchObject({ code: 'SIM-1001' });
    expect(first.headers['connection']).toBe('keep-alive');
    conn.write(rawRequest('GET', '/sim/_admin/environments', { authorization: `Bearer ${ADMIN}` }));
    const second = await conn.response();
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toEqual({ items: [] });
    await new Promise((resolve) => setTimeout(resolve, 700)); // past the old 500 ms drain timeout
    conn.write(rawRequest('GET', '/sim/_admin/environments', { authorization: `Bearer ${ADMIN}` }));
    expect((await conn.response()).status).toBe(200);
    expect(conn.ended).toBeNull();
    conn.socket.end();
    // Nothing was imported.
    expect(guarded.engine.store.environments()).toEqual([]);
  });
});
