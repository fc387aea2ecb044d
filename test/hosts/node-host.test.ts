// The Node host (issue 2 § 5): same engine over HTTP, --state journal survives a restart.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CredentialVerifier } from '../../src/engine/admin/credentials.ts';
import { startNodeHost } from '../../src/hosts/node/server.ts';

async function createOdataEnv(url: string) {
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"odata"}' });
  return (await res.json()) as { key: string; baseUrl: string; credentials: { apiUsers: { username: string; password: string }[] } };
}

describe('Node host', () => {
  it('answers curl-style HTTP requests with the engine (issue 2 § 5)', async () => {
    const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
    try {
      const env = await createOdataEnv(host.url);
      expect(env.baseUrl).toBe(`${host.url}/sim/${env.key}`);
      const list = await fetch(`${host.url}/sim/_admin/environments`);
      expect(list.status).toBe(200);
      const unknown = await fetch(`${host.url}/sim/env_ffffffffffffffffffffffffffffffff/odata/Priority/tabula.ini/demo/`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    } finally {
      await host.close();
    }
  });

  it('listening on every interface (--host 0.0.0.0) prints an address a client can reach (issue 2 § 5)', async () => {
    const host = await startNodeHost({ port: 0, host: '0.0.0.0' });
    try {
      expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${host.url}/sim/_admin/stats`)).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('keeps environments, data and credentials across a restart with --state (issue 2 § 5)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'erp-sim-')), 'state.jsonl');
    const first = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: file });
    const env = await createOdataEnv(first.url);
    await fetch(`${first.url}/sim/_admin/environments/${env.key}/clock`, { method: 'PUT', body: '{"advanceDays":3}' });
    await first.close();
    expect(readFileSync(file, 'utf8')).toContain(env.key);

    const second = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: file });
    try {
      const again = await fetch(`${second.url}/sim/_admin/environments/${env.key}`);
      expect(again.status).toBe(200);
      const body = (await again.json()) as { credentials: unknown[]; clock: { offsetMs: number } };
      expect(body.credentials).toHaveLength(2);
      expect(Math.round(body.clock.offsetMs / 86_400_000)).toBe(3);
      const user = env.credentials.apiUsers[0] as { username: string; password: string };
      const data = await second.engine.store.data(env.key);
      const verifier = new CredentialVerifier(() => data);
      expect(await verifier.verify('api-user', user.username, user.password)).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});
