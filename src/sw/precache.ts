/// <reference lib="webworker" />
/**
 * Offline copy of the playground (issues 15 and 22). The build writes the list of its files into
 * `sw.js` in two groups (scripts/build/precache-manifest.ts): the shell (index.html and what it
 * loads up front, the UI catalogs, icons) and the rest (lazy views, Monaco, its workers and font).
 *
 * A first install saves only the shell, so the worker controls the page and answers `/sim` within
 * about a second on a real network; the rest is saved afterwards in the background
 * (`completeOfflineCopy`), smallest first, and a file asked for meanwhile comes from the network
 * once and is kept. An update saves every file before it waits, so Reload lands on a whole copy.
 * workbox-precaching keeps the cache keys, the URL matching and the clean-up of older builds.
 */
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';

/** One file of the build (workbox's entry format plus its size on disk, for progress). */
export interface PrecacheFile {
  url: string;
  revision: string | null;
  size: number;
}

declare const self: ServiceWorkerGlobalScope & { __SIM_PRECACHE?: { shell: PrecacheFile[]; later: PrecacheFile[] } };

/** How much of the build this browser holds; `complete` means the playground works with its host gone. */
export interface OfflineCopy {
  savedBytes: number;
  totalBytes: number;
  complete: boolean;
  /** Why the last background save stopped (host unreachable); it resumes when a page asks again. */
  error?: string;
}

interface Item {
  file: PrecacheFile;
  cacheKey: string;
}

/** Parallel downloads while saving a whole build (an update): a few, not 50 at once. */
const UPDATE_PARALLEL = 4;

// The dev server has no list (the placeholder stays undefined): nothing is precached there.
const manifest = self.__SIM_PRECACHE ?? { shell: [], later: [] };
const controller = new PrecacheController();
controller.addToCacheList([...manifest.shell, ...manifest.later]);
const route = new PrecacheRoute(controller);
const itemsOf = (files: PrecacheFile[]): Item[] => files.map((file) => ({ file, cacheKey: controller.getCacheKeyForURL(file.url) as string }));
const shell = itemsOf(manifest.shell);
const later = itemsOf(manifest.later);
const everything = [...shell, ...later];
const byKey = new Map(everything.map((i) => [i.cacheKey, i]));
const totalBytes = everything.reduce((n, i) => n + i.file.size, 0);

/** Downloads under way, by cache key: a page asking for a file being saved waits for that one download. */
const saving = new Map<string, Promise<void>>();
let filling: Promise<OfflineCopy> | undefined;

const openCache = () => caches.open(controller.strategy.cacheName);

async function savedKeys(): Promise<Set<string>> {
  return new Set((await (await openCache()).keys()).map((r) => r.url));
}

/** Downloads started before their save (a first install's shell), by cache key. */
const started = new Map<string, Promise<Response>>();

/**
 * A revisioned file bypasses the HTTP cache; a hashed one (its name pins its content) may come from
 * it without asking the host again: the page loaded the shell's scripts a moment ago.
 */
function download(item: Item, priority: RequestPriority): Promise<Response> {
  const request = new Request(new URL(item.file.url, self.location.href), { cache: item.file.revision ? 'reload' : 'force-cache', credentials: 'same-origin', priority });
  return fetch(request);
}

/** Download one file into the cache (once, however many ask). */
function save(item: Item, priority: RequestPriority): Promise<void> {
  let done = saving.get(item.cacheKey);
  if (done) return done;
  const early = started.get(item.cacheKey);
  started.delete(item.cacheKey);
  done = (async () => {
    const cache = await openCache();
    if (await cache.match(item.cacheKey)) return; // saved meanwhile (a page asked for it first)
    const res = await (early ?? download(item, priority));
    if (!res.ok) throw new Error(`${item.file.url}: HTTP ${res.status}`);
    // A redirected response cannot answer a navigation: keep its body and headers only.
    const kept = res.redirected ? new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers }) : res;
    await cache.put(item.cacheKey, kept);
  })().finally(() => saving.delete(item.cacheKey));
  saving.set(item.cacheKey, done);
  return done;
}

