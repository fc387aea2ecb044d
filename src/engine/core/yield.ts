/**
 * Long work gives the event loop back (issue 19 § 2): a shared host answers every environment from
 * one thread, so generate, AutoMatch, import and reset run in slices of a few milliseconds and let
 * other requests through between them. Only a request in progress waits here (a zero-delay timer,
 * which every host has); nothing is scheduled for later, so a service worker may still stop when idle.
 */

/** Milliseconds of work between two yields: short enough that another request waits little. */
export const SLICE_MS = 12;

/** Let other requests (and I/O) run before this one goes on. */
export function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const now = () => performance.now();

/**
 * A budget of work between yields: `breathe()` is cheap to call often (once per document) and
 * yields only when the slice is used up.
 */
export class TimeSlicer {
  private started = now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** True when the current slice is used up. */
  due(): boolean {
    return now() - this.started >= this.sliceMs;
  }

  async breathe(): Promise<void> {
    if (!this.due()) return;
    await yieldToHost();
    this.started = now();
  }

  /** Yield now, whatever is left of the slice (between two commits). */
  async pause(): Promise<void> {
    await yieldToHost();
    this.started = now();
  }
}

/** Each item of `items` through `fn`, yielding between slices; for loops over many rows. */
export async function eachSliced<T>(items: Iterable<T>, fn: (item: T) => void, slicer = new TimeSlicer()): Promise<void> {
  let n = 0;
  for (const item of items) {
    fn(item);
    // performance.now() every row would cost more than the rows: look at the clock every 64.
    if ((++n & 63) === 0) await slicer.breathe();
  }
}
