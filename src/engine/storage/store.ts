import { Mutex } from '../core/mutex.ts';
import type { Environment, Row, WriteTx } from '../core/types.ts';
import { clearsKind, isDataKind, type Change, type LessonChange, type StoredLesson } from './changes.ts';
import type { CommitHint, StorageBackend } from './backend.ts';
import { DexieBackend } from './dexie-backend.ts';
import { EnvCache } from './env-cache.ts';
import type { SimDatabase } from './schema.ts';
import { PendingTx } from './write-tx.ts';
import { holdsExactly } from './same-rows.ts';


/** Thrown inside a write when its environment was deleted meanwhile. */
export class EnvironmentGone extends Error {}

/**
 * The backend (IndexedDB through Dexie in the browser) is the source of truth; per-environment
 * caches are loaded from it in bulk on first use and changed only after a transaction commits. Writes to one environment are
 * serialized, and each write is exactly one IndexedDB transaction.
 */
export class SimStore {
  private readonly envs = new Map<string, Environment>();
  /** Environment keys, oldest first; null until asked for after an environment came or went. */
  private order: string[] | null = null;
  private readonly caches = new Map<string, Promise<EnvCache>>();
  private readonly locks = new Map<string, Mutex>();
  private readonly listeners: ((change: Change) => void | Promise<void>)[] = [];
  private readonly background = new Set<Promise<void>>();
  /** Reads of deferred kinds in flight, by environment key and kind. */
  private readonly kindLoads = new Map<string, Promise<void>>();
  /** Custom lessons by id, read from the backend on first use; changes one at a time. */
  private lessonTexts: Promise<Map<string, string>> | null = null;
  private readonly lessonLock = new Mutex();

  private constructor(readonly backend: StorageBackend) {}

  /**
   * Over IndexedDB (a DexieBackend) or any other backend (the Node host's memory and journal). The
   * store never imports Dexie itself, so the Node host runs without it (issue 21 § 1).
   */
  static async open(backend: StorageBackend): Promise<SimStore> {
    const store = new SimStore(backend);
    for (const env of await store.backend.environments()) store.putEnv(env);
    return store;
  }

  /** The IndexedDB database under a Dexie-backed store (tests read it to check what was stored). */
  get db(): SimDatabase {
    if (this.backend instanceof DexieBackend) return this.backend.db;
    throw new Error('This store is not kept in IndexedDB.');
  }

