/** The one IndexedDB database, declared with Dexie. Every record is scoped by environment key. */
import { Dexie, type EntityTable } from 'dexie';
import type { Environment, Row } from '../core/types.ts';

export interface RecordRow {
  env: string;
  kind: string;
  id: string;
  data: Row;
}

export type SimDatabase = Dexie & {
  environments: EntityTable<Environment, 'key'>;
  records: Dexie.Table<RecordRow, [string, string, string]>;
};

export const DEFAULT_DB_NAME = 'erp-sim';

export function openDatabase(name = DEFAULT_DB_NAME, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): SimDatabase {
  const db = new Dexie(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : undefined) as SimDatabase;
  db.version(1).stores({
    environments: 'key, product',
    // Primary key [env+kind+id]; its prefix [env+kind] serves per-kind scans.
    records: '[env+kind+id]',
  });
  return db;
}
