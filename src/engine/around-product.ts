/**
 * What happens around a product's own handling of a request to an environment (issue 12): fault
 * rules that fire add latency, replace the answer (before or after the real handling), drop the
 * connection or expire the presented token; the journal records the exchange in the background.
 * A running resilience drill (issue 23) may take the request for its armed step (its answer then
 * wins over fault rules) and judges its watching step by it.
 */
import { envNow } from './core/clock.ts';
import { isDropped } from './core/http.ts';
import type { EnvContext, Environment, HostClock, Product } from './core/types.ts';
import { injectedAnswer } from './faults/answers.ts';
import { expirePresentedToken } from './faults/expire-token.ts';
import { sleep, type FaultInjector, type FaultPlan } from './faults/injector.ts';
import { drillTurn } from './drills/around.ts';
import type { DrillRunner } from './drills/runner.ts';
import { INJECTED_HEADER } from './faults/types.ts';
import type { Journal, JournalDraft } from './journal/journal.ts';
import { serviceOf } from './journal/service.ts';
import { JOURNAL_SETTINGS_ID, JOURNAL_SETTINGS_KIND, type JournalService } from './journal/types.ts';
import { basicHint, tokenHint } from './journal/credential-hints.ts';
import { ODATA_ROOT } from './products/odata/config.ts';
import type { SimStore } from './storage/store.ts';
import { limitedRun } from './limits/around.ts';
import type { Throttle } from './limits/throttle.ts';

export interface AroundDeps {
  store: SimStore;
  clock: HostClock;
  journal: Journal | undefined;
  faults: FaultInjector;
  drills: DrillRunner;
  /** The real-limits profile's throttle (absent: no environment is throttled). */
  throttle?: Throttle;
}

/**
 * Filled for a read the replay lane may keep (replay/lane.ts): whether nothing but the stored data
 * and the clock could decide its answer (no drill, no fault rule), and its journal entry as kept
 * (null: not journaled; undefined: it could not be recorded).
 */
export interface ReplayWitness {
  steady?: boolean;
  draft?: Promise<JournalDraft | null | undefined>;
}

/** A copy of an answer with the injected mark added. */
function marked(res: Response, id: string): Response {
  const headers = new Headers(res.headers);
  headers.set(INJECTED_HEADER, id);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** The answer as the firing fault rules make it, and the rule to name in the journal. */
async function withFaults(plan: FaultPlan, service: JournalService, ctx: EnvContext, request: Request, run: () => Promise<Response>): Promise<{ res: Response; injected: string | undefined }> {
  let injected = plan.rule?.id ?? plan.latencyRule?.id;
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  const rule = plan.rule;
  if (rule && rule.when === 'before' && rule.kind === 'status') return { res: injectedAnswer(rule, service), injected };
  if (rule && rule.when === 'before' && rule.kind === 'drop') return { res: Response.error(), injected };
  if (rule?.kind === 'expire-token' && !(await expirePresentedToken(ctx, request))) injected = plan.latencyRule?.id;
  let res = await run();
  if (rule && rule.when === 'after' && rule.kind === 'status') res = injectedAnswer(rule, service);
  else if (rule && rule.when === 'after' && rule.kind === 'drop') res = Response.error();
  else if (injected && !isDropped(res)) res = marked(res, injected);
  return { res, injected };
}

export async function aroundProduct(deps: AroundDeps, request: Request, env: Environment, product: Product, ctx: EnvContext, run: () => Promise<Response>, witness?: ReplayWitness): Promise<Response> {
  const query = new URL(request.url).search;
  const path = `${ctx.path || '/'}${query}`;
  const service = serviceOf(env.product, ctx.path || '/');
  const method = request.method.toUpperCase();
  const off = ctx.data.get(JOURNAL_SETTINGS_KIND, JOURNAL_SETTINGS_ID)?.['enabled'] === false;
  const capture = off ? undefined : deps.journal?.begin(request, {
    env: env.key,
    product: env.product,
    service,
    path,
    at: envNow(deps.clock, env).toISOString(),
    hostAt: new Date(deps.clock()).toISOString(),
    odataBase: product.id === 'odata' ? `${ctx.baseUrl}${ODATA_ROOT}` : undefined,
  });
  // Read before the product runs: it may consume the request.
  const authorization = request.headers.get('authorization');
  if (deps.throttle) run = limitedRun(deps.throttle, env, ctx, authorization, run);

  const turn = drillTurn(deps.drills, ctx, request, service, method, query);
  const drilled = turn ? await turn.claim() : false;
  const plan: FaultPlan = drilled ? { delayMs: 0 } : deps.faults.plan(env.key, ctx.data, method, ctx.path || '/');
  let injected = plan.rule?.id ?? plan.latencyRule?.id;
  let drafted: ((draft: JournalDraft | undefined) => void) | undefined;
  if (witness) {
    witness.steady = !turn && deps.faults.rules(ctx.data).length === 0 && !deps.drills.running(env.key, ctx.data);
    witness.draft = capture ? new Promise((resolve) => (drafted = resolve)) : Promise.resolve(null);
  }
  let res: Response;
  try {
    if (turn && drilled) {
      res = await turn.answer(run);
      // A create the product refused gives the step back: its answer is the real one.
      injected = turn.mark ? turn.label : undefined;
    } else {
      ({ res, injected } = await withFaults(plan, service, ctx, request, run));
    }
  } catch (err) {
    // The engine answers an unexpected failure with its own 500; the journal still shows the request.
    void capture?.finish(new Response(JSON.stringify({ error: 'Internal simulator error', code: 'SIM-5000' }), { status: 500, headers: { 'content-type': 'application/json' } }), { injected });
    throw err;
  } finally {
    deps.faults.persist(env.key);
  }
  // Why a credential was refused is worked out after the answer, from the unredacted header.
  const refused = res.status === 401 && authorization !== null;
  const hint =
    refused && service === 'rest'
      ? () => tokenHint(deps.store, env.key, authorization, envNow(deps.clock, deps.store.env(env.key) ?? env))
      : refused && (service === 'odata' || service === 'batch')
        ? () => basicHint(deps.store, env.key, authorization)
        : undefined;
  // The answer sent is the one the journal hands back (its body read once, for both).
  const finished = await capture?.finish(res, { injected, hint, drill: turn?.mark, onDraft: drafted });
  if (finished) res = finished.res;
  // An entry that could not be recorded leaves nothing to replay (a draft, when there was one, came first).
  if (drafted) void finished?.entry.then(() => drafted?.(undefined));
  if (turn) await turn.after(res, finished?.entry);
  return res;
}
