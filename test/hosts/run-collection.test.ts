// The collection runner from the Node host's CLI (issue 24 § 3: "the same run from the Node host's
// CLI (npm run serve -- --run-collection FILE --env KEY, or a small run command) exits non-zero on a
// failed check, for CI"; Tests: "a run with a failing check exits non-zero").
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPostman } from '../../src/collections/postman.ts';
import { runCollection } from '../../src/hosts/node/run-collection.ts';
import { startNodeHost } from '../../src/hosts/node/server.ts';
import { memoCollection } from '../collections/fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'erp-sim-run-'));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('npm run serve -- --run-collection (issue 24 § 3)', () => {
  it('exits 0 when every check passes and 1 when one fails, printing the report', async () => {
    const pass = await cli(['--run-collection', file('pass.postman.json', toPostman(memoCollection()))]);
    expect(pass.err).toBe('');
    expect(pass.out).toMatch(/Credit memo round trip against .*: 6 passed, 0 failed/);
    expect(pass.out).toMatch(/set {3}\{\{memoId\}\} = \d{15,16}/);
    expect(pass.code).toBe(0);

    const fail = await cli(['--run-collection', file('fail.postman.json', toPostman(memoCollection(true)))]);
    expect(fail.out).toMatch(/5 passed, 1 failed/);
    expect(fail.out).toMatch(/FAIL {2}status is 200 \(the status is 403\)/);
    expect(fail.code).toBe(1);
  }, 60_000);

  it('a file that is no collection, or an unknown environment, is said in words with exit status 2', async () => {
    const bad = await cli(['--run-collection', file('bad.json', '{"nope": true}')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/not a Postman collection/);
    const unknown = await cli(['--run-collection', file('ok.json', toPostman(memoCollection())), '--env', 'env_00000000000000000000000000000000']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/No environment with key 'env_0+'/);
  }, 60_000);

  it('runCollection against a running host and an environment of it (--server, --env): brings its own credentials and revokes them', async () => {
    const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
    try {
      const created = await (await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'receivables', name: 'CI' }) })).json();
      const before = (await (await fetch(`${host.url}/sim/_admin/environments/${created.key}`)).json()).credentials.length;
      const lines: string[] = [];
      const { ok, report } = await runCollection(file('ci.postman.json', toPostman(memoCollection())), { server: host.url, env: created.key, log: (l) => lines.push(l) });
      expect(ok).toBe(true);
      expect(report.environment).toBe(`CI (${created.key})`);
      expect(lines[0]).toBe(`Running Credit memo round trip (receivables) against CI (${created.key})`);
      const after = (await (await fetch(`${host.url}/sim/_admin/environments/${created.key}`)).json()).credentials.length;
      expect(after).toBe(before);
      // The runner's requests are an outside client's in the host's journal.
      const journal = (await (await fetch(`${host.url}/sim/_admin/environments/${created.key}/journal?limit=3`)).json()).items as { source?: string }[];
      expect(journal.map((e) => e.source)).toEqual(['outside', 'outside', 'outside']);
    } finally {
      await host.close();
    }
  }, 60_000);
});
