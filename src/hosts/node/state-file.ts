/**
 * `--state FILE`: the Node host keeps its records in memory and every committed change in a journal,
 * one JSON line each, written before the change is applied or answered (so a kill -9 loses no
 * acknowledged write). A change with many rows (generate) is written as several lines, all but the
 * last marked `more`; replay applies a change only once its last line is read, so a torn tail is
 * dropped whole. Those lines hold their rows as columns (the row codec the worker stores chunks
 * with, serialized by V8, in base64): a fifth of the bytes of JSON rows, and a restart after a
 * generate of 100k invoices replays them in a fraction of a second where JSON took seconds. A
 * request's change stays one line of plain JSON. At start the journal is replayed and, when it
 * holds mostly superseded rows, rewritten as a compact snapshot (temp file + rename: never
 * half-written).
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { deserialize, serialize } from 'node:v8';
import { decodeRows, encodeRows, MemoryBackend, type Change, type EncodedRows, type LessonChange } from '../../engine/for-node.ts';

/**
 * Rows per journal line: bounds the size of one line whatever a change holds, and the time one
 * line's encoding holds the event loop (some 7 ms for 1000 rows).
 */
const ROWS_PER_LINE = 1000;
/** Bytes read from the journal at a time (exported for the test of a character split between reads). */
export const READ_CHUNK = 1 << 20;

type RecordsChange = Extract<Change, { op: 'records' }>;
type Put = RecordsChange['puts'][number];
/** Rows of one kind as a line holds them: their ids, and their data as V8-serialized columns in base64. */
interface Columns {
  kind: string;
  ids: string[];
  rows: string;
}
type Line = (Change | LessonChange) & { more?: true; columns?: Columns };

function toColumns(kind: string, puts: readonly Put[]): Columns {
  return { kind, ids: puts.map((p) => p.id), rows: serialize(encodeRows(puts.map((p) => p.data))).toString('base64') };
}

function fromColumns({ kind, ids, rows }: Columns): Put[] {
  const data = decodeRows(deserialize(Buffer.from(rows, 'base64')) as EncodedRows);
  if (data.length !== ids.length) throw new Error(`a line holds ${ids.length} ids and ${data.length} rows`);
  return ids.map((id, i) => ({ kind, id, data: data[i] as Put['data'] }));
}

/** Whether a change is written as several lines (a large one: generate, import, reset). */
const manyLines = (change: Change | LessonChange): boolean => change.op === 'records' && change.puts.length + change.deletes.length > ROWS_PER_LINE;

/** The lines one change is written as, one at a time (each a JSON.stringify of up to ROWS_PER_LINE rows). */
function* linesOf(change: Change | LessonChange): Generator<string> {
  if (change.op !== 'records' || !manyLines(change)) {
    yield JSON.stringify(change);
    return;
  }
  for (let i = 0; i < change.deletes.length; i += ROWS_PER_LINE) {
    yield JSON.stringify({ op: 'records', env: change.env, puts: [], deletes: change.deletes.slice(i, i + ROWS_PER_LINE), more: true });
  }
  for (let i = 0; i < change.puts.length; i += ROWS_PER_LINE) {
    // One line per kind of the slice: a kind's rows keep their order, and different kinds never share an id.
    const byKind = new Map<string, Put[]>();
    for (const put of change.puts.slice(i, i + ROWS_PER_LINE)) {
      const puts = byKind.get(put.kind);
      if (puts) puts.push(put);
      else byKind.set(put.kind, [put]);
    }
    for (const [kind, puts] of byKind) yield JSON.stringify({ op: 'records', env: change.env, puts: [], deletes: [], more: true, columns: toColumns(kind, puts) } satisfies Line);
  }
  yield JSON.stringify({ op: 'records', env: change.env, clearData: change.clearData, puts: [], deletes: [], envRow: change.envRow } satisfies Change);
}

/** Give other requests a turn between two lines of a large change (issue 19 § 2). */
const yieldSoon = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Read `file` line by line through one fixed buffer: a line is decoded as its bytes arrive (a
 * StringDecoder keeps a character split between reads whole), so no read allocates more than the
 * buffer and a line of any length becomes a string on the JS heap only. (Reading in 16 MB pieces
 * joined with Buffer.concat left some 70 MB of freed-but-kept malloc memory behind a 100k replay.)
 */
function* readLines(fd: number): Generator<{ text: string; end: number; last: boolean }> {
  const chunk = Buffer.allocUnsafe(READ_CHUNK);
  const decoder = new StringDecoder('utf8');
  /** The start of the current line, decoded from earlier reads. */
  let head: string[] = [];
  let offset = 0;
  for (;;) {
    const n = readSync(fd, chunk, 0, READ_CHUNK, offset);
    if (!n) {
      head.push(decoder.end());
      const text = head.join('');
      if (text) yield { text, end: offset, last: true };
      return;
    }
    const bytes = chunk.subarray(0, n);
    let start = 0;
    for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10, start)) {
      // Through the decoder: it may hold the first bytes of a character the last read split.
      const rest = decoder.write(bytes.subarray(start, nl));
      const text = head.length ? head.join('') + rest : rest;
      head = [];
      yield { text, end: offset + nl + 1, last: false };
      start = nl + 1;
    }
    if (start < n) head.push(decoder.write(bytes.subarray(start)));
    offset += n;
  }
}

