/**
 * Control routes of resilience drills (issue 23 § Contract):
 *   GET    /environments/<key>/drills                 -> {"items": [summary...]}, newest first
 *   POST   /environments/<key>/drills {"plan": "standard" | [step kinds]}  -> 201 the drill (409: one runs;
 *          400: `throttled` outside an OData environment under the real-limits profile)
 *   GET    /environments/<key>/drills/<id>            -> the report (steps, verdicts, evidence, score)
 *   GET    /environments/<key>/drills/<id>/junit.xml  -> the report as JUnit XML
 *   DELETE /environments/<key>/drills/<id>            -> 204: a running drill stops, a finished one is removed
 * Reads judge what the clock decided since the last request (a step given up, a window run out).
 */
import type { Context } from 'hono';
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import { limitsProfile } from '../core/limits-profile.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Environment, ProductId } from '../core/types.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import { junitXml } from '../drills/junit.ts';
import { reportOf, scoreOf, type ReportWords } from '../drills/report.ts';
import { DrillConflict, type DrillRunner } from '../drills/runner.ts';
import { MAX_STEPS, PROFILE_STEP, STANDARD_PLAN, STEP_KINDS, type DrillRow, type StepKind } from '../drills/types.ts';
import type { SimStore } from '../storage/store.ts';

export interface DrillRouteDeps {
  store: SimStore;
  drills: DrillRunner;
  mount: string;
  /** The steps' words and the catalog titles come with the product's catalog. */
  catalog: CatalogSource | undefined;
}

const bad = (message: string) => json({ error: message }, 400);
const PLAN_HELP = `Send {"plan": "standard"} or {"plan": [step kinds]} with 1-${MAX_STEPS} of: ${STEP_KINDS.join(', ')} (${PROFILE_STEP} only in an OData environment under the real-limits profile).`;
const PROFILE_HELP = `The ${PROFILE_STEP} step gives the real-limits profile's throttling answer, so it needs an OData environment running that profile: PUT /sim/_admin/environments/<key>/limits {"profile": "real-product"} first.`;

/** The plan a POST asks for, or what is wrong with it. */
export function parsePlan(body: unknown): { ok: true; plan: DrillRow['plan']; kinds: StepKind[] } | { ok: false; error: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, error: `The request body must be a JSON object. ${PLAN_HELP}` };
  const extra = Object.keys(body).filter((k) => k !== 'plan');
  if (extra.length) return { ok: false, error: `Unknown field${extra.length > 1 ? 's' : ''}: ${extra.join(', ')}. ${PLAN_HELP}` };
  const plan = (body as { plan?: unknown }).plan;
  if (plan === 'standard') return { ok: true, plan: 'standard', kinds: [...STANDARD_PLAN] };
  if (!Array.isArray(plan) || plan.length < 1 || plan.length > MAX_STEPS) return { ok: false, error: `"plan" is missing or not a plan. ${PLAN_HELP}` };
  const kinds: StepKind[] = [];
  for (const [i, item] of plan.entries()) {
    // A step may be its kind or {"kind": …}, so a plan reads like the steps a report lists.
    const kind = typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).length === 1 ? (item as { kind?: unknown }).kind : item;
    if (typeof kind !== 'string' || !STEP_KINDS.includes(kind as StepKind)) return { ok: false, error: `Step ${i + 1} of "plan" is not a step kind. ${PLAN_HELP}` };
    kinds.push(kind as StepKind);
  }
  return { ok: true, plan: 'custom', kinds };
}

export function registerDrillRoutes(app: Hono, deps: DrillRouteDeps): void {
  const { store, drills } = deps;
  const noDrill = (id: string) => json({ error: `No drill '${id}' in this environment.` }, 404);
  /** The playground's root on this origin (its error catalog is where a step's catalog entry links). */
  const appRoot = (c: Context) => `${new URL(c.req.url).origin}${deps.mount.replace(/sim$/, '')}`;
  const envOf = (c: Context): Environment | undefined => store.env(c.req.param('key') ?? '');
  const wordsOf = async (product: ProductId): Promise<ReportWords> => {
    try {
      const full = deps.catalog ? await deps.catalog(product) : undefined;
      return { texts: full?.teaching?.drills, errors: full?.errors ?? [] };
    } catch {
      return { texts: undefined, errors: [] };
    }
  };

  app.get('/environments/:key/drills', async (c) => {
    const env = envOf(c);
    if (!env) return unknownEnvironment(c.req.param('key'));
    const rows = drills.list(env.key, await store.partial(env.key));
    const current = store.env(env.key) ?? env;
    const words: ReportWords = { texts: undefined, errors: [] };
    return c.json({
      items: rows.map((d) => {
        const r = reportOf(d, current, appRoot(c), drills.clock(), words);
        return { id: r.id, plan: r.plan, status: r.status, stopped: r.stopped, startedAt: r.startedAt, finishedAt: r.finishedAt, steps: r.steps.length, score: scoreOf(d) };
      }),
    });
  });

  app.post('/environments/:key/drills', async (c) => {
    const env = envOf(c);
    if (!env) return unknownEnvironment(c.req.param('key'));
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return bad(`The request body is not valid JSON. ${PLAN_HELP}`);
    }
    const parsed = parsePlan(body);
    if (!parsed.ok) return bad(parsed.error);
    const data = await store.partial(env.key);
    if (parsed.kinds.includes(PROFILE_STEP) && (env.product !== 'odata' || limitsProfile(data) !== 'real-product')) return bad(PROFILE_HELP);
    try {
      const drill = await drills.start(env.key, data, env.product, parsed.kinds, parsed.plan);
      return c.json(reportOf(drill, store.env(env.key) ?? env, appRoot(c), drills.clock(), await wordsOf(env.product)), 201, { location: `${new URL(c.req.url).pathname}/${drill.id}` });
    } catch (err) {
      if (err instanceof DrillConflict) return json({ error: `Drill ${err.running} is running in this environment: one drill at a time. Stop it first (DELETE …/drills/${err.running}).`, running: err.running }, 409);
      throw err;
    }
  });

  app.get('/environments/:key/drills/:id', async (c) => {
    const env = envOf(c);
    if (!env) return unknownEnvironment(c.req.param('key'));
    const d = drills.get(env.key, await store.partial(env.key), c.req.param('id'));
    return d ? c.json(reportOf(d, store.env(env.key) ?? env, appRoot(c), drills.clock(), await wordsOf(env.product))) : noDrill(c.req.param('id'));
  });

  app.get('/environments/:key/drills/:id/junit.xml', async (c) => {
    const env = envOf(c);
    if (!env) return unknownEnvironment(c.req.param('key'));
    const d = drills.get(env.key, await store.partial(env.key), c.req.param('id'));
    if (!d) return noDrill(c.req.param('id'));
    const xml = junitXml(reportOf(d, store.env(env.key) ?? env, appRoot(c), drills.clock(), await wordsOf(env.product)), env.key);
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${d.id}-junit.xml"` });
  });

  app.delete('/environments/:key/drills/:id', async (c) => {
    const env = envOf(c);
    if (!env) return unknownEnvironment(c.req.param('key'));
    const done = await drills.stop(env.key, await store.partial(env.key), c.req.param('id'));
    return done ? c.body(null, 204) : noDrill(c.req.param('id'));
  });
}
