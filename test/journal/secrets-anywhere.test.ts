// The host's own secrets found in journal entries whatever the request's shape (issue 26 § Why:
// "a client_secret in a multipart token request answered 400, and SOAP passwords in envelopes that
// failed to parse (400)"; § What to reach: redaction that cannot miss).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SOAP_ACTION } from '../../src/engine/products/receivables/soap/names.ts';
import { CREDENTIAL_KIND } from '../../src/engine/admin/credentials.ts';
import type { StoredCredential } from '../../src/engine/core/types.ts';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';

let sim: TestSim;
let rec: Awaited<ReturnType<typeof createEnv>>;
let od: Awaited<ReturnType<typeof createEnv>>;
beforeAll(async () => {
  sim = await createTestSim();
  rec = await createEnv(sim, 'receivables');
  od = await createEnv(sim, 'odata');
});

async function lastEntry(key: string): Promise<string> {
  await sim.engine.settled();
  const { body } = await sim.admin('GET', `/environments/${key}/journal?limit=1`);
  return JSON.stringify(body.items[0]);
}

describe('secrets of this host in any field of any request', () => {
  it('a client_secret in a multipart token request (400) is redacted', async () => {
    const secret = rec.credentials.oauthClients[0].clientSecret as string;
    const res = await sim.fetch(`${rec.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: `--b\r\nContent-Disposition: form-data; name="client_secret"\r\n\r\n${secret}\r\n--b--\r\n`,
    });
    expect(res.status).toBe(400);
    const entry = await lastEntry(rec.key);
    expect(entry).not.toContain(secret);
    expect(entry).toContain('name=\\"client_secret\\"\\r\\n\\r\\n[redacted]');
  });

  it('a SOAP password in an envelope that does not parse (400) is redacted', async () => {
    const password = rec.credentials.soapUsers[0].password as string;
    const res = await sim.fetch(`${rec.base}/fscmService/InvoiceService`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` },
      body: `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header><Password>${password}</Pass`,
    });
    expect(res.status).toBe(400);
    expect(await lastEntry(rec.key)).not.toContain(password);
  });

  it("another environment's secret sent here is redacted too (a shared host shows no tenant another's secret)", async () => {
    const pat = od.credentials.personalAccessTokens[0].token as string;
    await sim.fetch(`${rec.base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?note=${pat}`);
    const entry = await lastEntry(rec.key);
    expect(entry).not.toContain(pat);
    expect(entry).toContain('note=[redacted]');
  });

  it('a credential minted before fingerprints existed: anything of its shape is redacted (too much, never too little)', async () => {
    const env = await createEnv(sim, 'odata');
    // Drop the fingerprints, as stored by an older version.
    await sim.engine.store.write(env.key, (tx) => {
      for (const c of tx.list<StoredCredential>(CREDENTIAL_KIND)) {
        const { fingerprint: _drop, ...old } = c;
        tx.put(CREDENTIAL_KIND, c.id, old);
      }
    });
    const lookalike = 'ab'.repeat(16);
    await sim.fetch(`${env.base}/odata/Priority/tabula.ini/demo/CUSTOMERS?x=${lookalike}`);
    expect(await lastEntry(env.key)).toContain('x=[redacted]');
    await sim.admin('DELETE', `/environments/${env.key}`);
  });

  it('what no environment knows is left as sent', async () => {
    const stranger = 'cd'.repeat(16);
    await sim.fetch(`${rec.base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?note=${stranger}`);
    expect(await lastEntry(rec.key)).toContain(`note=${stranger}`);
  });
});

describe('a secret sent on every request (issue 26 § What to reach; README § Shared host: no environment stalls another)', () => {
  it('is redacted every time, and found again without walking every environment of the host', async () => {
    const secret = rec.credentials.oauthClients[0].clientSecret as string;
    const other = od.credentials.apiUsers[0].password as string;
    const text = `sent ${secret} and ${other}`;
    expect(await sim.engine.redact(text)).toBe('sent [redacted] and [redacted]');
    const walks = vi.spyOn(sim.engine.store, 'environments');
    try {
      expect(await sim.engine.redact(text)).toBe('sent [redacted] and [redacted]');
      expect(walks).not.toHaveBeenCalled();
    } finally {
      walks.mockRestore();
    }
  });
});
