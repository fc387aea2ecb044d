/**
 * The published package as a user gets it (issue 21 § 1, § 4): `npm pack` of this repository and a
 * fresh project that installs the tarball. Shared by test/package (CI) and the bench's package
 * section. Expects the app built (dist/) and the Node build (lib/): `npm run build && npm run build:node`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export interface Packed {
  /** Absolute path of the tarball. */
  file: string;
  /** Bytes of the tarball, and of its files unpacked. */
  size: number;
  unpackedSize: number;
  files: string[];
}

/** What must be built before packing, in words, or null when it is. */
export function missingBuild(): string | null {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) return 'dist/ is missing: run npm run build first';
  if (!existsSync(join(ROOT, 'lib', 'hosts', 'node', 'cli.js'))) return 'lib/ is missing: run npm run build:node first';
  return null;
}

/** `npm pack` without its prepack build (the caller built already) into `dest`. */
export function pack(dest: string): Packed {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [info] = JSON.parse(out) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  if (!info) throw new Error('npm pack printed no tarball');
  return { file: join(dest, info.filename), size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => f.path) };
}

/**
 * A new project from examples/<example> with the tarball installed as a dev dependency, as a user
 * would: `npm install -D <tarball>`. The registry is asked only for what the npm cache lacks
 * (`--prefer-offline`): the example pins the versions this repository already installs.
 */
export function projectWith(tarball: string, example = 'vitest'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'erp-sim-package-')), 'project');
  cpSync(join(ROOT, 'examples', example), dir, { recursive: true });
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', '-D', tarball], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  return dir;
}

/** The environment for a child process, without what this test runner set for its own workers. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TEST$|NODE_OPTIONS$|TSX_)/.test(k) && !k.startsWith('npm_')) env[k] = v;
  return { ...env, ...extra };
}
