// Offline use and updates (issue 15): after one visit the playground opens and works with its static
// host gone (every view, the console with Monaco and its workers, /sim answers from IndexedDB), in
// the root and the sub-path build; a changed build on the host comes back as a "new version is
// ready" prompt, and reloading into it keeps the data. Installable: manifest and icons.
// Each test runs its own static host (not the shared vite preview) so it can stop and restart it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { responseStatus, shot } from './helpers.ts';
import { openView, viewTitles } from '../nav.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
};

/** A static host of a build folder under a prefix, which can be stopped and started again on its port. */
class StaticHost {
  private server: Server | undefined;
  private port = 0;
  constructor(
    public root: string,
    private readonly prefix = '/',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}${this.prefix}`;
  }

  start(): Promise<void> {
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
      if (!path.startsWith(this.prefix)) return void res.writeHead(404).end();
      const rel = path.slice(this.prefix.length) || 'index.html';
      const file = join(this.root, rel);
      if (!file.startsWith(this.root) || !existsSync(file) || statSync(file).isDirectory()) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(readFileSync(file));
    });
    this.server = server;
    return new Promise((done) =>
      server.listen(this.port, '127.0.0.1', () => {
        const address = server.address();
        if (typeof address === 'object' && address) this.port = address.port;
        done();
      }),
    );
  }

  /** The host goes away: no new connections, open ones cut (as a stopped server or a lost network). */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    return new Promise((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  }
}

/**
 * A changed build, as a redeploy brings: index.html differs (a marker), and sw.js carries its new
 * revision in the precache list, exactly as the build writes it (md5 of the content).
 */
function changedBuild(from: string, marker: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'erp-sim-build-'));
  cpSync(from, dir, { recursive: true });
  const indexFile = join(dir, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace('<head>', `<head>\n    <meta name="sim-build" content="${marker}" />`);
  writeFileSync(indexFile, html);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const swFile = join(dir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const entry = `"url":"index.html","revision":"${md5(readFileSync(join(from, 'index.html'), 'utf8'))}"`;
  expect(sw.split(entry).length - 1, 'the precache list names index.html with its content hash once').toBe(1);
  writeFileSync(swFile, sw.replace(entry, `"url":"index.html","revision":"${md5(html)}"`));
  return dir;
}

/** A full page load (a goto that changes only the hash would stay in the same document). */
async function load(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await ready(page);
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
}

/** The header says every file of the build is saved in this browser (issue 22). */
async function offlineReady(page: Page): Promise<void> {
  await expect(page.getByTestId('offline-copy')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
}

/**
 * Requests of the page that failed and were never served afterwards. A request the page itself
 * cancelled (net::ERR_ABORTED: a view left while Monaco's worker script was loading) is not a
 * failure of the offline copy as long as the same URL was served later.
 */
function failures(page: Page): { list(): string[] } {
  const failed: { url: string; error: string }[] = [];
  const served = new Set<string>();
  page.on('requestfailed', (r) => failed.push({ url: r.url(), error: r.failure()?.errorText ?? '' }));
  page.on('requestfinished', (r) => served.add(r.url()));
  return { list: () => failed.filter((f) => !(f.error === 'net::ERR_ABORTED' && served.has(f.url))).map((f) => `${f.url} ${f.error}`) };
}

test('after one visit the app works with the host stopped; a changed build is offered, and reloading into it keeps the data', async ({ page }) => {
  const host = new StaticHost(resolve('dist'));
  await host.start();
  const v2 = changedBuild(resolve('dist'), 'v2');
  try {
    // First visit, online: the worker takes control once it has saved the app shell, then saves the
    // rest in the background; the header says when all of it is in (issue 22 § What to reach).
    await page.goto(`${host.url}#/envs`);
    await ready(page);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-online', 'true');
    await page.getByTestId('new-env-product').selectOption('receivables');
    await page.getByTestId('new-env-name').fill('Training room');
    await page.getByTestId('create-env').click();
    await expect(page.getByTestId('revealed-credentials')).toBeVisible();
    const key = /#\/envs\/(env_[0-9a-f]{32})/.exec(page.url())?.[1];
    expect(key).toBeTruthy();

