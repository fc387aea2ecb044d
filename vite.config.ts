import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import type * as Catalogs from './src/engine/teaching/catalogs.ts';

/**
 * Dev only: serve the service worker, transformed by Vite, at `<base>sw.js` as an ES module worker.
 * Production builds it separately (vite.sw.config.ts) into an unhashed classic `dist/sw.js`.
 */
function devServiceWorker(): Plugin {
  return {
    name: 'erp-sim:dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}sw.js`) return next();
        try {
          const result = await server.transformRequest('/src/sw/sw.ts');
          res.setHeader('content-type', 'text/javascript');
          res.setHeader('service-worker-allowed', base);
          res.setHeader('cache-control', 'no-cache');
          res.end(result?.code ?? '');
        } catch (err) {
          next(err);
        }
      });
    },
  };
}

/**
 * The products' UI catalogs as `<base>sim-catalog.json`, which the service worker fetches for
 * `GET /sim/_admin/products` (they are documentation, kept out of the worker bundle). Built from the
 * engine's own definitions: emitted by the production build, served fresh by the dev server.
 */
function simCatalog(): Plugin {
  const FILE = 'sim-catalog.json';
  return {
    name: 'erp-sim:catalog',
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}${FILE}`) return next();
        try {
          const mod = (await server.ssrLoadModule('/src/engine/teaching/catalogs.ts')) as typeof Catalogs;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(mod.catalogDocument()));
        } catch (err) {
          next(err);
        }
      });
    },
    async generateBundle() {
      const mod: typeof Catalogs = await import('./src/engine/teaching/catalogs.ts');
      this.emitFile({ type: 'asset', fileName: FILE, source: JSON.stringify(mod.catalogDocument()) });
    },
  };
}

export default defineConfig({
  base: process.env.SIM_BASE ?? '/',
  plugins: [svelte(), devServiceWorker(), simCatalog()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  // workbox-precaching is imported by the dev worker (src/sw/precache.ts), which the optimizer does not crawl.
  optimizeDeps: { include: ['dexie', 'hono', 'big.js', 'fast-xml-parser', 'workbox-precaching'] },
  worker: { format: 'es' },
});
