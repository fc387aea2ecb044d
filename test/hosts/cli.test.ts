// The command line (issue 21 § 1): `erp-sim serve [the flags of npm run serve]` and `erp-sim --help`,
// run here from the sources as `npm run serve` runs them (test/package runs the built bin).
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', ...args], { encoding: 'utf8', timeout: 20_000 });

// Each case starts node with tsx (1-3 s on a busy 2-core machine): a longer bound than the default.
describe('erp-sim command line (issue 21 § 1)', { timeout: 60_000 }, () => {
  it('--help prints the usage with every serve flag and exits 0', () => {
    const run = cli('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: erp-sim serve [options]');
    for (const flag of ['--port', '--host', '--state', '--import', '--log', '--help', '--version']) expect(run.stdout).toContain(flag);
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
    expect(option.stderr).toContain("Unknown option '--prot'");
    expect(option.stderr).toContain('--help');
    expect(option.stderr).not.toMatch(/\n\s+at /);
  });

  it('`serve` starts the host as npm run serve does', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m && out.includes('odata environment')) resolve(m[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/sim/_admin/environments`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
