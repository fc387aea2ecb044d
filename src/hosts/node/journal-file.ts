/**
 * The request journal next to `--state FILE` (`FILE.journal.jsonl`), so the Node host keeps it
 * across restarts as the browser does in IndexedDB. One JSON line per persisted batch or clear,
 * appended; replayed at start; rewritten from memory (temp file + rename) when most lines are
 * superseded. A torn last line is skipped. Losing the journal never loses data: it is a log.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import type { JournalEntry, JournalPersistence, JournalSnapshot } from '../../engine/for-node.ts';

type Line = { env: string; add: JournalEntry[]; keepFrom: number } | { env: string; clear: true; nextId: number | null };

/** Rewrite the file once it holds this many lines more than environments. */
const COMPACT_AFTER = 2000;

export class FileJournalPersistence implements JournalPersistence {
  private readonly rings = new Map<string, JournalSnapshot>();
  private lines = 0;
  /** Kept open between appends (one write each, no open and close); reopened after a rewrite. */
  private fd = -1;

  constructor(private readonly file: string) {
    if (!existsSync(file)) return;
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (!text.trim()) continue;
      try {
        this.apply(JSON.parse(text) as Line);
        this.lines++;
      } catch {
        // A line torn by a kill: what it held is lost, the rest stands.
      }
    }
  }

  private apply(line: Line): void {
    if ('clear' in line) {
      if (line.nextId === null) this.rings.delete(line.env);
      else this.rings.set(line.env, { entries: [], nextId: line.nextId });
      return;
    }
    const r = this.rings.get(line.env) ?? { entries: [], nextId: 1 };
    const entries = [...r.entries, ...line.add].filter((e) => e.id >= line.keepFrom);
    this.rings.set(line.env, { entries, nextId: Math.max(r.nextId, (line.add[line.add.length - 1]?.id ?? 0) + 1) });
  }

  private write(line: Line): void {
    this.apply(line);
    if (this.lines > COMPACT_AFTER + this.rings.size) {
      const tmp = `${this.file}.tmp`;
      // Per environment: its next id (a clear line), then the entries it keeps.
      const text = [...this.rings].map(([env, r]) => `${JSON.stringify({ env, clear: true, nextId: r.nextId } satisfies Line)}\n${JSON.stringify({ env, add: r.entries, keepFrom: 0 } satisfies Line)}\n`).join('');
      writeFileSync(tmp, text);
      renameSync(tmp, this.file);
      if (this.fd >= 0) closeSync(this.fd);
      this.fd = -1;
      this.lines = this.rings.size * 2;
      return;
    }
    if (this.fd < 0) this.fd = openSync(this.file, 'a');
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
    this.lines++;
  }

  /** Let the file go (the host closes). */
  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  async load(env: string): Promise<JournalSnapshot> {
    const r = this.rings.get(env);
    return { entries: r ? [...r.entries] : [], nextId: r?.nextId ?? 1 };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    if (entries.length) this.write({ env, add: entries, keepFrom });
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    this.write({ env, clear: true, nextId });
  }
}
