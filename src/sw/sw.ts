/// <reference lib="webworker" />
/**
 * Service-worker host: a thin adapter that hands same-origin `<scope>sim/*` requests to the engine
 * over IndexedDB and leaves everything else to the network. All state lives in IndexedDB, so the
 * browser may kill this worker whenever it is idle.
 */
import { createEngine, openDatabase, type Engine } from '../engine/index.ts';

declare const self: ServiceWorkerGlobalScope;

const scopePath = new URL(self.registration.scope).pathname; // e.g. "/" or "/erp-sim/"
const mount = `${scopePath}sim`;
let engine: Promise<Engine> | undefined;

function getEngine(): Promise<Engine> {
  engine ??= createEngine({ db: openDatabase(), mount }).catch((err: unknown) => {
    engine = undefined;
    throw err;
  });
  return engine;
}

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// A hard reload leaves the page uncontrolled and no activate event runs again: the page asks.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'CLAIM') {
    event.waitUntil(self.clients.claim());
  }
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname !== mount && !url.pathname.startsWith(`${mount}/`)) return;
  // Liveness probe answered by the worker alone (the app and the benchmark's no-op baseline).
  if (url.pathname === `${mount}/_ping`) return event.respondWith(new Response('ok'));
  event.respondWith(getEngine().then((e) => e.handle(event.request)));
});
