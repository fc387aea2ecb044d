/**
 * Page side of the service-worker lifecycle. `/sim` calls must wait for `whenControlled()`: a fetch
 * made before the page is controlled goes to the network, even right after `serviceWorker.ready`.
 * Until then the state says what the page waits for (`startingStep`). The worker takes the page as
 * soon as the app shell, the engine and the catalogs are saved, then saves the rest of the build for
 * offline use in the background (`offline`); a new build waits as a new worker until the user says
 * reload (`applyUpdate()`), so the page never runs on a mix of two builds.
 */
import { Workbox } from 'workbox-window';
import { onHostNotice, onHostState } from '../host/events.ts';
import { sharedHost } from '../host/mode.ts';
import { leaveAnyWorker } from '../host/no-worker.ts';

export type WorkerStatus = 'unsupported' | 'starting' | 'ready' | 'error';
/**
 * What a starting page waits for: the worker script to download (`download`), the worker to save
 * the app shell (`install`), to activate and take the page (`activate`), or, after a hard reload,
 * the active worker to claim the page (`claim`).
 */
export type StartingStep = 'download' | 'install' | 'activate' | 'claim';

/** What the worker posts as it saves the build (`sim-offline`, src/sw/sw.ts). */
export interface OfflineCopy {
  savedBytes: number;
  totalBytes: number;
  /** Every file of the build is saved: the playground works with its host gone. */
  complete: boolean;
  /** Why saving stopped (host unreachable); it resumes when the host answers again. */
  error?: string;
}

export interface WorkerState {
  status: WorkerStatus;
  startingStep: StartingStep;
  /** How much of the build is saved in this browser (undefined until the worker says). */
  offline?: OfflineCopy;
  /** A new worker took over while this page was open (another tab said reload): reload to use it. */
  updated: boolean;
  /** A new build is installed and waits for the user's word (`applyUpdate()`). */
  waiting: boolean;
  /** Whether the site's host answered the last check (false: running from the offline copy). */
  online: boolean;
  error?: string;
}

const BASE = import.meta.env.BASE_URL; // "/" or "/erp-sim/"
let state: WorkerState = { status: 'starting', startingStep: 'download', updated: false, waiting: false, online: navigator.onLine };
const listeners = new Set<(s: WorkerState) => void>();
let controlled: Promise<void> | undefined;
let wb: Workbox | undefined;
/** The user chose to reload into the waiting build: reload once it controls the page. */
let applying = false;
/** How often an open, visible page asks the host for a new build (one request for sw.js). */
const HOST_CHECK_MS = 2 * 60_000;

function set(next: Partial<WorkerState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l(state);
}

/** Absolute path of the simulator under this deployment, e.g. `/erp-sim/sim`. */
export function simBase(): string {
  return `${BASE}sim`;
}

