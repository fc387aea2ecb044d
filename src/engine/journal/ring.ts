/** One environment's journal in memory: entries oldest first, at most its size, ids increasing. */
import { readEntry, type StoredEntry } from './stored-entry.ts';
import { entrySource, type JournalEntry, type JournalSource } from './types.ts';

export interface JournalFilter {
  limit: number;
  /** Exact status (`401`) or a class (`4xx`). */
  status?: { exact?: number; klass?: number };
  /** Only entries after this id. */
  since?: number;
  /** Substring of the path. */
  path?: string;
  /** Only entries from these sources (issue 24 § 1.4). */
  sources?: readonly JournalSource[];
}

/** Dropped entries are cut from the array this many at a time (one splice per entry moved all 500). */
const CUT_EVERY = 64;

export class Ring {
  /** The newest id the ring dropped for want of room since it was last cleared (0: none); kept in memory only. */
  lostThrough = 0;
  /** Entries before this index were dropped but not cut out yet. */
  private start = 0;

  constructor(
    private readonly entries: StoredEntry[],
    public nextId: number,
    /** Entries kept (read on each push: the environment's setting may change). */
    private readonly size: () => number,
  ) {}

  push(entry: StoredEntry): void {
    this.entries.push(entry);
    const over = this.entries.length - this.start - this.size();
    if (over > 0) {
      this.start += over;
      this.lostThrough = (this.entries[this.start - 1] as StoredEntry).id;
      if (this.start >= CUT_EVERY) {
        this.entries.splice(0, this.start);
        this.start = 0;
      }
    }
  }

  /** Drop every entry (the ids go on). */
  clear(): void {
    this.entries.length = 0;
    this.start = 0;
    this.lostThrough = 0;
  }

  /** Whether entries after `since` (all, without it) were dropped for want of room. */
  lostAfter(since: number | undefined): boolean {
    return this.lostThrough > (since ?? 0);
  }

  /** The id of the oldest entry kept (persistence drops those below it). */
  get keepFrom(): number {
    return this.entries[this.start]?.id ?? this.nextId;
  }

  /** Newest first, each made readable (stored-entry.ts). */
  select(f: JournalFilter): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = this.entries.length - 1; i >= this.start && out.length < f.limit; i--) {
      const e = this.entries[i] as StoredEntry;
      if (f.since !== undefined && e.id <= f.since) break;
      if (f.status?.exact !== undefined && e.status !== f.status.exact) continue;
      if (f.status?.klass !== undefined && Math.floor(e.status / 100) !== f.status.klass) continue;
      if (f.path !== undefined && !e.path.includes(f.path)) continue;
      if (f.sources !== undefined && !f.sources.includes(entrySource(e))) continue;
      out.push(readEntry(e));
    }
    return out;
  }
}
