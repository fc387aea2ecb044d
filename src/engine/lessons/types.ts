/**
 * Lessons as data (issue 12 § 5): guided exercises whose steps are checked from the request journal.
 * A step's goal is a pattern over journal entries; steps complete in order, each by an entry newer
 * than the one that completed the step before. A new lesson is a new object in lessons.ts, no code.
 */
import type { JournalService } from '../journal/types.ts';

/** What one journal entry must look like. Every given field must hold. */
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
  /** Regular expression over the kind of the resilience-drill step that decided the answer (issue 23). */
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

export type StepGoal =
  /** `count` entries (default 1) match the pattern. */
  | { kind: 'seen'; pattern: EntryPattern; count?: number }
  /**
   * Pages of a collection (GET `path`, status 200, no q or finder) whose offset/limit windows together
   * cover every row of `resource` in the environment. The page that completed the step before counts.
   */
  | { kind: 'covers'; path: string; resource: string };

export interface LessonStep {
  id: string;
  /** What to do, in one line. */
  title: string;
  /** How: where in the playground, which ready request, what to look at. */
  how: string;
  goal: StepGoal;
}

export interface Lesson {
  id: string;
  product: 'receivables' | 'odata';
  title: string;
  /** What the trainee learns. */
  summary: string;
  /** A scenario that sets the stage (snapshots/scenarios.ts), when one helps. */
  scenario?: string;
  steps: LessonStep[];
}

/** Progress of one step as the checker found it in the journal. */
export interface StepProgress {
  id: string;
  done: boolean;
  /** The entry that completed the step. */
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
}
