import type { Environment, Row } from '../core/types.ts';
import type { Change } from './changes.ts';

/**
 * Where committed changes are kept: IndexedDB through Dexie (the browser, tests) or the Node host's
 * memory plus journal. The store keeps each loaded environment's records in memory (`EnvCache`) and
 * changes that copy only after `commit` resolved.
 */
export interface StorageBackend {
  environments(): Promise<Environment[]>;
  /** Every record of one environment, in bulk (`add` is called once per record). */
  loadRecords(env: string, add: (kind: string, id: string, data: Row) => void): Promise<void>;
  /**
   * The environment's records as maps the cache may keep as its own (a memory backend hands them
   * over instead of copying them); undefined: use `loadRecords`.
   */
  takeRecords?(env: string): Map<string, Map<string, Row>> | undefined;
  /** Keep one change atomically: resolves once it is stored, rejects with nothing stored. */
  commit(change: Change): Promise<void>;
}
