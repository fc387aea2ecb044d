import type { DataView, IndexSpec, KindScan, Row } from '../core/types.ts';
import { KindMissing, type EnvCache } from './env-cache.ts';

/**
 * One attempt at answering a request over a cache whose large kinds may not be loaded yet. Every
 * read of a kind not loaded is noted here, even where product code catches the error it throws
 * (a $batch part, a SOAP fault), so the engine knows to load the kind and run the request again;
 * and once a read has missed, the attempt may not write (the rerun will).
 */
export class ReadAttempt implements DataView {
  readonly missed = new Set<string>();

  constructor(private readonly cache: EnvCache) {}

  get<T extends Row = Row>(kind: string, id: string): T | undefined {
    this.check(kind);
    return this.cache.get<T>(kind, id);
  }

  list<T extends Row = Row>(kind: string): readonly T[] {
    this.check(kind);
    return this.cache.list<T>(kind);
  }

  count(kind: string): number {
    this.check(kind);
    return this.cache.count(kind);
  }

  derived<V>(name: string, kinds: readonly string[], build: () => V): V {
    return this.noting(() => this.cache.derived(name, kinds, build));
  }

  indexed<V>(name: string, kind: string, spec: IndexSpec<V>): V {
    return this.noting(() => this.cache.indexed(name, kind, spec));
  }

  scan(kind: string, fields: readonly string[]): KindScan | null {
    this.check(kind);
    return this.cache.scan(kind, fields);
  }

  /** A write may run only while nothing missed (its reads would have seen a partial book). */
  mayWrite(): void {
    const [kind] = this.missed;
    if (kind !== undefined) throw new KindMissing(kind);
  }

  note(err: unknown): boolean {
    if (err instanceof KindMissing) this.missed.add(err.kind);
    return this.missed.size > 0;
  }

  private check(kind: string): void {
    if (!this.cache.isMissing(kind)) return;
    this.missed.add(kind);
    throw new KindMissing(kind);
  }

  /** Builders read through the cache itself (an index over invoices may look up lines). */
  private noting<V>(fn: () => V): V {
    try {
      return fn();
    } catch (err) {
      this.note(err);
      throw err;
    }
  }
}
