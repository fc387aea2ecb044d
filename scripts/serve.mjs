#!/usr/bin/env node
/**
 * `npm run serve -- [options]`: the Node host as the installed package runs it, from its build in
 * lib/ (vite.node.config.ts), built first when it is missing or older than its sources (under a
 * second). Run from the sources through tsx instead, each POST cost 0.2-0.4 ms more (tsx keeps every
 * function's name with a call at each closure made; issue 22 § Also, paired A/B on the Node host).
 * The tests still run the sources (`node --import tsx src/hosts/node/cli.ts`), which behave the same.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the Node build reads. */
const SOURCES = ['src/engine', 'src/hosts', 'package.json', 'vite.node.config.ts'];
const CLI = join(root, 'lib/hosts/node/cli.js');

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

const builtAt = newest(CLI);
if (!builtAt || SOURCES.some((s) => newest(join(root, s)) > builtAt)) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.node.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('npm run serve: building the Node host (lib/) failed; see above.');
    process.exit(built.status ?? 1);
  }
}
// The CLI reads its options from process.argv; --build-app builds the playground when it is stale.
process.argv.splice(2, 0, '--build-app');
await import(pathToFileURL(CLI).href);
