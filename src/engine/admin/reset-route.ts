/**
 * `POST /environments/<key>/reset` with `{"scope": "all" | "data"}` (default "all"):
 *   - "all", the clean slate a test starts from: the seeded book, the clock back where the environment
 *     started (host time, or the fixed instant it was created with, frozen or not), no fault rules, an
 *     empty journal (and so no lesson progress), no drills. Credentials and issued tokens are kept.
 *   - "data", the playground's Reset button: the seeded book only; clock, rules, journal and drills stay.
 * Data, clock, rules and drills change in one transaction; the journal is cleared after it.
 */
import type { Context } from 'hono';
import type { Hono } from 'hono/tiny';
import { clockAtStart, envNow } from '../core/clock.ts';
import { json } from '../core/http.ts';
import { seededRng, seedFrom } from '../core/random.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Environment, HostClock, Product, ProductId } from '../core/types.ts';
import { DRILL_KIND } from '../drills/types.ts';
import type { DrillRunner } from '../drills/runner.ts';
import type { FaultInjector } from '../faults/injector.ts';
import { FAULT_KIND } from '../faults/types.ts';
import type { Journal } from '../journal/journal.ts';
import type { SimStore } from '../storage/store.ts';

export const RESET_SCOPES = ['all', 'data'] as const;
export type ResetScope = (typeof RESET_SCOPES)[number];

/** Same product, same generator: the seeded book is deterministic for a given clock. */
export const bookRng = (p: Product) => seededRng(seedFrom(`${p.id}-book-v1`));

export interface ResetDeps {
  store: SimStore;
  products: Map<ProductId, Product>;
  clock: HostClock;
  journal: Journal | undefined;
  faults: FaultInjector;
  drills: DrillRunner;
}

const bad = (message: string) => json({ error: message }, 400);

async function scopeOf(req: Request): Promise<ResetScope | { error: string }> {
  const text = await req.text().catch(() => '');
  if (text.trim() === '') return 'all';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'The request body is not valid JSON. Send {"scope": "all"} or {"scope": "data"}.' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { error: 'Send {"scope": "all"} or {"scope": "data"}.' };
  const { scope = 'all', ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) return { error: `Unknown field "${Object.keys(rest)[0]}". Send {"scope": "all"} or {"scope": "data"}.` };
  if (!RESET_SCOPES.includes(scope as ResetScope)) return { error: '"scope" must be "all" (data, clock, fault rules, journal, drills and lesson progress back to the start; credentials kept) or "data" (the seeded book only).' };
  return scope as ResetScope;
}

/** Reset an environment; answers the environment row as it is after. */
export async function resetEnvironment(deps: ResetDeps, env: Environment, scope: ResetScope): Promise<Environment> {
  const { store, clock } = deps;
  const product = deps.products.get(env.product) as Product;
  const all = scope === 'all';
  const started = (e: Environment): Environment => (all ? { ...e, ...clockAtStart(clock, e) } : e);
  await store.write(
    env.key,
    (tx) => {
      if (all) for (const kind of [FAULT_KIND, DRILL_KIND]) for (const row of tx.list(kind)) tx.delete(kind, row['id'] as string);
      return product.seed({ tx, rng: bookRng(product), now: envNow(clock, started(store.env(env.key) ?? env)), env });
    },
    { reset: true, ...(all ? { env: started } : {}) },
  );
  if (all) {
    deps.faults.forget(env.key);
    deps.drills.forget(env.key);
    await deps.journal?.clear(env.key);
  }
  return store.env(env.key) ?? env;
}

export function registerResetRoute(app: Hono, deps: ResetDeps, detail: (c: Context, env: Environment) => Promise<object>): void {
  app.post('/environments/:key/reset', async (c) => {
    const env = deps.store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    const scope = await scopeOf(c.req.raw);
    if (typeof scope !== 'string') return bad(scope.error);
    const after = await resetEnvironment(deps, env, scope);
    return c.json({ ...(await detail(c, after)), scope });
  });
}
