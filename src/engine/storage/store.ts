import { Mutex } from '../core/mutex.ts';
import type { Environment, Row, WriteTx } from '../core/types.ts';
import { SIM_KIND_PREFIX, type Change } from './changes.ts';
import { EnvCache } from './env-cache.ts';
import type { SimDatabase } from './schema.ts';
import { PendingTx } from './write-tx.ts';

/** Rows a bulk IndexedDB call writes at once (see commit). */
const BULK_SLICE = 2000;

const isDataKind = (kind: string): boolean => !kind.startsWith(SIM_KIND_PREFIX);

/** Thrown inside a write when its environment was deleted meanwhile. */
export class EnvironmentGone extends Error {}

/**
 * IndexedDB (through Dexie) is the source of truth; per-environment caches are loaded from it on
 * first use and changed only after a transaction commits. Writes to one environment are
 * serialized, and each write is exactly one IndexedDB transaction.
 */
export class SimStore {
  private readonly envs = new Map<string, Environment>();
  private readonly caches = new Map<string, Promise<EnvCache>>();
  private readonly locks = new Map<string, Mutex>();
  private readonly listeners: ((change: Change) => void | Promise<void>)[] = [];

  private constructor(readonly db: SimDatabase) {}

  static async open(db: SimDatabase): Promise<SimStore> {
    const store = new SimStore(db);
    for (const env of await db.environments.toArray()) store.envs.set(env.key, env);
    return store;
  }

  /** Called after every committed change, in commit order (the Node host journals them). */
  onChange(listener: (change: Change) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  environments(): Environment[] {
    return [...this.envs.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key));
  }

  env(key: string): Environment | undefined {
    return this.envs.get(key);
  }

  data(key: string): Promise<EnvCache> {
    let cache = this.caches.get(key);
    if (!cache) {
      cache = this.loadCache(key);
      this.caches.set(key, cache);
      cache.catch(() => this.caches.delete(key));
    }
    return cache;
  }

  /**
   * Run `fn` as one atomic write to the environment's records. `create` makes a new environment in
   * the same transaction (its row, seeded book and credentials land together or not at all).
   */
  write<T>(key: string, fn: (tx: WriteTx) => T | Promise<T>, opts: { reset?: boolean; create?: Environment } = {}): Promise<T> {
    return this.lock(key).run(async () => {
      const env = opts.create ?? this.envs.get(key);
      if (!env || (opts.create && this.envs.has(key))) throw new EnvironmentGone(key);
      const cache = await this.data(key);
      const startEnv = opts.reset ? { ...env, idSeq: 0 } : env;
      const tx = new PendingTx(cache, startEnv, opts.reset ? isDataKind : undefined);
      const result = await fn(tx);
      const puts: { kind: string; id: string; data: Row }[] = [];
      const deletes: { kind: string; id: string }[] = [];
      for (const [kind, rows] of tx.puts) {
        for (const [id, data] of rows) {
          if (data) puts.push({ kind, id, data });
          else deletes.push({ kind, id });
        }
      }
      if (!opts.reset && !opts.create && puts.length === 0 && deletes.length === 0 && tx.idSeq === env.idSeq) return result;
      await this.commit({ op: 'records', env: key, clearData: opts.reset, puts, deletes, envRow: { ...env, idSeq: tx.idSeq } });
      return result;
    });
  }

  updateEnv(key: string, patch: (env: Environment) => Environment): Promise<Environment> {
    return this.lock(key).run(async () => {
      const env = this.envs.get(key);
      if (!env) throw new EnvironmentGone(key);
      const next = patch(env);
      await this.commit({ op: 'env-put', env: next });
      return next;
    });
  }

  deleteEnv(key: string): Promise<void> {
    return this.lock(key).run(() => this.commit({ op: 'env-delete', key }));
  }

  /** Apply a change to IndexedDB in one transaction, then to memory. Also used to replay journals. */
  async commit(change: Change): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.environments, db.records, async () => {
      if (change.op === 'env-put') {
        await db.environments.put(change.env);
      } else if (change.op === 'env-delete') {
        await db.environments.delete(change.key);
        await envRange(db, change.key).delete();
      } else {
        if (change.clearData) await envRange(db, change.env).filter((r) => isDataKind(r.kind)).delete();
        // In slices, still in this one transaction: an IndexedDB implementation may queue every
        // request of a bulk call at once (fake-indexeddb's queue grows quadratic past ~10^5 rows).
        for (let i = 0; i < change.deletes.length; i += BULK_SLICE) {
          await db.records.bulkDelete(change.deletes.slice(i, i + BULK_SLICE).map((d) => [change.env, d.kind, d.id]));
        }
        for (let i = 0; i < change.puts.length; i += BULK_SLICE) {
          await db.records.bulkPut(change.puts.slice(i, i + BULK_SLICE).map((p) => ({ env: change.env, kind: p.kind, id: p.id, data: p.data })));
        }
        if (change.envRow) await db.environments.put(change.envRow);
      }
    });
    await this.applyToMemory(change);
    for (const listener of this.listeners) await listener(change);
  }

  private async applyToMemory(change: Change): Promise<void> {
    if (change.op === 'env-put') {
      this.envs.set(change.env.key, change.env);
    } else if (change.op === 'env-delete') {
      this.envs.delete(change.key);
      this.caches.delete(change.key);
    } else {
      const cached = this.caches.get(change.env);
      if (cached) {
        const cache = await cached;
        if (change.clearData) cache.clearKinds((k) => !isDataKind(k));
        cache.apply(change.puts, change.deletes);
      }
      if (change.envRow) this.envs.set(change.env, change.envRow);
    }
  }

  private async loadCache(key: string): Promise<EnvCache> {
    const cache = new EnvCache();
    await envRange(this.db, key).each((r) => cache.load(r.kind, r.id, r.data));
    return cache;
  }

  private lock(key: string): Mutex {
    let m = this.locks.get(key);
    if (!m) {
      m = new Mutex();
      this.locks.set(key, m);
    }
    return m;
  }
}

function envRange(db: SimDatabase, key: string) {
  // Keys are [env, kind, id] of strings: [key] sorts before all of them and [key, []] after
  // (arrays sort above strings in IndexedDB key order).
  return db.records.where('[env+kind+id]').between([key], [key, []], true, true);
}
