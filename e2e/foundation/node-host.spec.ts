// The Node host answering curl-style requests (issue 2 § 5, § 7), driven by Playwright's HTTP client.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

let child: ChildProcess;
let output = '';

test.beforeAll(async () => {
  child = spawn('npx', ['tsx', 'src/hosts/node/cli.ts', '--port', '8791'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!/odata environment env_/.test(output) || !/apiUsers/.test(output)) {
    if (Date.now() - started > 30_000) throw new Error(`node host did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(() => {
  child.kill('SIGINT');
});

test('prints its URL and ready-made environments, and answers HTTP', async ({ request }) => {
  expect(output).toContain('listening on http://127.0.0.1:8791');
  const key = /receivables environment (env_[0-9a-f]{32})/.exec(output)?.[1];
  expect(key).toBeTruthy();
  const list = await request.get('http://127.0.0.1:8791/sim/_admin/environments');
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { items: { key: string; product: string }[] }).items;
  expect(items.map((i) => i.product).sort()).toEqual(['odata', 'receivables']);
  const unknown = await request.get('http://127.0.0.1:8791/sim/env_11111111111111111111111111111111/oauth/token');
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toContain('application/problem+json');
});
