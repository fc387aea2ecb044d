/**
 * Judging a step from what the client did after the injection (issue 23 § Contract, steps 1-6).
 * Pure: a step's state, an observation of one later request (or the deadline passing), out comes
 * whether that request is evidence and, once decided, the verdict with what the client did (the
 * report adds what a good client does, from texts.ts).
 */
import type { ProductId } from '../core/types.ts';
import { basicUser } from '../limits/around.ts';
import { fits, labelOf, sameRequest, type RequestShape } from './classify.ts';
import { STEP_DEFS } from './plan.ts';
import { ARM_WINDOW_MS, MIN_BACKOFF_MS, RETRY_AFTER_S, SLOW_MS, type RequestKey, type StepState, type Verdict } from './types.ts';

/** One request the client sent while a step watched, with its answer. */
export interface Observation {
  atMs: number;
  shape: RequestShape;
  /** Taken when the request may be the injected one again (same method and target). */
  key?: RequestKey;
  /** 0: no answer (a dropped connection). */
  status: number;
  /** Digest of the presented credential (token-expired only). */
  credential?: string;
  /** Location of a 2xx answer to a create (the record it made or found). */
  location?: string;
  /** The answer refused the create as a duplicate (AR_RCP_DUP_NUM, OData 409). */
  duplicate?: boolean;
}

export interface Decision {
  evidence: boolean;
  verdict?: Verdict;
  explanation?: string;
}

/** Why an armed step was given up (the report adds what it fires on). */
export const NOT_EXERCISED = `No request fitting this step came within ${ARM_WINDOW_MS / 1000} s.`;

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const decide = (verdict: Verdict, what: string): Decision => ({ evidence: true, verdict, explanation: what });
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** When a watching step is judged at the latest (host clock), if nothing decides it before. */
export function deadlineOf(step: StepState): number | undefined {
  if (step.phase === 'armed') return (step.armedAtMs ?? 0) + ARM_WINDOW_MS;
  if (step.phase !== 'watching' || step.injectedAtMs === undefined) return undefined;
  if (step.kind === 'slow-answer') return step.injectedAtMs + (step.watch.abortedAfterMs ?? SLOW_MS) + ARM_WINDOW_MS;
  return step.injectedAtMs + STEP_DEFS[step.kind].windowMs;
}

/**
 * Whether a request concerns the step at all (synchronous, from its shape): the armed step's fit,
 * or, once injected, a possible repeat, a token request, a read of the created record's collection,
 * any call of the throttled user.
 * Every other request passes the drill by untouched.
 */
export function concerns(step: StepState, s: RequestShape): boolean {
  if (step.phase === 'armed') return fits(step.kind, s);
  if (step.phase !== 'watching') return false;
  if (step.request && step.request.method === s.method && step.request.target === s.target) return true;
  if (step.kind === 'token-expired') return s.tokenRequest;
  if (step.kind === 'throttled') return isThrottledUser(step, s);
  if (step.kind === 'server-error-after-write' || step.kind === 'connection-dropped-before-write') return s.read && !!step.watch.collection && s.path.startsWith(step.watch.collection);
  return false;
}

/** A request of the user a throttled step answered 429 (the profile counts per user). */
export const isThrottledUser = (step: StepState, s: RequestShape): boolean => !!step.watch.user && basicUser(s.authorization) === step.watch.user;

/** A throttled step still refuses the user's calls (before Retry-After has passed since the 429). */
export const stillThrottled = (step: StepState, s: RequestShape, atMs: number): boolean =>
  step.kind === 'throttled' && step.phase === 'watching' && isThrottledUser(step, s) && atMs - (step.injectedAtMs ?? atMs) < RETRY_AFTER_S * 1000;

