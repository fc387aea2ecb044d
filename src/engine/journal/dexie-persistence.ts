/**
 * Journal persistence in IndexedDB for the browser: its own database (`erp-sim-journal`), so journal
 * writes never share a transaction or a lock with the environments' records.
 */
import { Dexie } from 'dexie';
import type { JournalEntry, JournalPersistence, JournalSnapshot } from './types.ts';

export const JOURNAL_DB_NAME = 'erp-sim-journal';

interface EntryRow {
  env: string;
  id: number;
  entry: JournalEntry;
}

interface MetaRow {
  env: string;
  nextId: number;
}

type JournalDatabase = Dexie & {
  entries: Dexie.Table<EntryRow, [string, number]>;
  meta: Dexie.Table<MetaRow, string>;
};

export class DexieJournalPersistence implements JournalPersistence {
  private readonly db: JournalDatabase;

  constructor(name = JOURNAL_DB_NAME, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    this.db = new Dexie(name, indexedDB && keyRange ? { indexedDB, IDBKeyRange: keyRange } : undefined) as JournalDatabase;
    this.db.version(1).stores({ entries: '[env+id]', meta: 'env' });
  }

  /** The environment's entries, all or those with an id below `below`. */
  private range(env: string, below?: number) {
    return this.db.entries.where('[env+id]').between([env, Dexie.minKey], [env, below ?? Dexie.maxKey], true, false);
  }

  async load(env: string): Promise<JournalSnapshot> {
    const [rows, meta] = await this.db.transaction('r', this.db.entries, this.db.meta, () => Promise.all([this.range(env).toArray(), this.db.meta.get(env)]));
    const entries = rows.map((r) => r.entry);
    return { entries, nextId: Math.max(meta?.nextId ?? 1, (entries[entries.length - 1]?.id ?? 0) + 1) };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    if (entries.length === 0) return;
    const nextId = (entries[entries.length - 1] as JournalEntry).id + 1;
    await this.db.transaction('rw', this.db.entries, this.db.meta, async () => {
      await this.db.entries.bulkPut(entries.map((entry) => ({ env, id: entry.id, entry })));
      await this.range(env, keepFrom).delete();
      await this.db.meta.put({ env, nextId });
    });
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    await this.db.transaction('rw', this.db.entries, this.db.meta, async () => {
      await this.range(env).delete();
      if (nextId === null) await this.db.meta.delete(env);
      else await this.db.meta.put({ env, nextId });
    });
  }
}
