/**
 * Bearer authentication for everything under /fscmRestApi and /crmRestApi (spec 000 § Authentication
 * 1 and 3): a missing, unknown, expired or revoked token, or one issued by another environment,
 * answers 401 REST-01401. The authenticated client (with its privileges, read live from the
 * credential) is available to handlers through authOf(c).
 */
import type { Context, Next } from 'hono';
import type { ProductApp, ProductBindings } from '../../../core/types.ts';
import { REST_CODES, RestError } from '../rest/errors.ts';
import type { RestContext } from '../rest/types.ts';
import { checkToken } from './tokens.ts';

export interface AuthInfo {
  credentialId: string;
  clientId: string;
  privileges: readonly string[];
  scope: string;
}

const authByRequest = new WeakMap<Request, AuthInfo>();

/** The authenticated client of a REST request (undefined outside the bearer-protected roots). */
export function authOf(c: RestContext): AuthInfo | undefined {
  return authByRequest.get(c.req.raw);
}

/** Throw 403 FND_SECURITY_INSUFFICIENT_PRIVILEGE unless the client holds `privilege` (spec 000 § Authentication 5). */
export function requirePrivilege(c: RestContext, privilege: string): void {
  const auth = authOf(c);
  if (!auth || !auth.privileges.includes(privilege)) {
    throw new RestError(403, 'FND_SECURITY_INSUFFICIENT_PRIVILEGE', `The client does not have the privilege ${privilege} required for this operation.`, {
      path: privilege,
    });
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? (m[1] as string) : null;
}

const unauthenticated = (detail: string) =>
  new RestError(401, REST_CODES.UNAUTHENTICATED, detail, {
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  });

export async function bearerAuth(c: Context<ProductBindings>, next: Next): Promise<void> {
  const presented = bearerToken(c.req.header('authorization'));
  const check = await checkToken(c.env.data, (id) => c.env.credentials.byId(id), presented, c.env.now());
  if (!check.ok) {
    const detail =
      check.reason === 'missing'
        ? 'A bearer access token is required (Authorization: Bearer <token>).'
        : 'The access token is invalid or has expired.';
    throw unauthenticated(detail);
  }
  c.env.holdsUntil?.(check.token.expiresAtMs);
  authByRequest.set(c.req.raw, {
    credentialId: check.credential.id,
    clientId: check.credential.name,
    privileges: check.credential.privileges,
    scope: check.token.scope,
  });
  await next();
}

/** Protect both REST roots. */
export function registerBearerAuth(app: ProductApp): void {
  app.use('/fscmRestApi/*', bearerAuth);
  app.use('/crmRestApi/*', bearerAuth);
}