export interface Journal {
  backend: MemoryBackend;
  /** Changes replayed at start, and whether the file was rewritten as a snapshot. */
  replayed: number;
  compacted: boolean;
  close(): void;
}

/** Replay `file` into a memory backend that journals every later change to it. */
export function openJournal(file: string): Journal {
  let fd = -1;
  /** The file's length: kept here, so an append asks the file system for nothing but the write. */
  let size = 0;
  const backend = new MemoryBackend(async (change) => {
    // Serialized first, a line at a time with the host given back between lines (a generate slice
    // is some 12k rows), then written in one go: another environment's lines never interleave.
    // A change of one line (a request's write) is written at once: a turn of the event loop would
    // only put whatever else waits in front of the write and its answer (issue 22 § Also).
    const lines: string[] = [];
    const many = manyLines(change);
    for (const line of linesOf(change)) {
      lines.push(line);
      if (many) await yieldSoon();
    }
    const before = size;
    try {
      for (const line of lines) {
        const text = `${line}\n`;
        const bytes = Buffer.byteLength(text);
        if (writeSync(fd, text) !== bytes) throw new Error(`${file}: a change could not be written whole (disk full?)`);
        size += bytes;
      }
    } catch (err) {
      ftruncateSync(fd, before); // nothing half-written stays behind a failed write
      size = before;
      throw err;
    }
  });
  let replayed = 0;
  let written = 0;
  if (existsSync(file)) {
    const rfd = openSync(file, 'r+');
    let group: RecordsChange | null = null;
    /** Whether the group holds rows parsed from JSON (each with its own copy of every string). */
    let groupJson = false;
    let good = 0;
    try {
      for (const { text, end, last } of readLines(rfd)) {
        if (!text.trim()) {
          if (!group) good = end;
          continue;
        }
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch {
          // A torn last line (killed mid-append) is dropped; anything earlier is corruption.
          if (last) break;
          throw new Error(`${file}: a line ending at byte ${end} is not valid JSON`);
        }
        const json = line.op === 'records' && line.puts.length > 0;
        if (line.op === 'records' && line.columns) {
          try {
            line.puts = fromColumns(line.columns);
          } catch (err) {
            throw new Error(`${file}: the rows of a line ending at byte ${end} cannot be read (${(err as Error).message})`);
          }
          delete line.columns;
        }
        if (line.op === 'records') written += line.puts.length + line.deletes.length;
        if (line.op === 'records' && (line.more || group)) {
          if (group && group.env !== line.env) throw new Error(`${file}: a change ending at byte ${end} mixes environments`);
          group ??= { op: 'records', env: line.env, puts: [], deletes: [] };
          for (const p of line.puts) group.puts.push(p);
          for (const d of line.deletes) group.deletes.push(d);
          groupJson ||= json;
          if (line.more) continue;
          const whole: RecordsChange = { ...group, clearData: line.clearData, envRow: line.envRow };
          backend.replay(whole, !groupJson);
          group = null;
          groupJson = false;
        } else {
          backend.replay(line, !json);
        }
        replayed++;
        good = end;
      }
      // Cut a torn tail (an unfinished line or change), so appends start on a line of their own.
      if (fstatSync(rfd).size > good) ftruncateSync(rfd, good);
    } finally {
      closeSync(rfd);
    }
  }
  const live = liveRows(backend);
  // Rewrite only when most of the journal is superseded rows (a snapshot of 100k documents costs seconds).
  const compacted = written > 2 * live + 10_000;
  if (compacted) writeSnapshot(backend, file);
  fd = openSync(file, 'a');
  size = fstatSync(fd).size;
  return {
    backend,
    replayed,
    compacted,
    close: () => {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

function liveRows(backend: MemoryBackend): number {
  let n = 0;
  for (const env of backend.environmentsNow()) for (const rows of backend.heldRecords(env.key)?.values() ?? []) n += rows.size;
  return n;
}

/** The journal as a snapshot of what it holds: each environment, then its records as one change. */
function writeSnapshot(backend: MemoryBackend, file: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    // A trainer's lessons first: host-wide, each the text it was posted as.
    for (const { id, text } of backend.lessonsNow()) writeSync(fd, `${JSON.stringify({ op: 'lesson-put', id, text } satisfies LessonChange)}\n`);
    for (const env of backend.environmentsNow()) {
      writeSync(fd, `${JSON.stringify({ op: 'env-put', env } satisfies Change)}\n`);
      const puts: Put[] = [];
      for (const [kind, rows] of backend.heldRecords(env.key) ?? []) for (const [id, data] of rows) puts.push({ kind, id, data });
      if (puts.length) for (const line of linesOf({ op: 'records', env: env.key, puts, deletes: [] })) writeSync(fd, `${line}\n`);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
