/**
 * A drill as the control API shows it (issue 23 § Contract: GET …/drills/<id>): each step with its
 * verdict, rule, explanation, catalog entry and journal evidence, and the score. Times are the
 * environment's clock; the step definitions fill in what the stored row does not repeat.
 */
import type { Environment } from '../core/types.ts';
import { deadlineOf } from './judge.ts';
import { catalogHref, STEP_DEFS } from './plan.ts';
import type { DrillReport, DrillRow, DrillScore, DrillStepReport, StepState } from './types.ts';

const iso = (env: Pick<Environment, 'clockOffsetMs'>, ms: number | undefined) => (ms === undefined ? null : new Date(ms + env.clockOffsetMs).toISOString());

export function scoreOf(d: DrillRow): DrillScore {
  const count = (v: StepState['verdict']) => d.steps.filter((s) => s.verdict === v).length;
  return { passed: count('pass'), failed: count('fail'), notExercised: count('not exercised') };
}

/** What a step waits for while it is pending, in words. */
function pendingText(step: StepState, d: DrillRow): string {
  const def = STEP_DEFS[step.kind];
  if (step.phase === 'queued') return 'Waits for the steps before it.';
  if (step.phase === 'armed') return `Armed: fires on ${def.appliesTo[d.product]}.`;
  return `Injected; watching what the client does next. Expected: ${def.expect[d.product]}`;
}

/** `appRoot`: where the playground is served (its error catalog links), e.g. `https://host/`. */
export function reportOf(d: DrillRow, env: Pick<Environment, 'clockOffsetMs'>, appRoot: string, nowMs: number): DrillReport {
  const steps: DrillStepReport[] = d.steps.map((step) => {
    const def = STEP_DEFS[step.kind];
    const catalog = def.catalog[d.product];
    return {
      n: step.n,
      kind: step.kind,
      title: def.title,
      appliesTo: def.appliesTo[d.product],
      expect: def.expect[d.product],
      phase: step.phase,
      injectedAt: iso(env, step.injectedAtMs),
      request: step.request?.label ?? null,
      judgedAt: iso(env, step.judgedAtMs),
      verdict: step.verdict,
      rule: def.rule[d.product],
      explanation: step.explanation ?? pendingText(step, d),
      catalog: catalog ? { ...catalog, href: catalogHref(appRoot, catalog.code) } : null,
      evidence: [...step.evidence],
      deadline: iso(env, deadlineOf(step)),
    };
  });
  return {
    id: d.id,
    plan: d.plan,
    product: d.product,
    status: d.status,
    stopped: d.stopped === true,
    startedAt: iso(env, d.startedAtMs) as string,
    finishedAt: iso(env, d.finishedAtMs),
    now: iso(env, nowMs) as string,
    steps,
    score: scoreOf(d),
  };
}
