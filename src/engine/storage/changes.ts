import type { Environment, Row } from '../core/types.ts';

/** One committed change set: what a host may journal (the Node host's --state file) and replay. */
export type Change =
  | { op: 'env-put'; env: Environment }
  | { op: 'env-delete'; key: string }
  | {
      op: 'records';
      env: string;
      /** Delete every record of the environment whose kind does not start with `sim.` first (reset). */
      clearData?: boolean;
      puts: { kind: string; id: string; data: Row }[];
      deletes: { kind: string; id: string }[];
      /** The environment row as it stands after the change (its id sequence moved). */
      envRow?: Environment;
    };

/**
 * A trainer's lesson kept by the host (issue 40 § 2): the text as posted, so it reads back byte for
 * byte. Host-wide, not an environment's: kept beside the environments, outside their records.
 */
export interface StoredLesson {
  id: string;
  text: string;
}

export type LessonChange = { op: 'lesson-put'; id: string; text: string } | { op: 'lesson-delete'; id: string };

/** Kinds owned by the simulator itself (credentials, tokens); a reset keeps them. */
export const SIM_KIND_PREFIX = 'sim.';
