/**
 * A drill as the control API shows it (issue 23 § Contract: GET …/drills/<id>): each step with its
 * verdict, rule, explanation, catalog entry and journal evidence, and the score. Times are the
 * environment's clock. The stored row holds what the client did; the words around it (what a step
 * fits and expects, its rule, what a good client does, the catalog titles) come from the host's
 * catalogs (texts.ts, the error catalog), read with the report.
 */
import type { Environment, ErrorEntry } from '../core/types.ts';
import { deadlineOf, NOT_EXERCISED } from './judge.ts';
import { catalogHref, STEP_DEFS } from './plan.ts';
import type { DrillTexts, StepText } from './texts.ts';
import type { DrillReport, DrillRow, DrillScore, DrillStepReport, StepState } from './types.ts';

const iso = (env: Pick<Environment, 'clockOffsetMs'>, ms: number | undefined) => (ms === undefined ? null : new Date(ms + env.clockOffsetMs).toISOString());

/** What a report needs of the product's catalog; without it (a host that cannot load it) steps go by their kinds. */
export interface ReportWords {
  texts: DrillTexts | undefined;
  errors: readonly ErrorEntry[];
}

export function scoreOf(d: DrillRow): DrillScore {
  const count = (v: StepState['verdict']) => d.steps.filter((s) => s.verdict === v).length;
  return { passed: count('pass'), failed: count('fail'), notExercised: count('not exercised') };
}

/** Where the step stands, or how it was judged, and what a good client does. */
function explanationOf(step: StepState, t: StepText | undefined): string {
  const fires = t ? ` It fires on ${t.appliesTo}.` : '';
  if (step.phase === 'queued') return 'Waits for the steps before it.';
  if (step.phase === 'armed') return `Armed.${fires}`;
  if (step.phase === 'watching') return `Injected; watching what the client does next.${t ? ` Expected: ${t.expect}` : ''}`;
  const did = step.explanation ?? '';
  if (step.verdict === 'not exercised') return did === NOT_EXERCISED ? `${did}${fires}` : did;
  return t ? `${did} ${t.good}` : did;
}

/** `appRoot`: where the playground is served (its error catalog links), e.g. `https://host/`. */
export function reportOf(d: DrillRow, env: Pick<Environment, 'clockOffsetMs'>, appRoot: string, nowMs: number, words: ReportWords): DrillReport {
  const steps: DrillStepReport[] = d.steps.map((step) => {
    const t = words.texts?.[step.kind];
    const code = STEP_DEFS[step.kind].catalog[d.product];
    return {
      n: step.n,
      kind: step.kind,
      title: t?.title ?? step.kind,
      appliesTo: t?.appliesTo ?? '',
      expect: t?.expect ?? '',
      phase: step.phase,
      injectedAt: iso(env, step.injectedAtMs),
      request: step.request?.label ?? null,
      judgedAt: iso(env, step.judgedAtMs),
      verdict: step.verdict,
      rule: t?.rule ?? '',
      explanation: explanationOf(step, t),
      catalog: code ? { code, title: words.errors.find((e) => e.code === code)?.title ?? code, href: catalogHref(appRoot, code) } : null,
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
