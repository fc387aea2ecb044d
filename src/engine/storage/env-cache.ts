import type { DataView, Row } from '../core/types.ts';

/**
 * In-memory mirror of one environment's records. Built from IndexedDB, changed only after an
 * IndexedDB transaction commits, so it never diverges from what is stored.
 */
export class EnvCache implements DataView {
  private readonly kinds = new Map<string, Map<string, Row>>();
  private readonly versions = new Map<string, number>();
  private readonly derivations = new Map<string, { stamp: string; value: unknown }>();

  load(kind: string, id: string, row: Row): void {
    this.table(kind).set(id, row);
  }

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    return this.kinds.get(kind)?.get(id) as T | undefined;
  }

  list<T extends Row = Row>(kind: string): readonly T[] {
    return this.derived(`list:${kind}`, [kind], () => [...(this.kinds.get(kind)?.values() ?? [])]) as T[];
  }

  entries(kind: string): IterableIterator<[string, Row]> {
    return (this.kinds.get(kind) ?? new Map<string, Row>()).entries();
  }

  count(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0;
  }

  derived<V>(name: string, kinds: readonly string[], build: () => V): V {
    const stamp = kinds.map((k) => this.versions.get(k) ?? 0).join(',');
    const hit = this.derivations.get(name);
    if (hit && hit.stamp === stamp) return hit.value as V;
    const value = build();
    this.derivations.set(name, { stamp, value });
    return value;
  }

  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** Apply a committed change (called only after IndexedDB said the transaction committed). */
  apply(puts: readonly { kind: string; id: string; data: Row }[], deletes: readonly { kind: string; id: string }[]): void {
    for (const d of deletes) {
      if (this.kinds.get(d.kind)?.delete(d.id)) this.bump(d.kind);
    }
    for (const p of puts) {
      this.table(p.kind).set(p.id, p.data);
      this.bump(p.kind);
    }
  }

  clearKinds(keep: (kind: string) => boolean): void {
    for (const kind of [...this.kinds.keys()]) {
      if (!keep(kind)) {
        this.kinds.delete(kind);
        this.bump(kind);
      }
    }
  }

  private bump(kind: string): void {
    this.versions.set(kind, (this.versions.get(kind) ?? 0) + 1);
  }

  private table(kind: string): Map<string, Row> {
    let t = this.kinds.get(kind);
    if (!t) {
      t = new Map();
      this.kinds.set(kind, t);
    }
    return t;
  }
}
