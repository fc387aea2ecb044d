import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { buildPrecacheManifest, groupBytes } from './scripts/build/precache-manifest.ts';

const PLACEHOLDER = 'self.__SIM_PRECACHE';
const BASE = process.env.SIM_BASE ?? '/';

/** Puts the precache list (scripts/build/precache-manifest.ts) in place of `self.__SIM_PRECACHE` in the worker bundle. */
function precacheManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'erp-sim:precache-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const manifest = buildPrecacheManifest(outDir, BASE);
      if (!manifest.shell.some((e) => e.url === 'index.html')) this.error(`no index.html in ${outDir}: build the app first`);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const found = chunk.code.split(PLACEHOLDER).length - 1;
        if (found !== 1) this.error(`${chunk.fileName}: expected ${PLACEHOLDER} once, found ${found}`);
        chunk.code = chunk.code.replace(PLACEHOLDER, JSON.stringify(manifest));
      }
      const kb = (files: typeof manifest.shell) => `${(groupBytes(outDir, files).gzip / 1024).toFixed(0)} KB gzip`;
      this.info(`precache: shell ${manifest.shell.length} files (${kb(manifest.shell)}) before the page is controlled, ${manifest.later.length} later (${kb(manifest.later)})`);
    },
  };
}

/** Second build: the service worker as one classic script at `dist/sw.js` (no hash: it must keep its URL). */
export default defineConfig({
  base: BASE,
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
