// Service-worker host lifecycle (issue 2 § 4, § 7; stack-facts "Service worker facts").
import { expect, test } from '../fixtures.ts';
import { pageFetch, stopWorker, waitForController } from './helpers.ts';

interface Env {
  key: string;
  baseUrl: string;
}

test('first visit: the page becomes controlled and /sim is answered by the worker', async ({ page }) => {
  const fromWorker: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/sim/')) fromWorker.push(`${r.fromServiceWorker()}`);
  });
  await page.goto('/');
  await waitForController(page);
  const created = await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' });
  expect(created.status).toBe(201);
  const unknown = await pageFetch(page, '/sim/env_00000000000000000000000000000000/oauth/token');
  expect(unknown.status).toBe(404);
  expect(unknown.contentType).toContain('application/problem+json');
  expect((unknown.body as { code: string }).code).toBe('SIM-1000');
  // Non-/sim requests still go to the network.
  const page404 = await page.evaluate(async () => (await fetch('/not-a-sim-path.txt')).status);
  expect([200, 404]).toContain(page404);
  expect(fromWorker.length).toBeGreaterThanOrEqual(2);
  expect(fromWorker.every((x) => x === 'true')).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/foundation-first-visit.png' });
});

test('hard reload (Shift+Reload) still ends up controlled', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.reload', { ignoreCache: true });
  await page.waitForLoadState('load');
  await waitForController(page);
  const list = await pageFetch(page, '/sim/_admin/environments');
  expect(list.status).toBe(200);
  expect(Array.isArray((list.body as { items: unknown[] }).items)).toBe(true);
});

test('a worker restart loses nothing: state is in IndexedDB', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const created = await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"odata","name":"survivor"}' });
  const env = created.body as Env;
  await pageFetch(page, `/sim/_admin/environments/${env.key}/clock`, { method: 'PUT', body: '{"advanceDays":5}' });
  await stopWorker(page);
  const again = await pageFetch(page, `/sim/_admin/environments/${env.key}`);
  expect(again.status).toBe(200);
  expect((again.body as { name: string }).name).toBe('survivor');
  expect(Math.round((again.body as { clock: { offsetMs: number } }).clock.offsetMs / 86_400_000)).toBe(5);
});

test('after a worker restart, the state rebuilt lazily works again: product catalogs and change notices (issue 2 § 4)', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const created = await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' });
  const env = created.body as Env;
  await stopWorker(page);
  // The catalogs are fetched again from sim-catalog.json by the new worker.
  const products = await pageFetch(page, '/sim/_admin/products');
  expect(products.status).toBe(200);
  expect((products.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['receivables', 'odata']);
  // The new worker posts change notices to this page for writes made after the restart.
  const notice = page.evaluate(
    () =>
      new Promise<{ env: string; op: string }>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
          if ((e.data as { type?: string }).type === 'sim-change') resolve(e.data as { env: string; op: string });
        });
      }),
  );
  await stopWorker(page);
  const moved = await pageFetch(page, `/sim/_admin/environments/${env.key}/clock`, { method: 'PUT', body: '{"advanceDays":1}' });
  expect(moved.status).toBe(200);
  expect(await notice).toMatchObject({ env: env.key, op: 'env-put' });
});

test('two tabs writing at once: every write lands', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const p of [a, b]) {
    await p.goto('/');
    await waitForController(p);
  }
  const created = await pageFetch(a, '/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' });
  const env = created.body as Env;
  const burst = (p: typeof a, prefix: string) =>
    p.evaluate(
      async ([key, pre]) =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            fetch(`/sim/_admin/environments/${key}/credentials`, { method: 'POST', body: JSON.stringify({ type: 'pat', owner: `${pre}${i}` }) }).then((r) => r.status),
          ),
        ),
      [env.key, prefix] as const,
    );
  const [sa, sb] = await Promise.all([burst(a, 'a'), burst(b, 'b')]);
  expect([...sa, ...sb].every((s) => s === 201)).toBe(true);
  const detail = await pageFetch(b, `/sim/_admin/environments/${env.key}`);
  const owners = (detail.body as { credentials: { owner: string | null }[] }).credentials.map((c) => c.owner);
  for (let i = 0; i < 10; i++) {
    expect(owners).toContain(`a${i}`);
    expect(owners).toContain(`b${i}`);
  }
});
