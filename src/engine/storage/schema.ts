/**
 * The one IndexedDB database, declared with Dexie. An environment's records are kept as a snapshot
 * in chunks (many rows per IndexedDB value) plus a log of the changes committed since: IndexedDB
 * costs about 15-30 µs per value in Chromium however small, so 100k invoices as one value each took
 * 32 s to write and 1.3 s to read, and as chunks of 1,000 rows 0.3 s and 0.25 s.
 */
import { Dexie, type EntityTable } from 'dexie';
import { encodeRows, type EncodedRows } from './row-codec.ts';
import type { Environment, Row } from '../core/types.ts';
import type { StoredLesson } from './changes.ts';

/** Rows of one kind (columns, see row-codec), in order: part `n` of the environment's snapshot. */
export interface ChunkRow {
  env: string;
  kind: string;
  n: number;
  ids: string[];
  rows: EncodedRows;
}

/**
 * One committed change to one kind of an environment after its snapshot: its deletes, then its puts
 * in commit order. A kind's entries replay in `seq` order; kinds are independent of each other.
 */
export interface LogRow {
  env: string;
  kind: string;
  seq: number;
  deletes: string[];
  ids: string[];
  rows: EncodedRows;
  /** Every put adds a row that was not there and nothing is deleted (loading appends it unread). */
  fresh?: true;
}

/** Version 1 kept one value per record; only the upgrade reads it. */
interface RecordRow {
  env: string;
  kind: string;
  id: string;
  data: Row;
}

export type SimDatabase = Dexie & {
  environments: EntityTable<Environment, 'key'>;
  chunks: Dexie.Table<ChunkRow, [string, string, number]>;
  log: Dexie.Table<LogRow, [string, string, number]>;
  /** A trainer's lessons, host-wide (issue 40 § 2). */
  lessons: EntityTable<StoredLesson, 'id'>;
};

export const DEFAULT_DB_NAME = 'erp-sim';

export function openDatabase(name = DEFAULT_DB_NAME, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange): SimDatabase {
  const db = new Dexie(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : undefined) as SimDatabase;
  db.version(1).stores({ environments: 'key, product', records: '[env+kind+id]' });
  db.version(2)
    .stores({ chunks: '[env+kind+n]', log: '[env+kind+seq]' })
    .upgrade(async (tx) => {
      // Each environment's version-1 records of a kind become that kind's first log entry (the next
      // write compacts them into chunks); keys come in [env, kind, id] order.
      const entries: LogRow[] = [];
      let rows: Row[] = [];
      let last: LogRow | undefined;
      await tx.table<RecordRow>('records').each((r) => {
        if (!last || last.env !== r.env || last.kind !== r.kind) {
          if (last) last.rows = encodeRows(rows);
          entries.push((last = { env: r.env, kind: r.kind, seq: 1, deletes: [], ids: [], rows: encodeRows([]) }));
          rows = [];
        }
        last.ids.push(r.id);
        rows.push(r.data);
      });
      if (last) last.rows = encodeRows(rows);
      await tx.table<LogRow>('log').bulkPut(entries);
    });
  db.version(3).stores({ records: null });
  db.version(4).stores({ lessons: 'id' });
  return db;
}
