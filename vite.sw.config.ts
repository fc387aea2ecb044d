import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const PLACEHOLDER = 'self.__WB_MANIFEST';

/** What the offline copy holds: every app file but the worker itself (Monaco's editor core alone is ~2.7 MB). */
const PRECACHED = /\.(html|js|css|json|ttf|woff2|png|svg|webmanifest)$/;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Vite's hashed assets: the name changes with the content, so they need no revision. */
const HASHED = /^assets\/.+-[\w-]{8}\.\w+$/;

interface ManifestEntry {
  url: string;
  revision: string | null;
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The precache list of the app build already written to the output folder (workbox-precaching's
 * manifest format). Hashed assets need no revision; the rest (index.html, sim-catalog.json, the web
 * manifest, icons) get a content hash. URLs are relative to `sw.js`, so the sub-path build works.
 * (workbox-build would do the same but pulls in rollup, whose platform packages the registry here
 * lacks, so `npm ci` refused the lock file.)
 */
function buildManifest(outDir: string): { entries: ManifestEntry[]; bytes: number } {
  let bytes = 0;
  const entries: ManifestEntry[] = [];
  for (const file of filesBelow(outDir).sort()) {
    const url = relative(outDir, file).split('\\').join('/');
    if (url === 'sw.js' || !PRECACHED.test(url)) continue;
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES) throw new Error(`${url} is ${size} bytes: too large to precache`);
    bytes += size;
    entries.push({ url, revision: HASHED.test(url) ? null : createHash('md5').update(readFileSync(file)).digest('hex') });
  }
  return { entries, bytes };
}

/** Puts the precache list in place of `self.__WB_MANIFEST` in the worker bundle. */
function precacheManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'erp-sim:precache-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const { entries, bytes } = buildManifest(outDir);
      if (!entries.some((e) => e.url === 'index.html')) this.error(`no index.html in ${outDir}: build the app first`);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const found = chunk.code.split(PLACEHOLDER).length - 1;
        if (found !== 1) this.error(`${chunk.fileName}: expected ${PLACEHOLDER} once, found ${found}`);
        chunk.code = chunk.code.replace(PLACEHOLDER, JSON.stringify(entries));
      }
      this.info(`precache: ${entries.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    },
  };
}

/** Second build: the service worker as one classic script at `dist/sw.js` (no hash: it must keep its URL). */
export default defineConfig({
  base: process.env.SIM_BASE ?? '/',
  publicDir: false,
  // Library mode leaves process.env alone; workbox's modules read NODE_ENV for their dev-only logging.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [precacheManifest()],
  build: {
    target: 'es2022',
    emptyOutDir: false,
    outDir: 'dist',
    sourcemap: false,
    lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'erpSimWorker', fileName: () => 'sw.js' },
  },
});
