import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { buildPrecacheManifest, groupBytes } from './scripts/build/precache-manifest.ts';
import { workerParts, type WorkerScript } from './scripts/build/worker-contents.ts';
import { buildWorkerParts } from './scripts/build/worker-parts.ts';
import { xmlEntitiesOnly } from './scripts/build/xmldom-entities.ts';

const PRECACHE = 'self.__SIM_PRECACHE';
const ENGINE_SCRIPT = 'self.__SIM_ENGINE_SCRIPT';
const PART_SCRIPTS = 'self.__SIM_PART_SCRIPTS';
const PART_DIGESTS = 'self.__SIM_PART_DIGESTS';
const BASE = process.env.SIM_BASE ?? '/';
// Library mode leaves process.env alone; workbox's and Dexie's modules read NODE_ENV for dev-only code.
const DEFINE = { 'process.env.NODE_ENV': JSON.stringify('production') };

interface EngineScript {
  fileName: string;
  chunk: Rollup.OutputChunk;
}

/** A script named by its content hash, so a changed engine changes `sw.js` (which names it) and the browser sees a new worker version. */
function writeHashed(outDir: string, prefix: string, chunk: Rollup.OutputChunk): EngineScript {
  const fileName = `${prefix}-${createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10)}.js`;
  writeFileSync(join(outDir, fileName), chunk.code);
  return { fileName, chunk };
}

/**
 * The engine as classic scripts: its core (src/sw/engine-bundle.ts) and one script per part the
 * core loads on first use (scripts/build/worker-parts.ts).
 */
async function buildEngineScripts(outDir: string): Promise<{ core: EngineScript; parts: (EngineScript & { name: string })[] }> {
  // xmldom's HTML entity table stays out of the worker (scripts/build/xmldom-entities.ts).
  const built = await buildWorkerParts({ plugins: [xmlEntitiesOnly()], define: DEFINE, base: BASE }, 'src/sw/engine-bundle.ts');
  // The parts share one script, saved with the app shell and read from that copy when the engine
  // starts (src/sw/engine-script.ts): one download.
  // Each part's code is a function the script registers (`self.__simPartCode[name]`) and the worker
  // calls at the part's first use: running the script compiles none of it.
  const parts = built.parts.map((p) => p.chunk);
  const [first] = parts;
  if (!first) throw new Error('the worker build made no part');
  const code = built.parts.map((p) => `(self.__simPartCode ??= {})[${JSON.stringify(p.name)}] = function () {\n${p.chunk.code}\n};`).join('\n');
  const together: Rollup.OutputChunk = { ...first, code, modules: Object.assign({}, ...parts.map((c) => c.modules)) };
  const script = writeHashed(outDir, 'engine-parts', together);
  return { core: writeHashed(outDir, 'engine', built.core), parts: built.parts.map((p) => ({ name: p.name, ...script })) };
}

/**
 * Builds the engine's scripts, then writes into `sw.js` their names (in place of `self.__SIM_ENGINE_SCRIPT`
 * and `self.__SIM_PART_SCRIPTS`)
 * and the precache list of the app build (scripts/build/precache-manifest.ts, in place of
 * `self.__SIM_PRECACHE`); records what both scripts hold in `.vite/sw-contents.json`.
 */
function workerScripts(): Plugin {
  let outDir = 'dist';
  let engine: Awaited<ReturnType<typeof buildEngineScripts>> | undefined;
  return {
    name: 'erp-sim:worker-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      engine = await buildEngineScripts(outDir);
    },
    generateBundle(_options, bundle) {
      if (!engine) return this.error('the engine script was not built');
      // The parts script is a file of the offline copy, saved with the shell (src/sw/engine-script.ts).
      const manifest = buildPrecacheManifest(outDir, BASE, [...new Set(engine.parts.map((p) => p.fileName))]);
      if (!manifest.shell.some((e) => e.url === 'index.html')) this.error(`no index.html in ${outDir}: build the app first`);
      const chunk = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk');
      if (!chunk) return this.error('no worker chunk');
      for (const placeholder of [PRECACHE, ENGINE_SCRIPT, PART_SCRIPTS, PART_DIGESTS]) {
        const found = chunk.code.split(placeholder).length - 1;
        if (found !== 1) this.error(`${chunk.fileName}: expected ${placeholder} once, found ${found}`);
      }
      const partScripts = Object.fromEntries(engine.parts.map((p) => [p.name, p.fileName]));
      // The worker runs the parts' script from the offline copy, which page scripts of this origin
      // could rewrite: it runs only text with the digest the build wrote into sw.js.
      const partDigests = Object.fromEntries(engine.parts.map((p) => [p.fileName, createHash('sha256').update(p.chunk.code).digest('hex')]));
      chunk.code = chunk.code.replace(PRECACHE, JSON.stringify(manifest)).replace(ENGINE_SCRIPT, JSON.stringify(engine.core.fileName)).replace(PART_SCRIPTS, JSON.stringify(partScripts)).replace(PART_DIGESTS, JSON.stringify(partDigests));
      const scripts: WorkerScript[] = [
        { file: chunk.fileName, gzip: gzipSync(chunk.code).length, bytes: Buffer.byteLength(chunk.code), parts: workerParts(chunk.modules) },
        ...[engine.core, ...new Map(engine.parts.map((p) => [p.fileName, p])).values()].map((e) => ({ file: e.fileName, gzip: gzipSync(e.chunk.code).length, bytes: Buffer.byteLength(e.chunk.code), parts: workerParts(e.chunk.modules) })),
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
 * keep its URL), and the engine's scripts it imports (`dist/engine-<hash>.js`, `dist/engine-<part>-<hash>.js`).
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
