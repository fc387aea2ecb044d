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

/** Kinds owned by the simulator itself (credentials, tokens); a reset keeps them. */
export const SIM_KIND_PREFIX = 'sim.';
