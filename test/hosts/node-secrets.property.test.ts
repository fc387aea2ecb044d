// Redaction that cannot miss, end to end through the Node host with --state and --log: random
// malformed token, SOAP, OData and REST requests carry the environments' real secrets (client
// secrets, SOAP and API user passwords, a PAT, a bearer token) in any field and any written form;
// afterwards no secret appears in the journal (read back and in FILE.journal.jsonl), the state
// file or the access log (issue 26 § Why, "Secrets in plaintext"; § What to reach, third bullet;
// § Tests, "Secrets").
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAP_ACTION } from '../../src/engine/products/receivables/soap/names.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ODATA = '/odata/Priority/tabula.ini/demo';
const REST = '/fscmRestApi/resources/11.13.18.05';
const SCOPE = 'urn:opc:resource:consumer::all';

let dir: string;
let host: NodeHost;
const log: string[] = [];
let rec: { key: string; clients: { clientId: string; clientSecret: string }[]; soap: { username: string; password: string } };
let odata: { key: string; api: { username: string; password: string }; pat: string };
let token: string;
let secrets: string[];

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${host.url}/sim/_admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'erp-sim-secrets-'));
  host = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: join(dir, 'state.jsonl'), log: (line) => log.push(line) });
  type Made = { key: string; credentials: Record<string, Record<string, string>[]> };
  const r = await admin<Made>('/environments', { product: 'receivables' });
  const o = await admin<Made>('/environments', { product: 'odata' });
  rec = {
    key: r.key,
    clients: (r.credentials.oauthClients ?? []).map((c) => ({ clientId: c.clientId as string, clientSecret: c.clientSecret as string })),
    soap: { username: r.credentials.soapUsers?.[0]?.username as string, password: r.credentials.soapUsers?.[0]?.password as string },
  };
  odata = { key: o.key, api: { username: o.credentials.apiUsers?.[0]?.username as string, password: o.credentials.apiUsers?.[0]?.password as string }, pat: o.credentials.personalAccessTokens?.[0]?.token as string };
  const client = rec.clients[0] as { clientId: string; clientSecret: string };
  const res = await fetch(`${host.url}/sim/${rec.key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
  secrets = [...rec.clients.map((c) => c.clientSecret), rec.soap.password, odata.api.password, odata.pat, token];
  expect(secrets.every((s) => typeof s === 'string' && s.length >= 32)).toBe(true);
});
let closed = false;
afterAll(async () => {
  if (!closed) await host?.close();
});

// ---- written forms of a secret -------------------------------------------------------------------
const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const ENCODINGS: [string, (s: string) => string][] = [
  ['plain', (s) => s],
  ['capitals', (s) => s.toUpperCase()],
  ['percent', pct],
  ['some percent', (s) => [...s].map((c, i) => (i % 3 === 0 ? pct(c) : c)).join('')],
  ['double percent', (s) => pct(s).replace(/%/g, '%25')],
  ['xml decimal', (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('')],
  ['xml hex', (s) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')],
  ['json escapes', (s) => [...s].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('')],
  ['basic', (s) => `Basic ${btoa(`someone:${s}`)}`],
  ['glued to hex', (s) => `00${s}ff`],
];

/** Whether `text` shows `secret` in any form a reader could undo (an independent check). */
function reveals(text: string, secret: string): boolean {
  let view = text;
  for (let round = 0; round < 4; round++) {
    const lower = view.toLowerCase();
    if (lower.includes(secret)) return true;
    for (const run of view.match(/[A-Za-z0-9+/_=-]{12,}/g) ?? []) {
      for (let skip = 0; skip < 4; skip++) {
        for (const enc of ['base64', 'base64url'] as const) {
          if (Buffer.from(run.slice(skip), enc).toString('latin1').toLowerCase().includes(secret)) return true;
        }
      }
    }
    view = view
      .replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
      .replace(/&amp;/g, '&')
      .replace(/\\u([0-9a-f]{4})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return false;
}

// ---- malformed requests carrying a secret ---------------------------------------------------------
interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const tokenRequest = (v: string, shape: number): Sent => {
  const base = `/sim/${rec.key}/oauth/token`;
  switch (shape) {
    case 0: // issue 26 § Why: a client_secret in a multipart token request answered 400
      return { method: 'POST', path: base, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: `--XyZ\r\nContent-Disposition: form-data; name="client_secret"\r\n\r\n${v}\r\n--XyZ--\r\n` };
    case 1:
      return { method: 'POST', path: base, headers: { 'content-type': 'application/json' }, body: `{"grant_type": "client_credentials", "client_secret": "${v}"` };
    case 2:
      return { method: 'POST', path: `${base}?client_secret=${encodeURIComponent(v)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=' };
    case 3:
      return { method: 'POST', path: base, headers: { 'content-type': 'text/plain', 'x-client-secret': v.replace(/[^\x20-\x7e]/g, '') }, body: `secret is ${v}` };
    default:
      return { method: 'POST', path: base, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=password&scope=${SCOPE}&client_id=nobody&c_secret=${encodeURIComponent(v)}&%%` };
  }
};

const soapRequest = (v: string, shape: number, cut: number): Sent => {
  const envelope = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header><wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken><wsse:Username>${rec.soap.username}</wsse:Username><wsse:Password>${v}</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header><soapenv:Body><typ:createSimpleInvoice xmlns:typ="urn:x"><!-- ${v} --><![CDATA[${v}]]>`;
  const headers = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` };
  const path = `/sim/${rec.key}/fscmService/InvoiceService`;
  switch (shape) {
    case 0: // issue 26 § Why: SOAP passwords in envelopes that failed to parse
      return { method: 'POST', path, headers, body: envelope.slice(0, envelope.length - (cut % 40)) };
    case 1:
      return { method: 'POST', path, headers, body: envelope.replace('<wsse:Password>', '<wsse:Password') };
    case 2:
      return { method: 'POST', path, headers: { ...headers, 'content-type': 'application/soap+xml' }, body: envelope };
    default:
      return { method: 'POST', path, headers, body: `<!DOCTYPE x>${envelope}` };
  }
};

const odataRequest = (v: string, shape: number): Sent => {
  const root = `/sim/${odata.key}${ODATA}`;
  const auth = { authorization: `Basic ${btoa(`${odata.api.username}:${odata.api.password}`)}` };
  switch (shape) {
    case 0:
      return { method: 'GET', path: `${root}/CUSTOMERS?$filter=${encodeURIComponent(`CUSTNAME eq '${v.replace(/'/g, "''")}'`)}&$select=${encodeURIComponent(v)}`, headers: auth };
    case 1:
      return { method: 'POST', path: `${root}/CUSTOMERS`, headers: { ...auth, 'content-type': 'application/json' }, body: `{"CUSTNAME": "${v}", ` };
    case 2:
      return { method: 'POST', path: `${root}/$batch`, headers: { ...auth, 'content-type': 'application/json' }, body: `{"requests": [{"id": "1", "method": "GET", "url": "CUSTOMERS", "headers": {"authorization": "Basic ${btoa(`${odata.api.username}:${v}`)}"}}, {"id": "2", "body": "${v}"` };
    case 3:
      return { method: 'POST', path: `${root}/$batch`, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ requests: [{ id: '1', method: 'GET', url: `CUSTOMERS?$filter=CUSTDES eq '${v}'`, headers: { 'x-note': v } }] }) };
    default:
      return { method: 'PATCH', path: `${root}/CUSTOMERS('${encodeURIComponent(v)}')`, headers: { authorization: `Basic ${btoa(`${v}:PAT`)}`, 'content-type': 'application/json' }, body: `{"CUSTDES": "${v}"}` };
  }
};

const restRequest = (v: string, shape: number): Sent => {
  const base = `/sim/${rec.key}${REST}`;
  const bearer = { authorization: `Bearer ${token}` };
  return shape === 0
    ? { method: 'GET', path: `${base}/receivablesInvoices?q=${encodeURIComponent(`TransactionNumber='${v}'`)}&nope=${encodeURIComponent(v)}`, headers: bearer }
    : { method: 'POST', path: `${base}/standardReceipts`, headers: { ...bearer, 'content-type': 'application/json' }, body: `{"Comments": "${v}", "ReceiptNumber": ` };
};

const request = fc
  .tuple(fc.nat(5), fc.nat(ENCODINGS.length - 1), fc.constantFrom('token', 'soap', 'odata', 'rest'), fc.nat(4), fc.nat(200))
  .map(([which, enc, surface, shape, cut]) => ({ which, enc, surface, shape, cut }));

async function send(s: Sent): Promise<number> {
  const res = await fetch(`${host.url}${s.path}`, { method: s.method, headers: s.headers, body: s.body });
  await res.arrayBuffer();
  return res.status;
}

describe('no secret survives in anything the host writes (issue 26 § Tests, Secrets)', () => {
  it('random malformed requests with real secrets in any form: none in the journal, its file, the state file or the access log', async () => {
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(request, async ({ which, enc, surface, shape, cut }) => {
        const secret = secrets[which % secrets.length] as string;
        const v = (ENCODINGS[enc] as [string, (s: string) => string])[1](secret);
        const s = surface === 'token' ? tokenRequest(v, shape) : surface === 'soap' ? soapRequest(v, shape % 4, cut) : surface === 'odata' ? odataRequest(v, shape) : restRequest(v, shape % 2);
        const status = await send(s);
        statuses.push(status);
        // Malformed on purpose: nothing is written (a stored record would hold what the client sent).
        if (s.method !== 'GET' && !s.path.endsWith('$batch')) expect(status, `${s.method} ${s.path}`).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 300, seed: 2026 },
    );
    expect(statuses.some((x) => x === 400)).toBe(true);
    expect(statuses.some((x) => x === 401)).toBe(true);
    expect(statuses.every((x) => x < 500 || x === 501)).toBe(true);

    // What the control API reads back.
    await host.engine.settled();
    const read = [];
    for (const key of [rec.key, odata.key]) read.push(await (await fetch(`${host.url}/sim/_admin/environments/${key}/journal?limit=500`)).text());
    await host.close();
    closed = true;
    const files = {
      'journal (control API)': read.join('\n'),
      'journal file': readFileSync(join(dir, 'state.jsonl.journal.jsonl'), 'utf8'),
      'state file': readFileSync(join(dir, 'state.jsonl'), 'utf8'),
      'access log': log.join('\n'),
    };
    expect(files['journal file'].length).toBeGreaterThan(10_000); // the requests were journaled
    expect(log.length).toBeGreaterThan(300);
    for (const [what, text] of Object.entries(files)) {
      for (const secret of secrets) {
        const where = text.split('\n').find((line) => reveals(line, secret)) ?? '';
        expect(reveals(text, secret), `${what} shows ${secret.slice(0, 6)}…: ${where.slice(0, 400)}`).toBe(false);
      }
    }
    // Sanity of the check itself: it does see a secret written in any of the forms above.
    for (const [name, encode] of ENCODINGS) expect(reveals(`x ${encode(secrets[0] as string)} y`, secrets[0] as string), name).toBe(true);
  }, 180_000);
});
