// Snapshots across hosts (issue 12 § 3): "export in the browser, import in the Node host for CI, and
// back". The browser side is the engine over IndexedDB (fake-indexeddb, as the worker uses Dexie);
// the Node side is the real Node host over HTTP (memory backend), as CI would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeHost } from '../../src/hosts/node/server.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

describe('snapshots between hosts (issue 12 § 3)', () => {
  it('a browser export imports in the Node host, and the Node export imports back with the same content', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables', 'Browser book');
    await sim.admin('POST', `/environments/${env.key}/generate`, { count: 7 });
    const fromBrowser = await (await sim.fetch(`/sim/_admin/environments/${env.key}/snapshot?credentials=true`)).text();

    const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${host.url}/sim/_admin/environments/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fromBrowser });
      expect(res.status).toBe(201);
      const copy = (await res.json()) as { key: string; baseUrl: string; credentials: { oauthClients: [{ clientId: string; clientSecret: string }] } };
      expect(copy.baseUrl).toBe(`${host.url}/sim/${copy.key}`);
      // CI signs in with the same client id and the fresh secret.
      expect(copy.credentials.oauthClients[0].clientId).toBe(env.credentials.oauthClients[0].clientId);
      const tok = await fetch(`${copy.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: copy.credentials.oauthClients[0].clientId, client_secret: copy.credentials.oauthClients[0].clientSecret }),
      });
      expect(tok.status).toBe(200);

      const fromNode = await (await fetch(`${host.url}/sim/_admin/environments/${copy.key}/snapshot?credentials=true`)).text();
      // Same records, id sequence and credentials; the clock ran on (the Node host's clock is real time).
      const same = (a: string, b: string) => {
        const [x, y] = [JSON.parse(a), JSON.parse(b)];
        expect(JSON.stringify([x.records, x.idSeq, x.credentials])).toBe(JSON.stringify([y.records, y.idSeq, y.credentials]));
        expect(Math.abs(Date.parse(x.clock.now) - Date.parse(y.clock.now))).toBeLessThan(60_000);
      };
      same(fromNode, fromBrowser);
      const back = await sim.fetch('/sim/_admin/environments/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: fromNode });
      expect(back.status).toBe(201);
      const backKey = ((await back.json()) as { key: string }).key;
      const again = await (await sim.fetch(`/sim/_admin/environments/${backKey}/snapshot?credentials=true`)).text();
      same(again, fromBrowser);

      // A foreign file changes nothing on the Node host either.
      const before = ((await (await fetch(`${host.url}/sim/_admin/environments`)).json()) as { items: unknown[] }).items.length;
      const refused = await fetch(`${host.url}/sim/_admin/environments/import`, { method: 'POST', body: '{"openapi":"3.1.0"}' });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/not an ERP simulator snapshot/);
      expect(((await (await fetch(`${host.url}/sim/_admin/environments`)).json()) as { items: unknown[] }).items.length).toBe(before);
    } finally {
      await host.close();
    }
  });

  it('npm run serve -- --import FILE loads a snapshot at start and prints its credentials; a foreign file stops the host (exit 2, as any bad argument: issue 43 § 4.5)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata', 'For CI');
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-snap-'));
    const good = join(dir, 'ci.erp-sim.json');
    writeFileSync(good, await (await sim.fetch(`/sim/_admin/environments/${env.key}/snapshot?credentials=true`)).text());
    const run = (file: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--import', file], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      return { child, output: () => out, exited: new Promise<number | null>((r) => child.once('exit', r)) };
    };
    const ok = run(good);
    await expect.poll(() => ok.output(), { timeout: 20_000 }).toMatch(/apiUsers: .*"password"/);
    expect(ok.output()).toMatch(/imported .*ci\.erp-sim\.json as env_[0-9a-f]{32}/);
    expect(ok.output()).toContain(`"username":"${env.credentials.apiUsers[0].username}"`);
    expect(ok.output()).not.toContain('created at start'); // the imported environment is the host's
    ok.child.kill('SIGTERM');
    await ok.exited;

    const bad = join(dir, 'foreign.json');
    writeFileSync(bad, '{"openapi": "3.1.0"}');
    const refused = run(bad);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain('This is not an ERP simulator snapshot');
    expect(refused.output()).not.toMatch(/simadmin_|listening on/);
  }, 40_000);
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
