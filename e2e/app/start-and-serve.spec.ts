// How the playground and the Node host start from a terminal (issue 13, bugs 4 and 8).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';

test('PORT=<n> npm start prints the URL it serves on, not the default one (issue 13 bug 4)', () => {
  // npm and npx are stubbed: the script's own logic (which port it prints and passes) is what is checked,
  // without a second build of dist/ while the suite serves it.
  const bin = mkdtempSync(join(tmpdir(), 'start-stubs-'));
  writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n');
  writeFileSync(join(bin, 'npx'), '#!/bin/sh\necho "npx $*"\n');
  chmodSync(join(bin, 'npm'), 0o755);
  chmodSync(join(bin, 'npx'), 0o755);
  const run = spawnSync('bash', ['scripts/start.sh'], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, PORT: '4199' }, encoding: 'utf8' });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('Playground: http://127.0.0.1:4199/');
  expect(run.stdout).not.toContain('4173');
  expect(run.stdout).toContain('npx vite preview --host 127.0.0.1 --port 4199 --strictPort');
});

test('npm run serve on a port already in use says so and how to choose another, exits non-zero, no stack trace (issue 13 bug 8)', async () => {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} is already in use`);
    expect(out).toContain('npm run serve -- --port ');
    expect(out).not.toMatch(/EADDRINUSE|\n\s+at /);
  } finally {
    blocker.close();
  }
});
