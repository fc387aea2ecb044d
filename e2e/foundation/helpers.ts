import type { Page } from '@playwright/test';

/** Wait until the page is controlled by the simulator's service worker. */
export async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 20_000 });
}

/** fetch() from inside the page (so the service worker answers), returning status and parsed body. */
export function pageFetch(page: Page, url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }) {
  return page.evaluate(
    async ([u, i]) => {
      const res = await fetch(u, i ?? undefined);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, contentType: res.headers.get('content-type'), body };
    },
    [url, init ?? null] as const,
  );
}

interface WorkerVersion {
  versionId: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
}

/**
 * Stop the service worker through CDP and wait until it has stopped. `stopAllWorkers` answers
 * before the worker is down, and a request from the page racing the stop crashed Debian's Chromium
 * about once in 30-50 runs ("Target page, context or browser has been closed"), with the build of
 * the stop before this one as with this one.
 */
export async function stopWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const status = new Map<string, WorkerVersion['runningStatus']>();
  let changed = () => {};
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
    for (const v of versions) status.set(v.versionId, v.runningStatus);
    changed();
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const stopped = () => [...status.values()].every((s) => s === 'stopped');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not stop: ${JSON.stringify([...status])}`)), 10_000);
    changed = () => {
      if (!stopped()) return;
      clearTimeout(timer);
      resolve();
    };
    changed();
  });
  await cdp.detach();
}
