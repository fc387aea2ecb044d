// No source file over 400 lines (issue 25): a file that grows past it holds more than one concern
// and is split by concern. Run by `npm run check` (and so by `npm test`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LIMIT = 400;
const SOURCE = /\.(ts|svelte|mjs|cjs|js)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

const over = [];
for (const path of files('src')) {
  const lines = readFileSync(path, 'utf8').split('\n').length - 1;
  if (lines > LIMIT) over.push(`${path}: ${lines} lines`);
}
if (over.length) {
  console.error(`Source files over ${LIMIT} lines (split them by concern):\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ no source file over ${LIMIT} lines`);
