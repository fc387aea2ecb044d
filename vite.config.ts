import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  base: process.env.SIM_BASE ?? '/',
  plugins: [svelte(), devServiceWorker()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  optimizeDeps: { include: ['dexie', 'hono', 'big.js', 'fast-xml-parser'] },
  worker: { format: 'es' },
});
