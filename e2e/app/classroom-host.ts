/** A Node host started with a class for the classroom specs (issue 20): the real CLI, its banner parsed. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ClassHost {
  child: ChildProcess;
  /** Everything the process printed so far (banner and --log lines). */
  output(): string;
  /** The join link with the class code put in (the banner shows where it goes, not the code). */
  joinUrl: string;
  /** The join link as the banner prints it. */
  printedJoinUrl: string;
  trainerUrl: string;
  adminToken: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the host must come back on the same one after a restart). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '0.0.0.0', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** `ready`: what the banner prints once the host answers (a class's trainer link by default). */
export async function startClassHost(args: string[], ready = /trainer: +http/): Promise<ClassHost> {
  // node itself (not npx) so that the signal in stop() reaches the server process.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  while (!ready.test(out)) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the class host did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // The banner never prints the class code (issue 43 § 5): the trainer puts it in the link, as here.
  const printedJoinUrl = /join: +(http:\/\/\S+)/.exec(out)?.[1] ?? '';
  const joinUrl = printedJoinUrl.replace('<class-code>', args[args.indexOf('--class-code') + 1] ?? '');
  const trainerUrl = /trainer: +(http:\/\/\S+)/.exec(out)?.[1] ?? '';
  return {
    child,
    output: () => out,
    joinUrl,
    printedJoinUrl,
    trainerUrl,
    adminToken: /token=(simadmin_\w+)/.exec(trainerUrl)?.[1] ?? '',
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
