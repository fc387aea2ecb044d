import type { Environment, Row } from '../core/types.ts';
import type { Change, LessonChange, StoredLesson } from './changes.ts';
import type { CodedRun } from './coded-run.ts';

/** An environment's records: kind, then id, then row (maps a cache may keep as its own). */
export type Records = Map<string, Map<string, Row>>;

/** What the store knows of a records change beyond the change itself (a backend may ignore it). */
export interface CommitHint {
  /** Kinds the change only adds rows to: no deletes, and no put's id was there before. */
  insertOnly: ReadonlySet<string>;
}

/** Records as a cache takes them at load: a kind may come as read, not decoded yet (`coded-run.ts`). */
export type LoadedRecords = Map<string, Map<string, Row> | CodedRun>;

/** The records of a loaded environment as they stand after a commit (the store's cache). */
export interface RecordSource {
  kindNames(): string[];
  entries(kind: string): IterableIterator<[string, Row]>;
}

/**
 * Where committed changes are kept: IndexedDB through Dexie (the browser, tests) or the Node host's
 * memory plus journal. The store keeps each loaded environment's records in memory (`EnvCache`) and
 * changes that copy only after `commit` resolved.
 */
export interface StorageBackend {
  environments(): Promise<Environment[]>;
  /** Every record of one environment, read in bulk; the maps become the caller's own. */
  loadRecords(env: string): Promise<Records>;
  /**
   * Optional, for a backend that can load kinds one by one: the environment's small kinds now and
   * the names of the large ones, which `loadKinds` reads when a request needs them.
   */
  loadEager?(env: string): Promise<{ records: LoadedRecords; lazy: string[] }>;
  loadKinds?(env: string, kinds: readonly string[]): Promise<LoadedRecords>;
  /** Keep one change atomically: resolves once it is stored, rejects with nothing stored. */
  commit(change: Change, hint?: CommitHint): Promise<void>;
  /** The custom lessons kept (a backend without them keeps them in memory only: see SimStore.lessons). */
  lessons?(): Promise<StoredLesson[]>;
  /** Keep one lesson change: resolves once it is stored. */
  keepLesson?(change: LessonChange): Promise<void>;
  /**
   * Called after a records commit of a loaded environment, still under its write lock: a backend
   * may rewrite how it keeps the environment (IndexedDB folds its change log into the snapshot).
   */
  compact?(env: string, current: RecordSource): Promise<void>;
}

/**
 * A backend's refusal when its store cannot be reached or no longer lets this host write (a
 * database several hosts share): the engine answers 503, never a 500, and nothing was stored.
 */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}
