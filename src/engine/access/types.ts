/** Access control of the control API (issue 19 § 1): what a host configures, what a caller is granted. */

/** The Node host's access settings; a host without them (the service worker) trusts its callers. */
export interface AccessOptions {
  /** SHA-256 hex of the admin token. */
  adminTokenHash: string;
  /** SHA-256 hex of each class code. */
  classCodeHashes: readonly string[];
  /** Every control request needs a token, from loopback too. */
  requireToken: boolean;
  /**
   * The class codes as given, kept in memory only: the trainer's view (the admin alone) shows the join
   * link, since a code the trainer chose is never printed. Never stored with the state.
   */
  classCodes?: readonly string[];
}

/** What a control request may do, decided before any route runs. */
export type Grant =
  | { role: 'admin' }
  | { role: 'class' }
  /** The owner of one environment: its routes, and the list shows only it. */
  | { role: 'owner'; key: string };

export const ADMIN_GRANT: Grant = { role: 'admin' };

/** What the engine hands the control routes with each request (Hono bindings, `c.env`). */
export interface ControlBindings {
  grant: Grant;
}

/** The grant a control route runs under; a route called from inside the engine (a scenario's steps) runs as the admin. */
export function grantOf(env: unknown): Grant {
  return (env as Partial<ControlBindings> | undefined)?.grant ?? ADMIN_GRANT;
}
