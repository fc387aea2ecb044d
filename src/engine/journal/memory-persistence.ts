/** Journal persistence in memory (the Node host without a journal file, tests): lost with the process. */
import type { JournalEntry, JournalPersistence, JournalSnapshot } from './types.ts';

export class MemoryJournalPersistence implements JournalPersistence {
  private readonly rings = new Map<string, JournalSnapshot>();

  async load(env: string): Promise<JournalSnapshot> {
    const r = this.rings.get(env);
    return { entries: r ? [...r.entries] : [], nextId: r?.nextId ?? 1 };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    const r = this.rings.get(env) ?? { entries: [], nextId: 1 };
    const kept = [...r.entries, ...entries].filter((e) => e.id >= keepFrom);
    this.rings.set(env, { entries: kept, nextId: Math.max(r.nextId, (entries[entries.length - 1]?.id ?? 0) + 1) });
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    if (nextId === null) this.rings.delete(env);
    else this.rings.set(env, { entries: [], nextId });
  }
}
