/**
 * Foundation benchmark (issue 2 § 10): engine GET through the service worker vs a no-op worker
 * route in the same page; Node host requests per second on a trivial route; bundle sizes.
 * Needs `npm run build` first (run.ts does it).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startNodeHost } from '../../src/hosts/node/server.ts';
import { launchChromium, ms, startPreview, stats, table } from './lib.ts';

const PORT = 4181;
const ROUNDS = 400;

async function workerLatency() {
  const preview = await startPreview(PORT);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    // tsx (esbuild keepNames) wraps named functions in __name(); give evaluated code a no-op one.
    await page.addInitScript('globalThis.__name = (f) => f');
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    const key = await page.evaluate(async () => {
      const r = await fetch('/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' });
      return ((await r.json()) as { key: string }).key;
    });
    // Interleave the two routes so drift in the machine's load hits both alike.
    const samples = await page.evaluate(
      async ([k, n]) => {
        const time = async (url: string) => {
          const t = performance.now();
          await (await fetch(url)).text();
          return performance.now() - t;
        };
        const engine: number[] = [];
        const noop: number[] = [];
        for (let i = 0; i < 20; i++) await time(`/sim/_admin/environments/${k}/clock`);
        for (let i = 0; i < n; i++) {
          noop.push(await time('/sim/_ping'));
          engine.push(await time(`/sim/_admin/environments/${k}/clock`));
        }
        return { engine, noop };
      },
      [key, ROUNDS] as const,
    );
    return { engine: stats(samples.engine), noop: stats(samples.noop) };
  } finally {
    await browser.close();
    preview.kill();
  }
}

async function nodeRps() {
  const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
  try {
    const url = `${host.url}/sim/_admin/stats`;
    const deadline = Date.now() + 3000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < deadline) {
        await (await fetch(url)).arrayBuffer();
        done++;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 16 }, worker));
    return done / ((Date.now() - started) / 1000);
  } finally {
    await host.close();
  }
}

function bundleSizes() {
  const html = readFileSync('dist/index.html', 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '';
  const gz = (file: string) => gzipSync(readFileSync(file)).length / 1024;
  return { entry: gz(`dist${entry.replace(/^\/[^/]*\/(?=assets)/, '/')}`), sw: gz('dist/sw.js') };
}

const lat = await workerLatency();
const ratio = lat.engine.median / lat.noop.median;
table('Service worker: engine GET vs no-op worker route (same page, interleaved)', [
  { route: 'no-op worker route (/sim/_ping)', median: ms(lat.noop.median), p95: ms(lat.noop.p95), n: lat.noop.n },
  { route: 'engine GET (/sim/_admin/environments/<key>/clock)', median: ms(lat.engine.median), p95: ms(lat.engine.p95), n: lat.engine.n },
]);
console.log(`ratio engine/no-op (median): ${ratio.toFixed(2)}x  (target <= 1.2x: ${ratio <= 1.2 ? 'met' : 'NOT met'})`);
const rps = await nodeRps();
console.log(`\nNode host: ${rps.toFixed(0)} requests/s on GET /sim/_admin/stats (16 concurrent clients, 3 s, loopback)`);
const sizes = bundleSizes();
table('Bundle sizes (gzip)', [
  { bundle: 'app entry chunk', size: `${sizes.entry.toFixed(1)} KB`, target: '<= 60 KB', met: sizes.entry <= 60 ? 'yes' : 'NO' },
  { bundle: 'service worker (sw.js)', size: `${sizes.sw.toFixed(1)} KB`, target: '<= 100 KB', met: sizes.sw <= 100 ? 'yes' : 'NO' },
]);
