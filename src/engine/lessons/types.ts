/**
 * Lessons as files (issue 40 § 1): the one definition of a lesson, built-in or written by a
 * trainer. A lesson is JSON in this shape (lesson.schema.json says the same for editors); steps are
 * done in order, each checked from the learner's own requests in the journal: a `check` (the same
 * pattern and count as `journal/verify`) or one of the goal kinds below.
 */
import type { JournalService } from '../journal/types.ts';
import type { CountRule, RequestPattern } from '../journal/match.ts';

/** What one journal entry must look like for a `seen` goal. Every given field must hold. */
export interface EntryPattern {
  service?: JournalService;
  /** One method or several separated by `|`, e.g. `POST|PATCH`. */
  method?: string;
  /** Regular expression over the entry's path (relative to the environment base, query included). */
  path?: string;
  /** An exact status (200) or a class (`2xx`, `4xx`). */
  status?: number | string;
  /** Regular expression over the answer's error code. */
  code?: string;
  /** true: an answer decided by a fault rule or a drill step; false: a real one. */
  injected?: boolean;
  /** Regular expression over the kind of the resilience-drill step that decided the answer. */
  drill?: string;
  /** true: an operation inside a $batch; false: a request of its own. */
  inBatch?: boolean;
  /** A request header (name in lower case) whose value matches the pattern (case-insensitive). */
  requestHeader?: { name: string; pattern: string };
  /** Regular expression over the (possibly truncated) response body. */
  responseBody?: string;
  /** A $batch whose operations all answered below 400. */
  batchAllSucceeded?: boolean;
}

/** Goals beyond a request `check`: what the built-in lessons need that a request pattern cannot say. */
export type StepGoal =
  /** `count` entries (default 1) match the pattern. */
  | { kind: 'seen'; pattern: EntryPattern; count?: number }
  /**
   * Pages of a collection (GET `path`, status 200, no q or finder) whose offset/limit windows together
   * cover every row of `resource` in the environment (a state of the data). The page that completed
   * the step before counts.
   */
  | { kind: 'covers'; path: string; resource: string };

/** A step's check: `journal/verify`'s request pattern (without `since`: a step counts from the step before) and count. */
export interface StepCheck {
  request: Omit<RequestPattern, 'since'>;
  /** Default `{"atLeast": 1}`. */
  count?: CountRule;
}

export interface LessonStep {
  /** Names the step in progress answers; default `step-<n>` (1-based). */
  id?: string;
  /** What to do, in one line. */
  title: string;
  /** How (markdown): where in the playground, which ready request, what to look at. */
  instruction: string;
  /** Shown on request when the learner is stuck. */
  hint?: string;
  /** Exactly one of `check` and `goal`. */
  check?: StepCheck;
  goal?: StepGoal;
}

/** A snapshot document (GET /environments/<key>/snapshot) a lesson may carry as its scenario. */
export type EmbeddedSnapshot = Record<string, unknown>;

export interface Lesson {
  id: string;
  title: string;
  product: 'receivables' | 'odata';
  /** What the trainee learns. */
  summary?: string;
  /** A scenario that sets the stage: a scenario id (GET /scenarios) or an embedded snapshot. */
  scenario?: string | EmbeddedSnapshot;
  steps: LessonStep[];
}

/** The id progress gives a step: its own, else its place. */
export const stepId = (step: LessonStep, index: number): string => step.id ?? `step-${index + 1}`;

/** Progress of one step as the checker found it in the journal. */
export interface StepProgress {
  id: string;
  done: boolean;
  /** The entry that completed the step (absent for a check met with no request, e.g. `{"atMost": 0}`). */
  entry?: { id: number; at: string; method: string; path: string; status: number; code?: string };
}

export interface LessonProgress {
  id: string;
  product: 'receivables' | 'odata';
  title: string;
  done: boolean;
  /** Steps done, in order. */
  completed: number;
  steps: StepProgress[];
  /** A lesson a trainer wrote (stored on the host), not one of the built-in ones. */
  custom?: true;
}
