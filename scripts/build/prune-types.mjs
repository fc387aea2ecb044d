/**
 * After `tsc -p tsconfig.lib.json`: keep in lib/types only the declarations the package's entry points
 * (the API, and its Vitest fixture and setup) reach. tsc emits one for every module the API imports (the whole engine behind the host), and
 * those the public types never name would only ship unused text.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', 'lib', 'types');
const API = join(ROOT, 'hosts', 'node', 'api');
const ENTRIES = ['index.d.ts', 'vitest.d.ts', 'vitest-setup.d.ts'].map((name) => join(API, name));

/** The declaration a relative specifier of `from` names (`./x.ts`, `./x.js` or `./x`). */
function declarationOf(from, specifier) {
  const base = resolve(dirname(from), specifier).replace(/\.(ts|js)$/, '');
  for (const candidate of [`${base}.d.ts`, join(base, 'index.d.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

const reached = new Set();
const queue = [...ENTRIES];
while (queue.length) {
  const file = queue.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const next = declarationOf(file, m[1]);
    if (!next) throw new Error(`${file} names ${m[1]}, which has no declaration`);
    queue.push(next);
  }
}

/** Remove every declaration not reached, then the folders left empty. */
function prune(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      prune(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (!reached.has(path)) rmSync(path);
  }
}
prune(ROOT);
