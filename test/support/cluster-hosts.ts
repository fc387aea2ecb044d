/**
 * Real CLI hosts over one temporary PostgreSQL (test/support/postgres.ts), for the tests of several
 * hosts: the server is made before the file's tests and closed after them, and every host a test
 * started is killed after it.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startCli, type StartedCli } from './cli.ts';
import { testPostgres, type TestPostgres } from './postgres.ts';

export interface ClusterHosts {
  /** The PostgreSQL server (after beforeAll). */
  server(): TestPostgres;
  /** A host on `db`, listening, with the admin token; killed after the test. */
  host(db: string, extra?: string[]): Promise<StartedCli>;
  /** Kill a process started otherwise after the test too. */
  track(child: ChildProcess): void;
}

export function clusterHosts(adminToken: string): ClusterHosts {
  let server: TestPostgres | undefined;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    server = await testPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  });
  return {
    server: () => {
      if (!server) throw new Error('The PostgreSQL server is made in beforeAll.');
      return server;
    },
    async host(db, extra = []) {
      const started = await startCli(['--port', '0', '--no-warm-up', '--log', '--store', db, '--admin-token', adminToken, ...extra], (out) => / start: listening on /.test(out));
      children.push(started.child);
      return started;
    },
    track: (child) => void children.push(child),
  };
}

/** An OData environment made through a host's control API, with its Basic authorization. */
export interface Env {
  key: string;
  auth: string;
}

export async function odataEnv(url: string): Promise<Env> {
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"odata"}' });
  expect(res.status).toBe(201);
  const env = (await res.json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = env.credentials.apiUsers[0] as { username: string; password: string };
  return { key: env.key, auth: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
}

/** The OData service's root under an environment. */
export const ODATA_ROOT = '/odata/Priority/tabula.ini/demo';

/** POST a customer named `name` through a host. */
export const postCustomer = (url: string, env: Env, name: string): Promise<Response> =>
  fetch(`${url}/sim/${env.key}${ODATA_ROOT}/CUSTOMERS`, { method: 'POST', headers: { authorization: env.auth, 'content-type': 'application/json' }, body: JSON.stringify({ CUSTNAME: name, CUSTDES: 'Cluster test' }) });

/** The names of the customers whose name starts with `prefix`, sorted, as a host reads them (200). */
export async function customerNames(url: string, env: Env, prefix: string): Promise<string[]> {
  const filter = encodeURIComponent(`CUSTNAME ge '${prefix}' and CUSTNAME lt '${prefix}~'`);
  const res = await fetch(`${url}/sim/${env.key}${ODATA_ROOT}/CUSTOMERS?$select=CUSTNAME&$filter=${filter}`, { headers: { authorization: env.auth } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: { CUSTNAME: string }[] }).value.map((c) => c.CUSTNAME).sort();
}

/** A URL nothing listens at (a port just freed): a forward to it is refused, as to a killed host. */
export async function refusedUrl(): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
  return `http://127.0.0.1:${port}`;
}
