import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { getManifest } from 'workbox-build';

const PLACEHOLDER = 'self.__WB_MANIFEST';

/**
 * The precache list (src/sw/precache.ts) from the app build already written to the output folder,
 * put in place of `self.__WB_MANIFEST` in the worker bundle. Hashed assets need no revision; the
 * rest (index.html, sim-catalog.json, manifest, icons) get a content hash. URLs are relative to
 * `sw.js`, so the sub-path build works unchanged.
 */
function precacheManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'erp-sim:precache-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      const { manifestEntries, count, size, warnings } = await getManifest({
        globDirectory: outDir,
        globPatterns: ['**/*.{html,js,css,json,ttf,woff2,png,svg,webmanifest}'],
        globIgnores: ['sw.js'],
        dontCacheBustURLsMatching: /^assets\/.+-[\w-]{8}\.\w+$/,
        // Monaco's editor core alone is ~2.7 MB: it must be there for the console's editor offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      });
      for (const warning of warnings) this.warn(warning);
      if (!manifestEntries?.some((e) => e.url === 'index.html')) this.error(`no index.html in ${outDir}: build the app first`);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const found = chunk.code.split(PLACEHOLDER).length - 1;
        if (found !== 1) this.error(`${chunk.fileName}: expected ${PLACEHOLDER} once, found ${found}`);
        chunk.code = chunk.code.replace(PLACEHOLDER, JSON.stringify(manifestEntries));
      }
      this.info(`precache: ${count} files, ${(size / 1024 / 1024).toFixed(2)} MB`);
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
