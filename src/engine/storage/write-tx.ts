import { idFromSeq } from '../core/ids.ts';
import type { Environment, IndexSpec, Row, WriteTx } from '../core/types.ts';
import type { EnvCache } from './env-cache.ts';

/** A transaction's pending writes over the cache; nothing is visible outside until commit. */
export class PendingTx implements WriteTx {
  readonly puts = new Map<string, Map<string, Row | null>>();
  idSeq: number;

  constructor(
    private readonly base: EnvCache,
    readonly env: Environment,
    /** A reset reads as if every data kind were empty. */
    private readonly cleared: (kind: string) => boolean = () => false,
  ) {
    this.idSeq = env.idSeq;
  }

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    const pending = this.puts.get(kind);
    if (pending?.has(id)) return (pending.get(id) ?? undefined) as T | undefined;
    return this.cleared(kind) ? undefined : this.base.get<T>(kind, id);
  }

  list<T extends Row = Row>(kind: string): readonly T[] {
    const pending = this.puts.get(kind);
    const cleared = this.cleared(kind);
    if (!pending) return cleared ? [] : this.base.list<T>(kind);
    const out: T[] = [];
    if (!cleared) {
      for (const [id, row] of this.base.entries(kind)) {
        if (!pending.has(id)) out.push(row as T);
        else if (pending.get(id)) out.push(pending.get(id) as T);
      }
    }
    for (const [id, row] of pending) if (row && (cleared || !this.base.get(kind, id))) out.push(row as T);
    return out;
  }

  count(kind: string): number {
    return this.list(kind).length;
  }

  derived<V>(name: string, kinds: readonly string[], build: () => V): V {
    return kinds.some((k) => this.puts.has(k) || this.cleared(k)) ? build() : this.base.derived(name, kinds, build);
  }

  /** The committed index while this write has not touched its kind; else one built for this view. */
  indexed<V>(name: string, kind: string, spec: IndexSpec<V>): V {
    if (!this.puts.has(kind) && !this.cleared(kind)) return this.base.indexed(name, kind, spec);
    const rows = this.list(kind);
    return spec.build(rows, rows.map((_, i) => i), this);
  }

  put(kind: string, id: string, row: Row): void {
    this.pending(kind).set(id, row);
  }

  delete(kind: string, id: string): void {
    this.pending(kind).set(id, null);
  }

  nextId(): number {
    return idFromSeq(this.idSeq++);
  }

  private pending(kind: string): Map<string, Row | null> {
    let m = this.puts.get(kind);
    if (!m) {
      m = new Map();
      this.puts.set(kind, m);
    }
    return m;
  }
}

