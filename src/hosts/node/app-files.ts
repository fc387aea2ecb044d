/**
 * The built playground (dist/) served by the Node host at `/`, beside `/sim` (issue 20 § The Node
 * host serves the playground). One module for `npm run serve` and the packaged bin alike: it only
 * needs the folder. Files keep their content types (the MIME table of hono, the host's router);
 * Vite's hashed `assets/` are cached for a year, everything else is revalidated (ETag), so a rebuilt
 * playground is picked up at the next load. Paths that name no file (no extension) and ask for HTML
 * get the app (its routes live in the hash, so this is only a friendly fallback); a missing asset is
 * a plain 404, so a stale chunk fails visibly instead of parsing HTML as JavaScript.
 *
 * `index.html` carries `<meta name="erp-sim-host">`: it tells the page that a Node host answers
 * `/sim` over the network, so the page registers no service worker (src/app/host/mode.ts). A static
 * host serves the same file without it and the browser-only playground is unchanged.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';

const gzip = promisify(gzipCallback);

/** What the page learns from its host (the meta tag's JSON; src/app/host/mode.ts reads it). */
export interface HostPageInfo {
  host: 'node';
  /** Set when the host runs a class (`--class-code`): what a trainee's environment is made from. */
  class?: { product?: 'receivables' | 'odata'; scenario?: string; lessons?: string[] };
}

export interface AppFiles {
  /** The answer for a request outside `/sim`: a file, the app, a 404 or 405. */
  answer(request: Request): Promise<Response>;
  /** Whether the folder holds a built playground (index.html). */
  built(): Promise<boolean>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Files above this size are read for each request instead of kept in memory. */
const MAX_CACHED_FILE = 8 << 20;
/** Smaller answers gain nothing from compression. */
const MIN_GZIP = 1024;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml|font\/(ttf|otf))/;

interface Loaded {
  /** `size-mtime`: changes when the file is rebuilt. */
  version: string;
  body: Uint8Array;
  gzipped?: Promise<Uint8Array>;
}

/** The page with the marker right after its charset (else first in its head). */
function withMarker(html: string, meta: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(html) ? html.replace(charset, (m) => `${m}\n    ${meta}`) : html.replace(/<head>/i, (m) => `${m}${meta}`);
}

const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.registration.unregister().then(() => self.clients.matchAll({ type: 'window' })).then((pages) => Promise.all(pages.map((p) => p.navigate(p.url))))));
`;

const notBuiltPage = (command: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Playground not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:.1rem .3rem;border-radius:4px}</style></head>
<body><h1>The playground is not built yet</h1><p>This Node host answers the simulator at <code>/sim</code>, but the playground's files are missing.
Build them, then reload this page:</p><p><code>${command}</code></p></body></html>`;

/** The meta tag that tells the page a Node host answers /sim (JSON in an attribute, HTML-escaped). */
export function hostMeta(info: HostPageInfo): string {
  const content = JSON.stringify(info).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<meta name="erp-sim-host" content="${content}">`;
}

/**
 * Serve the playground from `dir`. `notBuilt` is the command shown on the page answered while the
 * folder has no index.html.
 */
export function appFiles(dir: string, info: HostPageInfo, notBuilt = 'npm run build'): AppFiles {
  const root = normalize(dir.endsWith(sep) ? dir : dir + sep);
  const cache = new Map<string, Loaded>();

  /** A path inside the folder, or null for anything that could leave it. */
  const resolve = (pathname: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    const full = normalize(join(root, decoded));
    return full.startsWith(root) ? full : null;
  };

  const load = async (file: string): Promise<Loaded | null> => {
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile()) return null;
    const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
    const known = cache.get(file);
    if (known?.version === version) return known;
    let body: Uint8Array = await readFile(file);
    // The page's marker is read when the page is: the CLI completes a class's product from its
    // scenario after the host has started (the scenarios come with the host's catalog).
    const page = file === join(root, 'index.html');
    // Right after the charset, ahead of the build's inline worker registration, which looks for it.
    if (page) body = new TextEncoder().encode(withMarker(new TextDecoder().decode(body), hostMeta(info)));
    const loaded: Loaded = { version, body };
    if (stats.size <= MAX_CACHED_FILE && !page) cache.set(file, loaded);
    return loaded;
  };

  const send = async (request: Request, file: string, loaded: Loaded, status = 200): Promise<Response> => {
    const type = getMimeType(file) ?? 'application/octet-stream';
    const immutable = file.startsWith(join(root, 'assets') + sep);
    const etag = `W/"${loaded.version}"`;
    const headers = new Headers({
      'content-type': type,
      'cache-control': immutable ? IMMUTABLE : REVALIDATE,
      etag,
      'x-content-type-options': 'nosniff',
      // The trainer link's token sits in the URL fragment, which no Referer carries; this keeps even the path home.
      'referrer-policy': 'same-origin',
    });
    if (status === 200 && request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
    let body = loaded.body;
    if (loaded.body.byteLength >= MIN_GZIP && COMPRESSIBLE.test(type)) {
      headers.set('vary', 'accept-encoding');
      if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
        // Compressed once per file version, in libuv's thread pool: the event loop stays free.
        loaded.gzipped ??= gzip(loaded.body, { level: 6 }).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
        body = await loaded.gzipped;
        headers.set('content-encoding', 'gzip');
      }
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
  };

  const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': REVALIDATE } });

  return {
    async built() {
      return (await load(join(root, 'index.html'))) !== null;
    },
    async answer(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
      }
      const pathname = new URL(request.url).pathname;
      // No service worker belongs to a Node host's pages (/sim is the host's): a worker a static build
      // once left on this address is replaced by one that removes itself and reloads its pages.
      if (pathname === '/sw.js') return new Response(request.method === 'HEAD' ? null : RETIRING_WORKER, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
      const index = join(root, 'index.html');
      const file = pathname.endsWith('/') ? resolve(`${pathname}index.html`) : resolve(pathname);
      if (!file) return notFound();
      const found = await load(file);
      if (found) return send(request, file, found);
      const page = await load(index);
      const wantsPage = !extname(pathname) && /text\/html|\*\/\*/.test(request.headers.get('accept') ?? '*/*');
      if (!page) {
        if (pathname === '/' || wantsPage) return new Response(notBuiltPage(notBuilt), { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': REVALIDATE } });
        return notFound();
      }
      return wantsPage ? send(request, index, page) : notFound();
    },
  };
}
