// The Node host answering curl-style requests (issue 2 § 5, § 7), driven by Playwright's HTTP client.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '../fixtures.ts';

let child: ChildProcess;
let output = '';
let url = '';

test.beforeAll(async () => {
  // node itself (not npx) so that the signal in afterAll reaches the server process.
  child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!/odata environment env_/.test(output) || !/apiUsers/.test(output)) {
    if (Date.now() - started > 30_000) throw new Error(`node host did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  expect(output).toContain('Stopping.');
});

test('prints its URL and ready-made environments, and answers HTTP', async ({ request }) => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const key = /receivables environment (env_[0-9a-f]{32})/.exec(output)?.[1];
  expect(key).toBeTruthy();
  const list = await request.get(`${url}/sim/_admin/environments`);
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { items: { key: string; product: string }[] }).items;
  expect(items.map((i) => i.product).sort()).toEqual(['odata', 'receivables']);
  const unknown = await request.get(`${url}/sim/env_11111111111111111111111111111111/oauth/token`);
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toContain('application/problem+json');
});
