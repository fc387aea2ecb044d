/** `npm run bench`: builds, then runs every benchmark in this folder in turn and prints their figures. */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

execSync('npm run build', { stdio: 'ignore' });
for (const name of ['foundation', 'worker-services', 'journal', 'receivables', 'automatch', 'worker-writes', 'soap', 'odata', 'app']) {
  const file = `scripts/bench/${name}.ts`;
  if (!existsSync(file)) continue;
  console.log(`\n# ${name}`);
  try {
    execSync(`npx tsx ${file}`, { stdio: 'inherit' });
  } catch {
    console.log(`(${name} benchmark failed; see above)`);
  }
}
