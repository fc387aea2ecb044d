/**
 * First visit on a real network (issue 22), in Debian's Chromium against the production build
 * served by e2e/shaped-host.ts: gzip, 304s, one shared download link and a round trip per request,
 * so the service worker's own fetches are paced too. Per link, medians of RUNS fresh profiles: app
 * shell shown (first contentful paint), page controlled, first `/sim` answer, everything saved for
 * offline use (the worker's `sim-offline` notice with `complete`). Then a stopped worker's first
 * answer on seeded environments (REST, OData, SOAP), and the worker's scripts with what they hold.
 * Needs `npm run build` first (run.ts does it). Standalone: `npx tsx scripts/bench/first-visit.ts`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { FAST_4G, ShapedHost, SLOW_4G, type Shaping } from '../../e2e/shaped-host.ts';
import { CREATE_SIMPLE_INVOICE_ACTION, createSimpleInvoiceEnvelope, MAKE_TWO_PRODUCT_ENVS, type TwoProductEnvs } from '../../e2e/soap-sample.ts';
import type { WorkerScript } from '../build/worker-contents.ts';
import { launchChromium, ms, stats, table } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DIST = resolve('dist');
const LINKS: { name: string; shaping: Shaping | null; firstAnswer?: number; offlineReady?: number }[] = [
  { name: 'unshaped', shaping: null },
  { name: '9 Mbit/s + 60 ms', shaping: FAST_4G, firstAnswer: 1500, offlineReady: 20_000 },
  { name: '1.6 Mbit/s + 150 ms', shaping: SLOW_4G, firstAnswer: 4000 },
];

/** Marks set in the page (a string: tsx would wrap a function with a helper the page lacks). */
const MARKS = `(() => {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  sw.addEventListener('controllerchange', () => performance.mark('bench:controlled'));
  sw.addEventListener('message', (e) => {
    if (e.data && e.data.type === 'sim-offline' && e.data.complete && !performance.getEntriesByName('bench:offline-ready').length) performance.mark('bench:offline-ready');
  });
})()`;

interface Visit {
  shell: number;
  controlled: number;
  firstSim: number;
  offlineReady: number;
  fromHost: number;
}

async function firstVisit(browser: Browser, shaping: Shaping | null): Promise<Visit> {
  const host = new ShapedHost(DIST, shaping);
  await host.start();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(MARKS);
    await page.goto(`${host.url}#/envs`);
    await page.waitForFunction("performance.getEntriesByName('bench:offline-ready').length > 0", undefined, { timeout: 180_000 });
    const t = (await page.evaluate(`(() => {
      const mark = (n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
      const sim = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/sim/')).map((e) => e.responseEnd);
      return { shell: mark('first-contentful-paint'), controlled: mark('bench:controlled'), firstSim: sim.length ? Math.min(...sim) : NaN, offlineReady: mark('bench:offline-ready') };
    })()`)) as Omit<Visit, 'fromHost'>;
    return { ...t, fromHost: host.served.reduce((n, s) => n + s.bytes, 0) };
  } finally {
    await context.close();
    await host.stop();
  }
}

/** What a stopped worker's first answer is asked for: a REST page of invoices (the target's), an OData page, a SOAP invoice. */
type Product = 'rest' | 'odata' | 'soap';

/**
 * A stopped worker's first answer on seeded environments, median of 5 per product: the worker
 * starts again, loads the engine's core and reads the parts' script, and runs the part a product
 * needs on its first request.
 */
