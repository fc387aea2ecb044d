/**
 * The order of checks before any resource handler (spec 001 § Authentication 3-4, § Errors):
 * hosting refusals (unregistered method 501, TRACE 405), then paths outside /odata (bare 404,
 * unauthenticated), then authentication over the whole /odata prefix (empty 401), and only then
 * routing, the $batch method check, write permission and body validation.
 */
import type { MiddlewareHandler } from 'hono';
import { empty } from '../../../core/http.ts';
import type { ProductBindings } from '../../../core/types.ts';
import { DEPLOYMENT_ID } from '../config.ts';
import { isODataPath } from '../query/path.ts';
import { authenticate, unauthorized } from './basic.ts';
import { principalOfEnv, setPrincipal } from './principal.ts';

/** Methods the emulated service registers (spec 001 § $batch 3 lists the same set). */
export const REGISTERED_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** x-deployment-id on a 2xx answer (spec 001 § Versioning 2); other answers pass unchanged. */
export function withDeploymentId(res: Response): Response {
  if (res.status < 200 || res.status >= 300) return res;
  try {
    res.headers.set('x-deployment-id', DEPLOYMENT_ID);
    return res;
  } catch {
    // Responses with immutable headers (e.g. from fetch) are copied.
    const headers = new Headers(res.headers);
    headers.set('x-deployment-id', DEPLOYMENT_ID);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/** Outermost middleware: every 2xx of the router carries x-deployment-id. */
export const deploymentHeader: MiddlewareHandler<ProductBindings> = async (c, next) => {
  await next();
  const res = withDeploymentId(c.res);
  if (res !== c.res) c.res = res; // assigning c.res copies the response; only when it was replaced
};

/** The hosting runtime refuses methods the service does not register, before the application. */
export const hostingGate: MiddlewareHandler<ProductBindings> = async (c, next) => {
  const method = c.req.method.toUpperCase();
  if (method === 'TRACE') return empty(405);
  if (!(REGISTERED_METHODS as readonly string[]).includes(method)) return empty(501);
  await next();
};

/** Bare 404 outside /odata; authentication inside it. A $batch inner request keeps the caller's identity. */
export const authGate: MiddlewareHandler<ProductBindings> = async (c, next) => {
  if (!isODataPath(c.env.path)) return empty(404);
  if (!principalOfEnv(c.env)) {
    const principal = await authenticate(c.env, c.req.header('authorization') ?? null);
    if (!principal) return unauthorized();
    setPrincipal(c.env, principal);
  }
  await next();
};
