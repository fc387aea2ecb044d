/**
 * A sorted sequence kept as a list of short sorted arrays (chunks) under one comparator. Putting an
 * item anywhere finds its chunk and its place in it by binary search and moves at most one chunk's
 * items, so a write costs about the same at 100k items as at 1k; one flat array moved half the set
 * per write into its middle (an OData order by key after any read of the whole set).
 * Iteration walks the chunks in order. Readers use it synchronously, never across a write.
 * Not a library tree: it is cut from an already sorted array in O(n) (js-sdsl's ordered set, measured
 * for counted-tree.ts, inserts one entry at a time) and a page is plain array slices.
 */
const CHUNK = 512;

export class SortedChunks<T> implements Iterable<T> {
  private chunks: T[][];

  /** `sorted` must already be in `cmp` order; it is cut into chunks, not copied item by item. */
  constructor(
    private readonly cmp: (a: T, b: T) => number,
    sorted: readonly T[] = [],
    /** Items a chunk holds after a split (it splits at twice that). */
    private readonly chunk = CHUNK,
  ) {
    this.chunks = [];
    for (let i = 0; i < sorted.length; i += chunk) this.chunks.push(sorted.slice(i, i + chunk));
  }

  get length(): number {
    let n = 0;
    for (const c of this.chunks) n += c.length;
    return n;
  }

  /** The chunk `item` belongs in: the first whose last item is not before it (or the last chunk). */
  private chunkOf(item: T): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.chunks[mid] as T[];
      if (this.cmp(c[c.length - 1] as T, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first place in `chunk` not before `item`. */
  private placeIn(chunk: readonly T[], item: T): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(chunk[mid] as T, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Put `item` before the first item not before it. */
  insert(item: T): void {
    if (!this.chunks.length) {
      this.chunks.push([item]);
      return;
    }
    const ci = this.chunkOf(item);
    const chunk = this.chunks[ci] as T[];
    chunk.splice(this.placeIn(chunk, item), 0, item);
    if (chunk.length >= 2 * this.chunk) this.chunks.splice(ci + 1, 0, chunk.splice(this.chunk));
  }

  /**
   * Remove the item equal to `probe` under the comparator for which `same` holds; false when none
   * is. Items equal under the comparator but not `same` are searched past (a run of ties).
   */
  remove(probe: T, same: (item: T) => boolean): boolean {
    for (let ci = this.chunks.length ? this.chunkOf(probe) : 0; ci < this.chunks.length; ci++) {
      const chunk = this.chunks[ci] as T[];
      for (let i = this.placeIn(chunk, probe); i < chunk.length; i++) {
        const item = chunk[i] as T;
        if (this.cmp(item, probe) !== 0) return false;
        if (!same(item)) continue;
        chunk.splice(i, 1);
        if (!chunk.length) this.chunks.splice(ci, 1);
        return true;
      }
    }
    return false;
  }

  /** Remove the first item for which `same` holds, by a walk (an item whose sort key changed in place). */
  removeWhere(same: (item: T) => boolean): boolean {
    for (let ci = 0; ci < this.chunks.length; ci++) {
      const chunk = this.chunks[ci] as T[];
      const i = chunk.findIndex(same);
      if (i < 0) continue;
      chunk.splice(i, 1);
      if (!chunk.length) this.chunks.splice(ci, 1);
      return true;
    }
    return false;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const c of this.chunks) yield* c;
  }
}