    // Installable: Chromium reads the manifest (name, icons, standalone) without errors.
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'ERP integration simulator', display: 'standalone' });
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // A Playwright context is an off-the-record profile, where Chromium never offers installing.
    expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // Host gone once the header says the copy is complete: a reload still opens the app, from it.
    await offlineReady(page);
    await host.stop();
    const failed = failures(page);
    await page.reload();
    await ready(page);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-online', 'false');
    await expect(page.getByTestId('connection')).toContainText('Offline');
    await expect(page.getByTestId('env-select')).toHaveValue(key as string);
    await shot(page, 'offline-envs');

    // Every view of the header opens (through its group's menu) and renders, without an error.
    for (const title of viewTitles()) {
      await openView(page, title);
      // Each view opens with a heading (the console, with an environment, with its Send button).
      await expect(page.locator('main h2, main [data-testid="send"]').first()).toBeVisible();
      await expect(page.locator('main [role="alert"]')).toHaveCount(0);
    }
    // A hash route opened directly (not through the header) works too.
    await load(page, `${host.url}#/errors`);
    await expect(page.locator('#errors-h')).toBeVisible();

    // The console: Monaco and its workers load from the copy, and a request is answered by /sim.
    await load(page, `${host.url}#/console/${key}`);
    await page.getByTestId('tab-body').click();
    await expect(page.getByTestId('body-editor')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('body-editor').locator('.monaco-editor')).toBeVisible();
    await expect.poll(() => page.workers().map((w) => w.url()).join(' ')).toMatch(/editor\.worker-[\w-]+\.js/);
    await page.getByTestId('url').fill(`${host.url}sim/${key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=2`);
    await page.getByTestId('method').selectOption('GET');
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(200);
    await expect(page.getByTestId('response-body')).toContainText('TransactionNumber');
    await shot(page, 'offline-console');
    expect(failed.list()).toEqual([]);

    // The host is back with a changed build: the page says a new version is ready, and waits.
    host.root = v2;
    await host.start();
    await page.reload();
    await ready(page);
    const notice = page.getByTestId('worker-notice');
    await expect(notice).toContainText('A new version of the simulator is ready');
    await expect(page.getByTestId('connection')).toHaveAttribute('data-online', 'true');
    // Still the build it was opened with, until the user says so.
    await expect(page.locator('meta[name="sim-build"]')).toHaveCount(0);
    await shot(page, 'offline-update-ready');
    await page.getByTestId('apply-update').click();
    await expect(page.locator('meta[name="sim-build"]')).toHaveAttribute('content', 'v2');
    await ready(page);
    await expect(notice).toHaveCount(0);

    // The data survived the update: the environment and its invoices are still there.
    await expect(page.getByTestId('env-select')).toHaveValue(key as string);
    await load(page, `${host.url}#/console/${key}`);
    await page.getByTestId('url').fill(`${host.url}sim/${key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=2`);
    await page.getByTestId('method').selectOption('GET');
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(200);
    await shot(page, 'offline-updated');
  } finally {
    await host.stop();
    rmSync(v2, { recursive: true, force: true });
  }
});

test('the sub-path build (/erp-sim/) opens offline at a hash route and its simulator answers', async ({ page }) => {
  const host = new StaticHost(resolve('dist-subpath'), '/erp-sim/');
  await host.start();
  try {
    await page.goto(`${host.url}#/envs`);
    await ready(page);
    await page.getByTestId('new-env-product').selectOption('odata');
    await page.getByTestId('create-env').click();
    await expect(page.getByTestId('revealed-credentials')).toBeVisible();
    const key = /#\/envs\/(env_[0-9a-f]{32})/.exec(page.url())?.[1];
    expect(key).toBeTruthy();

    await offlineReady(page);
    await host.stop();
    const failed = failures(page);
    await load(page, `${host.url}#/console/${key}`);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-online', 'false');
    await page.locator('[data-example-id="odata.customers"]').click();
    await expect(page.getByTestId('url')).toHaveValue(`${host.url}sim/${key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=10`);
    await page.getByTestId('send').click();
    expect(await responseStatus(page)).toBe(200);
    await load(page, `${host.url}#/data/${key}`);
    await expect(page.locator('main h2').first()).toBeVisible();
    await shot(page, 'offline-sub-path');
    expect(failed.list()).toEqual([]);
  } finally {
    await host.stop();
  }
});
