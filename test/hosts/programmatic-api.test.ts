// The programmatic API (issue 21 § 2): startSimulator / connectSimulator, an environment's base URL
// and credentials as the control API returns them, token(), clock, reset, faults, journal list and
// verify, close; parallel workers on one simulator never meet (§ 2 "Parallel test workers").
import { describe, expect, it } from 'vitest';
import { connectSimulator, SimulatorError, startSimulator, VerificationError, type Simulator } from '../../src/hosts/node/api/index.ts';
import { startNodeHost } from '../../src/hosts/node/server.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';

async function withSimulator(run: (sim: Simulator) => Promise<void>): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  try {
    await run(sim);
  } finally {
    await sim.close();
  }
}

describe('startSimulator (issue 21 § 2)', () => {
  it('creates a receivables environment whose base URL and credentials work with a token from token()', () =>
    withSimulator(async (sim) => {
      expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const env = await sim.createEnvironment({ product: 'receivables' });
      expect(env.baseUrl).toBe(`${sim.url}/sim/${env.key}`);
      expect(env.credentials.oauthClients).toHaveLength(2);
      expect(env.credentials.oauthClients?.[0]?.clientSecret).toMatch(/^[0-9a-f]{32}$/);
      expect(env.credentials.soapUsers).toHaveLength(1);
      const token = await env.token();
      const res = await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }));

  it('clock.advance moves the environment clock by days; reset brings the seeded book back', () =>
    withSimulator(async (sim) => {
      const env = await sim.createEnvironment({ product: 'receivables' });
      const before = Date.parse(await env.clock.now());
      const after = Date.parse(await env.clock.advance({ days: 30 }));
      expect(Math.round((after - before) / 86_400_000)).toBe(30);
      const token = await env.token();
      const del = await fetch(`${env.baseUrl}${REST}/receivablesInvoices/300000000001351`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      expect(del.status).toBe(204);
      await env.reset();
      const back = await fetch(`${env.baseUrl}${REST}/receivablesInvoices/300000000001351`, { headers: { authorization: `Bearer ${await env.token()}` } });
      expect(back.status).toBe(200);
      // The clock stays where it was moved (control API § reset).
      expect(Date.parse(await env.clock.now()) - after).toBeLessThan(60_000);
    }));

  it('faults.add injects the answer; journal.list({ since }) shows only later entries; verify and assert', () =>
    withSimulator(async (sim) => {
      const env = await sim.createEnvironment({ product: 'receivables' });
      const token = await env.token();
      const since = await env.journal.mark();
      const rule = await env.faults.add({ kind: 'status', status: 503, path: '*/receivablesInvoices', count: 1 });
      expect(await env.faults.list()).toEqual([expect.objectContaining({ id: rule.id, status: 503 })]);
      const first = await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      const second = await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      expect([first.status, second.status]).toEqual([503, 200]);
      const entries = await env.journal.list({ since });
      expect(entries.map((e) => e.status)).toEqual([200, 503]);
      expect(entries.every((e) => e.id > since)).toBe(true);
      const result = await env.journal.verify({ request: { method: 'GET', path: '*/receivablesInvoices', since }, count: { exactly: 2 } });
      expect(result).toMatchObject({ ok: true, count: 2 });
      await expect(env.journal.assert({ request: { method: 'POST', path: '*/receivablesInvoices' } })).rejects.toThrow(VerificationError);
      await expect(env.journal.assert({ request: { method: 'POST', path: '*/receivablesInvoices' } })).rejects.toThrow(/Expected at least 1 request matching POST \*\/receivablesInvoices, found 0\.\nNear misses:\n {2}entry \d+: GET \/fscmRestApi\/\S+receivablesInvoices\S* -> 200: method: expected POST, got GET/);
      await env.faults.remove(rule.id);
      expect(await env.faults.list()).toEqual([]);
    }));

  it('creates from a scenario and from a snapshot; an OData environment says token() is not for it', () =>
    withSimulator(async (sim) => {
      const odata = await sim.createEnvironment({ product: 'odata', name: 'books' });
      expect(odata.name).toBe('books');
      await expect(odata.token()).rejects.toThrow(/OData environment authenticates with Basic/);
      const copy = await sim.createEnvironment({ snapshot: await odata.snapshot(), name: 'copy' });
      expect(copy).toMatchObject({ product: 'odata', name: 'copy' });
      expect(copy.credentials.apiUsers).toHaveLength(1);
      const scenarios = (await (await fetch(`${sim.url}/sim/_admin/scenarios`)).json()) as { items: { id: string; product: string }[] };
      const id = scenarios.items.find((s) => s.product === 'receivables')?.id as string;
      const loaded = await sim.createEnvironment({ scenario: id, name: 'from a scenario' });
      expect(loaded).toMatchObject({ product: 'receivables', name: 'from a scenario' });
    }));

  it('a refused control call throws a SimulatorError with the host\'s message and status', () =>
    withSimulator(async (sim) => {
      const env = await sim.createEnvironment({ product: 'receivables' });
      const err = await env.faults.add({ kind: 'status', path: 'no-slash' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SimulatorError);
      expect(err).toMatchObject({ status: 400, message: expect.stringContaining('"path" must start with / or *') });
      const verify = await env.journal.verify({ request: { status: 999 } }).catch((e: unknown) => e);
      expect(verify).toMatchObject({ status: 400, body: { field: 'request.status' } });
    }));

  it('close() stops the host', async () => {
    const sim = await startSimulator();
    await sim.close();
    await expect(fetch(`${sim.url}/sim/_admin/stats`)).rejects.toThrow();
  });
});

describe('connectSimulator and parallel workers (issue 21 § 2)', () => {
  it('connects to a running simulator; close() deletes the environments it created and nothing else', () =>
    withSimulator(async (host) => {
      const own = await host.createEnvironment({ product: 'odata' });
      const client = await connectSimulator({ url: `${host.url}/` });
      const env = await client.createEnvironment({ product: 'receivables' });
      expect(env.baseUrl).toBe(`${host.url}/sim/${env.key}`);
      await client.close();
      const keys = ((await (await fetch(`${host.url}/sim/_admin/environments`)).json()) as { items: { key: string }[] }).items.map((e) => e.key);
      expect(keys).toContain(own.key);
      expect(keys).not.toContain(env.key);
    }));

  it('an unreachable URL fails at connect with the reason', async () => {
    const sim = await startSimulator();
    await sim.close();
    const err = await connectSimulator({ url: sim.url }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimulatorError);
    expect(String((err as Error).message)).toMatch(/could not be reached: ECONNREFUSED/);
  });

  it('eight workers, each with its own environment on one simulator, see only their own requests', () =>
    withSimulator(async (host) => {
      const workers = await Promise.all(Array.from({ length: 8 }, () => connectSimulator({ url: host.url })));
      await Promise.all(
        workers.map(async (worker, n) => {
          const env = await worker.createEnvironment({ product: 'receivables' });
          const token = await env.token();
          for (let i = 0; i <= n; i++) await fetch(`${env.baseUrl}${REST}/receivablesInvoices?limit=1&offset=${n}`, { headers: { authorization: `Bearer ${token}` } });
          await env.clock.advance({ days: n });
          // Exactly this worker's n + 1 reads, none of another's (their offsets differ).
          expect(await env.journal.verify({ request: { method: 'GET', path: '*/receivablesInvoices' }, count: { exactly: n + 1 } })).toMatchObject({ ok: true });
          expect(await env.journal.verify({ request: { query: { offset: String(n) } }, count: { exactly: n + 1 } })).toMatchObject({ ok: true });
          await env.reset();
          await worker.close();
        }),
      );
      expect(((await (await fetch(`${host.url}/sim/_admin/environments`)).json()) as { items: unknown[] }).items).toEqual([]);
    }));
});

describe('tokens (issue 21 § 2 with issue 19 § 1: adminToken, owner tokens)', () => {
  const ADMIN = 'simadmin_programmatic-api-test-token';

  it('startSimulator({ adminToken, requireToken }): every call goes with a token; the environment\'s own with its owner token', async () => {
    const sim = await startSimulator({ adminToken: ADMIN, requireToken: true });
    try {
      expect(sim.adminToken).toBe(ADMIN);
      const env = await sim.createEnvironment({ product: 'receivables' });
      expect(env.ownerToken).toMatch(/^simowner_/);
      await env.clock.advance({ days: 1 });
      await env.reset();
      expect((await env.journal.verify({ request: {} })).ok).toBe(false);
      // Without a token the host refuses, from this machine too.
      const bare = await fetch(`${sim.url}/sim/_admin/environments/${env.key}/journal`);
      expect(bare.status).toBe(401);
      const owner = await fetch(`${sim.url}/sim/_admin/environments/${env.key}/journal`, { headers: { authorization: `Bearer ${env.ownerToken}` } });
      expect(owner.status).toBe(200);
      // A worker connecting with the token works; without it, connect says why.
      const worker = await connectSimulator({ url: sim.url, adminToken: sim.adminToken });
      await (await worker.createEnvironment({ product: 'odata' })).delete();
      const refused = await connectSimulator({ url: sim.url }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ name: 'SimulatorError', status: 401 });
    } finally {
      await sim.close();
    }
  });

  it('without adminToken the host generates one and the handle carries it', async () => {
    const sim = await startSimulator({ requireToken: true });
    try {
      expect(sim.adminToken).toMatch(/^simadmin_/);
      const env = await sim.createEnvironment({ product: 'receivables' });
      expect(await env.journal.list()).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it('connected with a class code: creates environments, and reaches them only through their owner tokens', async () => {
    const CLASS = 'simclass_programmatic';
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', adminToken: ADMIN, classCodes: [CLASS], requireToken: true });
    try {
      const student = await connectSimulator({ url: host.url, classCode: CLASS });
      const env = await student.createEnvironment({ product: 'receivables' });
      // The class code alone may not touch the environment: these pass because the owner token goes with them.
      const asClass = await fetch(`${host.url}/sim/_admin/environments/${env.key}/clock`, { headers: { authorization: `Bearer ${CLASS}` } });
      expect(asClass.status).toBe(404);
      await env.clock.advance({ days: 2 });
      await env.faults.add({ kind: 'latency', latencyMs: 1, path: '*' });
      expect(await env.faults.list()).toHaveLength(1);
      await student.close();
      expect(host.engine.store.env(env.key)).toBeUndefined(); // deleted with the owner token
    } finally {
      await host.close();
    }
  });
});
