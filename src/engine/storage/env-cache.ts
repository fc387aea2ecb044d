import type { DataView, IndexSpec, KindScan, Row, RowChange } from '../core/types.ts';
import { decodeRun, scanRun, type CodedRun } from './coded-run.ts';
import { toMap, type RowRun } from './kind-rows.ts';

/**
 * One kind's rows. Position keys (`seqs`, ascending in insertion order) exist while the kind's list
 * does: every index over the kind was built from that list, and a write too large to patch it drops
 * the list and those indexes together (both are rebuilt, renumbered, on next use).
 */
interface Table {
  /** By id; made from `run` when first needed (see `rowsOf`). */
  rows: Map<string, Row> | null;
  /** The rows decoded, until something needs them by id (a sorted page does not). */
  run: RowRun | null;
  /** The kind as read and not decoded, until something needs its rows (a first sorted page does not). */
  coded: CodedRun | null;
  /** The next position key (above every key in `list`). */
  next: number;
  /** `list` of the kind, patched in place by small writes (copied first when handed out). */
  list: { rows: Row[]; seqs: number[]; shared: boolean } | null;
  /**
   * Position key of each row of `list`, made on the first update of a stored row while the list
   * exists and kept with it: looking a row up in the list walked it, making every update O(n).
   */
  seqOfRow: Map<Row, number> | null;
}

interface Maintained {
  kind: string;
  spec: IndexSpec<unknown>;
  value: unknown;
  stale: boolean;
}

/**
 * Changes to one kind in one write above which its list and indexes are rebuilt on next use
 * instead of patched row by row (each patch of an array scans or moves up to n entries).
 */
const PATCH_LIMIT = 512;

/**
 * A read of a kind that is stored but not loaded yet (a large kind waits until a request needs it):
 * the engine loads the kind and runs the request again (see `storage/read-attempt.ts`).
 */
export class KindMissing extends Error {
  constructor(readonly kind: string) {
    super(`The ${kind} records of this environment are not loaded yet.`);
  }
}

/**
 * In-memory mirror of one environment's records. Built from IndexedDB, changed only after an
 * IndexedDB transaction commits, so it never diverges from what is stored.
 */
export class EnvCache implements DataView {
  private readonly kinds = new Map<string, Table>();
  private readonly versions = new Map<string, number>();
  private readonly derivations = new Map<string, { stamp: string; value: unknown }>();
  private readonly maintained = new Map<string, Maintained>();
  /** Kinds stored but not loaded: reading one throws `KindMissing`. */
  private readonly notLoaded = new Set<string>();

  /** Take a whole kind at load time (the map or the chunks as read become the cache's own). */
  adopt(kind: string, rows: Map<string, Row> | CodedRun): void {
    this.notLoaded.delete(kind);
    this.kinds.set(kind, rows instanceof Map ? { rows, run: null, coded: null, next: 0, list: null, seqOfRow: null } : { rows: null, run: null, coded: rows, next: 0, list: null, seqOfRow: null });
    this.bump(kind);
  }

  /** Kinds that exist in storage but are loaded on first use. */
  defer(kinds: Iterable<string>): void {
    for (const kind of kinds) if (!this.kinds.has(kind)) this.notLoaded.add(kind);
  }

  missingKinds(): string[] {
    return [...this.notLoaded];
  }

