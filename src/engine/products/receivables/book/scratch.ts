/**
 * A throwaway in-memory WriteTx: runs the seed outside any environment so the catalog can quote
 * the ids and amounts a freshly seeded environment will have (seeding is deterministic and ids
 * start at sequence 0 on creation and reset).
 */
import { idFromSeq } from '../../../core/ids.ts';
import type { Row, WriteTx } from '../../../core/types.ts';

export class ScratchTx implements WriteTx {
  private readonly kinds = new Map<string, Map<string, Row>>();
  private seq = 0;

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    return this.kinds.get(kind)?.get(id) as T | undefined;
  }
  list<T extends Row = Row>(kind: string): readonly T[] {
    return [...(this.kinds.get(kind)?.values() ?? [])] as T[];
  }
  count(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0;
  }
  derived<V>(_name: string, _kinds: readonly string[], build: () => V): V {
    return build();
  }
  put(kind: string, id: string, row: Row): void {
    let t = this.kinds.get(kind);
    if (!t) this.kinds.set(kind, (t = new Map()));
    t.set(id, row);
  }
  delete(kind: string, id: string): void {
    this.kinds.get(kind)?.delete(id);
  }
  nextId(): number {
    return idFromSeq(this.seq++);
  }
}
