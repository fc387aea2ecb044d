/**
 * The real-limits profile around an OData request: the caller (the Basic user name, or the personal
 * access token standing for one) is throttled as the emulated product documents; a refused call
 * answers 429 with Retry-After in the product's error envelope and never reaches the product.
 */
import { json } from '../core/http.ts';
import { limitsProfile, REAL_LIMITS } from '../core/limits-profile.ts';
import type { EnvContext, Environment } from '../core/types.ts';
import type { Throttle } from './throttle.ts';

/** The user a Basic credential names ('' when there is none: the product refuses it as such). */
export function basicUser(authorization: string | null): string {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!m) return '';
  try {
    const text = atob(m[1] as string);
    const colon = text.indexOf(':');
    return colon < 0 ? '' : text.slice(0, colon);
  } catch {
    return '';
  }
}

/** 429 in the OData error envelope, the wait in Retry-After (seconds). */
export function throttledAnswer(why: 'rate' | 'concurrency', retryAfter: number, running: number, waiting: number): Response {
  const message =
    why === 'rate'
      ? `Too many requests: this user made ${REAL_LIMITS.callsPerMinute} calls within the last minute (the limit per user). Retry after ${retryAfter} seconds.`
      : `Too many requests: this user has ${running} requests running and ${waiting} waiting (at most ${REAL_LIMITS.running} run and ${REAL_LIMITS.waiting} wait). Retry when one has finished.`;
  return json({ error: { code: '429', message, target: null, details: [], innererror: null } }, 429, { 'retry-after': String(retryAfter) });
}

/** `run` as the environment's profile lets it run: unchanged under `spec` and for other products. */
export function limitedRun(throttle: Throttle, env: Environment, ctx: EnvContext, authorization: string | null, run: () => Promise<Response>): () => Promise<Response> {
  if (env.product !== 'odata' || limitsProfile(ctx.data) !== 'real-product') return run;
  const user = basicUser(authorization);
  if (!user) return run;
  return async () => {
    const admitted = await throttle.admit(env.key, user, ctx.now().getTime());
    if (!admitted.ok) return throttledAnswer(admitted.why, admitted.retryAfter, admitted.running, admitted.waiting);
    try {
      return await run();
    } finally {
      admitted.release();
    }
  };
}
