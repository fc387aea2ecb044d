import { defineConfig } from 'vite';

/** Second build: the service worker as one classic script at `dist/sw.js` (no hash: it must keep its URL). */
export default defineConfig({
  base: process.env.SIM_BASE ?? '/',
  publicDir: false,
  build: {
    target: 'es2022',
    emptyOutDir: false,
    outDir: 'dist',
    sourcemap: false,
    lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'erpSimWorker', fileName: () => 'sw.js' },
  },
});
