/**
 * The drill's hook into a request's way through the engine (issue 23), beside fault rules and the
 * journal (around-product.ts): undefined, after one lookup, unless a drill runs in the environment
 * and its current step concerns the request (issue 23 § Targets: a request outside a step costs
 * what it costs without a drill).
 */
import type { EnvContext } from '../core/types.ts';
import type { JournalService } from '../journal/types.ts';
import { shapeOf } from './classify.ts';
import { concerns } from './judge.ts';
import type { DrillRunner } from './runner.ts';
import { DrillTurn } from './turn.ts';

export function drillTurn(runner: DrillRunner, ctx: EnvContext, request: Request, service: JournalService, method: string, query: string): DrillTurn | undefined {
  const drill = runner.running(ctx.env.key, ctx.data);
  if (!drill) return undefined;
  const step = drill.steps.find((s) => s.phase === 'armed' || s.phase === 'watching');
  if (!step) return undefined;
  const shape = shapeOf(ctx.env.product, service, method, ctx.path || '/', query, request.headers.get('authorization'));
  return concerns(step, shape) ? new DrillTurn(runner, ctx.env.key, drill, step, shape, request, ctx) : undefined;
}
