/**
 * The service worker at scale (issue 14), in Debian's Chromium against the production build: one
 * receivables (or OData) environment grown through the control API's `generate` to each size; per size the
 * generate time (and the page's longest frame meanwhile), the first answer (a page of invoices) after
 * the worker is stopped (CDP ServiceWorker.stopAllWorkers), median of 3, the first write after a
 * stop (which loads every kind), and the worker's JS heap after a GC: right after generate, after a
 * stop and a page read (large kinds load on first use), and after a stop and a write (all loaded). Needs `npm run build` first (run.ts does it). Standalone:
 * `npx tsx scripts/bench/worker-scale.ts [receivables|odata] [sizes...]` (totals of generated invoices
 * or customers; 0 = seed).
 */
import type { Browser, CDPSession } from '@playwright/test';
import { launchChromium, ms, startPreview, table } from './lib.ts';

const PORT = 4183;
const args = process.argv.slice(2);
const product = (args[0] === 'odata' || args[0] === 'receivables' ? args.shift() : 'receivables') as 'receivables' | 'odata';
const argSizes = args.map(Number);
const SIZES = argSizes.length ? argSizes : [0, 1_000, 10_000, 100_000];

/** What each product is measured with: a page read, a write (which loads every kind), and its noun. */
const PROFILE = {
  receivables: {
    noun: 'invoices',
    read: '/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=25&orderBy=TransactionNumber:desc',
    write: '/fscmRestApi/resources/11.13.18.05/receivablesInvoices',
    body: () => ({ BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ LineNumber: 1, Description: 'Bench', Quantity: 1, UnitSellingPrice: 10 }] }),
  },
  odata: {
    noun: 'customers',
    read: '/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=25&$orderby=CUSTDES desc',
    write: '/odata/Priority/tabula.ini/demo/CUSTOMERS',
    body: () => ({ CUSTNAME: `BW${Date.now() % 1e7}`, CUSTDES: 'Bench write' }),
  },
}[product];

/**
 * The worker's JS heap after a full GC. Playwright's CDP sessions do not route to a worker target,
 * so a browser session talks to it through Target.sendMessageToTarget (unflattened).
 */
async function workerHeapMb(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
    const sw = targetInfos.find((t) => t.type === 'service_worker');
    if (!sw) return NaN;
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: sw.targetId, flatten: false })) as { sessionId: string };
    let next = 1;
    const call = (method: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const id = next++;
        const onMessage = (e: { sessionId: string; message: string }) => {
          const m = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown> };
          if (e.sessionId === sessionId && m.id === id) {
            cdp.off('Target.receivedMessageFromTarget', onMessage);
            resolve(m.result ?? {});
          }
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      });
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    await cdp.send('Target.detachFromTarget', { sessionId });
    return (usage.usedSize as number) / 1048576;
  } finally {
    await cdp.detach();
  }
}

async function stopWorker(cdp: CDPSession): Promise<void> {
  await cdp.send('ServiceWorker.stopAllWorkers');
}

