/**
 * The clean-slate reset through the service worker (issue 43 § 1: median < 20 ms on both hosts; the
 * Node hosts are timed in package.ts). Needs `npm run build` first (run.ts does it).
 */
import { loadavg } from 'node:os';
import { controlledPage, ms, stats, table } from './lib.ts';
import { RESET_ROWS, resetCycle } from './reset-cycle.ts';

const { page, close } = await controlledPage(4185);
// The figures move with the machine's load (two cores, shared): printed with them.
const load = () => loadavg()[0]?.toFixed(1);
try {
  const before = load();
  const samples = await page.evaluate(resetCycle, [new URL(page.url()).origin, 30] as [string, number]);
  table(
    `Service worker (IndexedDB), receivables (load average ${before} before, ${load()} after)`,
    Object.entries(RESET_ROWS).map(([k, operation]) => {
      const s = stats(samples[k as keyof typeof RESET_ROWS]);
      return { operation, median: ms(s.median), p95: ms(s.p95), n: s.n, target: '< 20 ms' };
    }),
  );
} finally {
  await close();
}
