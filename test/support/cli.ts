import { spawn, type ChildProcess } from 'node:child_process';

/** The CLI from the sources (as `npm run serve` runs its build), started and waited for. */
export interface StartedCli {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Start `src/hosts/node/cli.ts` with `args` and resolve once it prints its URL and `ready(output)`
 * holds (the banner's last line, a --log line); reject if it exits first.
 */
export function startCli(args: string[], ready: (output: string) => boolean, env: Record<string, string> = {}): Promise<StartedCli> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<StartedCli>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && ready(out)) resolve({ child, url: m[1] as string, output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}${err ? `\nstderr: ${err}` : ''}`)));
  });
}

/** `kill -9` of a host, resolved once the process is gone. */
export async function kill9(child: ChildProcess): Promise<void> {
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
