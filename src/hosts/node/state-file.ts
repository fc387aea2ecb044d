/**
 * `--state FILE`: the Node host keeps its records in memory and every committed change in a journal,
 * one JSON line each, written before the change is applied or answered (so a kill -9 loses no
 * acknowledged write). A change with many rows (generate) is written as several lines, all but the
 * last marked `more`; replay applies a change only once its last line is read, so a torn tail is
 * dropped whole. At start the journal is replayed and, when it holds mostly superseded rows,
 * rewritten as a compact snapshot (temp file + rename: never half-written).
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { MemoryBackend, type Change } from '../../engine/index.ts';

/** Rows per journal line: bounds the size of one line (a JSON string) whatever a change holds. */
const ROWS_PER_LINE = 2000;
/** Bytes read from the journal at a time. */
const READ_CHUNK = 16 << 20;

type RecordsChange = Extract<Change, { op: 'records' }>;
type Line = Change & { more?: true };

/** The lines one change is written as. */
function linesOf(change: Change): string[] {
  if (change.op !== 'records' || change.puts.length + change.deletes.length <= ROWS_PER_LINE) return [JSON.stringify(change)];
  const out: string[] = [];
  for (let i = 0; i < change.deletes.length; i += ROWS_PER_LINE) {
    out.push(JSON.stringify({ op: 'records', env: change.env, puts: [], deletes: change.deletes.slice(i, i + ROWS_PER_LINE), more: true }));
  }
  for (let i = 0; i < change.puts.length; i += ROWS_PER_LINE) {
    out.push(JSON.stringify({ op: 'records', env: change.env, puts: change.puts.slice(i, i + ROWS_PER_LINE), deletes: [], more: true }));
  }
  // The last line carries what applies to the whole change (reset, id sequence) and ends it.
  out.push(JSON.stringify({ op: 'records', env: change.env, clearData: change.clearData, puts: [], deletes: [], envRow: change.envRow } satisfies Change));
  return out;
}

/** Read `file` line by line (bytes, so no line is limited by the size of the whole file). */
function* readLines(fd: number): Generator<{ text: string; end: number; last: boolean }> {
  let pending = Buffer.alloc(0);
  let offset = 0;
  const chunk = Buffer.allocUnsafe(READ_CHUNK);
  for (;;) {
    const n = readSync(fd, chunk, 0, READ_CHUNK, offset);
    const buf = n ? Buffer.concat([pending, chunk.subarray(0, n)]) : pending;
    const base = offset - pending.length;
    offset += n;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
      yield { text: buf.toString('utf8', start, nl), end: base + nl + 1, last: false };
      start = nl + 1;
    }
    pending = Buffer.from(buf.subarray(start));
    if (!n) {
      if (pending.length) yield { text: pending.toString('utf8'), end: base + buf.length, last: true };
      return;
    }
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
  const backend = new MemoryBackend((change) => {
    const before = fstatSync(fd).size;
    try {
      for (const line of linesOf(change)) writeSync(fd, `${line}\n`);
    } catch (err) {
      ftruncateSync(fd, before); // nothing half-written stays behind a failed write
      throw err;
    }
  });
  let replayed = 0;
  let written = 0;
  if (existsSync(file)) {
    const rfd = openSync(file, 'r+');
    let group: RecordsChange | null = null;
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
        if (line.op === 'records') written += line.puts.length + line.deletes.length;
        if (line.op === 'records' && (line.more || group)) {
          if (group && group.env !== line.env) throw new Error(`${file}: a change ending at byte ${end} mixes environments`);
          group ??= { op: 'records', env: line.env, puts: [], deletes: [] };
          for (const p of line.puts) group.puts.push(p);
          for (const d of line.deletes) group.deletes.push(d);
          if (line.more) continue;
          const whole: RecordsChange = { ...group, clearData: line.clearData, envRow: line.envRow };
          group = null;
          backend.replay(whole);
        } else {
          backend.replay(line);
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

/** The journal as a snapshot of what it holds: each environment, then its records in lines. */
function writeSnapshot(backend: MemoryBackend, file: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    for (const env of backend.environmentsNow()) {
      writeSync(fd, `${JSON.stringify({ op: 'env-put', env } satisfies Change)}\n`);
      let puts: { kind: string; id: string; data: Record<string, unknown> }[] = [];
      const flush = () => {
        if (puts.length) writeSync(fd, `${JSON.stringify({ op: 'records', env: env.key, puts, deletes: [] } satisfies Change)}\n`);
        puts = [];
      };
      for (const [kind, rows] of backend.heldRecords(env.key) ?? []) {
        for (const [id, data] of rows) {
          puts.push({ kind, id, data });
          if (puts.length === ROWS_PER_LINE) flush();
        }
      }
      flush();
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
