import type { Environment, Row } from '../core/types.ts';
import type { StorageBackend } from './backend.ts';
import { SIM_KIND_PREFIX, type Change } from './changes.ts';
import type { RecordRow, SimDatabase } from './schema.ts';

/** Rows a bulk IndexedDB call writes at once (see commit). */
const BULK_SLICE = 2000;
/** Rows one bulk read (getAll with a count) returns; a cursor costs a round trip per row. */
const READ_SLICE = 20_000;

type Key = [string, string, string];

/** IndexedDB through Dexie: the truth in the browser; also what the tests run on (fake-indexeddb). */
export class DexieBackend implements StorageBackend {
  constructor(readonly db: SimDatabase) {}

  environments(): Promise<Environment[]> {
    return this.db.environments.toArray();
  }

  async loadRecords(env: string, add: (kind: string, id: string, data: Row) => void): Promise<void> {
    // Key-ordered slices: each starts after the last key of the one before.
    let from: Key | [string] = [env];
    let open = false;
    for (;;) {
      const rows: RecordRow[] = await this.db.records.where('[env+kind+id]').between(from, [env, []], !open, true).limit(READ_SLICE).toArray();
      for (const r of rows) add(r.kind, r.id, r.data);
      if (rows.length < READ_SLICE) return;
      const last = rows[rows.length - 1] as RecordRow;
      from = [env, last.kind, last.id];
      open = true;
    }
  }

  async commit(change: Change): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.environments, db.records, async () => {
      if (change.op === 'env-put') {
        await db.environments.put(change.env);
      } else if (change.op === 'env-delete') {
        await db.environments.delete(change.key);
        await envRange(db, change.key).delete();
      } else {
        if (change.clearData) {
          // Data kinds are every kind outside the `sim.` prefix: two key ranges, deleted as ranges.
          const env = change.env;
          const simEnd = SIM_KIND_PREFIX.slice(0, -1) + String.fromCharCode(SIM_KIND_PREFIX.charCodeAt(SIM_KIND_PREFIX.length - 1) + 1);
          await db.records.where('[env+kind+id]').between([env], [env, SIM_KIND_PREFIX], true, false).delete();
          await db.records.where('[env+kind+id]').between([env, simEnd], [env, []], true, true).delete();
        }
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
  }
}

function envRange(db: SimDatabase, key: string) {
  // Keys are [env, kind, id] of strings: [key] sorts before all of them and [key, []] after
  // (arrays sort above strings in IndexedDB key order).
  return db.records.where('[env+kind+id]').between([key], [key, []], true, true);
}
