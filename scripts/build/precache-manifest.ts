/**
 * The service worker's precache list (issue 22), written into `sw.js` by its build
 * (vite.sw.config.ts) from the app build already in the output folder.
 *
 * Two groups: `shell` is what a first answer needs (index.html, the scripts and styles it loads up
 * front, the UI catalogs): five files, so even over HTTP/1.1 (six connections) one round trip
 * fetches them all. The worker saves it at install and takes the page over right after. `later` is
 * every other file (lazy views, Monaco, its workers and font, icons, the web manifest), saved in the
 * background once the page is controlled, smallest first, so the views come before Monaco.
 * (workbox-build would write one list; it also pulls in rollup, whose platform packages the
 * registry here lacks, so `npm ci` refused the lock file.)
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the offline copy holds: every app file but the worker's own scripts (the browser keeps those),
 * except `workerData`: the engine's parts script, which the worker reads from this copy (src/sw/engine-script.ts).
 */
const PRECACHED = /\.(html|js|css|json|ttf|woff2|png|svg|webmanifest)$/;
const WORKER_SCRIPTS = /^(sw|engine-[\w-]+)\.js$/;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Vite's hashed assets: the name changes with the content, so they need no revision. */
const HASHED = /^assets\/.+-[\w-]{8}\.\w+$/;
/** Files of the shell whatever index.html says: the page itself and the UI catalogs (`GET /sim/_admin/products`). */
const SHELL_FILES = new Set(['index.html', 'sim-catalog.json']);

/** One file, in workbox-precaching's entry format plus its size (for progress). */
export interface PrecacheFile {
  url: string;
  revision: string | null;
  /** Bytes on disk (uncompressed). */
  size: number;
}

export interface PrecacheManifest {
  shell: PrecacheFile[];
  later: PrecacheFile[];
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The hashed files index.html loads up front (entry script, module preloads, styles), relative to the site. */
export function loadedUpFront(indexHtml: string, base: string): Set<string> {
  const urls = new Set<string>();
  for (const m of indexHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)) {
    const ref = m[1] as string;
    if (/^[a-z]+:|^\/\//i.test(ref)) continue; // another origin, data: URLs
    const url = ref.startsWith(base) ? ref.slice(base.length) : ref.replace(/^\.?\//, '');
    if (HASHED.test(url)) urls.add(url);
  }
  return urls;
}

/**
 * The precache list of the app build in `outDir` (site base `base`, e.g. "/" or "/erp-sim/").
 * Hashed assets need no revision; the rest get a content hash. URLs are relative to `sw.js`, so
 * the sub-path build works.
 */
export function buildPrecacheManifest(outDir: string, base: string, workerData: string[] = []): PrecacheManifest {
  const upFront = loadedUpFront(readFileSync(join(outDir, 'index.html'), 'utf8'), base);
  const manifest: PrecacheManifest = { shell: [], later: [] };
  const data = new Set(workerData);
  for (const file of filesBelow(outDir).sort()) {
    const url = relative(outDir, file).split('\\').join('/');
    if ((WORKER_SCRIPTS.test(url) && !data.has(url)) || url.startsWith('.') || !PRECACHED.test(url)) continue;
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES) throw new Error(`${url} is ${size} bytes: too large to precache`);
    const hashed = HASHED.test(url);
    const entry: PrecacheFile = { url, revision: hashed ? null : createHash('md5').update(readFileSync(file)).digest('hex'), size };
    (SHELL_FILES.has(url) || upFront.has(url) || data.has(url) ? manifest.shell : manifest.later).push(entry);
  }
  manifest.later.sort((a, b) => a.size - b.size || a.url.localeCompare(b.url));
  return manifest;
}

/** Bytes of a group on disk and gzip-compressed (what a compressing host sends). */
export function groupBytes(outDir: string, files: PrecacheFile[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(outDir, f.url));
    raw += bytes.length;
    gzip += /\.(png|woff2)$/.test(f.url) ? bytes.length : gzipSync(bytes).length;
  }
  return { raw, gzip };
}
