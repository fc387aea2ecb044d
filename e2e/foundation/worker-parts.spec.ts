// The worker's engine in two scripts (scripts/build/worker-parts.ts): a core, and one script of
// parts (the control API; the OData service; the SOAP service's reader and answers with @xmldom/xmldom; the
// receivables seeded book). Service-worker rule (HTML § importScripts, as Chromium applies it): a
// script imported while the worker installs is stored with it, and later runs may import a stored
// script at any time, never a new one. So the core is imported at install; the parts' script is a
// file of the offline copy, saved with the app shell before the worker takes the page, read when
// the engine starts and run part by part on the first request that needs each: with the host
// gone too. Checked here in Chromium.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { ShapedHost } from '../shaped-host.ts';
import { createSimpleInvoiceEnvelope, MAKE_TWO_PRODUCT_ENVS, SOAP_HEADERS, type TwoProductEnvs } from '../soap-sample.ts';
import { expect, test } from '../fixtures.ts';
import { stopWorker, waitForController } from './helpers.ts';

const SOAP_SERVICE = '/fscmService/InvoiceService';

/** The parts the running worker has loaded (each part's script registers itself on `self.__simParts`). */
async function partsLoaded(context: BrowserContext): Promise<string[]> {
  const worker = context.serviceWorkers().at(-1);
  if (!worker) throw new Error('no service worker');
  return ((await worker.evaluate('Object.keys(self.__simParts ?? {}).sort()')) as string[]) ?? [];
}


interface Answer {
  status: number;
  body: string;
}

test('a stopped worker answers REST on its core alone, and SOAP and OData with the host gone, loading the parts on the first request that needs one', async ({ page, context }) => {
  const host = new ShapedHost(resolve('dist'), null);
  await host.start();
  try {
    await page.goto(host.url);
    await waitForController(page);
    // Every engine script (the build's list: the core and the parts) was fetched before the worker took the page.
    const built = (JSON.parse(readFileSync(resolve('dist/.vite/sw-contents.json'), 'utf8')) as { file: string }[]).map((s) => `/${s.file}`).filter((f) => f !== '/sw.js');
    expect(built.length).toBeGreaterThan(1);
    expect(new Set(host.served.filter((s) => /^\/engine-[\w-]+\.js$/.test(s.path)).map((s) => s.path))).toEqual(new Set(built));
    const env = (await page.evaluate(MAKE_TWO_PRODUCT_ENVS)) as TwoProductEnvs;
    // From here on a page the worker answers without the app, so only the requests below reach the
    // engine (the app would read the control API after a change, loading its part).
    await page.goto(`${host.url}sim/_ping`);
    const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
      page.evaluate(async ([u, i]) => {
        const res = await fetch(`/${u}`, i);
        return { status: res.status, body: await res.text() };
      }, [url, init] as const) as Promise<Answer>;
    const rest = () => send(`sim/${env.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=5`, { headers: { authorization: env.bearer } });
    const soap = () => send(`sim/${env.key}${SOAP_SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: createSimpleInvoiceEnvelope(env.soap.username, env.soap.password) });
    const odata = () => send(`sim/${env.okey}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=2`, { headers: { authorization: env.basic } });

    await host.stop();

    // REST: the core alone.
    await stopWorker(page);
    const invoices = await rest();
    expect(invoices.status).toBe(200);
    expect(JSON.parse(invoices.body).items).toHaveLength(5);
    expect(await partsLoaded(context)).toEqual([]);
    // SOAP: the core loads the SOAP part at the first envelope it reads, and that part only.
    const created = await soap();
    expect(created.status).toBe(200);
    expect(created.body).toContain('<ns1:ServiceStatus>SUCCESS</ns1:ServiceStatus>');
    expect(await partsLoaded(context)).toEqual(['soap']);
    // OData, later in the same run: its part joins.
    const customers = await odata();
    expect(customers.status).toBe(200);
    expect(JSON.parse(customers.body).value).toHaveLength(2);
    expect(await partsLoaded(context)).toEqual(['odata', 'soap']);

    // Each product as the first request of a worker started again.
    const newBook = () => send('sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' });
    const metadata = () => send(`sim/${env.okey}/odata/Priority/tabula.ini/demo/$metadata`, { headers: { authorization: env.basic } });
    const environments = () => send('sim/_admin/environments', {});
    for (const [first, parts, status] of [
      [rest, [], 200],
      [odata, ['odata'], 200],
      [soap, ['soap'], 200],
      [metadata, ['odata'], 200],
      [environments, ['control'], 200],
      [newBook, ['control', 'receivables-book'], 201],
    ] as const) {
      await stopWorker(page);
      expect((await first()).status).toBe(status);
      expect(await partsLoaded(context)).toEqual(parts);
    }

    // The parts' script runs from the offline copy, which a page of this origin can rewrite: a
    // rewritten copy is never run (its digest is not the one the build wrote into sw.js).
    const rewritten = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          if (!/\/engine-parts-[\w-]+\.js$/.test(new URL(req.url).pathname)) continue;
          const text = await (await cache.match(req))!.text();
          await cache.put(req, new Response(`self.__simTampered = true;\n${text}`, { headers: { 'content-type': 'text/javascript' } }));
          return req.url;
        }
      }
      return null;
    });
    expect(rewritten).not.toBeNull();
    await stopWorker(page);
    expect((await odata()).status).not.toBe(200);
    const worker = context.serviceWorkers().at(-1);
    expect(await worker?.evaluate('self.__simTampered === true')).toBe(false);
    expect(await partsLoaded(context)).toEqual([]);
    expect((await rest()).status).toBe(200);
  } finally {
    await host.stop();
  }
});