  isMissing(kind: string): boolean {
    return this.notLoaded.size > 0 && this.notLoaded.has(kind);
  }

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    this.need(kind);
    const t = this.kinds.get(kind);
    return t && (rowsOf(t).get(id) as T | undefined);
  }

  list<T extends Row = Row>(kind: string): readonly T[] {
    this.need(kind);
    const l = this.listOf(kind);
    if (!l) return [];
    l.shared = true;
    return l.rows as T[];
  }

  entries(kind: string): IterableIterator<[string, Row]> {
    this.need(kind);
    const t = this.kinds.get(kind);
    return (t ? rowsOf(t) : new Map<string, Row>()).entries();
  }

  count(kind: string): number {
    this.need(kind);
    const t = this.kinds.get(kind);
    return t ? (t.rows?.size ?? (t.run ?? (t.coded as CodedRun)).ids.length) : 0;
  }

  scan(kind: string, fields: readonly string[]): KindScan | null {
    this.need(kind);
    const coded = this.kinds.get(kind)?.coded;
    return coded ? scanRun(coded, fields) : null;
  }

  derived<V>(name: string, kinds: readonly string[], build: () => V): V {
    for (const kind of kinds) this.need(kind);
    const stamp = kinds.map((k) => this.versions.get(k) ?? 0).join(',');
    const hit = this.derivations.get(name);
    if (hit && hit.stamp === stamp) return hit.value as V;
    const value = build();
    this.derivations.set(name, { stamp, value });
    return value;
  }

  indexed<V>(name: string, kind: string, spec: IndexSpec<V>): V {
    this.need(kind);
    const hit = this.maintained.get(name);
    if (hit && !hit.stale && hit.kind === kind) return hit.value as V;
    // A kind with no row yet gets its (empty) list now: with none, a later write would give its
    // rows no position key (-1), and an index keyed by position would misfile them.
    this.table(kind);
    const l = this.listOf(kind);
    const value = spec.build(l?.rows ?? [], l?.seqs ?? [], this);
    this.maintained.set(name, { kind, spec: spec as IndexSpec<unknown>, value, stale: false });
    return value;
  }

  kindNames(): string[] {
    return [...this.kinds.keys(), ...this.notLoaded];
  }

  /** Apply a committed change (called only after IndexedDB said the transaction committed). */
  apply(puts: readonly { kind: string; id: string; data: Row }[], deletes: readonly { kind: string; id: string }[]): void {
    // A kind changed by more rows than are patched loses its list first, so no row's position is
    // looked up in it (each look-up scans the list: an AutoMatch run updating 20k of 100k invoices
    // spent 8 s there, holding up every environment; issue 19 § 2), and keeps no per-row change
    // unless an index of it patches itself at any size (IndexSpec.constantUpdate).
    const counts = new Map<string, number>();
    for (const c of [deletes, puts]) for (const r of c) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
    const bulk = new Set<string>();
    const unnoted = new Set<string>();
    for (const [kind, n] of counts) {
      if (n <= PATCH_LIMIT) continue;
      bulk.add(kind);
      const t = this.kinds.get(kind);
      if (t) {
        t.list = null;
        t.seqOfRow = null;
      }
      if (![...this.maintained.values()].some((m) => m.kind === kind && !m.stale && m.spec.constantUpdate)) unnoted.add(kind);
    }
    // Position keys of stored rows are looked up below: the map of them is made before this
    // change's new rows get theirs (made in the middle, it would miss them).
    for (const c of [deletes, puts]) {
      for (const r of c) {
        const t = this.kinds.get(r.kind);
        if (t?.list && !t.seqOfRow && rowsOf(t).has(r.id)) seqsOf(t);
      }
    }
    const changes = new Map<string, RowChange[]>();
    const note = (kind: string, c: RowChange) => {
      const list = changes.get(kind);
      if (list) list.push(c);
      else changes.set(kind, [c]);
    };
    const touched = new Set<string>();
    for (const d of deletes) {
      const t = this.kinds.get(d.kind);
      const rows = t && rowsOf(t);
      const before = rows?.get(d.id);
      if (!t || !rows || !before) continue;
      rows.delete(d.id);
      touched.add(d.kind);
      const seq = seqOf(t, before);
      t.seqOfRow?.delete(before);
      if (!unnoted.has(d.kind)) note(d.kind, { id: d.id, before, seq });
    }
    for (const p of puts) {
      const t = this.table(p.kind);
      const rows = rowsOf(t);
      const before = rows.get(p.id);
      rows.set(p.id, p.data);
      touched.add(p.kind);
      const seq = before ? seqOf(t, before) : t.next++;
      if (t.seqOfRow) {
        if (before) t.seqOfRow.delete(before);
        t.seqOfRow.set(p.data, seq);
      }
      if (unnoted.has(p.kind)) continue;
      note(p.kind, before ? { id: p.id, before, after: p.data, seq } : { id: p.id, after: p.data, seq });
    }
    for (const kind of touched) {
      this.bump(kind);
      const t = this.kinds.get(kind) as Table;
      const list = changes.get(kind) ?? [];
      const patch = !bulk.has(kind);
      if (t.list && patch) this.patchList(t, list);
      for (const m of this.maintained.values()) {
        if (m.kind !== kind || m.stale) continue;
        if (patch || m.spec.constantUpdate) for (const c of list) m.spec.update(m.value, c, this);
        else m.stale = true;
      }
    }
  }

  clearKinds(keep: (kind: string) => boolean): void {
    for (const kind of [...this.notLoaded]) if (!keep(kind)) this.notLoaded.delete(kind);
    for (const kind of [...this.kinds.keys()]) {
      if (!keep(kind)) {
        this.kinds.delete(kind);
        this.bump(kind);
        for (const m of this.maintained.values()) if (m.kind === kind) m.stale = true;
      }
    }
  }

  /**
   * Move these kinds (those present) after every other, in the order given: a reset that left some
   * kinds as they were lists its kinds in the order a reset that rewrote them all would have.
   */
  putLast(kinds: Iterable<string>): void {
    for (const kind of kinds) {
      const t = this.kinds.get(kind);
      if (!t) continue;
      this.kinds.delete(kind);
      this.kinds.set(kind, t);
    }
  }

  private need(kind: string): void {
    if (this.isMissing(kind)) throw new KindMissing(kind);
  }

  private listOf(kind: string): { rows: Row[]; seqs: number[]; shared: boolean } | null {
    const t = this.kinds.get(kind);
    if (!t) return null;
    if (!t.list) {
      // A kind not yet looked up by id lends its loaded list: the map is made from it before any
      // change, and a change copies a list already handed out (`patchList`).
      const run = runOf(t);
      const rows = run ? run.rows : [...(t.rows as Map<string, Row>).values()];
      t.list = { rows, seqs: rows.map((_, i) => i), shared: false };
      t.next = rows.length;
      t.seqOfRow = null;
    }
    return t.list;
  }

  /** Keep `list` current: rows in seq order; a list already handed out is copied, never changed. */
  private patchList(t: Table, changes: readonly RowChange[]): void {
    const l = t.list as NonNullable<Table['list']>;
    if (l.shared) {
      l.rows = l.rows.slice();
      l.seqs = l.seqs.slice();
      l.shared = false;
    }
    for (const c of changes) {
      const at = c.before ? positionOf(l.seqs, c.seq) : -1;
      if (c.after && at >= 0) l.rows[at] = c.after;
      else if (c.after) {
        l.rows.push(c.after);
        l.seqs.push(c.seq);
      } else if (at >= 0) {
        l.rows.splice(at, 1);
        l.seqs.splice(at, 1);
      }
    }
  }

  private bump(kind: string): void {
    this.versions.set(kind, (this.versions.get(kind) ?? 0) + 1);
  }

  private table(kind: string): Table {
    let t = this.kinds.get(kind);
    if (!t) {
      t = { rows: new Map(), run: null, coded: null, next: 0, list: null, seqOfRow: null };
      this.kinds.set(kind, t);
    }
    return t;
  }
}

