import type { Environment, Row } from '../core/types.ts';
import type { CommitHint, LoadedRecords, Records, RecordSource, StorageBackend } from './backend.ts';
import { clearsKind, isDataKind, SIM_KIND_PREFIX, type Change, type LessonChange, type StoredLesson } from './changes.ts';
import { codedRun, decodeRun, type CodedRun } from './coded-run.ts';
import { toMap } from './kind-rows.ts';
import { decodeRows, encodeRows, type EncodedRows } from './row-codec.ts';
import type { DBCoreTransaction, Table } from 'dexie';
import type { ChunkRow, LogRow, SimDatabase } from './schema.ts';

export interface StorageLimits {
  /** Rows per snapshot chunk: enough that IndexedDB's per-value cost vanishes, few enough to clone in one go. */
  chunkRows: number;
  /** Chunks one bulk read returns (bounds the transient copy while loading). */
  chunksPerRead: number;
  /** A kind's log is folded into its chunks once it holds more rows than this and than half its chunks... */
  logRowsMin: number;
  /** ...or more entries than this (each is one IndexedDB value, read at every load of the kind). */
  logEntriesMax: number;
  /** A data kind stored in at least this many chunks is loaded on first use, not with its environment. */
  lazyChunks: number;
}

/**
 * Chosen by measurement in Chromium (npm run bench -- worker-scale); tests shrink them. A chunk's
 * reading costs more by the value than by the byte (each is a file of its own above 64 KB): at 100k
 * invoices, chunks of 4,000 rows gave a first page after a stop of 491 ms where chunks of 1,000 gave
 * 547 ms (two browsers alternating, six stops each; 2,000 rows: 497 against 528 ms). A kind is left
 * for first use once it has been folded into chunks at all, as it was from 1,001 rows before.
 */
export const DEFAULT_LIMITS: StorageLimits = { chunkRows: 4000, chunksPerRead: 10, logRowsMin: 4000, logEntriesMax: 500, lazyChunks: 1 };

/** What the backend knows of one loaded kind's stored form. */
interface KindStored {
  seq: number;
  entries: number;
  logRows: number;
  snapshotRows: number;
}

const NOTHING_STORED: Readonly<KindStored> = { seq: 0, entries: 0, logRows: 0, snapshotRows: 0 };

type Key = [string, string, number];

/**
 * IndexedDB through Dexie: the truth in the browser; also what the tests run on (fake-indexeddb).
 * Each kind of an environment is a snapshot in chunks plus a log: a commit appends one log value
 * per kind it changed (whatever the number of rows), a load of a kind reads its chunks and replays
 * its log, and `compact` rewrites a kind's chunks from memory and empties its log, in one
 * transaction, once the log has grown (rewriting costs O(1) per changed row, amortized). Kinds
 * are independent, so an environment's large kinds can wait until a request needs them.
 */
export class DexieBackend implements StorageBackend {
  private readonly stored = new Map<string, Map<string, KindStored>>();

  constructor(
    readonly db: SimDatabase,
    private readonly limits: StorageLimits = DEFAULT_LIMITS,
  ) {}

  environments(): Promise<Environment[]> {
    return this.db.environments.toArray();
  }

  async loadRecords(env: string): Promise<Records> {
    const { records, lazy } = await this.loadEager(env);
    for (const [kind, rows] of await this.loadKinds(env, lazy)) records.set(kind, rows);
    return asMaps(records);
  }

  async loadEager(env: string): Promise<{ records: LoadedRecords; lazy: string[] }> {
    const { db } = this;
    return db.transaction('r', db.chunks, db.log, async () => {
      // Which kinds have chunks (keys only); every other kind is a log alone, and those logs are read
      // together: one request per range between chunked kinds, where reading kind by kind cost two
      // requests a kind (a new book's 26 kinds: 52 round trips of a stopped worker's first answer).
      const chunks = await chunkCountsOf(db, env);
      const lazy = [...chunks].filter(([kind, n]) => isDataKind(kind) && n >= this.limits.lazyChunks).map(([kind]) => kind);
      const chunked = [...chunks.keys()].filter((kind) => !lazy.includes(kind));
      const [logOnly, withChunks] = await Promise.all([readLogsOutside(db, env, [...chunks.keys()]), this.readKinds(env, chunked, true)]);
      const records = new Map<string, CodedRun>();
      for (const [kind, entries] of logOnly) {
        const { rows, stored } = fromLog([], [], entries);
        records.set(kind, rows);
        this.kindState(env).set(kind, stored);
      }
      for (const [kind, rows] of withChunks) records.set(kind, rows);
      return { records, lazy };
    });
  }

