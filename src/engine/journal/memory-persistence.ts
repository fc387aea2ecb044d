/** Journal persistence in memory (the Node host without a journal file, tests): lost with the process. */
import { readEntry, storeEntry, type StoredEntry } from './stored-entry.ts';
import type { JournalEntry, JournalPersistence, JournalSnapshot } from './types.ts';

export class MemoryJournalPersistence implements JournalPersistence {
  /** Entries kept with their bodies as bytes, like the journal's own ring (stored-entry.ts). */
  private readonly rings = new Map<string, { entries: StoredEntry[]; nextId: number }>();

  async load(env: string): Promise<JournalSnapshot> {
    const r = this.rings.get(env);
    return { entries: r ? r.entries.map(readEntry) : [], nextId: r?.nextId ?? 1 };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    const r = this.rings.get(env) ?? { entries: [], nextId: 1 };
    const kept = [...r.entries, ...entries.map(storeEntry)].filter((e) => e.id >= keepFrom);
    this.rings.set(env, { entries: kept, nextId: Math.max(r.nextId, (entries[entries.length - 1]?.id ?? 0) + 1) });
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    if (nextId === null) this.rings.delete(env);
    else this.rings.set(env, { entries: [], nextId });
  }
}
