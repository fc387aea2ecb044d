/** Test harness: an engine over a fresh fake IndexedDB, a movable host clock, and request helpers. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import type { Records, StorageBackend } from '../../src/engine/storage/backend.ts';
import { DexieBackend } from '../../src/engine/storage/dexie-backend.ts';
import { substitute } from '../../src/collections/variables.ts';

export const ORIGIN = 'http://sim.test';

export interface TestSim {
  engine: Engine;
  /** Host clock in ms; tests may set it. */
  clock: { now: number };
  fetch(path: string, init?: RequestInit): Promise<Response>;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>; // any: JSON test payloads
}

/**
 * A sleep on the test's host clock: it moves the clock in 100 ms ticks, one macrotask each, so a
 * client racing it (a timeout on the same clock) sees time pass, and 8 s cost no real time.
 */
export function clockSleep(clock: { now: number }) {
  return async (ms: number, signal?: AbortSignal): Promise<void> => {
    for (let left = ms; left > 0 && !signal?.aborted; left -= 100) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      clock.now += Math.min(100, left);
    }
  };
}

/**
 * Where the next sims keep their records: by default a fresh fake IndexedDB each; a suite run over
 * another backend (PostgreSQL, test/hosts/postgres-services.test.ts) sets a factory of fresh ones.
 */
let backendFactory: (() => Promise<StorageBackend>) | null = null;
export function useBackend(factory: (() => Promise<StorageBackend>) | null): void {
  backendFactory = factory;
}

/** `fakeTime`: the engine's own waits (a drill's slow answer) run on the test clock (clockSleep). */
export async function createTestSim(opts: { now?: string; fakeTime?: boolean; warmBeforeGenerate?: boolean; replay?: boolean } = {}): Promise<TestSim> {
  const clock = { now: Date.parse(opts.now ?? '2026-03-15T10:00:00.000Z') };
  const store = backendFactory ? { backend: await backendFactory() } : { db: openDatabase(`test-${Math.random().toString(36).slice(2)}`, new IDBFactory(), IDBKeyRange) };
  const engine = await createEngine({ ...store, clock: () => clock.now, catalog: builtInCatalog, warmBeforeGenerate: opts.warmBeforeGenerate, replay: opts.replay, ...(opts.fakeTime ? { sleep: clockSleep(clock) } : {}) });
  const fetch = (path: string, init?: RequestInit) => engine.handle(new Request(new URL(path, ORIGIN), init));
  return {
    engine,
    clock,
    fetch,
    async admin(method, path, body) {
      const res = await fetch(`/sim/_admin${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}

/** What IndexedDB holds for an environment (snapshot chunks with the log replayed), read afresh. */
export function storedRows(sim: TestSim, env: string): Promise<Records> {
  const backend = sim.engine.store.backend;
  if (!(backend instanceof DexieBackend)) throw new Error('This sim is not kept in IndexedDB.');
  return backend.storedRecords(env);
}

/** Create an environment of a product; returns its key, base path and the issued credentials. */
export async function createEnv(sim: TestSim, product: 'receivables' | 'odata', name?: string) {
  const res = await sim.admin('POST', '/environments', { product, name });
  if (res.status !== 201) throw new Error(`environment create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { key: res.body.key as string, base: `/sim/${res.body.key}`, credentials: res.body.credentials, body: res.body };
}

/** A catalog request's `{{variables}}` filled as the console fills them (collections/variables.ts). */
export function fillVariables(text: string, values: { clientId?: string; clientSecret?: string; soapUser?: string; soapPassword?: string }): string {
  return substitute(text, 'receivables', (name) => values[name as keyof typeof values]);
}
