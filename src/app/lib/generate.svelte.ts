/**
 * Synthetic data for load, paging and AutoMatch trials: `POST /_admin/environments/<key>/generate`
 * (README § Control API) and its progress. Jobs live here, not in the view, so leaving the
 * Environments view and coming back still shows a generate that runs on, and its result.
 * A generate started by another tab or a script shows its progress too (the worker tells every tab).
 */
import type { ProductId } from '../../engine/for-app.ts';
import { api } from './api.ts';
import { onSimProgress, type SimProgress } from './progress.ts';

/** The control API's bound for one call (src/engine/admin/routes.ts). */
export const MAX_GENERATE = 100_000;
/** A job of another tab that posted nothing for this long is dropped (its worker stopped). */
const FOREIGN_QUIET_MS = 10_000;
/** A progress notice is posted after its slice commits, so it may come after the call's answer. */
const LATE_NOTICE_MS = 3000;

export interface GenerateKind {
  /** The `kind` sent to the control API; undefined: the product has one kind and takes none. */
  id: string | undefined;
  noun: string;
  hint: string;
}

/** What each product's generator makes (the product's `generateKinds`). */
export function generateKinds(product: ProductId): GenerateKind[] {
  if (product === 'odata') return [{ id: undefined, noun: 'customers', hint: 'Customers with contacts, a final invoice for every tenth and balances, continuing the book’s numbers.' }];
  return [
    { id: 'invoices', noun: 'invoices', hint: 'Invoices of one to three lines with their schedule, dated over the last 120 days, made through the normal create path.' },
    { id: 'receipts', noun: 'receipts', hint: 'Unapplied receipts whose remittance references name open invoices exactly, one typo away, wrongly or not at all: for AutoMatch trials.' },
  ];
}

export interface GenerateJob {
  noun: string;
  total: number;
  /** Documents committed so far (from the worker's progress notices). */
  done: number;
  status: 'running' | 'done' | 'failed';
  /** Started from this tab; otherwise another tab or a script runs it and only its progress is known. */
  ours: boolean;
  startedAt: number;
  /** Estimated seconds left, from the rate so far (null before the first slice). */
  secondsLeft: number | null;
  added?: number;
  /** The resource the documents were added to (for a link to the data browser). */
  resource?: string;
  seconds?: number;
  finishedAt?: number;
  error?: string;
}

/** The latest job of each environment (keyed by environment key). */
export const jobs: Record<string, GenerateJob> = $state({});

export const isRunning = (env: string | undefined): boolean => env !== undefined && jobs[env]?.status === 'running';

const foreignTimers = new Map<string, ReturnType<typeof setTimeout>>();
let listening = false;

/** Per notice only a few numbers change: the page stays free for the user while a generate runs. */
function onProgress(p: SimProgress): void {
  const job = jobs[p.env];
  const now = performance.now();
  if (job?.status === 'running' && (job.ours || job.total === p.total)) {
    if (job.total !== p.total || p.done <= job.done) return; // another generate into the same environment
    job.done = p.done;
    job.secondsLeft = ((now - job.startedAt) / p.done) * (p.total - p.done) / 1000;
    if (!job.ours && p.done >= p.total) finishForeign(p.env, job);
    else if (!job.ours) watchForeign(p.env);
    return;
  }
  // A notice of our own finished generate that came after its answer.
  if (job?.ours && job.total === p.total && now - (job.finishedAt ?? 0) < LATE_NOTICE_MS) return;
  if (p.done >= p.total) return;
  jobs[p.env] = { noun: 'documents', total: p.total, done: p.done, status: 'running', ours: false, startedAt: now, secondsLeft: null };
  watchForeign(p.env);
}

function finishForeign(env: string, job: GenerateJob): void {
  clearTimeout(foreignTimers.get(env));
  job.status = 'done';
  job.added = job.total;
}

function watchForeign(env: string): void {
  clearTimeout(foreignTimers.get(env));
  foreignTimers.set(
    env,
    setTimeout(() => {
      if (jobs[env]?.status === 'running' && !jobs[env].ours) delete jobs[env];
    }, FOREIGN_QUIET_MS),
  );
}

/** Start following the worker's progress notices (once per page). */
export function followProgress(): void {
  if (listening) return;
  listening = true;
  onSimProgress(onProgress);
}

/**
 * Generate `count` documents of a kind into an environment. The count goes to the control API as
 * given, so an out-of-range one gets the API's own message.
 */
export async function generate(env: string, count: number, kind: GenerateKind): Promise<void> {
  followProgress();
  const startedAt = performance.now();
  jobs[env] = { noun: kind.noun, total: Number.isFinite(count) ? count : 0, done: 0, status: 'running', ours: true, startedAt, secondsLeft: null };
  try {
    // count as typed (NaN goes out as null): the control API's own message says what it takes.
    const result = await api.generate(env, kind.id ? { count, kind: kind.id } : { count });
    jobs[env] = { ...jobs[env], status: 'done', done: result.added, added: result.added, resource: result.resource, seconds: (performance.now() - startedAt) / 1000, finishedAt: performance.now() };
  } catch (err) {
    jobs[env] = { ...jobs[env], status: 'failed', finishedAt: performance.now(), error: err instanceof Error ? err.message : String(err) };
  }
}

const NUMBER = new Intl.NumberFormat('en');

/** "12,000": the app speaks English, so do its figures. */
export const figure = (n: number): string => NUMBER.format(n);

/** "6.1 s"; under a second "40 ms". */
export const duration = (seconds: number): string => (seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(1)} s`);

/** "about 4 s left", "about 2 min left". */
export function timeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds < 1) return 'almost done';
  if (seconds < 90) return `about ${Math.ceil(seconds)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
