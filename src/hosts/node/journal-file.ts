/**
 * The request journal next to `--state FILE` (`FILE.journal.jsonl`), so the Node host keeps it
 * across restarts as the browser does in IndexedDB. One JSON line per persisted batch or clear,
 * appended; replayed at start; rewritten from memory (temp file + rename) when most lines are
 * superseded. A torn last line is skipped. Losing the journal never loses data: it is a log.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { JournalEntry, JournalPersistence, JournalSnapshot } from '../../engine/for-node.ts';

type Line = { env: string; add: JournalEntry[]; keepFrom: number } | { env: string; clear: true; nextId: number | null };

/**
 * An entry as this file keeps it in memory (for a rewrite and the next load): its JSON, as UTF-8
 * bytes outside the V8 heap. Kept as objects, the last 500 entries of every environment were
 * copied into the old generation and collected with it again and again under a steady load.
 */
interface KeptEntry {
  id: number;
  json: Buffer;
}

/** What a line does to one environment's ring, its entries kept as bytes. */
type Change = { clear: true; nextId: number | null } | { add: KeptEntry[]; keepFrom: number };

interface KeptRing {
  entries: KeptEntry[];
  nextId: number;
}

/** Rewrite the file once it holds this many lines more than environments. */
const COMPACT_AFTER = 2000;

/**
 * Bytes gathered before one write. A line of 100 entries (a flush) is 0.3-0.6 MB of JSON: made as
 * one string, it and its UTF-8 copy went to V8's large-object space, which counts as old generation
 * at once, and under a steady read load that growth set off a full collection of the host's whole
 * heap every few seconds (trace-gc, 100k invoices). Each entry is stringified alone (young garbage)
 * and encoded into this buffer, kept for the process's life outside the V8 heap.
 */
const SCRATCH_BYTES = 256 * 1024;

/** Writes a line in pieces through one reused buffer: the same bytes as writing the whole line at once. */
class PieceWriter {
  private readonly scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  private used = 0;

  constructor(private readonly fd: number) {}

  /** Bytes already encoded (an entry's JSON kept in memory). */
  addBytes(piece: Buffer): void {
    if (this.used + piece.byteLength > SCRATCH_BYTES) this.flush();
    if (piece.byteLength > SCRATCH_BYTES) {
      let at = 0;
      while (at < piece.byteLength) at += writeSync(this.fd, piece, at, piece.byteLength - at);
    } else this.used += piece.copy(this.scratch, this.used);
  }

  add(piece: string): void {
    // At most three UTF-8 bytes per UTF-16 unit: a piece that may not fit is written after what waits.
    if (this.used + piece.length * 3 > SCRATCH_BYTES) this.flush();
    if (piece.length * 3 > SCRATCH_BYTES) writeSync(this.fd, piece);
    else this.used += this.scratch.write(piece, this.used);
  }

  flush(): void {
    let at = 0;
    while (at < this.used) at += writeSync(this.fd, this.scratch, at, this.used - at);
    this.used = 0;
  }
}

/** An entry's JSON (`JSON.stringify(entry)`), kept as bytes. */
const keep = (entry: JournalEntry): KeptEntry => ({ id: entry.id, json: Buffer.from(JSON.stringify(entry)) });

/** `JSON.stringify(line)` and a newline, piece by piece: the same bytes, an add line's entries written from their kept JSON. */
function writeClear(out: PieceWriter, line: Extract<Line, { clear: true }>): void {
  out.add(`${JSON.stringify(line)}\n`);
}

function writeAdd(out: PieceWriter, env: string, add: readonly KeptEntry[], keepFrom: number): void {
  out.add(`{"env":${JSON.stringify(env)},"add":[`);
  add.forEach((entry, i) => {
    if (i) out.add(',');
    out.addBytes(entry.json);
  });
  out.add(`],"keepFrom":${JSON.stringify(keepFrom)}}\n`);
}

export class FileJournalPersistence implements JournalPersistence {
  private readonly rings = new Map<string, KeptRing>();
  private lines = 0;
  /** Kept open between appends (no open and close each); reopened after a rewrite. */
  private fd = -1;
  private out: PieceWriter | null = null;
  /** The file ends inside a line (a write cut by a kill): the next line starts on a line of its own. */
  private torn = false;

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    const whole = readFileSync(file, 'utf8');
    this.torn = whole !== '' && !whole.endsWith('\n');
    for (const text of whole.split('\n')) {
      if (!text.trim()) continue;
      try {
        const line = JSON.parse(text) as Line;
        this.apply(line.env, 'clear' in line ? { clear: true, nextId: line.nextId } : { add: line.add.map(keep), keepFrom: line.keepFrom });
        this.lines++;
      } catch {
        // A line torn by a kill: what it held is lost, the rest stands.
      }
    }
  }

  private apply(env: string, change: Change): void {
    if ('clear' in change) {
      if (change.nextId === null) this.rings.delete(env);
      else this.rings.set(env, { entries: [], nextId: change.nextId });
      return;
    }
    const r = this.rings.get(env) ?? { entries: [], nextId: 1 };
    const entries = [...r.entries, ...change.add].filter((e) => e.id >= change.keepFrom);
    this.rings.set(env, { entries, nextId: Math.max(r.nextId, (change.add[change.add.length - 1]?.id ?? 0) + 1) });
  }

  /** Apply a change in memory, then append its line (or rewrite the file, once most lines are superseded). */
  private write(env: string, change: Change): void {
    this.apply(env, change);
    if (this.lines > COMPACT_AFTER + this.rings.size) {
      const tmp = `${this.file}.tmp`;
      const fd = openSync(tmp, 'w');
      try {
        const out = new PieceWriter(fd);
        // Per environment: its next id (a clear line), then the entries it keeps.
        for (const [name, r] of this.rings) {
          writeClear(out, { env: name, clear: true, nextId: r.nextId });
          writeAdd(out, name, r.entries, 0);
        }
        out.flush();
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.file);
      this.close();
      this.torn = false;
      this.lines = this.rings.size * 2;
      return;
    }
    if (!this.out) {
      this.fd = openSync(this.file, 'a');
      this.out = new PieceWriter(this.fd);
    }
    if (this.torn) this.out.add('\n');
    this.torn = false;
    if ('clear' in change) writeClear(this.out, { env, ...change });
    else writeAdd(this.out, env, change.add, change.keepFrom);
    this.out.flush();
    this.lines++;
  }

  /** Let the file go (the host closes). */
  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    this.out = null;
  }

  async load(env: string): Promise<JournalSnapshot> {
    const r = this.rings.get(env);
    return { entries: r ? r.entries.map((e) => JSON.parse(e.json.toString('utf8')) as JournalEntry) : [], nextId: r?.nextId ?? 1 };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    if (entries.length) this.write(env, { add: entries.map(keep), keepFrom });
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    this.write(env, { clear: true, nextId });
  }
}
