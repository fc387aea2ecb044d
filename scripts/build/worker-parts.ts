/**
 * The worker's engine in classic scripts: a core every answer needs (engine, storage, the
 * receivables REST service) and the parts a request of another kind needs (the control API; the
 * OData service; the SOAP service's reader, checks and answers with @xmldom/xmldom; the receivables
 * seeded book, written when an environment is made or reset), built one by one and written into one script, each part
 * run at its first use (vite.sw.config.ts, src/sw/engine-script.ts). The XML writer
 * (fast-xml-parser) stays in the core: the error catalog writes its SOAP examples when it loads.
 * A stopped worker that starts again loads the core alone, and a part at its first use: Chromium
 * loads a script's whole code cache at start, so a smaller core starts sooner.
 *
 * How the scripts share code (no module of the core is copied into a part):
 * - The core build replaces each module a part enters by (`entries`) with a stub: every export is a
 *   proxy that, on first use, asks the host for the part (`self.erpSimLoadPart(name)`, which runs
 *   `importScripts`, synchronous, so a stub stays transparent) and forwards to the real export.
 *   A value read before the part is loaded (a product's `id`, read when the engine starts) is
 *   written into the stub (`statics`); test/build/worker-parts.test.ts checks those values.
 * - The core publishes, on `self.__simCore`, the namespaces of the modules the parts import.
 * - A part is an IIFE whose imports of core modules are parameters read from `self.__simCore`; it
 *   registers its entries' namespaces on `self.__simParts[name]`.
 * The dev server serves the engine as one module (vite.config.ts): no stubs there.
 */
