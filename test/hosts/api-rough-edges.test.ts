// The programmatic API's rough edges (issue 43 § 4.1, 4.6, 4.8, 4.8b, 4.9): every refusal says, in
// one sentence, which option or argument is wrong and how to fix it; near misses and failures name
// each entry's method, path, status and code; the types need no `!`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { connectSimulator, SimulatorError, startSimulator, VerificationError, type OAuthClient, type SecretUser, type SimEnvironment } from '../../src/hosts/node/api/index.ts';

const ADMIN = 'simadmin_rough-edges-admin-token-0000';
const REST = '/fscmRestApi/resources/11.13.18.05';

describe('refusals in one sentence (issue 43 § 4.1, § 4.8)', () => {
  it('a 401 of the control API reads as a sentence with its code, not raw problem+json; the Python helper says the same', async () => {
    const sim = await startSimulator({ adminToken: ADMIN, requireToken: true });
    try {
      const err = await connectSimulator({ url: sim.url }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SimulatorError);
      expect(err).toMatchObject({ status: 401 });
      const message = (err as Error).message;
      expect(message).toMatch(/^GET \/sim\/_admin\/scenarios answered 401: [A-Z][^{}]*\(SIM-1001\)$/);
      expect(message).not.toContain('{');
      // Not spawnSync: the host answering it lives in this process.
      const python = await new Promise<{ ok: boolean; stdout: string }>((resolve) => {
        const child = spawn('python3', ['-c', `import sys; sys.path.insert(0, 'examples/pytest')\nfrom erp_sim import Simulator, SimulatorError\ntry:\n    Simulator('${sim.url}').call('GET', '/stats')\nexcept SimulatorError as e:\n    print(e)`]);
        let stdout = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.on('error', () => resolve({ ok: false, stdout }));
        child.on('exit', (code) => resolve({ ok: code === 0, stdout }));
      });
      if (!python.ok) return; // no python3 on this machine
      expect(python.stdout.trim()).toMatch(/^GET \/sim\/_admin\/stats answered 401: [A-Z].*\(SIM-1001\)$/);
      expect(python.stdout).not.toContain('None');
    } finally {
      await sim.close();
    }
  });

  it('startSimulator names its own options: a bad adminToken, a port in use, a port that is not one', async () => {
    const bad = await startSimulator({ adminToken: 'short' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(TypeError);
    expect((bad as Error).message).toMatch(/^startSimulator\(\{ adminToken \}\): adminToken must start with simadmin_/);
    expect((bad as Error).message).not.toContain('--admin-token');

    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const busy = await startSimulator({ port }).catch((e: unknown) => e);
      expect((busy as Error).message).toBe(`startSimulator: port ${port} is already in use on 127.0.0.1. Choose another port, or { port: 0 } for a free one.`);
    } finally {
      taken.close();
    }
    await expect(startSimulator({ port: 70000 })).rejects.toThrow(/startSimulator\(\{ port \}\): port must be an integer from 0 to 65535/);
  });

  it('connectSimulator names a wrong url: unset, without scheme, with /sim or an environment path', async () => {
    const sim = await startSimulator();
    try {
      const host = new URL(sim.url).host;
      await expect(connectSimulator({ url: undefined as unknown as string })).rejects.toThrow(/connectSimulator\(\{ url \}\): url is undefined; .*Is SIM_URL set\?/);
      await expect(connectSimulator({ url: host })).rejects.toThrow(`connectSimulator({ url }): '${host}' is not a URL; give its scheme too, e.g. http://${host}`);
      await expect(connectSimulator({ url: `${sim.url}/sim` })).rejects.toThrow(`give the host's URL, ${sim.url}, not '${sim.url}/sim'`);
      await expect(connectSimulator({ url: `${sim.url}/sim/env_abc/` })).rejects.toThrow(`give the host's URL, ${sim.url}, not`);
      // What erp-sim serve prints, with or without a trailing slash, still connects.
      await (await connectSimulator({ url: `${sim.url}/` })).close();
    } finally {
      await sim.close();
    }
  });

  it('a fault path without / or * says so (not "required"); clock.advance({}) and token() on OData are refused as misuse, not as an unreachable host', async () => {
    const sim = await startSimulator();
    try {
      const env = await sim.createEnvironment({ product: 'receivables' });
      const fault = await env.faults.add({ kind: 'status', status: 503, path: 'standardReceipts' }).catch((e: unknown) => e);
      expect(fault).toMatchObject({ status: 400 });
      expect((fault as Error).message).toContain('"path" must start with / or * (it is relative to the environment base): "/standardReceipts" or "*/standardReceipts", not "standardReceipts".');
      const before = await env.clock.now();
      await expect(env.clock.advance({})).rejects.toThrow(/^clock\.advance\(\{\}\) is empty: give days, hours and\/or minutes/);
      // Not moved (the host clock runs on, so a few milliseconds at most).
      expect(Date.parse(await env.clock.now()) - Date.parse(before)).toBeLessThan(60_000);
      const odata = await sim.createEnvironment({ product: 'odata' });
      const token = await odata.token().catch((e: unknown) => e);
      expect(token).toBeInstanceOf(TypeError);
      expect(token).not.toBeInstanceOf(SimulatorError);
      expect((token as Error).message).toMatch(/OData environment authenticates with Basic/);
    } finally {
      await sim.close();
    }
  });
});

describe('verification failures name each entry (issue 43 § 4.9)', () => {
  it('a near miss shows method, path, status and the answer\'s code; an atMost failure lists its entries the same way', async () => {
    const sim = await startSimulator();
    try {
      const env = await sim.createEnvironment({ product: 'receivables' });
      const token = await env.token();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const refused = await fetch(`${env.baseUrl}${REST}/standardReceipts`, { method: 'POST', headers, body: JSON.stringify({ ReceiptNumber: 'R-1' }) });
      expect(refused.status).toBe(400);
      const code = ((await env.journal.list({ limit: 1 }))[0]?.code ?? '') as string;
      expect(code).not.toBe('');
      const err = await env.journal.assert({ request: { method: 'POST', path: '*/standardReceipts', status: 201 } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VerificationError);
      expect((err as Error).message).toMatch(new RegExp(`Near misses:\\n {2}entry \\d+: POST ${REST.replace(/\./g, '\\.')}/standardReceipts -> 400 ${code}: status: expected 201, got 400`));
      for (let i = 0; i < 2; i++) await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1`, { headers });
      const most = await env.journal.assert({ request: { method: 'GET', path: '*/receivablesInvoices' }, count: { atMost: 1 } }).catch((e: unknown) => e);
      expect((most as Error).message).toMatch(/^Expected at most 1 request matching GET \*\/receivablesInvoices, found 2 \(entries \d+, \d+\)\.\nMatched:\n {2}entry \d+: GET \/fscmRestApi\S+\/receivablesInvoices\?limit=1 -> 200\n {2}entry \d+: GET /);
    } finally {
      await sim.close();
    }
  });
});

describe('types per product (issue 43 § 4.6)', () => {
  it('startSimulator().adminToken is a string; a product\'s credentials are there without `!`', async () => {
    const sim = await startSimulator();
    try {
      expectTypeOf(sim.adminToken).toEqualTypeOf<string>();
      const rest = await sim.createEnvironment({ product: 'receivables' });
      expectTypeOf(rest).toEqualTypeOf<SimEnvironment<'receivables'>>();
      expectTypeOf(rest.credentials.oauthClients).toEqualTypeOf<OAuthClient[]>();
      expectTypeOf(rest.credentials.soapUsers).toEqualTypeOf<SecretUser[]>();
      const odata = await sim.createEnvironment({ product: 'odata' });
      expectTypeOf(odata.credentials.apiUsers).toEqualTypeOf<SecretUser[]>();
      // And at run time, what the types promise is there.
      expect(typeof sim.adminToken).toBe('string');
      expect(rest.credentials.oauthClients[0]?.clientSecret).toMatch(/^[0-9a-f]{32}$/);
      expect(rest.credentials.soapUsers).toHaveLength(1);
      expect(odata.credentials.apiUsers[0]?.username).toBe('apiuser');
      expect(odata.credentials.personalAccessTokens).toHaveLength(1);
    } finally {
      await sim.close();
    }
  });
});
