// The service-worker notice (issue 5 § worker notice): shown when the worker cannot take control,
// or when a newer worker is ready for an open page (issue 15: it waits for the user's Reload),
// each time with a Reload button.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { shot } from './helpers.ts';

const ROOT = resolve('dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.json': 'application/json', '.ttf': 'font/ttf' };

/** A static host of the production build whose sw.js can be swapped for a newer build or withdrawn. */
function host(): Promise<{ server: Server; url: string; worker: { build: number; missing: boolean } }> {
  const worker = { build: 1, missing: false };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    const file = join(ROOT, path === '/' ? 'index.html' : path);
    if (!file.startsWith(ROOT) || !existsSync(file) || statSync(file).isDirectory() || (path === '/sw.js' && worker.missing)) {
      res.writeHead(404).end();
      return;
    }
    let body = readFileSync(file);
    // A different byte makes it a new worker version, as a redeploy would.
    if (path === '/sw.js') body = Buffer.concat([body, Buffer.from(`\n// build ${worker.build}\n`)]);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' }).end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, worker });
  }));
}

test('a newer worker ready for an open page shows the notice; Reload moves to it and clears it', async ({ page }) => {
  const { server, url, worker } = await host();
  try {
    await page.goto(`${url}#/envs`);
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    await expect(page.getByTestId('worker-notice')).toHaveCount(0);
    // Redeploy: the browser finds a new sw.js on its next update check and installs it; it waits.
    worker.build = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.getByTestId('worker-notice');
    await expect(notice).toContainText('A new version of the simulator is ready');
    await shot(page, 'worker-updated-notice');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    await expect(page.getByTestId('worker-notice')).toHaveCount(0);
    // The page is now controlled by the new worker, none waits.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  } finally {
    server.close();
  }
});

test.describe('a worker script the host cannot serve', () => {
  // The browser itself logs the failed script fetch: that line is what this test provokes.
  test.use({ allowedConsoleErrors: [/A bad HTTP response code \(404\) was received when fetching the script/] });

  test('a worker that cannot be registered is reported with a Reload button instead of a blank app', async ({ page }) => {
    const { server, url, worker } = await host();
    try {
      worker.missing = true;
      await page.goto(`${url}#/envs`);
      const notice = page.getByTestId('worker-notice');
      await expect(notice).toHaveAttribute('data-status', 'error');
      await expect(notice).toContainText('failed to start');
      await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
      await shot(page, 'worker-error-notice');
    } finally {
      server.close();
    }
  });
});
