/**
 * Per-user throttling of the real-limits profile (Priority's documented request limits): at most
 * 100 calls within a minute of the environment's clock, at most 10 running at once and 5 waiting for
 * a free place; anything beyond answers 429 at once. Counts live in memory (a worker that stops
 * forgets them, as a restarted gateway would) and never schedule work: a waiting call resumes when a
 * running one ends.
 */
import { REAL_LIMITS } from '../core/limits-profile.ts';

export type Admission = { ok: true; release: () => void } | { ok: false; why: 'rate' | 'concurrency'; retryAfter: number; running: number; waiting: number };

interface UserState {
  /** Environment-clock times (ms) of the calls admitted in the last minute, oldest first. */
  calls: number[];
  running: number;
  waiting: (() => void)[];
}

const MINUTE = 60_000;

export class Throttle {
  private readonly users = new Map<string, UserState>();

  private state(key: string): UserState {
    let s = this.users.get(key);
    if (!s) this.users.set(key, (s = { calls: [], running: 0, waiting: [] }));
    return s;
  }

  /** Admit one call of `user` in environment `env` at environment time `now` (ms); waits while 10 run. */
  async admit(env: string, user: string, now: number): Promise<Admission> {
    const key = `${env}\u0000${user}`;
    const s = this.state(key);
    while (s.calls.length && (s.calls[0] as number) <= now - MINUTE) s.calls.shift();
    // A clock moved back: calls "after" now do not count against it.
    s.calls = s.calls.filter((t) => t <= now);
    if (s.calls.length >= REAL_LIMITS.callsPerMinute) {
      const retryAfter = Math.max(1, Math.ceil(((s.calls[0] as number) + MINUTE - now) / 1000));
      return { ok: false, why: 'rate', retryAfter, running: s.running, waiting: s.waiting.length };
    }
    if (s.running >= REAL_LIMITS.running && s.waiting.length >= REAL_LIMITS.waiting) {
      return { ok: false, why: 'concurrency', retryAfter: 1, running: s.running, waiting: s.waiting.length };
    }
    s.calls.push(now);
    if (s.running >= REAL_LIMITS.running) await new Promise<void>((resume) => s.waiting.push(resume));
    s.running++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        s.running--;
        s.waiting.shift()?.();
        if (!s.running && !s.waiting.length && !s.calls.length) this.users.delete(key);
      },
    };
  }

  /** Forget an environment's counts (deleted, or its profile set back to spec). */
  forget(env: string): void {
    for (const key of [...this.users.keys()]) if (key.startsWith(`${env}\u0000`)) this.users.delete(key);
  }
}
