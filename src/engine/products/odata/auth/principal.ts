/**
 * The authenticated identity of a request. Kept beside the EnvContext object of the request (one
 * per request; a $batch inner request gets its own EnvContext carrying the caller's identity).
 */
import type { Context } from 'hono';
import type { EnvContext, ProductBindings } from '../../../core/types.ts';

export interface Principal {
  /** Login name: the API username, or the owner of a personal access token. */
  login: string;
  via: 'api-user' | 'pat';
  credentialId: string;
}

const principals = new WeakMap<EnvContext, Principal>();

export function setPrincipal(env: EnvContext, p: Principal): void {
  principals.set(env, p);
}

export function principalOfEnv(env: EnvContext): Principal | undefined {
  return principals.get(env);
}

/** The identity of an authenticated request (OWNERLOGIN on writes, GetLoginName). */
export function principalOf(c: Context<ProductBindings>): Principal {
  const p = principals.get(c.env);
  if (!p) throw new Error('principalOf called on an unauthenticated request');
  return p;
}