/** The request after the injection: evidence, a verdict, or nothing to do with the step. */
export function observe(step: StepState, product: ProductId, o: Observation): Decision {
  const w = step.watch;
  const injected = step.injectedAtMs ?? o.atMs;
  const gap = o.atMs - injected;
  const same = !!(o.key && step.request && sameRequest(step.request, o.key));
  const ok = o.status >= 200 && o.status < 300;
  switch (step.kind) {
    case 'token-expired': {
      if (product === 'receivables' && o.shape.tokenRequest && o.status === 200) {
        w.newTokenAtMs ??= o.atMs;
        return { evidence: true };
      }
      if (!same) return { evidence: false };
      const renewed = product === 'odata' || o.credential !== w.tokenHash;
      if (o.status !== 401 && renewed) {
        const how = product === 'receivables' ? 'Fetched a new token and repeated the request with it' : 'Repeated the request with a valid credential';
        return decide('pass', `${how} ${secs(gap)} after the 401: right.`);
      }
      w.refused = (w.refused ?? 0) + 1;
      return { evidence: true };
    }
    case 'rate-limited':
      if (!same) return { evidence: false };
      return gap >= RETRY_AFTER_S * 1000
        ? decide('pass', `Waited ${secs(gap)} (Retry-After: ${RETRY_AFTER_S}) and sent the same request again: right.`)
        : decide('fail', `Sent the same request again after ${secs(gap)}, before the ${RETRY_AFTER_S} s Retry-After asked for.`);
    case 'throttled':
      // Per user: another user's calls (the same request too) are none of this step's business.
      if (!isThrottledUser(step, o.shape)) return { evidence: false };
      if (gap < RETRY_AFTER_S * 1000) {
        const what = same ? 'Sent the same request again' : `Sent another call of the same user (${labelOf(o.shape)})`;
        return decide('fail', `${what} after ${secs(gap)}, before the ${RETRY_AFTER_S} s Retry-After had passed: the real-limits profile refuses every call of the user until then, and answered it 429 again.`);
      }
      if (!same) return { evidence: false };
      return decide('pass', `Made no call as this user for ${secs(gap)} (Retry-After: ${RETRY_AFTER_S}), then sent the same request again (answered ${o.status}): right.`);
    case 'unavailable':
      if (!same) return { evidence: false };
      return gap >= MIN_BACKOFF_MS
        ? decide('pass', `Backed off ${secs(gap)}, then retried the same request: right.`)
        : decide('fail', `Retried after ${Math.round(gap)} ms, at once, with no back-off (at least ${MIN_BACKOFF_MS} ms): under load that hammers the service.`);
    case 'server-error-after-write': {
      if (same) {
        if (o.duplicate) return decide('pass', `The retry was refused as a duplicate (${product === 'receivables' ? 'AR_RCP_DUP_NUM' : '409, the key exists'}): no second record.`);
        if (ok && w.created !== undefined && o.location === w.created) return decide('pass', 'Retried with Upsert-Mode and got back the record it had already made: no second record.');
        if (ok) return decide('fail', `Retried blindly ${secs(gap)} after the 500: the retry created a second record${o.location ? ` (${o.location})` : ''}, while the first${w.created ? ` (${w.created})` : ''} had been committed before the 500.`);
        w.refused = (w.refused ?? 0) + 1;
        return { evidence: true };
      }
      if (o.shape.read && o.status >= 200 && o.status < 400 && w.collection && o.shape.path.startsWith(w.collection)) {
        return decide('pass', `Read ${o.shape.path} ${secs(gap)} after the 500, before any retry: no blind retry, no second record.`);
      }
      return { evidence: false };
    }
    case 'connection-dropped-before-write': {
      if (same && w.resentAtMs !== undefined) {
        // The record exists: until the window ends, the same create again must not make another
        // (Upsert-Mode answering the same record, or a refusal, is still one record).
        if (ok && (o.location === undefined || o.location !== w.created)) {
          return decide(
            'fail',
            `Sent the create again ${secs(w.resentAtMs - injected)} after the dropped connection and it was recorded${w.created ? ` (${w.created})` : ''}, then sent it again ${secs(gap)} after the drop and that made a second record${o.location ? ` (${o.location})` : ''}: the record exists twice.`,
          );
        }
        return { evidence: true };
      }
      if (same) {
        if (ok) {
          // Recorded once so far; judged when the window ends (expire), or sooner by a second record.
          w.resentAtMs = o.atMs;
          if (o.location) w.created = o.location;
          return { evidence: true };
        }
        // A refusal as a duplicate proves the record's key is taken: an identical create can make no second one.
        if (o.duplicate) return decide('pass', 'The create was sent again and refused as a duplicate: the record exists once.');
        w.refused = (w.refused ?? 0) + 1;
        return { evidence: true };
      }
      // A client that looks before re-creating: evidence, not yet a verdict.
      return { evidence: o.shape.read && !!w.collection && o.shape.path.startsWith(w.collection) };
    }
    case 'slow-answer': {
      if (!same) return { evidence: false };
      // The slow answer has not ended: judged when it does (slowFinished), since a host may read the
      // retry before it sees the first connection close (a client that gave up and asked again).
      if (w.abortedAfterMs === undefined) {
        w.retriedAtMs ??= o.atMs;
        return { evidence: true };
      }
      return decide('info', stoppedThenRetried(w.abortedAfterMs, gap));
    }
  }
}

