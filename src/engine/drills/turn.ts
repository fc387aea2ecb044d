/**
 * One request's part in a running drill (issue 23): before the product runs, the request may claim
 * the armed step (it fits, and for token-expired its credential is live) and get the step's answer;
 * after the answer, it is an observation for the step that watches. Requests outside a drill never
 * get here (`DrillRunner.running` is one lookup); requests a step has no interest in cost a shape.
 */
import type { EnvContext } from '../core/types.ts';
import { isDropped } from '../core/http.ts';
import { expirePresentedToken } from '../faults/expire-token.ts';
import { injectedStatus } from '../faults/answers.ts';
import { INJECTED_HEADER } from '../faults/types.ts';
import { authenticate, unauthorized } from '../products/odata/auth/basic.ts';
import { limitsProfile } from '../core/limits-profile.ts';
import { basicUser, throttledAnswer } from '../limits/around.ts';
import { collectionOf, credentialDigest, fits, labelOf, requestKey, type RequestShape } from './classify.ts';
import { observe, slowFinished, stillThrottled, type Observation } from './judge.ts';
import { STEP_DEFS } from './plan.ts';
import type { DrillRunner } from './runner.ts';
import { RETRY_AFTER_S, SLOW_MS, type DrillRow, type RequestKey, type StepState } from './types.ts';

/** What the journal keeps of an answer a drill step decided. */
export interface DrillMark {
  id: string;
  n: number;
  kind: string;
  /** One sentence: what the simulator did on purpose. */
  note: string;
  /** The catalog entry of the answer. */
  catalog?: string;
}

const NOTES: Record<StepState['kind'], string> = {
  'token-expired': 'The simulator expired the presented credential on purpose; a good client gets a new one and repeats the request once.',
  'rate-limited': `The simulator answered 429 with Retry-After: ${RETRY_AFTER_S} on purpose; a good client waits that long, then repeats the request.`,
  unavailable: 'The simulator answered 503 on purpose; a good client backs off, then retries.',
  'server-error-after-write': 'The create was committed, then the simulator answered 500 on purpose; a good client does not retry blindly (Upsert-Mode, or read first).',
  'connection-dropped-before-write': 'The simulator dropped the connection before carrying the create out; a good client finds out and creates the record once.',
  'slow-answer': `The simulator held this read for up to ${SLOW_MS / 1000} s on purpose.`,
  throttled: `The simulator answered the real-limits profile's 429 with Retry-After: ${RETRY_AFTER_S} on purpose, as if this user's 100 calls of the minute were spent; a good client makes no call as this user that long, then repeats the request.`,
};
const THROTTLED_AGAIN = `The simulator refused this call on purpose: the user's Retry-After (${RETRY_AFTER_S} s) had not passed since the throttling 429; a good client waits it out.`;

const isOk = (res: Response) => !isDropped(res) && res.status >= 200 && res.status < 300;

/** Where a create's answer says its record is: Location (relative to the environment base), or the SOAP result's CustomerTrxId. */
async function createdRef(res: Response, s: RequestShape, baseUrl: string): Promise<string | undefined> {
  if (s.service !== 'soap') {
    const location = res.headers.get('location');
    return location?.startsWith(baseUrl) ? location.slice(baseUrl.length) : (location ?? undefined);
  }
  const id = /CustomerTrxId>\s*(\d+)\s*</.exec(await res.clone().text().catch(() => ''))?.[1];
  return id ? `CustomerTrxId ${id}` : undefined;
}

async function isDuplicate(res: Response, s: RequestShape): Promise<boolean> {
  if (s.product === 'odata') return res.status === 409;
  return res.status === 400 && (await res.clone().text().catch(() => '')).includes('AR_RCP_DUP_NUM');
}

