/**
 * Decides, per request, which fault rules fire (issue 12 § 2). Rules are read from the environment's
 * records (in memory); chances come from a generator seeded per environment and rule, so a test
 * sees the same sequence every run. Counts are kept in memory and written back after the answer,
 * only for counted rules that fired (never one write per request).
 */
import { seededRng, seedFrom, type Rng } from '../core/random.ts';
import type { DataView } from '../core/types.ts';
import type { SimStore } from '../storage/store.ts';
import { FAULT_KIND, type FaultRule } from './types.ts';
import { wildcardMatcher, type WildcardMatcher } from './wildcard.ts';

export interface FaultPlan {
  /** Added latency in ms (every firing rule's latency, summed). */
  delayMs: number;
  /** The first firing rule that changes the answer (status, drop, expire-token). */
  rule?: FaultRule;
  /** Latency-only rules that fired (the journal names the first if nothing else did). */
  latencyRule?: FaultRule;
}


const MATCHER_CACHE = 2000;

export class FaultInjector {
  private readonly rngs = new Map<string, Rng>();
  private readonly fired = new Map<string, number>();
  private readonly matchers = new Map<string, WildcardMatcher>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly dirty = new Set<string>();

  constructor(private readonly store: SimStore) {}

  rules(data: DataView): readonly FaultRule[] {
    return data.list<FaultRule>(FAULT_KIND);
  }

  private firedCount(env: string, rule: FaultRule): number {
    return Math.max(this.fired.get(`${env}/${rule.id}`) ?? 0, rule.fired ?? 0);
  }

  /** Forget what memory holds of a rule (it was deleted or replaced). */
  forget(env: string, id?: string): void {
    for (const map of [this.rngs, this.fired]) for (const k of [...map.keys()]) if (k.startsWith(`${env}/`) && (id === undefined || k === `${env}/${id}`)) map.delete(k);
  }

  plan(env: string, data: DataView, method: string, path: string): FaultPlan {
    const plan: FaultPlan = { delayMs: 0 };
    const rules = this.rules(data);
    if (rules.length === 0) return plan;
    const bare = path.split('?')[0] as string;
    for (const rule of rules) {
      if (plan.rule && rule.kind !== 'latency') continue;
      if (rule.method !== '*' && rule.method !== method) continue;
      let m = this.matchers.get(rule.path);
      if (!m) {
        // Compiled patterns of every environment: bounded, a cleared cache only costs recompiling.
        if (this.matchers.size >= MATCHER_CACHE) this.matchers.clear();
        this.matchers.set(rule.path, (m = wildcardMatcher(rule.path)));
      }
      if (!m.test(bare)) continue;
      if (rule.count !== undefined && this.firedCount(env, rule) >= rule.count) continue;
      const key = `${env}/${rule.id}`;
      let rng = this.rngs.get(key);
      if (!rng) this.rngs.set(key, (rng = seededRng(seedFrom(`${key}/${rule.createdAt}`))));
      if (rule.probability < 1 && rng.next() >= rule.probability) continue;
      if (rule.latencyMs !== undefined) plan.delayMs += typeof rule.latencyMs === 'number' ? rule.latencyMs : rng.int(rule.latencyMs[0], rule.latencyMs[1]);
      if (rule.kind === 'latency') plan.latencyRule ??= rule;
      else plan.rule = rule;
      this.count(env, rule);
    }
    return plan;
  }

  /** One more firing, in memory; a counted rule's row is brought up to date by `persist`. */
  private count(env: string, rule: FaultRule): void {
    const key = `${env}/${rule.id}`;
    this.fired.set(key, this.firedCount(env, rule) + 1);
    if (rule.count !== undefined) this.dirty.add(key);
  }

  /**
   * After the answer: write the fired counts of counted rules that fired (one small write, only
   * then), so a count survives a worker restart. Not awaited by the request.
   */
  persist(env: string): void {
    const keys = [...this.dirty].filter((k) => k.startsWith(`${env}/`));
    if (keys.length === 0) return;
    for (const k of keys) this.dirty.delete(k);
    const p = this.store
      .write(env, (tx) => {
        for (const k of keys) {
          const id = k.slice(env.length + 1);
          const row = tx.get<FaultRule>(FAULT_KIND, id);
          const n = this.fired.get(k) ?? 0;
          if (row && (row.fired ?? 0) < n) tx.put(FAULT_KIND, id, { ...row, fired: n });
        }
        // Only the rules are touched: a worker just started need not load its large kinds for this.
      }, { kinds: [FAULT_KIND] })
      .catch(() => undefined); // the environment or the rule went away meanwhile
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Fired counts as they stand (memory is ahead of the stored rows). */
  view(env: string, rule: FaultRule): FaultRule {
    return { ...rule, fired: this.firedCount(env, rule) };
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
