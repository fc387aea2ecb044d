/** `npm run bench`: builds, then runs every benchmark in this folder in turn and prints their figures. */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Sections in order: file name and arguments. `npm run bench -- node-host worker-scale` runs only those named. */
const SECTIONS: [string, string][] = [
  ['foundation', ''],
  ['worker-services', ''],
  ['journal', ''],
  ['drill', ''], // issue 23: a request outside a drill step costs what it costs without a drill
  ['receivables', ''],
  ['automatch', ''],
  ['worker-writes', ''],
  ['worker-filters', ''], // issue 42: POSTs after the data browser's filters, through the worker, at 10k / 100k
  ['soap', ''],
  ['soap-hostile', ''], // issue 26: hostile envelopes against the Node host (no build needed)
  ['odata', ''],
  ['filters', ''], // issue 42: writes after filters, broad and rare filter pages, totalResults, ten writers
  ['peers', ''], // issue 42: item, page and broad filter reads against json-server, Mockoon, WireMock and bare node:http
  ['node-host', 'receivables'], // issue 14: the Node host at seed / 1k / 10k / 100k
  ['node-host', 'odata'],
  ['worker-scale', 'receivables'], // issue 14: the service worker at seed / 1k / 10k / 100k
  ['worker-scale', 'odata'],
  ['fairness', ''], // issue 19: a shared Node host stays fair under long work
  ['app', ''],
  ['package', ''], // issue 21: programmatic API create/reset, journal/verify, the installed package
  ['worker-reset', ''], // issue 43: the clean-slate reset through the service worker
  ['first-visit', ''], // issue 22: first visit through a shaped link, worker bundle contents
  ['classroom', ''], // issue 20: 30 trainees and the trainer's live view on one Node host; join link to console
  ['cluster', ''], // issue 38: PostgreSQL, two hosts and HAProxy: writes and reads against the embedded store, failover, restart
];
const only = process.argv.slice(2);

execSync('npm run build', { stdio: 'ignore' });
for (const [name, args] of SECTIONS) {
  if (only.length && !only.includes(name)) continue;
  const file = `scripts/bench/${name}.ts`;
  if (!existsSync(file)) continue;
  console.log(`\n# ${name} ${args}`.trimEnd());
  try {
    execSync(`npx tsx ${file} ${args}`, { stdio: 'inherit' });
  } catch {
    console.log(`(${name} benchmark failed; see above)`);
  }
}
