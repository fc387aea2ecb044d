/// <reference lib="webworker" />
/**
 * Offline copy of the playground: every file of the build (app, Monaco and its workers, the UI
 * catalogs) is saved at install and served from the cache, so the app opens with the host gone.
 * The list is written into `sw.js` by the build (vite.sw.config.ts); each new build changes it, so
 * the browser sees a new worker version, which waits until the page asks it to take over.
 */
import { matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST?: (PrecacheEntry | string)[] };

/**
 * Call after the worker's own fetch listeners: a listener registered earlier answers first.
 * The dev server has no manifest (the placeholder stays undefined), so nothing is precached there.
 */
export function startPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST ?? []);
}

/** This build's copy of a file of the site (a path relative to the worker), if precached. */
export function precached(path: string): Promise<Response | undefined> {
  return matchPrecache(path);
}
