/**
 * The console's "send N times": one request sent again and again, one call after the other (never
 * two at once, never on a timer: a throttle counts calls on the environment's clock), with a tally of
 * the statuses, cancellable between calls, and, when a status was expected, why it did not come.
 */

/** At most this many calls in one repeat: a throttle needs 101; more only fills the journal. */
export const MAX_REPEAT = 1000;

/** Statuses in the order they first came, each with how many times. */
export type Tally = [status: number, count: number][];

/** What the console shows of a repeat: its progress while it runs, its tally and why once it ends. */
export interface RepeatView {
  sent: number;
  times: number;
  tally: Tally;
  done: boolean;
  /** The status a reproduction repeats for: the repeat stops at it. */
  expected?: number;
  cancelled?: boolean;
  /** Ended early at `expected` (or at the first error when asked). */
  stopped?: boolean;
  /** The last answer's Retry-After, when it had one. */
  retryAfter?: string;
  why?: string;
}

export interface RepeatOutcome<T> {
  /** The last answer (undefined when the first call failed or was cancelled before it). */
  last?: T;
  sent: number;
  tally: Tally;
  /** Cancelled by the user before all calls were sent. */
  cancelled: boolean;
  /** Stopped early because an answer met `stop`. */
  stopped: boolean;
}

export interface RepeatOptions<T> {
  signal?: AbortSignal;
  /** Stop after the first answer this returns true for (the expected status of a reproduction). */
  stop?: (answer: T) => boolean;
  /** After each answer: the console shows the progress. */
  progress?: (sent: number, tally: Tally, answer: T) => void;
}

/** The count a user typed, kept between 1 and MAX_REPEAT (a non-number is 1). */
export function repeatCount(value: unknown): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_REPEAT, Math.max(1, n)) : 1;
}

export function addToTally(tally: Tally, status: number): Tally {
  const next: Tally = tally.map(([s, c]) => [s, c]);
  const row = next.find(([s]) => s === status);
  if (row) row[1]++;
  else next.push([status, 1]);
  return next;
}

/** "100 × 200, 1 × 429". */
export function tallyText(tally: Tally): string {
  return tally.map(([s, c]) => `${c} × ${s}`).join(', ');
}

/** Send `times` calls one after the other; a call that throws ends the repeat with its error. */
export async function repeatSend<T extends { status: number }>(times: number, once: () => Promise<T>, opts: RepeatOptions<T> = {}): Promise<RepeatOutcome<T>> {
  let tally: Tally = [];
  let last: T | undefined;
  let sent = 0;
  while (sent < times) {
    if (opts.signal?.aborted) return { last, sent, tally, cancelled: true, stopped: false };
    last = await once();
    sent++;
    tally = addToTally(tally, last.status);
    opts.progress?.(sent, tally, last);
    if (opts.stop?.(last)) return { last, sent, tally, cancelled: false, stopped: sent < times };
  }
  return { last, sent, tally, cancelled: false, stopped: false };
}

export interface MissedFacts {
  expected: number;
  times: number;
  sent: number;
  tally: Tally;
  cancelled: boolean;
  /** The environment's limits profile after the calls, when the expected answer needs one. */
  profile?: 'spec' | 'real-product';
  needsProfile?: 'real-product';
  /** How far the environment's clock moved during the calls (ms), when known. */
  clockMovedMs?: number;
}

/** Why a repeat did not end with the status it was meant to get (a sentence or two for the console). */
export function whyMissed(f: MissedFacts): string {
  const got = f.tally.length ? ` The answers: ${tallyText(f.tally)}.` : '';
  if (f.cancelled) return `No ${f.expected} yet: cancelled after ${f.sent} of ${f.times} calls.${got}`;
  if (f.needsProfile && f.profile !== f.needsProfile) {
    return `No ${f.expected}: the environment is under the spec profile, which never throttles.${got} Switch its real-limits profile on (beside the request, or on the Environments page) and send again.`;
  }
  if (f.needsProfile && f.clockMovedMs !== undefined && f.clockMovedMs >= 60_000) {
    return `No ${f.expected}: the environment's clock moved ${Math.round(f.clockMovedMs / 1000)} s during the ${f.sent} calls, so the oldest fell out of the minute the throttle counts.${got} Freeze or stop moving the clock, then send again.`;
  }
  if (f.needsProfile) {
    return `No ${f.expected} after ${f.sent} calls.${got} The throttle counts each user's calls within a minute of the environment's clock: calls made with another user, or over more than a minute of that clock, count apart, and a restarted service worker or host starts counting again. Send again.`;
  }
  return `No ${f.expected} after ${f.sent} calls.${got}`;
}