async function stoppedWorkerAnswers(browser: Browser): Promise<Record<Product, number>> {
  const host = new ShapedHost(DIST, null);
  await host.start();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const env = (await page.evaluate(MAKE_TWO_PRODUCT_ENVS)) as TwoProductEnvs;
    const requests: Record<Product, string> = {
      rest: `fetch('sim/${env.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=25', { headers: { authorization: '${env.bearer}' } })`,
      odata: `fetch('sim/${env.okey}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=25', { headers: { authorization: '${env.basic}' } })`,
      soap: `fetch('sim/${env.key}/fscmService/InvoiceService', { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: ${JSON.stringify(CREATE_SIMPLE_INVOICE_ACTION)} }, body: ${JSON.stringify(createSimpleInvoiceEnvelope(env.soap.username, env.soap.password))} })`,
    };
    const result = {} as Record<Product, number>;
    for (const product of Object.keys(requests) as Product[]) {
      const read = `(async () => {
        const t = performance.now();
        const res = await ${requests[product]};
        await res.text();
        if (res.status !== 200) throw new Error('${product}: status ' + res.status);
        return performance.now() - t;
      })()`;
      await page.evaluate(read);
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        await cdp.send('ServiceWorker.stopAllWorkers');
        await page.waitForTimeout(300);
        samples.push((await page.evaluate(read)) as number);
      }
      result[product] = stats(samples).median;
    }
    return result;
  } finally {
    await context.close();
    await host.stop();
  }
}

async function main(): Promise<void> {
  const browser = await launchChromium();
  const rows: Record<string, string>[] = [];
  const targets: Record<string, string>[] = [];
  const restarts: Record<string, string>[] = [];
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  try {
    for (const link of LINKS) {
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) visits.push(await firstVisit(browser, link.shaping));
      const med = (k: keyof Visit) => stats(visits.map((v) => v[k])).median;
      rows.push({
        link: link.name,
        'app shell shown': s(med('shell')),
        'page controlled': s(med('controlled')),
        'first /sim answer': s(med('firstSim')),
        'ready offline (everything saved)': s(med('offlineReady')),
        'from the host': `${(med('fromHost') / 1024).toFixed(0)} KB`,
        runs: visits.map((v) => s(v.firstSim)).join(' / '),
      });
      console.error(JSON.stringify(rows.at(-1)));
      if (link.firstAnswer) targets.push({ target: `first /sim answer at ${link.name} < ${s(link.firstAnswer)}`, value: s(med('firstSim')), met: med('firstSim') < link.firstAnswer ? 'yes' : 'NO' });
      if (link.offlineReady) targets.push({ target: `ready offline at ${link.name} < ${s(link.offlineReady)}`, value: s(med('offlineReady')), met: med('offlineReady') < link.offlineReady ? 'yes' : 'NO' });
    }
    const restart = await stoppedWorkerAnswers(browser);
    targets.push({ target: 'stopped worker, first answer on a seeded environment < 100 ms', value: ms(restart.rest), met: restart.rest < 100 ? 'yes' : 'NO' });
    restarts.push({ 'first request after the stop': 'REST page of invoices (the target)', median: ms(restart.rest) }, { 'first request after the stop': 'OData page of customers (runs its part)', median: ms(restart.odata) }, { 'first request after the stop': 'SOAP createSimpleInvoice (runs its part)', median: ms(restart.soap) });
  } finally {
    await browser.close();
  }
  table(`First visit through a shaped link (Chromium, fresh profile, median of ${RUNS})`, rows);

  table('A stopped worker started again (median of 5 each)', restarts);

  // The worker's scripts: sw.js, the engine's core (at every start), its parts (on first use).
  const scripts = JSON.parse(readFileSync(resolve(DIST, '.vite/sw-contents.json'), 'utf8')) as WorkerScript[];
  table(
    "The worker's scripts",
    scripts.map((sc, i) => ({ script: sc.file, size: `${(sc.bytes / 1024).toFixed(0)} KB`, gzip: `${(sc.gzip / 1024).toFixed(1)} KB`, loaded: i === 0 ? 'at start' : i === 1 ? 'at the first /sim request' : 'saved with the shell, read at the first /sim request; a part compiled at its first use' })),
  );
  // What sw.js and the core hold: the parts' shares of each script's gzip size.
  for (const script of scripts.slice(0, 2)) {
    const alone = script.parts.reduce((n, p) => n + p.gzip, 0);
    table(
      `Worker script ${script.file}: ${(script.bytes / 1024).toFixed(0)} KB, ${(script.gzip / 1024).toFixed(0)} KB gzip`,
      script.parts.map((p) => ({ part: p.part, 'about (gzip)': `${((script.gzip * p.gzip) / alone / 1024).toFixed(1)} KB`, share: `${((100 * p.gzip) / alone).toFixed(0)}%` })),
    );
  }
  table('Targets (issue 22)', targets);
}

await main();
