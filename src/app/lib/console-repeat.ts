/**
 * The console's "send N times" against an environment: the calls (lib/repeat.ts), and, when the
 * request reproduces a status that did not come, the facts behind why (its limits profile, how far
 * its clock moved) read from the control API.
 */
import type { ExampleRequest } from '../../engine/for-app.ts';
import { api } from './api.ts';
import { repeatSend, whyMissed, type RepeatView } from './repeat.ts';
import { send, type EnvRef, type RequestSpec, type ResponseInfo } from './request.ts';

export interface RepeatPlan {
  times: number;
  /**
   * The catalog request the console's request reproduces, when it is one that repeats: the repeat
   * stops at its status, and says why when it does not come (its limits profile, the clock).
   */
  repro?: ExampleRequest;
  stopOnError: boolean;
  signal: AbortSignal;
  progress: (view: RepeatView) => void;
}

/** The environment clock's instant (ms), to tell whether a minute of it passed during a repeat. */
const envClock = (key: string) => api.getEnv(key).then((d) => Date.parse(d.clock.now), () => undefined);

export async function sendRepeated(env: EnvRef, req: RequestSpec, plan: RepeatPlan): Promise<{ last?: ResponseInfo; view: RepeatView }> {
  const { times } = plan;
  const expected = plan.repro?.repeat !== undefined ? plan.repro.expectStatus : undefined;
  const needsProfile = plan.repro?.limitsProfile;
  const aim = expected !== undefined ? { expected } : {};
  plan.progress({ sent: 0, times, tally: [], done: false, ...aim });
  const clockBefore = needsProfile ? await envClock(env.key) : undefined;
  const out = await repeatSend(times, () => send(env, req, { source: 'console' }), {
    signal: plan.signal,
    stop: expected !== undefined ? (a) => a.status === expected : plan.stopOnError ? (a) => a.status >= 400 : undefined,
    progress: (sent, tally) => plan.progress({ sent, times, tally, done: false, ...aim }),
  });
  let why: string | undefined;
  if (expected !== undefined && out.last?.status !== expected) {
    const profile = needsProfile ? await api.limits(env.key).then((v) => v.profile, () => undefined) : undefined;
    const clockAfter = needsProfile ? await envClock(env.key) : undefined;
    const clockMovedMs = clockBefore !== undefined && clockAfter !== undefined ? clockAfter - clockBefore : undefined;
    why = whyMissed({ expected, times, sent: out.sent, tally: out.tally, cancelled: out.cancelled, ...(profile ? { profile } : {}), ...(needsProfile ? { needsProfile } : {}), ...(clockMovedMs !== undefined ? { clockMovedMs } : {}) });
  }
  const retryAfter = out.last?.headers.find(([h]) => h.toLowerCase() === 'retry-after')?.[1];
  const view: RepeatView = { sent: out.sent, times, tally: out.tally, done: true, cancelled: out.cancelled, stopped: out.stopped, ...aim, ...(retryAfter ? { retryAfter } : {}), ...(why ? { why } : {}) };
  return { ...(out.last ? { last: out.last } : {}), view };
}