import { createHash } from 'node:crypto';
import { relative, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

type Primitive = string | number | boolean;

export interface WorkerPartSpec {
  name: string;
  /** What the part holds: its files and libraries, by resolved path (a module the core needs anyway stays in the core). */
  members: RegExp;
  /** The part's modules the core imports (repository paths): the core holds a stub of each. */
  entries: string[];
  /**
   * Per entry and export: what is read before the part is loaded, answered by the stub: a constant
   * (a stub of one would be a proxy), or an object's properties.
   */
  statics?: Record<string, Record<string, Primitive | Record<string, Primitive>>>;
}

export const WORKER_PARTS: WorkerPartSpec[] = [
  {
    name: 'odata',
    members: /\/src\/engine\/products\/odata\//,
    entries: ['src/engine/products/odata/product.ts'],
    // The engine maps its products by id when it starts.
    statics: { 'src/engine/products/odata/product.ts': { odata: { id: 'odata' } } },
  },
  {
    // The seeded book and synthetic documents, written when an environment is made, reset or generated.
    name: 'receivables-book',
    members: /\/src\/engine\/products\/receivables\/book\/(seed|seed-[\w-]+|generate|generate-receipts|scratch)\.ts$/,
    entries: ['src/engine/products/receivables/book/seed.ts', 'src/engine/products/receivables/book/generate.ts', 'src/engine/products/receivables/book/generate-receipts.ts'],
  },
  {
    // The control API (issue 41: the first answer of a worker started again for a product's request
    // does not read it), with what only it uses: snapshots and scenarios, drills' routes and judging,
    // the journal's search, explanations and hints, lesson checks, the OpenAPI and Postman documents.
    // What the core needs of these folders stays in the core (the build keeps it there).
    name: 'control',
    members: /\/src\/engine\/(admin|snapshots|drills|journal|lessons|teaching|openapi)\/|\/node_modules\/fastest-levenshtein\//,
    entries: ['src/engine/admin/routes.ts'],
    statics: { 'src/engine/admin/routes.ts': { GENERATE_SLICE: 3000 } },
  },
  {
    // The SOAP service's reading, checking, answering and WSDL, with @xmldom/xmldom: its routes and
    // faults stay in the core (the error catalog writes its SOAP examples with them when it loads).
    name: 'soap',
    members: /\/src\/engine\/products\/receivables\/soap\/(envelope|mapping|result|security|wsdl|request-xml|xmldom-regexp-cache)\.ts$|\/node_modules\/@xmldom\/xmldom\//,
    entries: ['envelope', 'mapping', 'result', 'security', 'wsdl'].map((m) => `src/engine/products/receivables/soap/${m}.ts`),
    statics: {
      'src/engine/products/receivables/soap/envelope.ts': { MAX_BODY_BYTES: 1_048_576 },
      'src/engine/products/receivables/soap/security.ts': { AUTH_FAILED: 'The user name or password in the WS-Security UsernameToken is not valid for this environment.' },
    },
  },
];

const ROOT = resolve(import.meta.dirname, '../..');
const rel = (id: string) => relative(ROOT, id).split('\\').join('/');
/** A module's name on `self.__simCore` (stable: the same in the core and in every part). */
export const coreKey = (id: string) => `m_${createHash('sha256').update(rel(id)).digest('hex').slice(0, 12)}`;
const entryKey = (i: number) => `e${i}`;

const CORE_ENTRY_ID = '\0erp-sim:core-entry';
const PART_ENTRY_ID = '\0erp-sim:part-entry';
/** A stub's id: this prefix and the real module's path. */
const STUB = '\0erp-sim:stub:';

/** The stubs' proxy (a real module, so its tests import it). */
const RUNTIME_FILE = resolve(import.meta.dirname, 'worker-part-runtime.ts');

function stubCode(part: WorkerPartSpec, entry: number, exportNames: string[]): string {
  const statics = part.statics?.[part.entries[entry] as string] ?? {};
  const lines = [`import { lazyExport } from ${JSON.stringify(RUNTIME_FILE)};`];
  exportNames.forEach((name, i) => {
    const known = statics[name];
    const value = known !== undefined && typeof known !== 'object' ? JSON.stringify(known) : `lazyExport(${JSON.stringify(part.name)}, ${JSON.stringify(entryKey(entry))}, ${JSON.stringify(name)}, ${JSON.stringify(statics[name])})`;
    lines.push(name === 'default' ? `export default ${value};` : `const x${i} = ${value};\nexport { x${i} as ${name} };`);
  });
  return lines.join('\n');
}

interface CorePlan {
  /** Export names of each part's entries (undefined in the first pass: the stubs are empty). */
  exports?: Map<string, string[]>;
  /** Modules the parts import from the core, published on `self.__simCore`. */
  published: string[];
}

/** The core build's plugin: stubs in place of the parts' entries; a core module importing any other module of a part fails the build. */
function corePlugin(parts: WorkerPartSpec[], entry: string, plan: CorePlan): Plugin {
  const entryOf = new Map(parts.flatMap((p) => p.entries.map((e, i) => [resolve(ROOT, e), { part: p, index: i }] as const)));
  return {
    name: 'erp-sim:worker-core',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === CORE_ENTRY_ID || source.startsWith(STUB)) return source;
      if (!importer || importer.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const stub = entryOf.get(resolved.id);
      if (stub && !stub.part.members.test(importer)) return `${STUB}${resolved.id}`;
      return resolved;
    },
    load(id) {
      if (id === CORE_ENTRY_ID) {
        const imports = plan.published.map((m) => `import * as ${coreKey(m)} from ${JSON.stringify(m)};`);
        return [`import ${JSON.stringify(resolve(ROOT, entry))};`, ...imports, `self.__simCore = { ${plan.published.map(coreKey).join(', ')} };`].join('\n');
      }
      if (id.startsWith(STUB)) {
        const real = id.slice(STUB.length);
        const { part, index } = entryOf.get(real) as { part: WorkerPartSpec; index: number };
        return stubCode(part, index, plan.exports?.get(real) ?? []);
      }
      return null;
    },
  };
}

/**
 * A part's build: its members bundled, every other module read from the core's `self.__simCore`
 * (another part's entry through the core's stub of it).
 */
