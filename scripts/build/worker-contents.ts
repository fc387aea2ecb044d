/**
 * What the worker's scripts (`sw.js` and the engine's `engine-<hash>.js`) hold, by part (issue 22:
 * the worker's size stated with what it holds): written by the worker build to
 * `<outDir>/.vite/sw-contents.json` (a dot folder: never precached) and printed by
 * `npm run bench -- first-visit`.
 */
import { gzipSync } from 'node:zlib';

export interface WorkerPart {
  part: string;
  /** Bytes of the part's modules as rendered into the bundle (before minification). */
  rendered: number;
  /** Of those, gzip-compressed on their own (the parts share a dictionary in sw.js, so the sum is larger). */
  gzip: number;
}

export interface WorkerScript {
  file: string;
  bytes: number;
  gzip: number;
  parts: WorkerPart[];
}

const PARTS: [RegExp, string][] = [
  [/\/src\/engine\/products\/receivables\//, 'receivables service (REST, SOAP, OAuth, seeded book)'],
  [/\/src\/engine\/products\/odata\//, 'OData service (forms, $batch, seeded book)'],
  [/\/src\/engine\/storage\//, 'storage (IndexedDB through Dexie, in-memory mirror)'],
  [/\/src\/engine\//, 'engine (control API, journal, faults, lessons, snapshots, core)'],
  [/\/src\/sw\//, 'worker host (routing, offline copy)'],
  [/\/node_modules\/(dexie)\//, 'dexie'],
  [/\/node_modules\/(hono)\//, 'hono'],
  [/\/node_modules\/(big\.js)\//, 'big.js'],
  [/\/node_modules\/(workbox-[\w-]+)\//, 'workbox (precaching, strategies, routing, core)'],
  [/\/node_modules\/(fastest-levenshtein)\//, 'fastest-levenshtein'],
  [/\/node_modules\/(fast-xml-parser|fast-xml-builder|@nodable\/entities|strnum|anynum|path-expression-matcher|xml-naming|is-unsafe)\//, 'fast-xml-parser (XMLBuilder: every XML answer) with its dependencies'],
  [/\/node_modules\/(@xmldom\/xmldom)\//, '@xmldom/xmldom (DOMParser: SOAP requests)'],
];

/** Group a chunk's modules (id -> rendered code) into the parts above; largest first. */
export function workerParts(modules: Record<string, { code: string | null }>): WorkerPart[] {
  const code = new Map<string, string[]>();
  for (const [id, m] of Object.entries(modules)) {
    const path = id.split('\\').join('/');
    const part = PARTS.find(([re]) => re.test(path))?.[1] ?? (/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'other');
    code.set(part, [...(code.get(part) ?? []), m.code ?? '']);
  }
  return [...code]
    .map(([part, texts]) => {
      const text = texts.join('\n');
      return { part, rendered: Buffer.byteLength(text), gzip: gzipSync(text).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
