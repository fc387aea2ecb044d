/**
 * The clean-slate reset through the service worker (issue 43 § 1: median < 20 ms on both hosts; the
 * Node hosts are timed in package.ts). Needs `npm run build` first (run.ts does it).
 */
import { controlledPage, ms, stats, table } from './lib.ts';
import { RESET_ROWS, resetCycle } from './reset-cycle.ts';

const { page, close } = await controlledPage(4185);
try {
  const samples = await page.evaluate(resetCycle, [new URL(page.url()).origin, 30] as [string, number]);
  table(
    'Service worker (IndexedDB), receivables',
    Object.entries(RESET_ROWS).map(([k, operation]) => {
      const s = stats(samples[k as keyof typeof RESET_ROWS]);
      return { operation, median: ms(s.median), p95: ms(s.p95), n: s.n, target: '< 20 ms' };
    }),
  );
} finally {
  await close();
}
