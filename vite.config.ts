import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import type * as Catalogs from './src/engine/teaching/catalogs.ts';

/**
 * Dev only: serve the service worker at `<base>sw.js` as an ES module worker that imports the engine,
 * then the host (Vite transforms both). Production builds them separately (vite.sw.config.ts): an
 * unhashed classic `dist/sw.js` and the engine's own `dist/engine-<hash>.js`.
 */
function devServiceWorker(): Plugin {
  return {
    name: 'erp-sim:dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}sw.js`) return next();
        // The engine first (production imports it as a second script: src/sw/engine-script.ts).
        res.setHeader('content-type', 'text/javascript');
        res.setHeader('service-worker-allowed', base);
        res.setHeader('cache-control', 'no-cache');
        res.end(`import '${base}src/sw/engine-bundle.ts';\nimport '${base}src/sw/sw.ts';\n`);
      });
    },
  };
}

/**
 * Production: register the service worker from index.html's head, before the app's scripts have
 * downloaded and run, so the worker's download, compile and install overlap with them (issue 22:
 * the first `/sim` answer comes sooner). The app registers it again through workbox-window
 * (src/app/sw/controller.ts), which finds this registration. Dev registers a module worker itself.
 */
function earlyWorkerRegistration(): Plugin {
  let base = '/';
  return {
    name: 'erp-sim:early-worker-registration',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml(html) {
      const url = JSON.stringify(`${base}sw.js`);
      const scope = JSON.stringify(base);
      // Not on a page a Node host serves (its marker comes before this script): /sim is the host's there.
      const script = `<script>if ('serviceWorker' in navigator && !document.querySelector('meta[name="erp-sim-host"]')) navigator.serviceWorker.register(${url}, { scope: ${scope} }).catch(function () {});</script>`;
      // Right after the charset, ahead of the stylesheet: an inline script waits for the styles above it.
      return html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${script}`);
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
  plugins: [svelte(), devServiceWorker(), earlyWorkerRegistration(), simCatalog()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  // workbox-precaching is imported by the dev worker (src/sw/precache.ts), which the optimizer does not crawl.
  optimizeDeps: { include: ['dexie', 'hono', 'big.js', 'fast-xml-parser', 'workbox-precaching'] },
  worker: { format: 'es' },
});
