import type { Environment, Row } from '../core/types.ts';
import type { Records, RecordSource, StorageBackend } from './backend.ts';
import { SIM_KIND_PREFIX, type Change } from './changes.ts';
import { decodeRows, encodePuts, encodeRows, type EncodedRows } from './row-codec.ts';
import type { ChunkRow, LogRow, SimDatabase } from './schema.ts';

export interface StorageLimits {
  /** Rows per snapshot chunk: enough that IndexedDB's per-value cost vanishes, few enough to clone in one go. */
  chunkRows: number;
  /** Chunks one bulk read returns (bounds the transient copy while loading). */
  chunksPerRead: number;
  /** The log is folded into the snapshot once it holds more rows than this and than half the snapshot... */
  logRowsMin: number;
  /** ...or more entries than this (each is one IndexedDB value, read at every load). */
  logEntriesMax: number;
}

/** Chosen by measurement in Chromium (npm run bench -- worker-scale); tests shrink them. */
export const DEFAULT_LIMITS: StorageLimits = { chunkRows: 1000, chunksPerRead: 40, logRowsMin: 50_000, logEntriesMax: 2000 };

/** What the backend knows of a loaded environment's stored form. */
interface Stored {
  seq: number;
  entries: number;
  logRows: number;
  snapshotRows: number;
}

/**
 * IndexedDB through Dexie: the truth in the browser; also what the tests run on (fake-indexeddb).
 * A commit appends one log entry (one value, whatever its size); a load reads the snapshot's chunks
 * and replays the log; `compact` rewrites the snapshot from memory and empties the log, in one
 * transaction, when the log has grown (so rewriting costs O(1) per changed row, amortized).
 */
export class DexieBackend implements StorageBackend {
  private readonly stored = new Map<string, Stored>();

  constructor(
    readonly db: SimDatabase,
    private readonly limits: StorageLimits = DEFAULT_LIMITS,
  ) {}

  environments(): Promise<Environment[]> {
    return this.db.environments.toArray();
  }

  async loadRecords(env: string): Promise<Records> {
    const { records, stored } = await this.read(env);
    this.stored.set(env, stored);
    return records;
  }

  /** The environment as stored (tests check what reached IndexedDB), without touching load state. */
  async storedRecords(env: string): Promise<Records> {
    return (await this.read(env)).records;
  }

  async commit(change: Change): Promise<void> {
    const { db } = this;
    let appended: Stored | undefined;
    await db.transaction('rw', db.environments, db.chunks, db.log, async () => {
      if (change.op === 'env-put') {
        await db.environments.put(change.env);
      } else if (change.op === 'env-delete') {
        await db.environments.delete(change.key);
        await chunkRange(db, change.key).delete();
        await logRange(db, change.key).delete();
      } else {
        const env = change.env;
        if (change.clearData) {
          // The log entry clears data kinds on replay; dropping their chunks now only frees space.
          // Data kinds are every kind outside the `sim.` prefix: two key ranges.
          const simEnd = SIM_KIND_PREFIX.slice(0, -1) + String.fromCharCode(SIM_KIND_PREFIX.charCodeAt(SIM_KIND_PREFIX.length - 1) + 1);
          await db.chunks.where('[env+kind+n]').between([env], [env, SIM_KIND_PREFIX], true, false).delete();
          await db.chunks.where('[env+kind+n]').between([env, simEnd], [env, []], true, true).delete();
        }
        if (change.clearData || change.puts.length || change.deletes.length) {
          const before = this.stored.get(env) ?? (await this.lastStored(env));
          const entry: LogRow = { env, seq: before.seq + 1, deletes: change.deletes, puts: encodePuts(change.puts), ...(change.clearData ? { clearData: true } : {}) };
          await db.log.add(entry);
          appended = { ...before, seq: entry.seq, entries: before.entries + 1, logRows: before.logRows + change.puts.length + change.deletes.length };
        }
        if (change.envRow) await db.environments.put(change.envRow);
      }
    });
    if (change.op === 'env-delete') this.stored.delete(change.key);
    if (appended && change.op === 'records') this.stored.set(change.env, appended);
  }

