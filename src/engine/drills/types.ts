/**
 * Resilience drills (issue 23): a planned sequence of documented failures injected into a client's
 * own traffic, each judged from what the client did next. A drill is a row of the environment
 * (kind `sim.drill`, kept by a reset, never exported in a snapshot), so it survives a worker
 * restart; its windows run on the host clock and are judged lazily, on the next request or read.
 */
import type { ProductId, Row } from '../core/types.ts';

export const DRILL_KIND = 'sim.drill';

/**
 * Every step a plan may name. The last, `throttled`, is optional: never in the standard plan, and only
 * for an OData environment under the real-limits profile (core/limits-profile.ts), whose throttling
 * answer it gives.
 */
export const STEP_KINDS = ['token-expired', 'rate-limited', 'unavailable', 'server-error-after-write', 'connection-dropped-before-write', 'slow-answer', 'throttled'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
/** The step that needs the real-limits profile. */
export const PROFILE_STEP: StepKind = 'throttled';
/** Every step once, in order, but the optional `throttled`. */
export const STANDARD_PLAN: readonly StepKind[] = STEP_KINDS.filter((k) => k !== PROFILE_STEP);

export type Verdict = 'pass' | 'fail' | 'pending' | 'not exercised' | 'info';

/**
 * Where a step stands: `queued` behind an earlier step, `armed` (waits for the first request that
 * fits it), `watching` (injected; waits for what the client does), `done` (judged).
 */
export type Phase = 'queued' | 'armed' | 'watching' | 'done';

/** How long an armed step waits for a fitting request before it is `not exercised` (host clock). */
export const ARM_WINDOW_MS = 60_000;
/** Steps in one plan; drills kept per environment (the oldest finished ones go first). */
export const MAX_STEPS = 12;
export const MAX_KEPT = 20;
/** The slow answer's delay and the Retry-After of the 429, in their units. */
export const SLOW_MS = 8_000;
export const RETRY_AFTER_S = 2;
/** The least back-off before retrying a 503 that passes. */
export const MIN_BACKOFF_MS = 200;

/** What makes two requests "the same request": method, path with query, and the body's digest. */
export interface RequestKey {
  method: string;
  /** Relative to the environment base, query included. */
  target: string;
  /** Digest of the body (JSON compared by value); absent without a body. */
  body?: string;
}

/** What a step watches for after its injection (the fields its kind uses). */
export interface Watch {
  /** token-expired (bearer): digest of the token that was expired. */
  tokenHash?: string;
  /** When a new token was fetched after the 401. */
  newTokenAtMs?: number;
  /** Repeats still refused (the old token, a wrong credential), or retries of a create refused. */
  refused?: number;
  /**
   * server-error-after-write: the committed record (its Location), to tell an upsert from a duplicate;
   * connection-dropped-before-write: the record the create sent again made.
   */
  created?: string;
  /**
   * connection-dropped-before-write: when the create sent again made the record. The step watches
   * on until its window ends, for a second record (the issue: exactly once within 60 s).
   */
  resentAtMs?: number;
  /** Reads under this path count as "read before retrying". */
  collection?: string;
  /** slow-answer: the client stopped waiting (its connection closed) this long after the injection. */
  abortedAfterMs?: number;
  /** slow-answer: when the same request came again before the slow one ended (judged when it ends). */
  retriedAtMs?: number;
  /** throttled: the user the 429 was for (the Basic user name: the profile throttles per user). */
  user?: string;
}

export interface StepState {
  n: number;
  kind: StepKind;
  phase: Phase;
  armedAtMs?: number;
  injectedAtMs?: number;
  judgedAtMs?: number;
  /** The request the step was injected into. */
  request?: RequestKey & { label: string };
  verdict: Verdict;
  /** Set when judged: what the client did and what a good client does. */
  explanation?: string;
  /** Journal entry ids behind the verdict (the injected answer first). */
  evidence: number[];
  watch: Watch;
}

export interface DrillRow extends Row {
  id: string;
  plan: 'standard' | 'custom';
  product: ProductId;
  status: 'running' | 'finished';
  startedAtMs: number;
  finishedAtMs?: number;
  /** Stopped through DELETE before every step was judged. */
  stopped?: boolean;
  steps: StepState[];
}

/** A step as the control API shows it (GET …/drills/<id>). */
export interface DrillStepReport {
  n: number;
  kind: StepKind;
  title: string;
  appliesTo: string;
  expect: string;
  /** Where the step stands now (the UI shows what it waits for). */
  phase: Phase;
  /** Environment clock, ISO; null until injected. */
  injectedAt: string | null;
  /** `METHOD path` of the request it was injected into. */
  request: string | null;
  /** Environment clock, ISO; null until judged. */
  judgedAt: string | null;
  verdict: Verdict;
  /** The spec rule (or the HTTP rule where the spec is silent) a good client follows. */
  rule: string;
  explanation: string;
  /** The error catalog entry of the answer the client got. */
  catalog: { code: string; title: string; href: string } | null;
  evidence: number[];
  /** Environment clock, ISO: when an armed or watching step is judged at the latest. */
  deadline: string | null;
}

export interface DrillScore {
  passed: number;
  failed: number;
  notExercised: number;
}

export interface DrillReport {
  id: string;
  plan: 'standard' | 'custom';
  product: ProductId;
  status: 'running' | 'finished';
  stopped: boolean;
  startedAt: string;
  finishedAt: string | null;
  /** The environment clock when this report was read (a view counts down to a deadline from it). */
  now: string;
  steps: DrillStepReport[];
  score: DrillScore;
}