/** Save `items` not yet held, `parallel` at a time; `onSaved` after each with the bytes held so far. */
async function saveAll(items: Item[], parallel: number, priority: RequestPriority, onSaved?: (copy: OfflineCopy) => void): Promise<OfflineCopy> {
  const held = await savedKeys();
  let savedBytes = everything.reduce((n, i) => n + (held.has(i.cacheKey) ? i.file.size : 0), 0);
  const queue = items.filter((i) => !held.has(i.cacheKey));
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      await save(item, priority);
      held.add(item.cacheKey);
      savedBytes += item.file.size;
      onSaved?.({ savedBytes, totalBytes, complete: everything.every((i) => held.has(i.cacheKey)) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return { savedBytes, totalBytes, complete: everything.every((i) => held.has(i.cacheKey)) };
}

/**
 * The install step. A first install (no worker active yet) saves the shell, all at once, and the
 * worker takes the page right after; an update saves the whole build before it waits for Reload.
 */
export function installOfflineCopy(registration: ServiceWorkerRegistration, onSaved: (copy: OfflineCopy) => void): Promise<unknown> {
  if (registration.active) return saveAll(everything, UPDATE_PARALLEL, 'auto', onSaved);
  // The shell's requests leave now, before the install step imports the engine's scripts (each a
  // synchronous download and compile that holds this thread): they download meanwhile, and only
  // their saving waits (a file saved already leaves its download unread). Chromium lets a worker
  // have only a few requests under way, so the ones from the host come first, largest first.
  const order = (i: Item) => (i.file.revision ? i.file.size : -1);
  for (const item of [...shell].sort((a, b) => order(b) - order(a))) {
    const res = download(item, 'high');
    res.catch(() => undefined); // its save reports a failure
    started.set(item.cacheKey, res);
  }
  return saveAll(shell, shell.length, 'high', onSaved);
}

/** The activate step: files of older builds leave the cache (workbox). */
export function activateOfflineCopy(event: ExtendableEvent): void {
  void controller.activate(event);
}

/**
 * Save the files still missing, one at a time at low priority (a page's own requests come first),
 * smallest first. Calls share one run; it ends with the copy complete or at the first failure.
 */
export function completeOfflineCopy(onSaved: (copy: OfflineCopy) => void): Promise<OfflineCopy> {
  filling ??= saveAll(later, 1, 'low', onSaved)
    .catch(async (err: unknown) => {
      const held = await savedKeys();
      const savedBytes = everything.reduce((n, i) => n + (held.has(i.cacheKey) ? i.file.size : 0), 0);
      return { savedBytes, totalBytes, complete: false, error: err instanceof Error ? err.message : String(err) };
    })
    .finally(() => (filling = undefined));
  return filling;
}

/**
 * The answer to a request for a file of the build, or undefined when it is not one (the network's
 * business). From the cache; a file not saved yet comes from the network (joining its download
 * when the background save is fetching it) and, when its name pins its content, is kept.
 */
export function precachedAnswer(event: FetchEvent): Promise<Response> | undefined {
  const request = event.request;
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return undefined;
  const match = route.match({ url, request, event, sameOrigin: true }) as { cacheKey?: string } | undefined;
  const item = match?.cacheKey ? byKey.get(match.cacheKey) : undefined;
  if (!item) return undefined;
  return (async () => {
    const cache = await openCache();
    const hit = await cache.match(item.cacheKey);
    if (hit) return hit;
    if (item.file.revision === null || saving.has(item.cacheKey)) {
      try {
        await save(item, 'high');
        const saved = await cache.match(item.cacheKey);
        if (saved) return saved;
      } catch {
        // Not saved (host unreachable, an error status): the network's own answer below.
      }
    }
    return fetch(request);
  })();
}

/** This build's copy of a file of the site (a path relative to the worker), if saved. */
export function precached(path: string): Promise<Response | undefined> {
  // One request of Cache Storage (workbox's matchPrecache opens the cache first: two, and a worker
  // started again reads the engine's parts this way while its first answer waits).
  const cacheKey = controller.getCacheKeyForURL(path);
  return cacheKey ? caches.match(cacheKey, { cacheName: controller.strategy.cacheName }) : Promise.resolve(undefined);
}