  loadKinds(env: string, kinds: readonly string[]): Promise<LoadedRecords> {
    const { db } = this;
    return db.transaction('r', db.chunks, db.log, () => this.readKinds(env, kinds, true));
  }

  /** The environment as stored (tests check what reached IndexedDB), without touching load state. */
  async storedRecords(env: string): Promise<Records> {
    const { db } = this;
    const records = await db.transaction('r', db.chunks, db.log, async () => this.readKinds(env, [...(await chunkCounts(db, env)).keys()], false));
    return asMaps(records);
  }

  lessons(): Promise<StoredLesson[]> {
    return this.db.lessons.toArray();
  }

  async keepLesson(change: LessonChange): Promise<void> {
    if (change.op === 'lesson-put') await this.db.lessons.put({ id: change.id, text: change.text });
    else await this.db.lessons.delete(change.id);
  }

  async commit(change: Change, hint?: CommitHint): Promise<void> {
    const { db } = this;
    const written = new Map<string, number>();
    // A records change's log values are made before the transaction opens (encoding a reset's whole
    // book is CPU work that need not hold IndexedDB's locks); inside, a kind's last seq is read only
    // when this backend has not loaded the kind. A data kind a reset clears starts again at 1 (it
    // read each one's last seq, one after another, right after deleting them all: 15 ms of a reset).
    const drafts: (Omit<LogRow, 'seq'> & { seq?: number })[] = [];
    if (change.op === 'records') {
      const env = change.env;
      const byKind = new Map<string, { deletes: string[]; ids: string[]; rows: Row[] }>();
      const of = (kind: string) => {
        let k = byKind.get(kind);
        if (!k) byKind.set(kind, (k = { deletes: [], ids: [], rows: [] }));
        return k;
      };
      for (const d of change.deletes) of(d.kind).deletes.push(d.id);
      for (const p of change.puts) {
        const k = of(p.kind);
        k.ids.push(p.id);
        k.rows.push(p.data);
      }
      for (const [kind, k] of byKind) {
        const known = clearsKind(change.clearData, kind) ? NOTHING_STORED : this.stored.get(env)?.get(kind);
        const fresh = hint?.insertOnly.has(kind) && !k.deletes.length;
        drafts.push({ env, kind, ...(known ? { seq: known.seq + 1 } : {}), deletes: k.deletes, ids: k.ids, rows: encodeRows(k.rows), ...(fresh ? { fresh: true as const } : {}) });
        written.set(kind, k.deletes.length + k.ids.length);
      }
    }
    await db.transaction('rw', db.environments, db.chunks, db.log, async (tx) => {
      if (change.op === 'env-put') {
        await db.environments.put(change.env);
      } else if (change.op === 'env-delete') {
        await db.environments.delete(change.key);
        await chunkRange(db, change.key).delete();
        await logRange(db, change.key).delete();
      } else {
        const env = change.env;
        // Every request goes out without waiting for the one before: the deletes, each unknown kind's
        // last seq, then the log values and the environment's row. IndexedDB runs a transaction's
        // requests in the order they were made, so a cleared kind's new values land after its delete
        // (waiting for the deletes first cost a round trip, 1.5 ms of a reset in the worker).
        const { clearData } = change;
        const ranges = clearData === true ? dataKindRanges(env) : clearData ? clearData.filter(isDataKind).map((kind) => kindRange(env, kind)) : [];
        const cleared = Promise.all([db.chunks, db.log].flatMap((table) => ranges.map((range) => deleteRange(table, tx.idbtrans, range))));
        const entries = await Promise.all(drafts.map(async (d): Promise<LogRow> => ({ ...d, seq: d.seq ?? (await lastSeq(db, env, d.kind)) + 1 })));
        await Promise.all([cleared, db.log.bulkAdd(entries), change.envRow ? db.environments.put(change.envRow) : undefined]);
      }
    });
    if (change.op === 'env-delete') this.stored.delete(change.key);
    if (change.op !== 'records') return;
    const state = this.kindState(change.env);
    for (const kind of [...state.keys()]) if (clearsKind(change.clearData, kind)) state.set(kind, NOTHING_STORED);
    for (const [kind, n] of written) {
      const s = state.get(kind) ?? NOTHING_STORED;
      state.set(kind, { ...s, seq: s.seq + 1, entries: s.entries + 1, logRows: s.logRows + n });
    }
  }

