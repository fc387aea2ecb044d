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