const stoppedThenRetried = (stopped: number, gap: number) =>
  `Timed out and retried: stopped waiting after ${secs(stopped)} and sent the request again ${secs(Math.max(0, gap - stopped))} later.`;

/** The slow answer finished: delivered (the client waited) or cut short by the client. */
export function slowFinished(step: StepState, product: ProductId, elapsedMs: number, aborted: boolean): Decision {
  const w = step.watch;
  const retried = w.retriedAtMs === undefined ? undefined : w.retriedAtMs - (step.injectedAtMs ?? w.retriedAtMs);
  if (!aborted) {
    if (retried !== undefined) return decide('info', `Timed out and retried: sent the same request again ${secs(retried)} after the slow one started, while it was still being answered.`);
    return decide('info', `Waited: the client took the answer after ${secs(elapsedMs)}.`);
  }
  w.abortedAfterMs = elapsedMs;
  if (retried !== undefined) return decide('info', stoppedThenRetried(elapsedMs, retried));
  return { evidence: true };
}

/** Nothing decided the step before its deadline. */
export function expire(step: StepState, product: ProductId): Decision {
  const w = step.watch;
  const refused = w.refused ?? 0;
  if (step.phase === 'armed') {
    return { evidence: false, verdict: 'not exercised', explanation: NOT_EXERCISED };
  }
  switch (step.kind) {
    case 'token-expired':
      if (product === 'odata') return decide('fail', refused ? `Repeated the request ${times(refused)} but was refused each time.` : 'Did not repeat the request within 30 s of the 401: the work was dropped.');
      if (w.newTokenAtMs !== undefined) return decide('fail', 'Fetched a new token but did not repeat the request with it within 30 s: the work was dropped.');
      return decide('fail', refused ? `Repeated the request ${times(refused)} with the expired token (401 again) and fetched no new one within 30 s.` : 'Fetched no new token and did not repeat the request within 30 s of the 401.');
    case 'rate-limited':
      return decide('fail', 'Did not send the request again within 60 s: the read was lost.');
    case 'unavailable':
      return decide('fail', 'Did not retry within 60 s: the read was lost.');
    case 'throttled':
      return decide('fail', 'Did not send the refused request again within 60 s: the call was lost.');
    case 'server-error-after-write':
      return decide(
        'pass',
        `No retry within 60 s, so no second record${refused ? ` (${times(refused)} refused)` : ''}. Note that the create was committed although the answer was 500: a client should look before it reports the write as failed.`,
      );
    case 'connection-dropped-before-write':
      if (w.resentAtMs !== undefined) {
        const gap = w.resentAtMs - (step.injectedAtMs ?? w.resentAtMs);
        return decide('pass', `Sent the create again ${secs(gap)} after the dropped connection and it was recorded once${w.created ? ` (${w.created})` : ''}, with no second record within 60 s: right.`);
      }
      return decide('fail', refused ? `Sent the create again ${times(refused)} but it was refused each time: the record does not exist.` : 'The record does not exist: the create was never carried out and the client did not send it again within 60 s.');
    case 'slow-answer':
      return w.abortedAfterMs !== undefined
        ? decide('info', `Gave up: stopped waiting after ${secs(w.abortedAfterMs)} and did not send the request again within 60 s.`)
        : decide('info', 'The slow answer was never finished (the host stopped meanwhile) and the request was not sent again.');
  }
}
