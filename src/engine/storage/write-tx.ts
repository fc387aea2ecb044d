import { idFromSeq } from '../core/ids.ts';
import type { Environment, IndexSpec, Row, RowChange, WriteTx } from '../core/types.ts';
import type { EnvCache } from './env-cache.ts';

/** An index over this transaction's view of a kind it wrote: built once, then kept current row by row. */
interface Overlay {
  kind: string;
  spec: IndexSpec<unknown>;
  value: unknown;
  /** Position key of each row in the view (as `list` orders them); new rows get `next`. */
  seqs: Map<string, number>;
  next: number;
  /** Changes since the index was last read, applied when it is read next. */
  queued: RowChange[];
}

/**
 * Changes an overlay queues before it is dropped and built afresh on its next read (a sorted index
 * patches in O(n) per row: a write of many rows that reads it once is better off rebuilding it).
 */
const OVERLAY_PATCH_LIMIT = 512;

/** A transaction's pending writes over the cache; nothing is visible outside until commit. */
export class PendingTx implements WriteTx {
  readonly puts = new Map<string, Map<string, Row | null>>();
  idSeq: number;
  private readonly overlays = new Map<string, Overlay>();

  private readonly scope: ReadonlySet<string> | undefined;

  constructor(
    private readonly base: EnvCache,
    readonly env: Environment,
    /** A reset reads as if every data kind were empty. */
    private readonly cleared: (kind: string) => boolean = () => false,
    /** The only kinds this write may touch (a scoped write: others may not be loaded). */
    scope?: readonly string[],
  ) {
    this.idSeq = env.idSeq;
    this.scope = scope ? new Set(scope) : undefined;
  }

  /** A scoped write touching another kind is a mistake in the code that declared the scope. */
  private touch(kind: string): void {
    if (this.scope && !this.scope.has(kind)) throw new Error(`A write scoped to ${[...this.scope].join(', ')} touched the ${kind} records.`);
  }

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    this.touch(kind);
    const pending = this.puts.get(kind);
    if (pending?.has(id)) return (pending.get(id) ?? undefined) as T | undefined;
    return this.cleared(kind) ? undefined : this.base.get<T>(kind, id);
  }

  list<T extends Row = Row>(kind: string): readonly T[] {
    this.touch(kind);
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

  /** The committed count corrected by this write's own puts and deletes (no list is built). */
  count(kind: string): number {
    this.touch(kind);
    const pending = this.puts.get(kind);
    const cleared = this.cleared(kind);
    let n = cleared ? 0 : this.base.count(kind);
    if (!pending) return n;
    for (const [id, row] of pending) {
      const stored = !cleared && this.base.get(kind, id) !== undefined;
      if (row && !stored) n++;
      else if (!row && stored) n--;
    }
    return n;
  }

  derived<V>(name: string, kinds: readonly string[], build: () => V): V {
    for (const kind of kinds) this.touch(kind);
    return kinds.some((k) => this.puts.has(k) || this.cleared(k)) ? build() : this.base.derived(name, kinds, build);
  }

  /**
   * The committed index while this write has not touched its kind; else one built for this view on
   * first use and patched by each later put and delete, so a write of many rows that looks one up
   * per row (generate: a receipt-number check per receipt) stays linear.
   */
  indexed<V>(name: string, kind: string, spec: IndexSpec<V>): V {
    this.touch(kind);
    if (!this.puts.has(kind) && !this.cleared(kind)) return this.base.indexed(name, kind, spec);
    const hit = this.overlays.get(name);
    if (hit && hit.kind === kind) {
      for (const change of hit.queued.splice(0)) hit.spec.update(hit.value, change, this);
      return hit.value as V;
    }
    const rows: Row[] = [];
    const seqs = new Map<string, number>();
    for (const [id, row] of this.entries(kind)) {
      seqs.set(id, rows.length);
      rows.push(row);
    }
    const value = spec.build(rows, rows.map((_, i) => i), this);
    this.overlays.set(name, { kind, spec: spec as IndexSpec<unknown>, value, seqs, next: rows.length, queued: [] });
    return value;
  }

  put(kind: string, id: string, row: Row): void {
    this.touch(kind);
    const before = this.overlays.size ? this.get(kind, id) : undefined;
    this.pending(kind).set(id, row);
    if (this.overlays.size) this.patch(kind, id, before, row);
  }

  delete(kind: string, id: string): void {
    this.touch(kind);
    const before = this.overlays.size ? this.get(kind, id) : undefined;
    this.pending(kind).set(id, null);
    if (before) this.patch(kind, id, before, undefined);
  }

  nextId(): number {
    return idFromSeq(this.idSeq++);
  }

  /** This view's rows of a kind, in `list` order, with their ids. */
  private *entries(kind: string): Generator<[string, Row]> {
    const pending = this.puts.get(kind);
    const cleared = this.cleared(kind);
    if (!cleared) {
      for (const [id, row] of this.base.entries(kind)) {
        const mine = pending?.get(id);
        if (!pending?.has(id)) yield [id, row];
        else if (mine) yield [id, mine];
      }
    }
    if (pending) for (const [id, row] of pending) if (row && (cleared || !this.base.get(kind, id))) yield [id, row];
  }

  private patch(kind: string, id: string, before: Row | undefined, after: Row | undefined): void {
    for (const [name, o] of this.overlays) {
      if (o.kind !== kind) continue;
      if (o.queued.length >= OVERLAY_PATCH_LIMIT) {
        this.overlays.delete(name);
        continue;
      }
      let seq = o.seqs.get(id);
      if (seq === undefined) o.seqs.set(id, (seq = o.next++));
      o.queued.push({ id, seq, ...(before ? { before } : {}), ...(after ? { after } : {}) });
    }
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

