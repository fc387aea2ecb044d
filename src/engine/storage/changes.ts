import type { Environment, Row } from '../core/types.ts';

/** One committed change set: what a host may journal (the Node host's --state file) and replay. */
export type Change =
  | { op: 'env-put'; env: Environment }
  | { op: 'env-delete'; key: string }
  | {
      op: 'records';
      env: string;
      /**
       * Delete records first (a reset): `true`, every record whose kind does not start with `sim.`;
       * a list, every record of the data kinds named (a reset leaves a kind that would be seeded
       * back as it is stored alone). See `clearsKind`.
       */
      clearData?: boolean | readonly string[];
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

/** Whether a kind holds the environment's data (a reset clears it), not the simulator's own. */
export const isDataKind = (kind: string): boolean => !kind.startsWith(SIM_KIND_PREFIX);

/** Whether a records change's `clearData` deletes every record of `kind` before its puts (never a `sim.` kind). */
export function clearsKind(clearData: boolean | readonly string[] | undefined, kind: string): boolean {
  if (!clearData || !isDataKind(kind)) return false;
  return clearData === true || clearData.includes(kind);
}
