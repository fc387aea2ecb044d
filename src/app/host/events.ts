/**
 * Live notices from a shared host (issue 20): the host's Server-Sent Events stream
 * (`GET /sim/_admin/events`, or `/sim/_admin/environments/<key>/events` for one environment) carries
 * the same notices the service worker posts to its tabs (sim-change, sim-journal, sim-progress), so
 * the app follows them the same way (controller.ts's onWorkerNotice hands over to this module).
 *
 * Read with fetch, not EventSource, so the request carries its bearer token in a header (never in the
 * URL). Scope: the admin token's stream covers every environment; a trainee's covers the selected
 * environment of theirs (its owner token; the stream moves when they select another); a page without
 * tokens asks for everything and the host decides. A stream that ends or fails is opened again
 * after a pause, and a page that reconnects re-reads what it shows (it may have missed notices): the
 * hello event names the environments in scope, and each gets a change and a journal notice.
 * A hidden page lets its stream go after a while (browsers allow six connections per host over
 * HTTP/1.1, and a trainer may open many tabs) and reopens it when shown again.
 */
import { createParser } from 'eventsource-parser';
import { adminToken, ownedKeys, ownerToken } from './tokens.svelte.ts';

export interface HostState {
  /** The host answered the last attempt (its stream is open, or it refused this page's token). */
  reachable: boolean;
}

const SIM_ADMIN = `${import.meta.env.BASE_URL}sim/_admin`;
/** The environment a trainee selected (the store's key; read, never written here). */
const CURRENT = 'erp-sim:current-env';
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;
/** How long a hidden page keeps its stream. */
const HIDDEN_KEEP_MS = 30_000;

type Listener = (data: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const stateListeners = new Set<(s: HostState) => void>();
let state: HostState = { reachable: true };
/** The host refused the stream (no token yet, or one it does not know): tried again when the tokens change. */
let refused = false;
let running: { scope: string; abort: AbortController } | undefined;
let retryMs = RETRY_MIN_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let connectedOnce = false;
let started = false;

function setState(next: HostState): void {
  if (next.reachable === state.reachable) return;
  state = next;
  for (const l of stateListeners) l(state);
}

function dispatch(type: string, data: unknown): void {
  for (const l of listeners.get(type) ?? []) l(data);
}

/** Where the stream is read from, and with which token. */
function scope(): { path: string; token?: string } {
  const admin = adminToken();
  if (admin) return { path: '/events', token: admin };
  const owned = ownedKeys();
  if (owned.length) {
    const selected = localStorage.getItem(CURRENT) ?? '';
    const key = owned.includes(selected) ? selected : (owned[0] as string);
    return { path: `/environments/${key}/events`, token: ownerToken(key) };
  }
  return { path: '/events' };
}

const scopeId = (s: { path: string; token?: string }) => `${s.path} ${s.token ?? ''}`;

async function read(target: { path: string; token?: string }, abort: AbortController): Promise<void> {
  const res = await fetch(`${SIM_ADMIN}${target.path}`, {
    headers: { accept: 'text/event-stream', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
    cache: 'no-store',
    signal: abort.signal,
  });
  setState({ reachable: true });
  if (!res.ok || !res.body) {
    refused = true;
    return;
  }
  retryMs = RETRY_MIN_MS;
  const parser = createParser({
    onEvent(event) {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (event.event === 'sim-hello') {
        // A reconnect may have missed notices: everything in scope is re-read.
        if (connectedOnce) {
          const envs = (data as { envs?: unknown }).envs;
          for (const env of Array.isArray(envs) ? envs : []) {
            if (typeof env !== 'string') continue;
            dispatch('sim-change', { type: 'sim-change', env, op: 'env-put' });
            dispatch('sim-journal', { type: 'sim-journal', env });
          }
        }
        connectedOnce = true;
        return;
      }
      if (event.event) dispatch(event.event, { type: event.event, ...(data as object) });
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

function open(): void {
  if (document.visibilityState === 'hidden' && connectedOnce) return;
  const target = scope();
  const id = scopeId(target);
  if (running?.scope === id) return;
  refused = false;
  running?.abort.abort();
  clearTimeout(retryTimer);
  const abort = new AbortController();
  running = { scope: id, abort };
  read(target, abort)
    .then(
      () => undefined,
      () => abort.signal.aborted || setState({ reachable: false }),
    )
    .finally(() => {
      if (abort.signal.aborted || running?.abort !== abort) return;
      running = undefined;
      if (refused) return;
      retryTimer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
}

function close(): void {
  running?.abort.abort();
  running = undefined;
  clearTimeout(retryTimer);
}

function start(): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') hiddenTimer = setTimeout(close, HIDDEN_KEEP_MS);
    else open();
  });
  addEventListener('online', () => {
    retryMs = RETRY_MIN_MS;
    if (!running && !refused) open();
  });
  open();
}

/** Follow one type of notice from the host; opens the stream on first use. */
export function onHostNotice<T>(type: string, listener: (notice: T) => void): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  const l = listener as Listener;
  set.add(l);
  start();
  return () => set.delete(l);
}

export function onHostState(listener: (s: HostState) => void): () => void {
  stateListeners.add(listener);
  listener(state);
  start();
  return () => stateListeners.delete(listener);
}

/** The tokens or the selected environment changed: read the stream from where it now belongs. */
export function followScope(): void {
  if (started) open();
}
