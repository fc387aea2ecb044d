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

/** x-deployment-id on every 2xx (spec 001 § Versioning 2). */
export const deploymentHeader: MiddlewareHandler<ProductBindings> = async (c, next) => {
  await next();
  if (c.res.status >= 200 && c.res.status < 300) {
    try {
      c.res.headers.set('x-deployment-id', DEPLOYMENT_ID);
    } catch {
      const headers = new Headers(c.res.headers);
      headers.set('x-deployment-id', DEPLOYMENT_ID);
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  }
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
