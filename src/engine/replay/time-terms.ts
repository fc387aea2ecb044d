/**
 * How long an answer holds as far as time goes (issue 42's replay lane). An answer made on a read of
 * the environment clock holds only while what was decided on it holds: a bearer token until it
 * expires, a computed "days overdue" until the next day, an AutoMatch not due until its due time.
 * Each place that reads `now()` for such a decision says so right after with `holdsUntil`; a read
 * that says nothing (a throttle counting calls per minute, say) makes the answer one not to keep.
 */
import type { EnvContext } from '../core/types.ts';

export class TimeTerms {
  private reads = 0;
  private bounds = 0;
  /** The environment time (ms) from which the answer may differ. */
  until = Infinity;

  /** `ctx` with its clock reads counted and their terms taken. */
  watch(ctx: EnvContext): EnvContext {
    return {
      ...ctx,
      now: () => {
        this.reads++;
        return ctx.now();
      },
      holdsUntil: (ms: number) => {
        this.bounds++;
        this.until = Math.min(this.until, ms);
      },
    };
  }

  /** Whether every clock read came with its term. */
  get bounded(): boolean {
    return this.reads === this.bounds;
  }
}