function marked(res: Response, mark: string): Response {
  if (isDropped(res)) return res;
  const headers = new Headers(res.headers);
  headers.set(INJECTED_HEADER, mark);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export class DrillTurn {
  /** Set when this request took the armed step. */
  private injected = false;
  /** Set when this request is a call of a throttled user made before its Retry-After passed. */
  private refused = false;
  private key: RequestKey | undefined;
  private credential: string | undefined;
  /** The journal's mark for an answer this turn decided. */
  mark: DrillMark | undefined;

  constructor(
    private readonly runner: DrillRunner,
    private readonly envKey: string,
    private readonly drill: DrillRow,
    private readonly step: StepState,
    private readonly shape: RequestShape,
    private readonly request: Request,
    private readonly ctx: EnvContext,
  ) {}

  /** Before the product runs: take the armed step if this request fits it (true: call `answer`). */
  async claim(): Promise<boolean> {
    const { runner, drill, step, shape } = this;
    if (step.phase === 'watching') {
      // A repeat of the injected request is compared by its body too; read it before the product does.
      if (step.request && step.request.method === shape.method && step.request.target === shape.target) {
        this.key = await requestKey(this.request, shape);
        if (step.kind === 'token-expired') this.credential = await credentialDigest(shape.authorization);
      }
      // The real-limits profile refuses every call of a throttled user until Retry-After has passed.
      if (!stillThrottled(step, shape, runner.clock())) return false;
      const code = STEP_DEFS[step.kind].catalog[shape.product];
      this.mark = { id: drill.id, n: step.n, kind: step.kind, note: THROTTLED_AGAIN, ...(code ? { catalog: code } : {}) };
      this.refused = true;
      return true;
    }
    if (step.phase !== 'armed' || !fits(step.kind, shape) || runner.isClaiming(this.envKey, drill, step)) return false;
    runner.setClaiming(this.envKey, drill, step, true);
    try {
      const key = await requestKey(this.request, shape);
      let tokenHash: string | undefined;
      if (step.kind === 'token-expired') {
        if (shape.product === 'receivables') {
          // Expired on the environment clock: the product's own check answers its documented 401.
          if (!(await expirePresentedToken(this.ctx, this.request))) return false;
          tokenHash = await credentialDigest(shape.authorization);
        } else if (!(await authenticate(this.ctx, shape.authorization))) return false;
      }
      // The step gives the profile's own answer: it waits while the environment runs another profile.
      if (step.kind === 'throttled' && (limitsProfile(this.ctx.data) !== 'real-product' || !(await authenticate(this.ctx, shape.authorization)))) return false;
      if (step.phase !== 'armed' || drill.status !== 'running') return false; // stopped meanwhile
      step.phase = 'watching';
      step.injectedAtMs = runner.clock();
      step.request = { ...key, label: labelOf(shape) };
      step.watch = { ...(tokenHash ? { tokenHash } : {}), ...(shape.create ? { collection: collectionOf(shape) } : {}), ...(step.kind === 'throttled' ? { user: basicUser(shape.authorization) } : {}) };
      const code = STEP_DEFS[step.kind].catalog[shape.product];
      this.mark = { id: drill.id, n: step.n, kind: step.kind, note: NOTES[step.kind], ...(code ? { catalog: code } : {}) };
      this.injected = true;
      runner.changed(this.envKey, drill);
      return true;
    } finally {
      runner.setClaiming(this.envKey, drill, step, false);
    }
  }

  /** The label X-Sim-Injected carries and the journal shows. */
  get label(): string {
    return `${this.drill.id} step ${this.step.n}`;
  }

  /** The answer of a claimed step; `run` is the product's own handling. */
  async answer(run: () => Promise<Response>): Promise<Response> {
    const { step, shape } = this;
    const how = { mark: this.label, by: `drill ${this.drill.id} step ${step.n} (${step.kind})` };
    switch (step.kind) {
      case 'token-expired':
        return marked(shape.product === 'receivables' ? await run() : unauthorized(), this.label);
      case 'rate-limited':
        return injectedStatus(429, shape.service, { ...how, retryAfter: RETRY_AFTER_S });
      case 'unavailable':
        return injectedStatus(503, shape.service, how);
      case 'throttled': {
        // A call refused again is told the seconds left of the first 429's Retry-After.
        const left = RETRY_AFTER_S * 1000 - (this.runner.clock() - (step.injectedAtMs ?? this.runner.clock()));
        return marked(throttledAnswer('rate', this.refused ? Math.max(1, Math.ceil(left / 1000)) : RETRY_AFTER_S, 0, 0), this.label);
      }
      case 'server-error-after-write': {
        const real = await run();
        if (!isOk(real)) {
          // Not committed: this create was no fit after all; the step waits for the next one.
          this.release();
          return real;
        }
        const created = await createdRef(real, shape, this.ctx.baseUrl);
        if (created) step.watch.created = created;
        return injectedStatus(500, shape.service, { ...how, after: true });
      }
      case 'connection-dropped-before-write':
        return Response.error();
      case 'slow-answer': {
        const started = this.runner.clock();
        const signal = this.request.signal;
        await this.runner.sleep(SLOW_MS, signal);
        const aborted = signal.aborted;
        const res = aborted ? Response.error() : marked(await run(), this.label);
        if (step.phase === 'watching') {
          const now = this.runner.clock();
          this.runner.judge(this.envKey, this.drill, step, slowFinished(step, this.drill.product, now - started, aborted), now);
          this.runner.changed(this.envKey, this.drill);
        }
        return res;
      }
    }
  }

  /** Undo a claim whose request turned out not to fit (a create that was refused). */
  private release(): void {
    const { step } = this;
    step.phase = 'armed';
    delete step.injectedAtMs;
    delete step.request;
    step.watch = {};
    this.injected = false;
    this.mark = undefined;
    this.runner.changed(this.envKey, this.drill);
  }

  /**
   * After the answer: judge the watching step by this request (awaited, so the client's next request
   * meets the next step), and add the request's journal entry to the evidence once it is recorded.
   */
  async after(res: Response, entry: Promise<number | undefined> | undefined): Promise<void> {
    const { runner, drill, step, shape } = this;
    let evidence = this.injected;
    if (!this.injected && step.phase === 'watching') {
      const o: Observation = { atMs: runner.clock(), shape, status: res.status, ...(this.key ? { key: this.key } : {}), ...(this.credential ? { credential: this.credential } : {}) };
      if (this.key && (step.kind === 'server-error-after-write' || step.kind === 'connection-dropped-before-write')) {
        if (isOk(res)) o.location = await createdRef(res, shape, this.ctx.baseUrl);
        else o.duplicate = !isDropped(res) && (await isDuplicate(res, shape));
      }
      const decision = observe(step, drill.product, o);
      evidence = decision.evidence;
      if (decision.verdict) runner.judge(this.envKey, drill, step, decision, o.atMs);
      else if (decision.evidence) runner.changed(this.envKey, drill);
    }
    if (!evidence || !entry) return;
    runner.track(
      entry.then((id) => {
        // A journal id once: after a worker restart the journal may hand out again an id whose entry it
        // never persisted, one the drill (kept in storage) already lists.
        if (id === undefined || step.evidence.includes(id)) return;
        // The injected answer's entry leads; the rest follow in the order they were recorded.
        if (this.injected) step.evidence.unshift(id);
        else step.evidence.push(id);
        runner.changed(this.envKey, drill);
      }),
    );
  }
}
