/**
 * Requests a host is answering now, per environment: a handover (cluster.ts) waits for them, so a
 * request already answered from this host's memory is not cut off by the move.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();
  private readonly waiting = new Map<string, () => void>();

  /** Count a request of `env` until the returned function is called (once; more calls do nothing). */
  begin(env: string): () => void {
    this.counts.set(env, (this.counts.get(env) ?? 0) + 1);
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      const left = (this.counts.get(env) ?? 1) - 1;
      if (left > 0) return void this.counts.set(env, left);
      this.counts.delete(env);
      this.waiting.get(env)?.();
    };
  }

  /** Whether every request of `env` counted now was answered within `ms`. */
  async drained(env: string, ms: number): Promise<boolean> {
    if (!this.counts.get(env)) return true;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      new Promise<boolean>((resolve) => this.waiting.set(env, () => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
    clearTimeout(timer);
    this.waiting.delete(env);
    return done;
  }
}
