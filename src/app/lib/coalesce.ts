/**
 * One pending run of a refresh, fed by the worker's change notices. A write is followed `delay` ms
 * later (a burst of writes, such as a $batch, gives one run). While the environment is being bulk
 * written (a generate commits a slice every few hundred ms) the pending run is kept instead of pushed
 * back, and runs are at least `busyGap` ms apart: views follow along about once a second instead of
 * reloading after every slice, and their reads do not compete with the generate for the worker.
 */
export class Coalesced {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = -Infinity;

  constructor(
    private readonly run: () => void,
    private readonly delay = 100,
    private readonly busyGap = 1000,
  ) {}

  poke(busy: boolean): void {
    if (!busy) return this.at(this.delay);
    if (this.timer === undefined) this.at(Math.max(this.delay, this.last + this.busyGap - performance.now()));
  }

  /** The bulk write ended: a run still waiting for its gap happens now (after `delay`). */
  hurry(): void {
    if (this.timer !== undefined) this.at(this.delay);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private at(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.last = performance.now();
      this.run();
    }, ms);
  }
}
