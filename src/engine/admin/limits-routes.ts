/**
 * The real-limits profile of an OData environment (a convention of the emulated product beyond spec 001):
 *   GET /environments/<key>/limits  -> {"profile": "spec" | "real-product", "limits": {...} | null}
 *   PUT /environments/<key>/limits  {"profile": "spec" | "real-product"} -> the same
 * Stored as a record of the environment (kind sim.limits): a restart, a reset and a snapshot keep it.
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import { LIMITS_ID, LIMITS_KIND, LIMITS_PROFILES, limitsProfile, REAL_LIMITS, type LimitsProfile } from '../core/limits-profile.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Throttle } from '../limits/throttle.ts';
import type { SimStore } from '../storage/store.ts';

export interface LimitsRouteDeps {
  store: SimStore;
  throttle?: Throttle;
}

const USAGE = 'Send {"profile": "spec"} (the spec\'s limits, the default) or {"profile": "real-product"} (100 calls a minute per user, 10 running and 5 waiting, 2000 rows without $top).';
const bad = (message: string) => json({ error: message }, 400);
const view = (profile: LimitsProfile) => ({ profile, limits: profile === 'real-product' ? { ...REAL_LIMITS } : null });

export function registerLimitsRoutes(app: Hono, deps: LimitsRouteDeps): void {
  const { store } = deps;
  app.get('/environments/:key/limits', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    return c.json(view(limitsProfile(await store.partial(key))));
  });
  app.put('/environments/:key/limits', async (c) => {
    const key = c.req.param('key');
    const env = store.env(key);
    if (!env) return unknownEnvironment(key);
    if (env.product !== 'odata') return bad('The real-limits profile belongs to the OData product (its throttling and row cap); this environment runs another product.');
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return bad(USAGE);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return bad(USAGE);
    const { profile, ...rest } = body as Record<string, unknown>;
    if (Object.keys(rest).length || !(LIMITS_PROFILES as readonly unknown[]).includes(profile)) return bad(USAGE);
    await store.write(key, (tx) => (profile === 'spec' ? tx.delete(LIMITS_KIND, LIMITS_ID) : tx.put(LIMITS_KIND, LIMITS_ID, { id: LIMITS_ID, profile })), { kinds: [LIMITS_KIND] });
    deps.throttle?.forget(key);
    return c.json(view(profile as LimitsProfile));
  });
}