async function main(): Promise<void> {
  const preview = await startPreview(PORT);
  const browser = await launchChromium();
  const rows: Record<string, string>[] = [];
  try {
    const page = await browser.newPage();
    await page.addInitScript('globalThis.__name = (f) => f'); // tsx keepNames helper for evaluated code
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    // The environment and the Authorization header its requests carry (a bearer token or Basic).
    const env = await page.evaluate(async (product) => {
      const res = await fetch('/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product, name: 'Bench worker scale' }) });
      const rec = await res.json();
      if (product === 'odata') return { key: rec.key as string, auth: `Basic ${btoa(`${rec.credentials.apiUsers[0].username}:${rec.credentials.apiUsers[0].password}`)}`, token: null };
      const client = rec.credentials.oauthClients[0];
      const tokenRes = await fetch(`/sim/${rec.key}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
      });
      const token = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString();
      return { key: rec.key as string, auth: `Bearer ${(await tokenRes.json()).access_token as string}`, token };
    }, product);
    let generated = 0;
    for (const size of SIZES) {
      let gen = { ms: 0, longestFrame: 0 };
      if (size > generated) {
        gen = await page.evaluate(
          async ({ key, count }) => {
            // The page's longest gap between animation frames while the worker generates.
            let longest = 0;
            let last = performance.now();
            let on = true;
            const tick = () => {
              const now = performance.now();
              longest = Math.max(longest, now - last);
              last = now;
              if (on) requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
            const t = performance.now();
            const res = await fetch(`/sim/_admin/environments/${key}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
            if (res.status !== 201) throw new Error(`generate: ${res.status} ${await res.text()}`);
            const took = performance.now() - t;
            on = false;
            return { ms: took, longestFrame: longest };
          },
          { key: env.key, count: size - generated },
        );
        generated = size;
      }
      const firstAnswer = async () =>
        page.evaluate(
          async ({ key, auth, path }) => {
            const t = performance.now();
            const res = await fetch(`/sim/${key}${path}`, { headers: { authorization: auth } });
            await res.text();
            if (res.status !== 200) throw new Error(`first answer: ${res.status}`);
            return performance.now() - t;
          },
          { ...env, path: PROFILE.read },
        );
      await firstAnswer();
      const heap = await workerHeapMb(browser);
      const cold: number[] = [];
      for (let i = 0; i < 3; i++) {
        await stopWorker(cdp);
        await page.waitForTimeout(200);
        cold.push(await firstAnswer());
      }
      // What a reloaded page does (its tokens lived in the old page's memory): a token, then a page
      // (issue 22 § Also: the data browser's first page after a worker stop).
      let tokenThenPage = NaN;
      if (env.token) {
        await stopWorker(cdp);
        await page.waitForTimeout(200);
        tokenThenPage = await page.evaluate(
          async ({ key, token, path }) => {
            const t = performance.now();
            const tokenRes = await fetch(`/sim/${key}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: token });
            const auth = `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}`;
            const res = await fetch(`/sim/${key}${path}`, { headers: { authorization: auth } });
            await res.text();
            if (res.status !== 200) throw new Error(`token then page: ${res.status}`);
            return performance.now() - t;
          },
          { key: env.key, token: env.token, path: PROFILE.read },
        );
      }
      const warm = await firstAnswer();
      const heapLazy = await workerHeapMb(browser);
      // A write loads every kind first: its time after a stop, then the heap with the whole book
      // decoded from storage (one document more than the row says).
      await stopWorker(cdp);
      await page.waitForTimeout(200);
      const firstWrite = await page.evaluate(
        async ({ key, auth, path, body }) => {
          const t = performance.now();
          const res = await fetch(`/sim/${key}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body });
          await res.text();
          if (res.status !== 201) throw new Error(`first write: ${res.status}`);
          return performance.now() - t;
        },
        { ...env, path: PROFILE.write, body: JSON.stringify(PROFILE.body()) },
      );
      const heapAll = await workerHeapMb(browser);
      cold.sort((a, b) => a - b);
      rows.push({
        [`${PROFILE.noun} generated`]: size ? String(size) : 'seed',
        generate: size ? `${(gen.ms / 1000).toFixed(1)} s` : '',
        'longest frame meanwhile': size ? ms(gen.longestFrame) : '',
        'first answer after worker stop (median of 3)': ms(cold[1] as number),
        ...(env.token ? { 'token, then that page, after a stop': ms(tokenThenPage) } : {}),
        'next answer': ms(warm),
        'first write after a stop': ms(firstWrite),
        'worker heap: after generate': `${heap.toFixed(0)} MB`,
        'after a stop and a page read': `${heapLazy.toFixed(0)} MB`,
        'after a stop and a write (all loaded)': `${heapAll.toFixed(0)} MB`,
      });
      console.error(JSON.stringify(rows.at(-1)));
    }
  } finally {
    await browser.close();
    preview.kill();
  }
  table(`Service worker at scale: ${product} (Chromium, production build)`, rows);
}

await main();