export function onWorkerState(listener: (s: WorkerState) => void): () => void {
  // A shared host answers /sim (issue 20): "online" is the host answering its event stream.
  if (sharedHost) return onHostState((h) => listener({ status: 'ready', startingStep: 'claim', updated: false, waiting: false, online: h.reachable }));
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/** What the worker posts after each committed write (see src/sw/sw.ts). */
export interface SimChange {
  env: string;
  op: 'env-put' | 'env-delete' | 'records';
}

/**
 * Follow the worker's notices of one `type` (`sim-change`, `sim-journal`, `sim-progress`: src/sw/sw.ts),
 * posted to every tab whoever caused them. Returns the unsubscribe function.
 */
export function onWorkerNotice<T>(type: string, listener: (notice: T) => void): () => void {
  if (sharedHost) return onHostNotice(type, listener);
  if (!('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === type) listener(data as T);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}

/** Writes committed by the worker, whichever tab or script made them. */
export const onSimChange = (listener: (change: SimChange) => void): (() => void) => onWorkerNotice('sim-change', listener);

export function whenControlled(): Promise<void> {
  // A page of a shared host sends /sim over the network: no worker may answer it.
  controlled ??= sharedHost ? leaveAnyWorker() : start();
  return controlled;
}

export function reloadPage(): void {
  location.reload();
}

/** Reload into the waiting build: it takes over (SKIP_WAITING), then the page reloads. IndexedDB stays. */
export function applyUpdate(): void {
  if (!wb || !state.waiting) return reloadPage();
  applying = true;
  wb.messageSkipWaiting();
}

/** Ask the worker in control how much of the build is saved; it saves what is missing and tells every tab. */
function askOfflineCopy(): void {
  navigator.serviceWorker.controller?.postMessage({ type: 'OFFLINE_COPY' });
}

/**
 * Follow the worker's `sim-offline` notices (also posted while a first install saves the shell). A
 * page that sees the save still going asks again: each question keeps the worker alive a while
 * longer, so a long save on a slow link is not cut by the browser's limit on one event.
 */
function followOfflineCopy(): void {
  onWorkerNotice<OfflineCopy>('sim-offline', ({ savedBytes, totalBytes, complete, error }) => {
    set({ offline: { savedBytes, totalBytes, complete, ...(error ? { error } : {}) } });
    if (!complete && !error && state.status === 'ready') askOfflineCopy();
  });
}

/**
 * Asks the host for the worker script (the browser's own update check): success means the host is
 * reachable and, if the build changed, installs the new worker, which then waits; failure means
 * the page runs from the offline copy.
 */
async function checkHost(): Promise<void> {
  if (!navigator.onLine) return set({ online: false });
  try {
    await wb?.update();
    set({ online: true });
    // The host is back: saving the build resumes where it stopped.
    if (state.offline && !state.offline.complete) askOfflineCopy();
  } catch {
    set({ online: false });
  }
  // workbox-window reports only the first update found by another tab: look at the registration too.
  const registration = await navigator.serviceWorker.getRegistration(BASE);
  if (registration?.waiting && navigator.serviceWorker.controller) set({ waiting: true });
}

function watchHost(): void {
  addEventListener('online', () => void checkHost());
  addEventListener('offline', () => set({ online: false }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkHost();
  });
  setInterval(() => {
    if (document.visibilityState === 'visible') void checkHost();
  }, HOST_CHECK_MS);
  void checkHost();
}

/** What an uncontrolled page waits for, read from its registration. */
function startingStep(registration: ServiceWorkerRegistration | undefined): StartingStep {
  if (!registration || registration.installing) return registration ? 'install' : 'download';
  if (registration.waiting || registration.active?.state === 'activating') return 'activate';
  return 'claim';
}

async function start(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    set({ status: 'unsupported', error: 'This browser has no service workers; the simulator cannot run here.' });
    throw new Error('service workers unsupported');
  }
  followOfflineCopy();
  wb = new Workbox(`${BASE}sw.js`, { scope: BASE, type: import.meta.env.DEV ? 'module' : 'classic' });
  const hadController = Boolean(navigator.serviceWorker.controller);
  // A new build installed (found by this page, by the browser's own check or by another tab).
  wb.addEventListener('waiting', () => {
    if (navigator.serviceWorker.controller) set({ waiting: true });
  });
  wb.addEventListener('controlling', (event) => {
    if (applying) return reloadPage();
    if (event.isUpdate || (hadController && event.isExternal)) set({ updated: true, waiting: false });
  });
  try {
    // immediate: do not wait for the window load event.
    const registration = await wb.register({ immediate: true });
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearInterval(timer);
          resolve();
        };
        // After a hard reload no activate event runs again: ask the active worker to claim us.
        const ask = () => {
          if (navigator.serviceWorker.controller) return done();
          set({ startingStep: startingStep(registration) });
          if (registration?.active?.state === 'activated') registration.active.postMessage({ type: 'CLAIM' });
        };
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
        registration?.installing?.addEventListener('statechange', ask);
        const timer = setInterval(ask, 250);
        ask();
      });
    }
    set({ status: 'ready' });
    askOfflineCopy();
    watchHost();
  } catch (err) {
    set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}
