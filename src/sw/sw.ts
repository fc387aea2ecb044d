/// <reference lib="webworker" />
/**
 * Service-worker host: a thin adapter that hands same-origin `<scope>sim/*` requests to the engine
 * over IndexedDB and leaves everything else to the network. All state lives in IndexedDB, so the
 * browser may kill this worker whenever it is idle.
 */
import type { Change, Engine, ProductCatalog, ProductId, WorkProgress } from '../engine/index.ts';
import { importEngine, readEngineParts } from './engine-script.ts';
import { activateOfflineCopy, completeOfflineCopy, installOfflineCopy, precached, precachedAnswer, type OfflineCopy } from './precache.ts';

declare const self: ServiceWorkerGlobalScope;

const scopePath = new URL(self.registration.scope).pathname; // e.g. "/" or "/erp-sim/"
const mount = `${scopePath}sim`;
let engine: Promise<Engine> | undefined;
let catalogs: Promise<Record<ProductId, ProductCatalog>> | undefined;

/**
 * The products' UI catalogs are documentation, written by the build next to this file
 * (`sim-catalog.json`), so they stay out of the worker bundle; fetched once per worker life.
 */
function loadCatalogs(): Promise<Record<ProductId, ProductCatalog>> {
  // This build's own copy from the precache (it also works offline); the network only where nothing
  // is precached (dev server), revalidated: the HTTP cache may hold a previous build's copy.
  catalogs ??= precached('sim-catalog.json')
    .then((copy) => copy ?? fetch(`${scopePath}sim-catalog.json`, { cache: 'no-cache' }))
    .then((res) => {
      if (!res.ok) throw new Error(`sim-catalog.json: ${res.status}`);
      return res.json() as Promise<Record<ProductId, ProductCatalog>>;
    })
    .catch((err: unknown) => {
      catalogs = undefined;
      throw err;
    });
  return catalogs;
}

async function catalogOf(product: ProductId): Promise<ProductCatalog> {
  const catalog = (await loadCatalogs())[product];
  if (!catalog) throw new Error(`sim-catalog.json has no ${product} catalog`);
  return catalog;
}

/**
 * Tell every open tab which environment changed (whoever wrote: a console, another tab, a script),
 * so data views refresh. Message: `{ type: 'sim-change', env, op }`. The store awaits it, so the
 * request that wrote keeps the worker alive until the notices are out.
 */
async function broadcast(change: Change): Promise<void> {
  const env = change.op === 'records' ? change.env : change.op === 'env-put' ? change.env.key : change.key;
  await tellTabs([{ type: 'sim-change', env, op: change.op }]);
}

/**
 * Tell open tabs that an environment's request journal has new entries (live Journal views), after
 * each background flush, so at most a few times a second: `{ type: 'sim-journal', env }`. Kept apart
 * from sim-change, which makes data views reload.
 */
async function journalNotice(envs: string[]): Promise<void> {
  await tellTabs(envs.map((env) => ({ type: 'sim-journal', env })));
}

/** Progress of a long task (generate) for every open tab: `{ type: 'sim-progress', env, task, done, total }`. */
function progressNotice(progress: WorkProgress): void {
  void tellTabs([{ type: 'sim-progress', ...progress }]);
}

/** Post each message to every window of this origin, controlled by this worker or not. */
async function tellTabs(messages: object[]): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) for (const message of messages) client.postMessage(message);
}

function getEngine(): Promise<Engine> {
  engine ??= (async () => {
    // The parts' script is read (engine-script.ts) while the core loads and the database opens.
    const parts = readEngineParts();
    const { createEngine, DexieJournalPersistence, openDatabase } = importEngine();
    // The journal lives in its own IndexedDB database (erp-sim-journal), written in the background.
    // No body limits: the worker's only caller is its own page, and a large snapshot import is the
    // user's own (the limits protect a shared Node host; docs/operate.md § Request body limits).
    const [e] = await Promise.all([createEngine({ db: openDatabase(), mount, catalog: catalogOf, journal: new DexieJournalPersistence(), onJournal: (envs) => void journalNotice(envs), onProgress: progressNotice, bodyLimits: false }), parts]);
    e.store.onChange(broadcast);
    return e;
  })().catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
}

function engineUnavailable(err: unknown): Response {
  console.error('[erp-sim] the engine could not start', err);
  const body = JSON.stringify({ error: 'The simulator could not open its database in this browser.', code: 'SIM-5000' });
  return new Response(body, { status: 500, headers: { 'content-type': 'application/json' } });
}

/**
 * How much of the build is saved for offline use, for every tab (the header's offline badge):
 * `{ type: 'sim-offline', savedBytes, totalBytes, complete, error? }`. Also posted during a first
 * install, to the page still waiting for the worker.
 */
function offlineNotice(copy: OfflineCopy): void {
  void tellTabs([{ type: 'sim-offline', ...copy }]);
}

// No skipWaiting at install: a new version waits (its copy of the build saved) until the page asks
// it to take over (SKIP_WAITING, on the user's word), so an open page never runs on another build's
// files. The first install has no predecessor and activates at once, after saving only the shell.
self.addEventListener('install', (event) => {
  // The shell's downloads start first (the engine's parts script among them); the engine's core
  // downloads and compiles meanwhile (a worker may import a script only while it installs: later
  // starts import this same one). One turn of the event loop first, so the shell's requests leave
  // before the import (a synchronous download and compile) holds this thread.
  event.waitUntil(installOfflineCopy(self.registration, offlineNotice));
  event.waitUntil(new Promise((resolve) => setTimeout(resolve, 0)).then(importEngine));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
  activateOfflineCopy(event);
  // The rest of the build, in the background: not inside activate, whose end every fetch awaits.
  // A page keeps it alive by asking (OFFLINE_COPY); a worker stopped half-way resumes then.
  void completeOfflineCopy(offlineNotice);
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  // A hard reload leaves the page uncontrolled and no activate event runs again: the page asks.
  if (type === 'CLAIM') event.waitUntil(self.clients.claim());
  // workbox-window's messageSkipWaiting(): the user chose to reload into the waiting version.
  if (type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  // A page asks how much of the build is saved: the answer goes to every tab, once the files still
  // missing are saved (or the host stopped answering); the page's question keeps the worker alive.
  if (type === 'OFFLINE_COPY') event.waitUntil(completeOfflineCopy(offlineNotice).then(offlineNotice));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname !== mount && !url.pathname.startsWith(`${mount}/`)) {
    // A file of the build: from the offline copy (or the network while it is being saved).
    const file = precachedAnswer(event);
    if (file) event.respondWith(file);
    return;
  }
  // Liveness probe answered by the worker alone (the app and the benchmark's no-op baseline).
  if (url.pathname === `${mount}/_ping`) return event.respondWith(new Response('ok'));
  // The engine answers its own failures; this covers a worker that cannot open its database.
  const answered = getEngine().then((e) => e.handle(event.request), engineUnavailable);
  event.respondWith(answered);
  // Journal entries and fault counts are stored after the answer: stay alive until they are.
  event.waitUntil(answered.then(() => engine?.then((e) => e.settled())).catch(() => undefined));
});
