import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { buildPrecacheManifest, groupBytes } from './scripts/build/precache-manifest.ts';
import { workerParts, type WorkerScript } from './scripts/build/worker-contents.ts';
import { xmlEntitiesOnly } from './scripts/build/xmldom-entities.ts';

const PRECACHE = 'self.__SIM_PRECACHE';
const ENGINE_SCRIPT = 'self.__SIM_ENGINE_SCRIPT';
const BASE = process.env.SIM_BASE ?? '/';
// Library mode leaves process.env alone; workbox's and Dexie's modules read NODE_ENV for dev-only code.
const DEFINE = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * The engine as its own classic script (src/sw/engine-bundle.ts), named by its content hash so a
 * changed engine changes `sw.js` (which names it) and the browser sees a new worker version.
 */
async function buildEngineScript(outDir: string): Promise<{ fileName: string; chunk: Rollup.OutputChunk }> {
  const out = (await build({
    configFile: false,
    // xmldom's HTML entity table stays out of the worker (scripts/build/xmldom-entities.ts).
    plugins: [xmlEntitiesOnly()],
    logLevel: 'warn',
    base: BASE,
    publicDir: false,
    define: DEFINE,
    build: {
      target: 'es2022',
      write: false,
      sourcemap: false,
      lib: { entry: 'src/sw/engine-bundle.ts', formats: ['iife'], name: 'erpSimEngineScript', fileName: () => 'engine.js' },
    },
  })) as Rollup.RollupOutput[];
  const chunk = out[0]?.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('the engine build wrote no script');
  const fileName = `engine-${createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10)}.js`;
  writeFileSync(join(outDir, fileName), chunk.code);
  return { fileName, chunk };
}

/**
 * Builds the engine's script, then writes into `sw.js` its name (in place of `self.__SIM_ENGINE_SCRIPT`)
 * and the precache list of the app build (scripts/build/precache-manifest.ts, in place of
 * `self.__SIM_PRECACHE`); records what both scripts hold in `.vite/sw-contents.json`.
 */
function workerScripts(): Plugin {
  let outDir = 'dist';
  let engine: { fileName: string; chunk: Rollup.OutputChunk } | undefined;
  return {
    name: 'erp-sim:worker-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      engine = await buildEngineScript(outDir);
    },
    generateBundle(_options, bundle) {
      if (!engine) return this.error('the engine script was not built');
      const manifest = buildPrecacheManifest(outDir, BASE);
      if (!manifest.shell.some((e) => e.url === 'index.html')) this.error(`no index.html in ${outDir}: build the app first`);
      const chunk = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk');
      if (!chunk) return this.error('no worker chunk');
      for (const placeholder of [PRECACHE, ENGINE_SCRIPT]) {
        const found = chunk.code.split(placeholder).length - 1;
        if (found !== 1) this.error(`${chunk.fileName}: expected ${placeholder} once, found ${found}`);
      }
      chunk.code = chunk.code.replace(PRECACHE, JSON.stringify(manifest)).replace(ENGINE_SCRIPT, JSON.stringify(engine.fileName));
      const scripts: WorkerScript[] = [
        { file: chunk.fileName, gzip: gzipSync(chunk.code).length, bytes: Buffer.byteLength(chunk.code), parts: workerParts(chunk.modules) },
        { file: engine.fileName, gzip: gzipSync(engine.chunk.code).length, bytes: Buffer.byteLength(engine.chunk.code), parts: workerParts(engine.chunk.modules) },
      ];
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'sw-contents.json'), JSON.stringify(scripts, null, 1));
      for (const s of scripts) this.info(`${s.file} ${(s.gzip / 1024).toFixed(0)} KB gzip: ${s.parts.map((p) => p.part).join(', ')}`);
      const kb = (files: typeof manifest.shell) => `${(groupBytes(outDir, files).gzip / 1024).toFixed(0)} KB gzip`;
      this.info(`precache: shell ${manifest.shell.length} files (${kb(manifest.shell)}) before the page is controlled, ${manifest.later.length} later (${kb(manifest.later)})`);
    },
  };
}

/**
 * Second build: the service worker as one small classic script at `dist/sw.js` (no hash: it must
 * keep its URL), and the engine's script it imports (`dist/engine-<hash>.js`).
 */
export default defineConfig({
  base: BASE,
  publicDir: false,
  define: DEFINE,
  plugins: [workerScripts()],
  build: {
    target: 'es2022',
    emptyOutDir: false,
    outDir: 'dist',
    sourcemap: false,
    lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'erpSimWorker', fileName: () => 'sw.js' },
  },
});
