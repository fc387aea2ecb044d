/**
 * Real CLI hosts over one temporary PostgreSQL (test/support/postgres.ts), for the tests of several
 * hosts: the server is made before the file's tests and closed after them, and every host a test
 * started is killed after it.
 */
import type { ChildProcess } from 'node:child_process';
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
