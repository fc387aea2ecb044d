#!/usr/bin/env node
/**
 * `npm run serve -- [options]`: the Node host as the installed package runs it, from its build in
 * lib/ (built first when stale, scripts/build/node-lib.mjs). Run from the sources through tsx
 * instead, each POST cost 0.2-0.4 ms more (tsx keeps every function's name with a call at each
 * closure made; issue 22 § Also, paired A/B on the Node host). The tests still run the sources
 * (`node --import tsx src/hosts/node/cli.ts`), which behave the same.
 */
import { pathToFileURL } from 'node:url';
import { CLI, ensureNodeLib } from './build/node-lib.mjs';

if (!ensureNodeLib()) {
  console.error('npm run serve: building the Node host (lib/) failed; see above.');
  process.exit(1);
}
// The CLI reads its options from process.argv; --build-app builds the playground when it is stale.
process.argv.splice(2, 0, '--build-app');
await import(pathToFileURL(CLI).href);
