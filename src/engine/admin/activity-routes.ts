/**
 * The trainer's view of a host (issue 20 § The trainer's view), part of the control API:
 *   GET /activity[?env=<key>…][&lesson=<id>…]
 *     every environment (or those named) with its lesson progress, its last activity and the last
 *     error code it met, from its journal. `lesson` names the lessons that count (a class's
 *     `--class-lesson`s, in their order); without it, every lesson of the environment's product.
 * One answer for the whole class, so a trainer's page asks once per burst of notices instead of
 * twice per environment. "Last activity" is host time: an entry's environment-clock time less the
 * environment's clock offset (a trainer who moved a trainee's clock still sees real minutes).
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import type { Environment, HostClock, ProductId } from '../core/types.ts';
import { entrySource, LEARNER_SOURCES, type JournalEntry } from '../journal/types.ts';
import type { Lesson, LessonProgress } from '../lessons/types.ts';
import { journalOf, lessonsOf, progressOf, type ProgressDeps } from './lesson-progress.ts';

export interface ActivityRouteDeps extends ProgressDeps {
  clock: HostClock;
  /** The host's class codes (AccessOptions.classCodes); none in the browser-only playground. */
  classCodes: readonly string[];
}

/** A lesson as the trainer's table shows it. */
export interface LessonSummary {
  id: string;
  title: string;
  completed: number;
  steps: number;
  done: boolean;
  /** Each step, in order: done or not (the trainer's view marks them). */
  stepDone: boolean[];
}

/** One environment's line in the trainer's view. */
export interface EnvActivity {
  key: string;
  name: string;
  product: ProductId;
  createdAt: string;
  lessons: LessonSummary[];
  stepsDone: number;
  stepsTotal: number;
  /** The first lesson not done, and its next step (1-based), when one is left. */
  current: { lesson: string; title: string; step: number; steps: number } | null;
  /** The learner's requests the journal keeps (console or an outside client; not the views' own reads or the console's token fetches). */
  requests: number;
  /** Host time of the learner's newest request (ISO), null before the first. */
  lastActivityAt: string | null;
  /** The learner's newest request. */
  lastRequest: { method: string; path: string; status: number; at: string } | null;
  /** How far the environment's clock is from the host's (ms): 0 unless someone moved it. */
  clockOffsetMs: number;
  /** The newest answer that was an error (status 400 and above, or a dropped connection). */
  lastError: { code: string; status: number; at: string; method: string; path: string } | null;
}

export interface ActivityAnswer {
  /** Host time of the answer, so a page words "12 s ago" without trusting its own clock. */
  now: string;
  items: EnvActivity[];
}

/** When an entry happened by the host's clock (entries from before `hostAt` was kept: by today's offset). */
const hostTime = (env: Environment, e: JournalEntry) => e.hostAt ?? new Date(Date.parse(e.at) - env.clockOffsetMs).toISOString();

function summarize(env: Environment, progress: LessonProgress[], entries: JournalEntry[]): EnvActivity {
  const lessons = progress.map((p) => ({ id: p.id, title: p.title, completed: p.completed, steps: p.steps.length, done: p.done, stepDone: p.steps.map((s) => s.done) }));
  const open = lessons.find((l) => !l.done);
  const learner = entries.filter((e) => LEARNER_SOURCES.includes(entrySource(e)));
  const newest = learner[0];
  const failed = learner.find((e) => e.status >= 400 || e.status === 0);
  return {
    key: env.key,
    name: env.name,
    product: env.product,
    createdAt: env.createdAt,
    lessons,
    stepsDone: lessons.reduce((n, l) => n + l.completed, 0),
    stepsTotal: lessons.reduce((n, l) => n + l.steps, 0),
    current: open ? { lesson: open.id, title: open.title, step: open.completed + 1, steps: open.steps } : null,
    requests: learner.length,
    lastActivityAt: newest ? hostTime(env, newest) : null,
    lastRequest: newest ? { method: newest.method, path: newest.path, status: newest.status, at: hostTime(env, newest) } : null,
    clockOffsetMs: env.clockOffsetMs,
    lastError: failed
      ? { code: failed.code ?? (failed.status === 0 ? 'dropped' : `HTTP ${failed.status}`), status: failed.status, at: hostTime(env, failed), method: failed.method, path: failed.path }
      : null,
  };
}

/**
 * The lessons that count, in the order named; a named lesson the product does not have (another
 * product's, or one deleted since) is left out, as a named environment that is gone is.
 */
function chosen(lessons: Lesson[] | null, ids: readonly string[]): Lesson[] | null {
  if (!lessons || !ids.length) return lessons;
  return [...new Set(ids)].map((id) => lessons.find((l) => l.id === id)).filter((l): l is Lesson => l !== undefined);
}

export function registerActivityRoutes(app: Hono, deps: ActivityRouteDeps): void {
  // The join codes, for the trainer's view to show the join link (the access gate lets only the admin here).
  app.get('/class', (c) => c.json({ codes: [...deps.classCodes] }));

  app.get('/activity', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const unknown = [...query.keys()].find((k) => k !== 'env' && k !== 'lesson');
    if (unknown) return json({ error: `Unknown parameter '${unknown}'. Allowed: env, lesson (each repeatable).` }, 400);
    const named = query.getAll('env');
    const counted = query.getAll('lesson');
    // Named environments that no longer exist are left out: the page drops their rows.
    const envs = named.length ? named.map((k) => deps.store.env(k)).filter((e): e is Environment => Boolean(e)) : deps.store.environments();
    const lessons = new Map<ProductId, Awaited<ReturnType<typeof lessonsOf>>>();
    const items: EnvActivity[] = [];
    for (const env of envs) {
      // Each environment's journal is read and checked in its own turn of the event loop: a class of
      // thirty never holds the host while trainees' requests wait.
      if (items.length) await new Promise((resolve) => setTimeout(resolve, 0));
      if (!lessons.has(env.product)) lessons.set(env.product, chosen(await lessonsOf(deps, env.product), counted));
      const entries = (await journalOf(deps, env)) ?? [];
      const progress = await progressOf(deps, env, lessons.get(env.product) ?? [], entries);
      items.push(summarize(env, progress, entries));
    }
    const answer: ActivityAnswer = { now: new Date(deps.clock()).toISOString(), items };
    return c.json(answer);
  });
}
