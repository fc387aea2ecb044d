import type { Environment, Row } from '../core/types.ts';
import type { Records, StorageBackend } from './backend.ts';
import { clearsKind, type Change, type LessonChange, type StoredLesson } from './changes.ts';
import { eachSliced } from '../core/yield.ts';

/**
 * Records in memory only, each change handed to `persist` first (the Node host's journal: a change
 * counts as stored once `persist` returned). Holds an environment's records only until the store
 * loads them; from then on the store's cache is the one copy.
 */
export class MemoryBackend implements StorageBackend {
  private readonly envs = new Map<string, Environment>();
  private readonly held = new Map<string, Records>();
  private readonly loaded = new Set<string>();
  private readonly lessonTexts = new Map<string, string>();

  private readonly strings = new StringPool();

  constructor(private readonly persist?: (change: Change | LessonChange) => void | Promise<void>) {}

  async environments(): Promise<Environment[]> {
    return this.environmentsNow();
  }

  environmentsNow(): Environment[] {
    return [...this.envs.values()];
  }

  /** Hands the held maps over (no copy): from now on the store's cache is the one copy. */
  async loadRecords(env: string): Promise<Records> {
    const records = this.held.get(env) ?? new Map();
    this.held.delete(env);
    this.loaded.add(env);
    return records;
  }

  async commit(change: Change): Promise<void> {
    // The rows are the ones the store's cache keeps once this resolves: share their strings first,
    // giving the host back between slices (a generate slice has some 12k rows; issue 19 § 2).
    if (change.op === 'records') await eachSliced(change.puts, (p) => this.strings.share(p.data));
    await this.persist?.(change);
    this.apply(change);
  }

  async lessons(): Promise<StoredLesson[]> {
    return this.lessonsNow();
  }

  lessonsNow(): StoredLesson[] {
    return [...this.lessonTexts].map(([id, text]) => ({ id, text }));
  }

  async keepLesson(change: LessonChange): Promise<void> {
    await this.persist?.(change);
    this.apply(change);
  }

  /**
   * Take a change as already stored (replaying a journal at start). `shared`: its rows already share
   * their repeated strings (decoded from columns, whose dictionary holds each value once), so the
   * pool's pass over every value, most of such a replay's time, is skipped.
   */
  replay(change: Change | LessonChange, shared = false): void {
    if (change.op === 'records' && !shared) this.strings.shareAll(change.puts);
    this.apply(change);
  }

  private apply(change: Change | LessonChange): void {
    if (change.op === 'lesson-put') {
      this.lessonTexts.set(change.id, change.text);
      return;
    }
    if (change.op === 'lesson-delete') {
      this.lessonTexts.delete(change.id);
      return;
    }
    if (change.op === 'env-put') {
      this.envs.set(change.env.key, change.env);
      return;
    }
    if (change.op === 'env-delete') {
      this.envs.delete(change.key);
      this.held.delete(change.key);
      this.loaded.delete(change.key);
      return;
    }
    if (change.envRow) this.envs.set(change.env, change.envRow);
    if (this.loaded.has(change.env)) return;
    let records = this.held.get(change.env);
    if (!records) this.held.set(change.env, (records = new Map()));
    for (const kind of [...records.keys()]) if (clearsKind(change.clearData, kind)) records.delete(kind);
    for (const d of change.deletes) records.get(d.kind)?.delete(d.id);
    for (const p of change.puts) {
      let rows = records.get(p.kind);
      if (!rows) records.set(p.kind, (rows = new Map()));
      rows.set(p.id, p.data);
    }
  }

  /** Records held for an environment not loaded yet (a snapshot of them is what a compaction writes). */
  heldRecords(env: string): Records | undefined {
    return this.held.get(env);
  }
}

/** Distinct strings the pool keeps before it starts over (bounds it whatever the values are). */
const POOL_LIMIT = 1 << 16;

/**
 * One copy of a repeated string value across the rows this backend takes. A row parsed from the
 * journal, or built by a write (`toFixed`, a template), carries its own copy of every value: at 100k
 * invoices that is some 40 MB of "US1 Business Unit", customer names and "0.00". The pool is
 * emptied when it reaches POOL_LIMIT strings, so unique values (numbers, timestamps) cost nothing
 * lasting and a value repeated throughout keeps one copy per round. Rows are changed in place:
 * each value is replaced by an equal string, which nothing can tell apart.
 */
class StringPool {
  private pool = new Map<string, string>();

  shareAll(puts: readonly { data: Row }[]): void {
    for (const p of puts) this.share(p.data);
  }

  share(row: Row): void {
    for (const key in row) {
      const value = row[key];
      if (typeof value !== 'string') continue;
      const shared = this.pool.get(value);
      // Equal strings are === whichever copy they are, so the pooled one is stored unconditionally.
      if (shared !== undefined) row[key] = shared;
      else {
        if (this.pool.size >= POOL_LIMIT) this.pool = new Map();
        this.pool.set(value, value);
      }
    }
  }
}
