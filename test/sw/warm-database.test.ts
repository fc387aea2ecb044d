// Issue 41 (why it stays open: "open the database beside the core's import"): the stopped worker
// opens its database before importing the engine's core. That open must never create the database
// (Dexie would then find a version-1 database with no tables) nor hold up Dexie's upgrade of one.
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/engine/index.ts';
import { warmDatabase } from '../../src/sw/warm-database.ts';

const tablesOf = (db: Dexie) => db.tables.map((t) => t.name).sort();
const SCHEMA_TABLES = ['chunks', 'environments', 'lessons', 'log'];

describe('the worker opens its database while the core loads (src/sw/warm-database.ts)', () => {
  it('where there is no database yet (a first visit), it creates none', async () => {
    const factory = new IDBFactory();
    warmDatabase('erp-sim', factory);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await factory.databases()).toEqual([]);
  });

  it('a first visit: the store, opened right after it, creates the database at its schema', async () => {
    const factory = new IDBFactory();
    warmDatabase('erp-sim', factory);
    const db = openDatabase('erp-sim', factory, IDBKeyRange);
    await db.open();
    expect(db.verno).toBe(4);
    expect(tablesOf(db)).toEqual(SCHEMA_TABLES);
    await db.environments.put({ key: 'env_1', product: 'odata' } as never);
    expect(await db.environments.count()).toBe(1);
    db.close();
  });

  it('an older database: the store still upgrades it (its rows moved), the warm connection closing when asked', async () => {
    const factory = new IDBFactory();
    // A version-1 database (one value per record), as an earlier build left it.
    const v1 = new Dexie('erp-sim', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({ environments: 'key, product', records: '[env+kind+id]' });
    await v1.table('records').bulkPut([{ env: 'env_1', kind: 'invoice', id: '1', data: { a: 1 } }]);
    v1.close();
    warmDatabase('erp-sim', factory);
    const db = openDatabase('erp-sim', factory, IDBKeyRange);
    await db.open();
    expect(db.verno).toBe(4);
    expect(tablesOf(db)).toEqual(SCHEMA_TABLES);
    expect(await db.log.count()).toBe(1);
    db.close();
  });

  it('an existing database at the schema: opened and let go, its rows untouched', async () => {
    const factory = new IDBFactory();
    const first = openDatabase('erp-sim', factory, IDBKeyRange);
    await first.environments.put({ key: 'env_1', product: 'odata' } as never);
    first.close();
    warmDatabase('erp-sim', factory);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const db = openDatabase('erp-sim', factory, IDBKeyRange);
    expect(await db.environments.count()).toBe(1);
    expect(db.verno).toBe(4);
    db.close();
  });
});