  async compact(env: string, current: RecordSource): Promise<void> {
    const { chunkRows, logRowsMin, logEntriesMax } = this.limits;
    const state = this.stored.get(env);
    const due = [...(state ?? [])].filter(([, s]) => (s.logRows > logRowsMin && s.logRows > s.snapshotRows / 2) || s.entries > logEntriesMax).map(([kind]) => kind);
    if (!state || !due.length) return;
    const chunks: ChunkRow[] = [];
    const rowsOf = new Map<string, number>();
    for (const kind of due) {
      let ids: string[] = [];
      let part: Row[] = [];
      let n = 0;
      let rows = 0;
      const flush = () => {
        if (ids.length) chunks.push({ env, kind, n: n++, ids, rows: encodeRows(part) });
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
      rowsOf.set(kind, rows);
    }
    const { db } = this;
    await db.transaction('rw', db.chunks, db.log, async () => {
      for (const kind of due) {
        await kindChunks(db, env, kind).delete();
        await kindLog(db, env, kind).delete();
      }
      await db.chunks.bulkPut(chunks);
    });
    for (const kind of due) state.set(kind, { seq: state.get(kind)?.seq ?? 0, entries: 0, logRows: 0, snapshotRows: rowsOf.get(kind) ?? 0 });
  }

  private kindState(env: string): Map<string, KindStored> {
    let state = this.stored.get(env);
    if (!state) this.stored.set(env, (state = new Map()));
    return state;
  }

  /** Kinds read side by side (each its chunks, then its log replayed), in the given order. */
  private async readKinds(env: string, kinds: readonly string[], track: boolean): Promise<Map<string, CodedRun>> {
    const read = await Promise.all(kinds.map((kind) => this.readKind(env, kind)));
    const records = new Map<string, CodedRun>();
    read.forEach(({ rows, stored }, i) => {
      const kind = kinds[i] as string;
      records.set(kind, rows);
      if (track) this.kindState(env).set(kind, stored);
    });
    return records;
  }

  /**
   * One kind's chunks and log, not decoded: the cache decodes the rows when a request needs them,
   * and a first page sorted by a field decodes only that field and the page's rows (`coded-run.ts`).
   */
  private async readKind(env: string, kind: string): Promise<{ rows: CodedRun; stored: KindStored }> {
    const { db } = this;
    const { chunksPerRead } = this.limits;
    // Each request is sent as soon as the one before it answers; the log is asked for after the first
    // chunks (IndexedDB answers a transaction's requests in order, and a log after a large generate
    // holds thousands of rows that are needed only at the end; issue 22 § Also).
    const sliceAfter = (from: [string, string] | Key): Promise<ChunkRow[]> =>
      db.chunks.where('[env+kind+n]').between(from, [env, kind, []], from.length === 2, true).limit(chunksPerRead).toArray();
    const first = sliceAfter([env, kind]);
    const log = kindLog(db, env, kind).toArray();
    log.catch(() => undefined); // awaited below: a failed chunk read must not leave it unhandled
    const ids: string[] = [];
    const chunks: EncodedRows[] = [];
    for (let next: Promise<ChunkRow[]> | null = first; next; ) {
      const slice: ChunkRow[] = await next;
      const last: ChunkRow | undefined = slice.at(-1);
      next = last && slice.length === chunksPerRead ? sliceAfter([env, kind, last.n]) : null;
      for (const c of slice) {
        for (const id of c.ids) ids.push(id);
        chunks.push(c.rows);
      }
    }
    return fromLog(ids, chunks, await log);
  }
}

/**
 * A kind's rows as stored (its chunks' ids and rows, then its log in seq order), not decoded. The
 * log's first entries that only added rows append them as a chunk would, so they stay encoded like
 * one, decoded when read: a new environment is all such entries, and making every row of its 26
 * kinds was most of a stopped worker's first answer after the reads.
 */
function fromLog(ids: string[], chunks: EncodedRows[], entries: readonly LogRow[]): { rows: CodedRun; stored: KindStored } {
  const logRows = entries.reduce((n, e) => n + e.deletes.length + e.ids.length, 0);
  const stored: KindStored = { seq: entries.at(-1)?.seq ?? 0, entries: entries.length, logRows, snapshotRows: ids.length };
  let appended = 0;
  for (const e of entries) {
    if (!e.fresh || e.deletes.length) break;
    for (const id of e.ids) ids.push(id);
    chunks.push(e.rows);
    appended++;
  }
  const changes = entries.slice(appended).map((e) => ({ deletes: e.deletes, ids: e.ids, rows: decodeRows(e.rows), fresh: e.fresh === true }));
  return { rows: codedRun(ids, chunks, changes), stored };
}

/** The log entries of an environment's kinds other than `skip`, by kind: one request per range between them. */
async function readLogsOutside(db: SimDatabase, env: string, skip: readonly string[]): Promise<Map<string, LogRow[]>> {
  const ranges: [unknown[], unknown[]][] = [];
  let lower: unknown[] = [env];
  for (const kind of [...skip].sort(compareKinds)) {
    ranges.push([lower, [env, kind]]);
    lower = [env, kind, []];
  }
  ranges.push([lower, [env, []]]);
  const read = await Promise.all(ranges.map(([from, to]) => db.log.where('[env+kind+seq]').between(from, to, true, false).toArray()));
  const byKind = new Map<string, LogRow[]>();
  for (const entries of read) {
    for (const e of entries) {
      let kind = byKind.get(e.kind);
      if (!kind) byKind.set(e.kind, (kind = []));
      kind.push(e);
    }
  }
  return byKind;
}

/** IndexedDB's order of two kinds (strings compare by UTF-16 code units, as `<` does). */
const compareKinds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Records with each kind's rows by id (what `loadRecords` promises), from chunks as read. */
function asMaps(records: LoadedRecords): Records {
  return new Map([...records].map(([kind, rows]) => [kind, rows instanceof Map ? rows : toMap(decodeRun(rows))]));
}

/** Every kind an environment stores (keys only, no rows read) with its number of chunks (0: only a log). */
async function chunkCounts(db: SimDatabase, env: string): Promise<Map<string, number>> {
  const [counts, logKeys] = await Promise.all([chunkCountsOf(db, env), logRange(db, env).primaryKeys()]);
  for (const [, kind] of logKeys) if (!counts.has(kind)) counts.set(kind, 0);
  return counts;
}

/** The kinds of an environment that have chunks, with their number of chunks (keys only). */
async function chunkCountsOf(db: SimDatabase, env: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const [, kind] of await chunkRange(db, env).primaryKeys()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** Where a kind's log ends (a kind this backend has not loaded). */
async function lastSeq(db: SimDatabase, env: string, kind: string): Promise<number> {
  const [last] = await kindLog(db, env, kind).reverse().limit(1).primaryKeys();
  return last?.[2] ?? 0;
}

/**
 * The key ranges of an environment's data kinds (every kind outside the `sim.` prefix, which a reset
 * keeps), the same in both tables: either side of the prefix.
 */
function dataKindRanges(env: string): KeyRange[] {
  const simEnd = SIM_KIND_PREFIX.slice(0, -1) + String.fromCharCode(SIM_KIND_PREFIX.charCodeAt(SIM_KIND_PREFIX.length - 1) + 1);
  return [
    { lower: [env], upper: [env, SIM_KIND_PREFIX], upperOpen: true },
    { lower: [env, simEnd], upper: [env, []], upperOpen: false },
  ];
}

/** The key range of one kind of an environment, the same in both tables. */
const kindRange = (env: string, kind: string): KeyRange => ({ lower: [env, kind], upper: [env, kind, []], upperOpen: false });

interface KeyRange {
  lower: unknown[];
  upper: unknown[];
  upperOpen: boolean;
}

/**
 * Delete a key range with one request, sent now. Dexie's `Collection.delete` counts the range first
 * and holds the transaction's other writes until it is done: two round trips a range, one range
 * after another (a reset clears four ranges: 8 round trips where 1 does).
 */
function deleteRange(table: Table, trans: DBCoreTransaction, { lower, upper, upperOpen }: KeyRange): Promise<unknown> {
  return table.core.mutate({ trans, type: 'deleteRange', range: { type: 2 /* DBCoreRangeType.Range */, lower, upper, lowerOpen: false, upperOpen } });
}

// Keys are arrays of strings with a number last: [env] sorts before all of an environment's keys
// and [env, []] after them, [env, kind] and [env, kind, []] likewise for one kind (arrays sort
// above strings and numbers in IndexedDB key order).
const chunkRange = (db: SimDatabase, env: string) => db.chunks.where('[env+kind+n]').between([env], [env, []], true, true);
const logRange = (db: SimDatabase, env: string) => db.log.where('[env+kind+seq]').between([env], [env, []], true, true);
const kindChunks = (db: SimDatabase, env: string, kind: string) => db.chunks.where('[env+kind+n]').between([env, kind], [env, kind, []], true, true);
const kindLog = (db: SimDatabase, env: string, kind: string) => db.log.where('[env+kind+seq]').between([env, kind], [env, kind, []], true, true);
