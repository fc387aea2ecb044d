/**
 * The drills of every environment (issue 23): memory is where requests claim and judge steps
 * (synchronously, so two concurrent requests never both take one step), the environment's rows are
 * where that state survives a restart. A change is written back after the answer, one small write
 * that takes whatever memory holds by then; time-outs are judged lazily, whenever a request or a
 * read of the drill comes, never by a timer.
 */
import type { DataView, Environment, HostClock, ProductId } from '../core/types.ts';
import type { SimStore } from '../storage/store.ts';
import { deadlineOf, expire, type Decision } from './judge.ts';
import { DRILL_KIND, MAX_KEPT, type DrillRow, type StepKind, type StepState } from './types.ts';

/** Waits `ms` (resolving early when the signal aborts); the engine's, so tests can run on a fake clock. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

interface EnvDrills {
  /** Oldest first. */
  rows: Map<string, DrillRow>;
  running: DrillRow | null;
  /** Highest drill number used (ids never come back). */
  seq: number;
}

export class DrillConflict extends Error {
  constructor(readonly running: string) {
    super(running);
  }
}

export class DrillRunner {
  private readonly envs = new Map<string, EnvDrills>();
  /** Steps a request is checking right now (`env/drill/n`): a second request leaves them alone. */
  private readonly claiming = new Set<string>();
  private readonly dirty = new Map<string, Set<string>>();
  private readonly queued = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly store: SimStore,
    readonly clock: HostClock,
    readonly sleep: Sleep,
  ) {}

  private mem(key: string, data: DataView): EnvDrills {
    let mem = this.envs.get(key);
    if (!mem) {
      // Copies: memory changes them in place, the cache's rows are never touched.
      const rows = new Map(data.list<DrillRow>(DRILL_KIND).map((r) => [r.id, structuredClone(r)] as const));
      const seq = Math.max(0, ...[...rows.keys()].map((id) => Number(/^drill-(\d+)$/.exec(id)?.[1] ?? 0)));
      mem = { rows, running: [...rows.values()].find((r) => r.status === 'running') ?? null, seq };
      this.envs.set(key, mem);
    }
    return mem;
  }

  /** The running drill, caught up with the clock; null when none runs (the usual case: one map lookup). */
  running(key: string, data: DataView): DrillRow | null {
    const mem = this.envs.get(key) ?? this.mem(key, data);
    const d = mem.running;
    if (!d) return null;
    this.catchUp(key, d);
    return mem.running;
  }

  list(key: string, data: DataView): DrillRow[] {
    const mem = this.mem(key, data);
    if (mem.running) this.catchUp(key, mem.running);
    return [...mem.rows.values()].reverse();
  }

  get(key: string, data: DataView, id: string): DrillRow | undefined {
    const d = this.mem(key, data).rows.get(id);
    if (d?.status === 'running') this.catchUp(key, d);
    return d;
  }

  async start(key: string, data: DataView, product: ProductId, kinds: readonly StepKind[], plan: DrillRow['plan']): Promise<DrillRow> {
    const mem = this.mem(key, data);
    if (mem.running) this.catchUp(key, mem.running);
    if (mem.running) throw new DrillConflict(mem.running.id);
    const now = this.clock();
    const steps: StepState[] = kinds.map((kind, i) => ({ n: i + 1, kind, phase: i === 0 ? 'armed' : 'queued', ...(i === 0 ? { armedAtMs: now } : {}), verdict: 'pending', evidence: [], watch: {} }));
    const drill: DrillRow = { id: `drill-${++mem.seq}`, plan, product, status: 'running', startedAtMs: now, steps };
    const old = [...mem.rows.values()].filter((r) => r.status === 'finished');
    const drop = old.slice(0, Math.max(0, mem.rows.size + 1 - MAX_KEPT));
    // Taken in memory first: a second start meanwhile gets its 409, a request its step.
    mem.running = drill;
    mem.rows.set(drill.id, drill);
    try {
      await this.store.write(key, (tx) => {
        tx.put(DRILL_KIND, drill.id, structuredClone(drill));
        for (const r of drop) tx.delete(DRILL_KIND, r.id);
      });
    } catch (err) {
      if (mem.running === drill) mem.running = null;
      mem.rows.delete(drill.id);
      throw err;
    }
    for (const r of drop) mem.rows.delete(r.id);
    return drill;
  }

  /** DELETE: a running drill stops (its report stays); a finished one is removed. Null: no such drill. */
  async stop(key: string, data: DataView, id: string): Promise<'stopped' | 'removed' | null> {
    const mem = this.mem(key, data);
    const d = mem.rows.get(id);
    if (!d) return null;
    if (d.status === 'running') this.catchUp(key, d);
    if (d.status === 'running') {
      const now = this.clock();
      for (const step of d.steps) {
        if (step.phase === 'done') continue;
        const injected = step.phase === 'watching';
        this.judge(key, d, step, { evidence: false, verdict: 'not exercised', explanation: injected ? 'The drill was stopped while this step waited for what the client would do.' : 'The drill was stopped before this step was exercised.' }, now);
      }
      d.stopped = true;
      await this.flush(key);
      return 'stopped';
    }
    mem.rows.delete(id);
    await this.store.write(key, (tx) => tx.delete(DRILL_KIND, id));
    return 'removed';
  }

  isClaiming(key: string, d: DrillRow, step: StepState): boolean {
    return this.claiming.has(`${key}/${d.id}/${step.n}`);
  }

  setClaiming(key: string, d: DrillRow, step: StepState, on: boolean): void {
    const id = `${key}/${d.id}/${step.n}`;
    if (on) this.claiming.add(id);
    else this.claiming.delete(id);
  }

  /** Settle a step and arm the next (or finish the drill) as of `at`. */
  judge(key: string, d: DrillRow, step: StepState, decision: Decision, at: number): void {
    if (step.phase === 'done' || !decision.verdict) return;
    step.phase = 'done';
    step.verdict = decision.verdict;
    step.explanation = decision.explanation ?? '';
    step.judgedAtMs = at;
    const next = d.steps.find((s) => s.phase === 'queued');
    if (next && d.status === 'running') {
      next.phase = 'armed';
      next.armedAtMs = at;
    } else if (!d.steps.some((s) => s.phase !== 'done')) {
      d.status = 'finished';
      d.finishedAtMs = at;
      const mem = this.envs.get(key);
      if (mem?.running === d) mem.running = null;
    }
    this.changed(key, d);
  }

  /** Judge what the clock decided since the last look (a give-up, a window run out), in order. */
  private catchUp(key: string, d: DrillRow): void {
    const now = this.clock();
    for (;;) {
      const step = d.steps.find((s) => s.phase === 'armed' || s.phase === 'watching');
      if (!step || this.isClaiming(key, d, step)) return;
      const due = deadlineOf(step);
      if (due === undefined || now < due) return;
      this.judge(key, d, step, expire(step, d.product), due);
    }
  }

  /** A drill changed in memory: write it back after the answer (one write takes every change so far). */
  changed(key: string, d: DrillRow): void {
    let ids = this.dirty.get(key);
    if (!ids) this.dirty.set(key, (ids = new Set()));
    ids.add(d.id);
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.track(this.flush(key));
  }

  private flush(key: string): Promise<void> {
    return this.store
      .write(key, (tx) => {
        this.queued.delete(key);
        const ids = this.dirty.get(key);
        this.dirty.delete(key);
        const mem = this.envs.get(key);
        for (const id of ids ?? []) {
          const row = mem?.rows.get(id);
          if (row) tx.put(DRILL_KIND, id, structuredClone(row));
        }
      })
      .catch(() => {
        // The environment went meanwhile; nothing to keep.
        this.queued.delete(key);
      });
  }

  track(p: Promise<unknown>): void {
    const t = p.catch(() => undefined);
    this.pending.add(t);
    void t.finally(() => this.pending.delete(t));
  }

  /** The environment was deleted. */
  forget(key: string): void {
    this.envs.delete(key);
    this.dirty.delete(key);
  }

  /** Host clock to the environment's clock, ISO. */
  envTime(env: Pick<Environment, 'clockOffsetMs'>, ms: number | undefined): string | null {
    return ms === undefined ? null : new Date(ms + env.clockOffsetMs).toISOString();
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
