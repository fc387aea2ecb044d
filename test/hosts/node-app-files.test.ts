// The Node host serves the built playground beside /sim (issue 20 § The Node host serves the
// playground): content types, caching, conditional requests, compression, the app for page paths,
// 404 for missing files, nothing outside the folder, and the page marked as served by a Node host.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appBuildState } from '../../src/hosts/node/app-build.ts';
import { appFiles, hostMeta } from '../../src/hosts/node/app-files.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

let dir = '';
let host: NodeHost;
const BIG_JS = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'erp-sim-app-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="app"></div></body></html>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), BIG_JS);
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{color:red}');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"x"}');
  writeFileSync(join(dir, 'secret.txt'), 'outside the folder');
  host = await startNodeHost({ port: 0, host: '127.0.0.1', app: appFiles(dist, { host: 'node', class: { product: 'odata' } }) });
});

afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${host.url}${path}`, { headers });

describe('the playground at / beside /sim (issue 20)', () => {
  it('answers the app at / with the host marker, revalidated on every load', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(hostMeta({ host: 'node', class: { product: 'odata' } }));
    expect(html).toContain('<meta name="erp-sim-host" content="{&quot;host&quot;:&quot;node&quot;,&quot;class&quot;:{&quot;product&quot;:&quot;odata&quot;}}">');
    // ETag: the same page is a 304 until it is rebuilt.
    const again = await get('/', { 'if-none-match': res.headers.get('etag') as string });
    expect(again.status).toBe(304);
  });

  it('gives each file its content type; hashed assets are cached for a year, the rest revalidated', async () => {
    const js = await get('/assets/index-abc123.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(BIG_JS);
    expect((await get('/assets/index-abc123.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/sw.js')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("registers no service worker: the page's marker comes before the build's registration, and /sw.js is a worker that removes itself (issue 20: the service worker must not answer /sim for a page a Node host serves)", async () => {
    const withCharset = join(dir, 'charset');
    mkdirSync(withCharset);
    writeFileSync(join(withCharset, 'index.html'), '<!doctype html><html><head>\n<meta charset="UTF-8" />\n<script>if (!document.querySelector(\'meta[name="erp-sim-host"]\')) navigator.serviceWorker.register("/sw.js");</script>\n</head><body></body></html>');
    writeFileSync(join(withCharset, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const files = appFiles(withCharset, { host: 'node' });
    const html = await (await files.answer(new Request('http://h/'))).text();
    expect(html.indexOf('name="erp-sim-host"')).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(html.indexOf('name="erp-sim-host"')).toBeLessThan(html.indexOf('<script>'));
    const worker = await (await files.answer(new Request('http://h/sw.js'))).text();
    expect(worker).not.toContain('"fetch"');
    expect(worker).toContain('self.registration.unregister()');
  });

  it('compresses text once asked (gzip), and says it varies by Accept-Encoding', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(`${host.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['vary']).toBe('accept-encoding');
    expect(raw.body.length).toBeLessThan(BIG_JS.length / 10);
    expect(gunzipSync(raw.body).toString()).toBe(BIG_JS);
  });

  it('answers the app for a page path, a 404 for a missing file (a stale chunk must not parse HTML)', async () => {
    const page = await get('/some/page', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('erp-sim-host');
    const missing = await get('/assets/index-gone99.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/plain');
  });

  it('serves nothing outside its folder and only GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%5csecret.txt', '/%00']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('outside the folder');
    }
    const post = await fetch(`${host.url}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${host.url}/assets/index-abc123.js`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(BIG_JS.length));
  });

  it('leaves /sim to the engine', async () => {
    const res = await get('/sim/env_00000000000000000000000000000000/x');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await get('/sim/_admin/products')).status).toBe(200);
  });

  it('a folder without a build answers a page saying what to run, not a blank one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'erp-sim-empty-'));
    try {
      const files = appFiles(empty, { host: 'node' }, 'npm run build');
      const res = await files.answer(new Request('http://x/', { headers: { accept: 'text/html' } }));
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
      expect(await files.built()).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('npm run serve builds the playground when dist/ is missing or older than its sources (issue 20)', () => {
  it('tells missing, stale (naming the newer source) and current apart', async () => {
    const root = mkdtempSync(join(tmpdir(), 'erp-sim-build-'));
    try {
      mkdirSync(join(root, 'src', 'app'), { recursive: true });
      writeFileSync(join(root, 'src', 'app', 'main.ts'), '');
      expect(await appBuildState(root)).toEqual({ state: 'missing' });
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'dist', 'index.html'), '');
      writeFileSync(join(root, 'dist', 'sw.js'), '');
      const old = new Date(Date.now() - 60_000);
      utimesSync(join(root, 'dist', 'index.html'), old, old);
      utimesSync(join(root, 'dist', 'sw.js'), old, old);
      expect(await appBuildState(root)).toEqual({ state: 'stale', newer: join('src', 'app', 'main.ts') });
      const older = new Date(Date.now() - 120_000);
      utimesSync(join(root, 'src', 'app', 'main.ts'), older, older);
      expect(await appBuildState(root)).toEqual({ state: 'current' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
