/**
 * The Node host's build in lib/ (vite.node.config.ts), as the installed package runs it: built again
 * when it is missing or older than its sources (under a second). `npm run serve` and the benches
 * that time a host's start use it, so they time what an operator runs, not the sources under tsx.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** What the Node build reads. */
const SOURCES = ['src/engine', 'src/hosts', 'package.json', 'vite.node.config.ts'];
/** The built CLI's path. */
export const CLI = join(root, 'lib/hosts/node/cli.js');

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Builds lib/ when it is stale; false when the build failed (vite has printed why). */
export function ensureNodeLib() {
  const builtAt = newest(CLI);
  if (builtAt && !SOURCES.some((s) => newest(join(root, s)) > builtAt)) return true;
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  return spawnSync(process.execPath, [vite, 'build', '--config', 'vite.node.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status === 0;
}