  /** Called after every committed change, in commit order (the Node host journals them). */
  onChange(listener: (change: Change) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  /**
   * Every environment, oldest first. The order is kept until an environment comes or goes (a write
   * moves its row's id sequence, never its place): the journal's redaction asks on every request.
   */
  environments(): Environment[] {
    this.order ??= [...this.envs.values()].sort((a, b) => compareText(a.createdAt, b.createdAt) || compareText(a.key, b.key)).map((e) => e.key);
    return this.order.map((key) => this.envs.get(key) as Environment);
  }

  /** Set an environment's row, forgetting the order when it is a new one (or its creation time moved). */
  private putEnv(env: Environment): void {
    if (this.envs.get(env.key)?.createdAt !== env.createdAt) this.order = null;
    this.envs.set(env.key, env);
  }

  env(key: string): Environment | undefined {
    return this.envs.get(key);
  }

  /** The environment's records, every kind loaded (what writes and the control API read). */
  async data(key: string): Promise<EnvCache> {
    for (;;) {
      const cache = await this.partial(key);
      const missing = cache.missingKinds();
      if (!missing.length) return cache;
      await this.loadKinds(key, missing);
    }
  }

  /**
   * The environment's records with its large kinds possibly still in storage: enough for a request
   * that reads; reading a kind not loaded throws `KindMissing` (see `read-attempt.ts`).
   */
  partial(key: string): Promise<EnvCache> {
    let cache = this.caches.get(key);
    if (!cache) {
      cache = this.loadCache(key);
      this.caches.set(key, cache);
      cache.catch(() => this.caches.delete(key));
    }
    return cache;
  }

  /** Load kinds the environment's cache deferred; concurrent callers share one read per kind. */
  async loadKinds(key: string, kinds: readonly string[]): Promise<void> {
    const cached = this.partial(key);
    const cache = await cached;
    const wanted = kinds.filter((k) => cache.isMissing(k));
    const idOf = (kind: string) => `${key}\u0000${kind}`;
    const fresh = wanted.filter((k) => !this.kindLoads.has(idOf(k)));
    const read = this.backend.loadKinds?.bind(this.backend);
    if (fresh.length && read) {
      // A write first waits for every kind to be loaded, so nothing changes these kinds meanwhile;
      // a cache dropped meanwhile (environment deleted) is left alone.
      const loading = read(key, fresh)
        .then((records) => {
          // A backend may read more kinds than asked (PostgreSQL reads all the deferred ones at once):
          // one loaded meanwhile, and maybe written since, is kept as it is.
          if (this.caches.get(key) === cached) for (const [kind, rows] of records) if (cache.isMissing(kind)) cache.adopt(kind, rows);
        })
        .finally(() => fresh.forEach((k) => this.kindLoads.delete(idOf(k))));
      for (const k of fresh) this.kindLoads.set(idOf(k), loading);
    }
    await Promise.all(wanted.map((k) => this.kindLoads.get(idOf(k))));
    // The environment went (or was replaced) meanwhile: callers ask for its cache again.
    if (this.caches.get(key) !== cached) return;
    const still = wanted.filter((k) => cache.isMissing(k));
    if (still.length) throw new Error(`Could not load the ${still.join(', ')} records of environment ${key}.`);
  }

  /**
   * The environment's records with at least `kinds` loaded (others may still be in storage), for a
   * write that touches only those.
   */
  async withKinds(key: string, kinds: readonly string[]): Promise<EnvCache> {
    for (;;) {
      const cache = await this.partial(key);
      const missing = kinds.filter((k) => cache.isMissing(k));
      if (!missing.length) return cache;
      await this.loadKinds(key, missing);
    }
  }

  /**
   * Run `fn` as one atomic write to the environment's records. `create` makes a new environment in
   * the same transaction (its row, seeded book and credentials land together or not at all).
   * Every kind is loaded first, unless `kinds` names the only kinds `fn` touches (the transaction
   * refuses any other): a write waits only for the kinds it touches to be loaded, so no kind
   * changes while it is being loaded, and the commit is still one transaction.
   */
  write<T>(key: string, fn: (tx: WriteTx) => T | Promise<T>, opts: { reset?: boolean; create?: Environment; kinds?: readonly string[]; env?: (env: Environment) => Environment } = {}): Promise<T> {
    return this.lock(key).run(async () => {
      const found = opts.create ?? this.envs.get(key);
      if (!found || (opts.create && this.envs.has(key))) throw new EnvironmentGone(key);
      // `env`: the environment's row changes in the same transaction (a clean-slate reset's clock).
      const env = opts.env ? opts.env(found) : found;
      const scoped = opts.kinds && !opts.reset && !opts.create ? opts.kinds : undefined;
      const cache = scoped ? await this.withKinds(key, scoped) : await this.data(key);
      const startEnv = opts.reset ? { ...env, idSeq: 0 } : env;
      const tx = new PendingTx(cache, startEnv, opts.reset ? isDataKind : undefined, scoped);
      const result = await fn(tx);
      // A reset clears only the data kinds it does not put back exactly as they stand.
      const kept = opts.reset ? unchangedKinds(cache, tx.puts) : undefined;
      const puts: { kind: string; id: string; data: Row }[] = [];
      const deletes: { kind: string; id: string }[] = [];
      const insertOnly = new Set<string>();
      for (const [kind, rows] of tx.puts) {
        if (kept?.has(kind)) continue;
        // A reset clears the data kinds before its puts, so those are all new.
        const cleared = opts.reset && isDataKind(kind);
        let inserts = true;
        for (const [id, data] of rows) {
          if (data) puts.push({ kind, id, data });
          else deletes.push({ kind, id });
          if (inserts && (!data || (!cleared && cache.get(kind, id) !== undefined))) inserts = false;
        }
        if (inserts) insertOnly.add(kind);
      }
      if (!opts.reset && !opts.create && !opts.env && puts.length === 0 && deletes.length === 0 && tx.idSeq === env.idSeq) return result;
      const clearData = kept && cache.kindNames().filter((kind) => isDataKind(kind) && !kept.has(kind));
      await this.commit({ op: 'records', env: key, ...(clearData?.length ? { clearData } : {}), puts, deletes, envRow: { ...env, idSeq: tx.idSeq } }, { insertOnly });
      if (kept?.size) cache.putLast([...tx.puts.keys()].filter(isDataKind));
      this.compactAfter(key, cache);
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

  /** The custom lessons the host keeps (issue 40 § 2), by id, as their texts were posted. */
  async lessons(): Promise<StoredLesson[]> {
    const texts = await this.lessonMap();
    return [...texts].sort(([a], [b]) => compareText(a, b)).map(([id, text]) => ({ id, text }));
  }

  /** Keep a lesson's text (new or replacing), or drop it; stored before memory changes. */
  changeLesson(change: LessonChange): Promise<void> {
    return this.lessonLock.run(async () => {
      const texts = await this.lessonMap();
      await this.backend.keepLesson?.(change);
      if (change.op === 'lesson-put') texts.set(change.id, change.text);
      else texts.delete(change.id);
    });
  }

  private lessonMap(): Promise<Map<string, string>> {
    if (!this.lessonTexts) {
      const reading = (async () => new Map((await (this.backend.lessons?.() ?? Promise.resolve([]))).map((l) => [l.id, l.text])))();
      this.lessonTexts = reading;
      // A read that failed (a database away) is tried again next time, not kept.
      reading.catch(() => {
        if (this.lessonTexts === reading) this.lessonTexts = null;
      });
    }
    return this.lessonTexts;
  }

  /** Read the custom lessons from the backend again on next use (another host sharing it changed them). */
  forgetLessons(): void {
    this.lessonTexts = null;
  }

  /**
   * Forget what memory holds of an environment, which another process sharing the backend may have
   * changed: `env` is its row as stored now (null: it is gone), and its records are read again on
   * next use. Waits for the environment's writes in progress.
   */
  reload(key: string, env: Environment | null): Promise<void> {
    return this.lock(key).run(async () => {
      this.caches.delete(key);
      if (env) this.putEnv(env);
      else if (this.envs.delete(key)) this.order = null;
    });
  }

  /** Store a change through the backend (one transaction), then apply it to memory. */
  async commit(change: Change, hint?: CommitHint): Promise<void> {
    await this.backend.commit(change, hint);
    await this.applyToMemory(change);
    for (const listener of this.listeners) await listener(change);
  }

  private async applyToMemory(change: Change): Promise<void> {
    if (change.op === 'env-put') {
      this.putEnv(change.env);
    } else if (change.op === 'env-delete') {
      this.envs.delete(change.key);
      this.order = null;
      this.caches.delete(change.key);
    } else {
      const cached = this.caches.get(change.env);
      if (cached) {
        const cache = await cached;
        const { clearData } = change;
        if (clearData) cache.clearKinds((k) => !clearsKind(clearData, k));
        cache.apply(change.puts, change.deletes);
      }
      if (change.envRow) this.putEnv(change.envRow);
    }
  }

  private async loadCache(key: string): Promise<EnvCache> {
    const cache = new EnvCache();
    if (this.backend.loadEager) {
      const { records, lazy } = await this.backend.loadEager(key);
      for (const [kind, rows] of records) cache.adopt(kind, rows);
      cache.defer(lazy);
    } else {
      for (const [kind, rows] of await this.backend.loadRecords(key)) cache.adopt(kind, rows);
    }
    return cache;
  }

  /** Resolves when the work queued after writes (compactions) is done: a worker stays alive until then. */
  async settled(): Promise<void> {
    while (this.background.size) await Promise.all(this.background);
  }

  /**
   * Let the backend fold its log once this write has answered, before the environment's next write
   * (queued on its lock). Best effort: a compaction that fails leaves the stored log whole, and a
   * later write tries again.
   */
  private compactAfter(key: string, cache: EnvCache): void {
    const compact = this.backend.compact?.bind(this.backend);
    if (!compact) return;
    const done: Promise<void> = this.lock(key)
      .run(() => compact(key, cache))
      .catch(() => undefined)
      .finally(() => this.background.delete(done));
    this.background.add(done);
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

/**
 * The data kinds a reset's puts would store exactly as they stand (`holdsExactly`); a kind left
 * empty is cleared all the same, so it goes from the environment's kinds as it did.
 */
function unchangedKinds(cache: EnvCache, puts: ReadonlyMap<string, ReadonlyMap<string, Row | null>>): Set<string> {
  const kept = new Set<string>();
  for (const [kind, rows] of puts) {
    const count = isDataKind(kind) ? cache.count(kind) : 0;
    if (count > 0 && holdsExactly(cache.entries(kind), count, rows)) kept.add(kind);
  }
  return kept;
}

/** Code-unit order, as the ISO times and hex keys it compares sort (localeCompare asks ICU each time). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
