/**
 * When AutoMatch runs (spec 000 § What the service does 4: a recurring tenant schedule, and enqueued
 * after a receipt is created). A service worker is killed when idle, so nothing is timed: the state
 * row holds due times on the environment clock, and due runs are caught up before the environment
 * answers its next request (moving the clock runs them, deterministically). The response that
 * creates a receipt is written before the run is due, so it still shows UNAPPLIED.
 */
import type { DataView, WriteTx } from '../../../core/types.ts';
import { timestamp } from '../book/time.ts';
import { KIND } from '../book/records.ts';
import { runAutoMatch, type RunEntry, type RunResult } from './run.ts';
import { DEFAULT_SETTINGS, type AutoMatchSettings } from './settings.ts';

export const STATE_ID = 'state';
/** Runs kept for the control API and the app (oldest dropped). */
export const KEPT_RUNS = 20;
/** Entries of each list kept in a stored run (a run over thousands of receipts answers all of them once). */
const KEPT_ENTRIES = 200;

export interface AutoMatchState {
  settings: AutoMatchSettings;
  /** Earliest enqueued run (ms on the environment clock), or null. */
  pendingDueAt: number | null;
  /** Next run of the recurring schedule, or null before the first one is planned. */
  nextScheduledAt: number | null;
  lastRunAt: number | null;
}

export type Trigger = 'on demand' | 'enqueued' | 'schedule';

export interface StoredRun {
  runId: number;
  at: string;
  trigger: Trigger;
  counts: { applied: number; recommended: number; unmatched: number };
  applied: RunEntry[];
  recommended: RunEntry[];
  unmatched: RunEntry[];
}

export function stateOf(data: DataView): AutoMatchState {
  const row = data.get<AutoMatchState & Record<string, unknown>>(KIND.automatchState, STATE_ID);
  return row ? { settings: row.settings, pendingDueAt: row.pendingDueAt, nextScheduledAt: row.nextScheduledAt, lastRunAt: row.lastRunAt } : { settings: DEFAULT_SETTINGS, pendingDueAt: null, nextScheduledAt: null, lastRunAt: null };
}

export function saveState(tx: WriteTx, state: AutoMatchState): void {
  tx.put(KIND.automatchState, STATE_ID, { ...state });
}

/** The seeded state: default settings, the first scheduled run one interval after creation. */
export function seedState(tx: WriteTx, now: Date): void {
  saveState(tx, { settings: DEFAULT_SETTINGS, pendingDueAt: null, nextScheduledAt: now.getTime() + DEFAULT_SETTINGS.schedule.intervalMinutes * 60_000, lastRunAt: null });
}

/** Enqueue a run `delaySeconds` from now (inside the write that made a receipt eligible). */
export function enqueueAutoMatch(tx: WriteTx, now: Date): void {
  const state = stateOf(tx);
  const due = now.getTime() + state.settings.schedule.delaySeconds * 1000;
  if (state.pendingDueAt !== null && state.pendingDueAt <= due) return;
  saveState(tx, { ...state, pendingDueAt: due });
}

/** What is due at `nowMs`, or null. Off schedules never run by themselves. */
export function dueTrigger(state: AutoMatchState, nowMs: number): Trigger | null {
  if (!state.settings.schedule.enabled) return null;
  if (state.pendingDueAt !== null && state.pendingDueAt <= nowMs) return 'enqueued';
  if (state.nextScheduledAt !== null && state.nextScheduledAt <= nowMs) return 'schedule';
  return null;
}

/** When something next falls due (Infinity: nothing will by itself), as `dueTrigger` sees it. */
export function nextDueAt(state: AutoMatchState): number {
  if (!state.settings.schedule.enabled) return Infinity;
  return Math.min(state.pendingDueAt ?? Infinity, state.nextScheduledAt ?? Infinity);
}

/** Run now inside `tx`, record the run, and plan the next ones. Missed schedule slots collapse into this one run. */
export async function runAndRecord(tx: WriteTx, now: Date, trigger: Trigger): Promise<RunResult & { runId: number }> {
  const state = stateOf(tx);
  const runId = tx.nextId();
  const result = await runAutoMatch(tx, now, state.settings, runId);
  const nowMs = now.getTime();
  const interval = state.settings.schedule.intervalMinutes * 60_000;
  const nextScheduledAt = state.nextScheduledAt === null || state.nextScheduledAt <= nowMs ? nowMs + interval : state.nextScheduledAt;
  saveState(tx, { ...state, pendingDueAt: null, nextScheduledAt, lastRunAt: nowMs });
  const run: StoredRun = {
    runId,
    at: timestamp(now),
    trigger,
    counts: { applied: result.applied.length, recommended: result.recommended.length, unmatched: result.unmatched.length },
    applied: result.applied.slice(0, KEPT_ENTRIES),
    recommended: result.recommended.slice(0, KEPT_ENTRIES),
    unmatched: result.unmatched.slice(0, KEPT_ENTRIES),
  };
  tx.put(KIND.automatchRun, String(runId), run as unknown as Record<string, unknown>);
  const runs = recentRuns(tx);
  for (const old of runs.slice(KEPT_RUNS)) tx.delete(KIND.automatchRun, String(old.runId));
  return { ...result, runId };
}

/** Recorded runs, newest first. */
export function recentRuns(data: DataView): StoredRun[] {
  return [...(data.list(KIND.automatchRun) as unknown as StoredRun[])].sort((a, b) => b.runId - a.runId);
}
