/**
 * Page side of the service-worker lifecycle. `/sim` calls must wait for `whenControlled()`: a fetch
 * made before the page is controlled goes to the network, even right after `serviceWorker.ready`.
 */
import { Workbox } from 'workbox-window';

export type WorkerStatus = 'unsupported' | 'starting' | 'ready' | 'error';
export interface WorkerState {
  status: WorkerStatus;
  /** A new worker took over while this page was open: reload to use it. */
  updated: boolean;
  error?: string;
}

const BASE = import.meta.env.BASE_URL; // "/" or "/erp-sim/"
let state: WorkerState = { status: 'starting', updated: false };
const listeners = new Set<(s: WorkerState) => void>();
let controlled: Promise<void> | undefined;

function set(next: Partial<WorkerState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l(state);
}

/** Absolute path of the simulator under this deployment, e.g. `/erp-sim/sim`. */
export function simBase(): string {
  return `${BASE}sim`;
}

export function onWorkerState(listener: (s: WorkerState) => void): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/** What the worker posts after each committed write (see src/sw/sw.ts). */
export interface SimChange {
  env: string;
  op: 'env-put' | 'env-delete' | 'records';
}

/** Writes committed by the worker, whichever tab or script made them. */
export function onSimChange(listener: (change: SimChange) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'sim-change') listener(data as SimChange);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}

export function whenControlled(): Promise<void> {
  controlled ??= start();
  return controlled;
}

export function reloadPage(): void {
  location.reload();
}

async function start(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    set({ status: 'unsupported', error: 'This browser has no service workers; the simulator cannot run here.' });
    throw new Error('service workers unsupported');
  }
  const wb = new Workbox(`${BASE}sw.js`, { scope: BASE, type: import.meta.env.DEV ? 'module' : 'classic' });
  const hadController = Boolean(navigator.serviceWorker.controller);
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || (hadController && event.isExternal)) set({ updated: true });
  });
  try {
    // immediate: do not wait for the window load event.
    await wb.register({ immediate: true });
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearInterval(timer);
          resolve();
        };
        // After a hard reload no activate event runs again: ask the active worker to claim us.
        const ask = () => {
          if (navigator.serviceWorker.controller) done();
          else void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'CLAIM' }));
        };
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
        const timer = setInterval(ask, 250);
        ask();
      });
    }
    set({ status: 'ready' });
  } catch (err) {
    set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}