/** The kind's rows as loaded, decoded first if they are still as read (null once in a map). */
function runOf(t: Table): RowRun | null {
  if (t.coded) {
    t.run = decodeRun(t.coded);
    t.coded = null;
  }
  return t.run;
}

/** The kind's rows by id, made from the loaded lists on first use. */
function rowsOf(t: Table): Map<string, Row> {
  if (!t.rows) {
    t.rows = toMap(runOf(t) as RowRun);
    t.run = null;
  }
  return t.rows;
}

/** Position key of a stored row: from the kind's list (none is needed while there is no list). */
function seqOf(t: Table, row: Row): number {
  return t.list ? (seqsOf(t).get(row) ?? -1) : -1;
}

/** The position keys of the rows of the kind's list (which must exist), made on first use. */
function seqsOf(t: Table): Map<Row, number> {
  if (!t.seqOfRow) {
    const { rows, seqs } = t.list as NonNullable<Table['list']>;
    const m = new Map<Row, number>();
    // Backwards, so a row listed twice (never expected) answers its first place, as indexOf did.
    for (let i = rows.length - 1; i >= 0; i--) m.set(rows[i] as Row, seqs[i] as number);
    t.seqOfRow = m;
  }
  return t.seqOfRow;
}

/** Index of `seq` in an ascending array (-1 when absent). */
export function positionOf(seqs: readonly number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((seqs[mid] as number) < seq) lo = mid + 1;
    else hi = mid;
  }
  return seqs[lo] === seq ? lo : -1;
}