  async compact(env: string, current: RecordSource): Promise<void> {
    const s = this.stored.get(env);
    const { chunkRows, logRowsMin, logEntriesMax } = this.limits;
    if (!s || ((s.logRows <= logRowsMin || s.logRows <= s.snapshotRows / 2) && s.entries <= logEntriesMax)) return;
    const chunks: ChunkRow[] = [];
    let rows = 0;
    for (const kind of current.kindNames()) {
      let ids: string[] = [];
      let part: Row[] = [];
      const flush = () => {
        if (ids.length) chunks.push({ env, kind, n: chunks.length, ids, rows: encodeRows(part) });
        ids = [];
        part = [];
      };
      for (const [id, row] of current.entries(kind)) {
        ids.push(id);
        part.push(row);
        rows++;
        if (ids.length === chunkRows) flush();
      }
      flush();
    }
    const { db } = this;
    await db.transaction('rw', db.chunks, db.log, async () => {
      await chunkRange(db, env).delete();
      await db.chunks.bulkPut(chunks);
      await logRange(db, env).delete();
    });
    this.stored.set(env, { seq: s.seq, entries: 0, logRows: 0, snapshotRows: rows });
  }

  /** The snapshot's chunks in key-ordered slices, then the log replayed over them, in one read transaction. */
  private async read(env: string): Promise<{ records: Records; stored: Stored }> {
    const { db } = this;
    return db.transaction('r', db.chunks, db.log, async () => {
      const records: Records = new Map();
      const kind = (k: string) => {
        let rows = records.get(k);
        if (!rows) records.set(k, (rows = new Map()));
        return rows;
      };
      // Each request is sent before the rows already read are decoded: IndexedDB reads in the
      // browser's process while this thread decodes. The log is read meanwhile too.
      const log = logRange(db, env).toArray();
      const { chunksPerRead } = this.limits;
      const sliceFrom = (from: [string] | [string, string, number]): Promise<ChunkRow[]> =>
        db.chunks.where('[env+kind+n]').between(from, [env, []], from.length === 1, true).limit(chunksPerRead).toArray();
      let snapshotRows = 0;
      for (let next: Promise<ChunkRow[]> | null = sliceFrom([env]); next; ) {
        const slice: ChunkRow[] = await next;
        const last: ChunkRow | undefined = slice.at(-1);
        next = last && slice.length === chunksPerRead ? sliceFrom([env, last.kind, last.n]) : null;
        for (const c of slice) {
          add(kind(c.kind), c.ids, c.rows);
          snapshotRows += c.ids.length;
        }
      }
      let seq = 0;
      let logRows = 0;
      const entries = await log;
      for (const entry of entries) {
        if (entry.clearData) for (const k of [...records.keys()]) if (!k.startsWith(SIM_KIND_PREFIX)) records.delete(k);
        for (const d of entry.deletes) records.get(d.kind)?.delete(d.id);
        for (const p of entry.puts) {
          add(kind(p.kind), p.ids, p.rows);
          logRows += p.ids.length;
        }
        seq = entry.seq;
        logRows += entry.deletes.length;
      }
      return { records, stored: { seq, entries: entries.length, logRows, snapshotRows } };
    });
  }

  /** For a commit to an environment never loaded here: where its log ends. */
  private async lastStored(env: string): Promise<Stored> {
    const last = await logRange(this.db, env).last();
    return { seq: last?.seq ?? 0, entries: 0, logRows: 0, snapshotRows: 0 };
  }
}

function add(rows: Map<string, Row>, ids: readonly string[], encoded: EncodedRows): void {
  const decoded = decodeRows(encoded);
  for (let i = 0; i < ids.length; i++) rows.set(ids[i] as string, decoded[i] as Row);
}

// Keys are arrays of strings (and a number last): [key] sorts before all of an environment's keys
// and [key, []] after them (arrays sort above strings and numbers in IndexedDB key order).
const chunkRange = (db: SimDatabase, env: string) => db.chunks.where('[env+kind+n]').between([env], [env, []], true, true);
const logRange = (db: SimDatabase, env: string) => db.log.where('[env+seq]').between([env], [env, []], true, true);
