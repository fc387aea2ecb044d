// The command line (issue 21 § 1): `erp-sim serve [the flags of npm run serve]` and `erp-sim --help`,
// run here from the sources as `npm run serve` runs them (test/package runs the built bin).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', ...args], { encoding: 'utf8', timeout: 20_000 });

// Each case starts node with tsx (1-3 s on a busy 2-core machine): a longer bound than the default.
describe('erp-sim command line (issue 21 § 1)', { timeout: 60_000 }, () => {
  it('--help prints the usage with every serve flag and exits 0', () => {
    const run = cli('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: erp-sim serve [options]');
    for (const flag of ['--port', '--host', '--state', '--import', '--log', '--no-warm-up', '--help', '--version']) expect(run.stdout).toContain(flag);
  });

  it('--version prints the package version', () => {
    expect(cli('--version').stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an unknown command or option exits 2 with the reason and no stack trace', () => {
    const command = cli('start');
    expect(command.status).toBe(2);
    expect(command.stderr).toContain("Unknown command 'start'");
    const option = cli('serve', '--prot', '80');
    expect(option.status).toBe(2);
    // In our words, without parseArgs's advice and its nested quotes (issue 43 § 4.5).
    expect(option.stderr).toBe('Unknown option --prot.\nRun npm run serve -- --help for the options.\n');
    expect(cli('serve', '--port').stderr).toMatch(/^Option --port needs a value\./);
    expect(cli('serve', '--log=yes').stderr).toMatch(/^Option --log takes no value\./);
  });

  it('the help says serve is the default command, and names the files and variables that keep secrets off the command line (issue 43 § 4.5, § 5)', () => {
    const help = cli('--help').stdout;
    expect(help).toContain('serve is the default command: erp-sim [options] serves too.');
    for (const way of ['--admin-token-file FILE', 'SIM_ADMIN_TOKEN', '--class-code-file FILE', 'SIM_CLASS_CODES']) expect(help).toContain(way);
  });

  it('a failed --import prints its reason only (no banner, no token) and exits 2, as other bad arguments do (issue 43 § 4.5)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-cli-'));
    const missing = cli('serve', '--port', '0', '--import', join(dir, 'nope.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`--import ${join(dir, 'nope.json')}: no such file\n`);
    expect(missing.stdout).toBe('');
    writeFileSync(join(dir, 'bad.json'), '{"format":"something else"}');
    const refused = cli('serve', '--port', '0', '--no-warm-up', '--import', join(dir, 'bad.json'));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^--import ${join(dir, 'bad.json').replace(/[.]/g, '\\.')}: .+`));
    expect(refused.stdout).not.toContain('listening on');
    expect(refused.stdout + refused.stderr).not.toMatch(/simadmin_/);
  });

  // Issue 22 § Also: the host a user meets through `npm run serve` is the build the package ships,
  // not the sources through tsx (0.2-0.4 ms more a POST); the build follows the sources.
  it('npm run serve runs the Node build in lib/, building it first when it is missing or older than the sources', () => {
    const serve = () => spawnSync(process.execPath, ['scripts/serve.mjs', '--version'], { encoding: 'utf8', timeout: 60_000 });
    const built = 'lib/hosts/node/cli.js';
    if (existsSync(built)) utimesSync(built, new Date(0), new Date(0)); // older than every source
    const first = serve();
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const builtAt = statSync(built).mtimeMs;
    expect(builtAt).toBeGreaterThan(statSync('src/hosts/node/cli.ts').mtimeMs);
    // Current: run as it is, not built again.
    expect(serve().status).toBe(0);
    expect(statSync(built).mtimeMs).toBe(builtAt);
  });

  it('`serve` starts the host as npm run serve does', async () => {
    const cli = await startCli(['serve', '--port', '0'], (out) => out.includes('odata environment'));
    try {
      expect((await fetch(`${cli.url}/sim/_admin/environments`)).status).toBe(200);
    } finally {
      cli.child.kill('SIGTERM');
    }
  });

  // Issue 21 § 4: examples/github-actions.yml starts `erp-sim serve --import` in the background,
  // waits for its first answer (GET /sim/_admin/stats), then runs the suite against the imported
  // environment. The host listens before it imports, so its first answer must already include
  // every --import: a request made as soon as the port is open waits for them.
  it('serve --import: the first answer on the port already has every imported environment', async () => {
    const sim = await createTestSim();
    await createEnv(sim, 'receivables', 'team');
    const dir = mkdtempSync(join(tmpdir(), 'erp-sim-cli-'));
    const file = join(dir, 'team.erp-sim.json');
    writeFileSync(file, await (await sim.fetch(`/sim/_admin/environments/${(await sim.admin('GET', '/environments')).body.items[0].key}/snapshot?credentials=true`)).text());
    // Several imports: start-up work long enough that a host answering before it ends is caught.
    const imports = 6;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', 'serve', '--port', '0', ...Array.from({ length: imports }, () => ['--import', file]).flat()], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      // The banner's URL is printed as soon as the port is open, before the imports.
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1] as string);
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const stats = (await (await fetch(`${url}/sim/_admin/stats`)).json()) as { environments: number };
      expect(stats.environments).toBe(imports);
      const listed = (await (await fetch(`${url}/sim/_admin/environments`)).json()) as { items: { name: string }[] };
      expect(listed.items.map((e) => e.name)).toEqual(Array.from({ length: imports }, () => 'team'));
      expect(out).not.toContain('created at start');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
