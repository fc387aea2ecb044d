/**
 * The first `k` of the positions 0..n-1 in an order given by `after(a, b)` (a sorts after b; ties
 * must be decided, by position if by nothing else), found in one pass that keeps the best `k` in a
 * max-heap, without sorting the n. `fromEnd` scans from the last position: a book listed oldest
 * first and read newest first then fills the heap with its answer and costs one comparison a row.
 */
export function topPositions(n: number, k: number, after: (a: number, b: number) => boolean, fromEnd: boolean): number[] {
  /** The kept position that sorts last is at 0. */
  const heap: number[] = [];
  for (let step = 0; step < n && k > 0; step++) {
    const p = fromEnd ? n - 1 - step : step;
    if (heap.length < k) {
      heap.push(p);
      for (let at = heap.length - 1; at > 0; ) {
        const up = (at - 1) >> 1;
        if (!after(heap[at] as number, heap[up] as number)) break;
        [heap[at], heap[up]] = [heap[up] as number, heap[at] as number];
        at = up;
      }
      continue;
    }
    if (!after(heap[0] as number, p)) continue;
    heap[0] = p;
    for (let at = 0; ; ) {
      const l = 2 * at + 1;
      let top = at;
      if (l < heap.length && after(heap[l] as number, heap[top] as number)) top = l;
      if (l + 1 < heap.length && after(heap[l + 1] as number, heap[top] as number)) top = l + 1;
      if (top === at) break;
      [heap[at], heap[top]] = [heap[top] as number, heap[at] as number];
      at = top;
    }
  }
  return heap.sort((a, b) => (after(a, b) ? 1 : after(b, a) ? -1 : 0));
}