function partPlugin(part: WorkerPartSpec, parts: WorkerPartSpec[], core: Set<string>, imported: Set<string>): Plugin {
  const otherEntries = new Set(parts.filter((p) => p !== part).flatMap((p) => p.entries.map((e) => resolve(ROOT, e))));
  return {
    name: 'erp-sim:worker-part',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === PART_ENTRY_ID) return source;
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      if (part.members.test(resolved.id) && !core.has(resolved.id)) return resolved;
      const id = otherEntries.has(resolved.id) ? `${STUB}${resolved.id}` : resolved.id;
      imported.add(id);
      return { id, external: true };
    },
    load(id) {
      if (id !== PART_ENTRY_ID) return null;
      const imports = part.entries.map((e, i) => `import * as ${entryKey(i)} from ${JSON.stringify(resolve(ROOT, e))};`);
      return [...imports, `(self.__simParts ??= {})[${JSON.stringify(part.name)}] = { ${part.entries.map((_, i) => entryKey(i)).join(', ')} };`].join('\n');
    },
  };
}

export interface BuiltScript {
  name: string;
  chunk: Rollup.OutputChunk;
}

type Common = { plugins: Plugin[]; define: Record<string, string>; base: string };

async function buildOne(common: Common, plugin: Plugin, input: string | Record<string, string>, format: 'iife' | 'es', globals?: (id: string) => string, shimMissingExports = false): Promise<Rollup.OutputChunk[]> {
  const out = (await build({
    configFile: false,
    plugins: [...common.plugins, plugin],
    logLevel: 'warn',
    base: common.base,
    publicDir: false,
    define: common.define,
    build: {
      target: 'es2022',
      write: false,
      sourcemap: false,
      minify: true,
      rolldownOptions: { input, shimMissingExports, preserveEntrySignatures: 'exports-only', output: { format, ...(format === 'iife' ? { name: 'erpSimEngineScript', globals } : {}) } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const output: (Rollup.OutputChunk | Rollup.OutputAsset)[] = (Array.isArray(out) ? out[0] : out)?.output ?? [];
  return output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
}

/**
 * Build the core (from `entry`) and every part. Three passes: the core with empty stubs (which
 * modules it holds), each part as ES modules (its entries' exports, what it imports from the core),
 * then the core with its stubs and published modules, and each part as a classic script.
 */
export async function buildWorkerParts(common: Common, entry: string, parts: WorkerPartSpec[] = WORKER_PARTS): Promise<{ core: Rollup.OutputChunk; parts: BuiltScript[] }> {
  const first = await buildOne(common, corePlugin(parts, entry, { published: [] }), CORE_ENTRY_ID, 'es', undefined, true);
  const coreModules = new Set(first.flatMap((c) => Object.keys(c.modules)));
  const exports = new Map<string, string[]>();
  const imported = new Map<string, Set<string>>();
  for (const part of parts) {
    const seen = new Set<string>();
    const input = Object.fromEntries(part.entries.map((e, i) => [entryKey(i), resolve(ROOT, e)]));
    const chunks = await buildOne(common, partPlugin(part, parts, coreModules, seen), input, 'es');
    for (const [i, e] of part.entries.entries()) {
      const chunk = chunks.find((c) => c.isEntry && c.name === entryKey(i));
      if (!chunk) throw new Error(`worker part ${part.name}: no entry ${e} among ${chunks.map((c) => c.name + (c.isEntry ? '*' : '')).join(', ')}`);
      exports.set(resolve(ROOT, e), chunk.exports);
    }
    imported.set(part.name, seen);
  }
  const published = [...new Set([...imported.values()].flatMap((s) => [...s]))].sort();
  const [core] = await buildOne(common, corePlugin(parts, entry, { exports, published }), CORE_ENTRY_ID, 'iife');
  if (!core) throw new Error('the core build wrote no script');
  const inCore = new Set(Object.keys(core.modules));
  const built: BuiltScript[] = [];
  for (const part of parts) {
    const seen = new Set<string>();
    const [chunk] = await buildOne(common, partPlugin(part, parts, inCore, seen), PART_ENTRY_ID, 'iife', (id) => `__simCore.${coreKey(id)}`);
    if (!chunk) throw new Error(`worker part ${part.name}: no script`);
    for (const id of seen) if (!published.includes(id)) throw new Error(`worker part ${part.name} imports ${rel(id)}, which the core does not publish`);
    for (const id of Object.keys(chunk.modules)) if (inCore.has(id) && id.startsWith(ROOT)) throw new Error(`worker part ${part.name} holds ${rel(id)}, a module of the core`);
    built.push({ name: part.name, chunk });
  }
  return { core, parts: built };
}
