/**
 * Is the playground in dist/ current? `npm run serve` builds it when it is missing or older than its
 * sources (issue 20); a package that ships dist/ without the sources has nothing to compare and
 * counts as current.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What the build reads: the app, the engine (the worker and the catalogs), the page and the configs. */
const SOURCES = ['src/app', 'src/engine', 'src/sw', 'public', 'index.html', 'vite.config.ts', 'vite.sw.config.ts'];
/** The build's outputs that must all be newer than every source. */
const OUTPUTS = ['index.html', 'sw.js'];

export type AppBuildState = { state: 'current' } | { state: 'missing' } | { state: 'stale'; newer: string };

async function newest(path: string): Promise<{ file: string; mtimeMs: number } | null> {
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  if (!info.isDirectory()) return { file: path, mtimeMs: info.mtimeMs };
  let best: { file: string; mtimeMs: number } | null = null;
  for (const entry of await readdir(path)) {
    const found = await newest(join(path, entry));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/** Compare `<root>/dist` with the sources under `root` (the repository). */
export async function appBuildState(root: string, dist = join(root, 'dist')): Promise<AppBuildState> {
  const outputs = await Promise.all(OUTPUTS.map((f) => stat(join(dist, f)).catch(() => null)));
  if (outputs.some((o) => !o)) return { state: 'missing' };
  const builtAt = Math.min(...outputs.map((o) => (o as { mtimeMs: number }).mtimeMs));
  let latest: { file: string; mtimeMs: number } | null = null;
  for (const source of SOURCES) {
    const found = await newest(join(root, source));
    if (found && (!latest || found.mtimeMs > latest.mtimeMs)) latest = found;
  }
  if (latest && latest.mtimeMs > builtAt) return { state: 'stale', newer: relative(root, latest.file) };
  return { state: 'current' };
}

/** Whether `root` holds the playground's sources (a checkout), so it can be built there. */
export const canBuild = (root: string): boolean => existsSync(join(root, 'src', 'app')) && existsSync(join(root, 'vite.config.ts'));

/** `npm run build` in `root`, its output shown; resolves true when it succeeded. */
export function buildApp(root: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
