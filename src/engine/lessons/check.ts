/**
 * The lesson checker (issue 12 § 5, issue 40 § 1): a pure function over journal entries. Steps
 * complete in order: each by entries newer than the entry that completed the step before it. Only
 * the learner's requests count (issue 24 § 1.3): the console's and outside clients', never a view's
 * own reads or the tokens the console fetches by itself (journal/types.ts § JournalSource). A step's
 * `check` runs journal/verify's own matcher and count (journal/match.ts countMatches).
 */
import { countMatches, parseVerification, type CompiledVerification } from '../journal/match.ts';
import { entrySource, LEARNER_SOURCES, type JournalEntry } from '../journal/types.ts';
import { stepId, type EntryPattern, type Lesson, type LessonProgress, type LessonStep, type StepGoal, type StepProgress } from './types.ts';

/** Facts about the environment a goal may need (`covers`: rows per resource). */
export interface LessonFacts {
  rows: Record<string, number>;
}

const regex = (source: string) => new RegExp(source, 'i');

function statusMatches(want: number | string, status: number): boolean {
  if (typeof want === 'number') return status === want;
  const klass = /^([1-5])xx$/i.exec(want);
  return klass ? Math.floor(status / 100) === Number(klass[1]) : String(status) === want;
}

export function matches(p: EntryPattern, e: JournalEntry, all: readonly JournalEntry[]): boolean {
  if (p.service && e.service !== p.service) return false;
  if (p.method && !p.method.toUpperCase().split('|').includes(e.method.toUpperCase())) return false;
  if (p.path && !regex(p.path).test(e.path)) return false;
  if (p.status !== undefined && !statusMatches(p.status, e.status)) return false;
  if (p.code && !(e.code && regex(p.code).test(e.code))) return false;
  if (p.injected !== undefined && Boolean(e.injected) !== p.injected) return false;
  if (p.drill && !(e.drill && regex(p.drill).test(e.drill.kind))) return false;
  if (p.inBatch !== undefined && (e.parent !== undefined) !== p.inBatch) return false;
  if (p.requestHeader) {
    const name = p.requestHeader.name.toLowerCase();
    const value = Object.entries(e.request.headers).find(([k]) => k.toLowerCase() === name)?.[1];
    if (value === undefined || !regex(p.requestHeader.pattern).test(value)) return false;
  }
  if (p.responseBody && !(e.response.body !== undefined && regex(p.responseBody).test(e.response.body))) return false;
  if (p.batchAllSucceeded) {
    const inner = all.filter((x) => x.parent === e.id);
    if (!inner.length || inner.some((x) => x.status >= 400 || x.status === 0)) return false;
  }
  return true;
}

/** The offset/limit window of a collection read, or null when it filters (q, finder) or is not one. */
function windowOf(e: JournalEntry, path: string): [number, number] | null {
  if (e.method !== 'GET' || e.status !== 200 || e.parent !== undefined) return null;
  const [p, query = ''] = e.path.split('?', 2) as [string, string?];
  if (p !== path) return null;
  const params = new URLSearchParams(query);
  if (params.has('q') || params.has('finder')) return null;
  const offset = params.has('offset') ? Number(params.get('offset')) : 0;
  const limit = params.has('limit') ? Number(params.get('limit')) : 25;
  if (!Number.isInteger(offset) || !Number.isInteger(limit) || offset < 0 || limit < 1) return null;
  return [offset, offset + Math.min(limit, 500)];
}

/** Whether windows cover [0, total). */
function covered(windows: [number, number][], total: number): boolean {
  let reach = 0;
  for (const [from, to] of [...windows].sort((a, b) => a[0] - b[0])) {
    if (from > reach) return false;
    reach = Math.max(reach, to);
    if (reach >= total) return true;
  }
  return reach >= total;
}

/** The entry that completes `goal` among `entries` (oldest first), or undefined. */
function completes(goal: StepGoal, entries: readonly JournalEntry[], all: readonly JournalEntry[], facts: LessonFacts): JournalEntry | undefined {
  if (goal.kind === 'seen') {
    let n = 0;
    for (const e of entries) if (matches(goal.pattern, e, all) && ++n >= (goal.count ?? 1)) return e;
    return undefined;
  }
  const total = facts.rows[goal.resource];
  if (total === undefined) return undefined;
  const windows: [number, number][] = [];
  for (const e of entries) {
    const w = windowOf(e, goal.path);
    if (!w) continue;
    windows.push(w);
    if (covered(windows, total)) return e;
  }
  return undefined;
}

/** What a `check` says over the entries after the step before (oldest first). */
type Outcome = { done: false } | { done: true; entry?: JournalEntry };

function checked(v: CompiledVerification, entries: readonly JournalEntry[]): Outcome {
  const { ok, matched } = countMatches(entries, v);
  if (!ok) return { done: false };
  // The entry that made the count hold: the n-th match (atLeast, exactly), or the last one (atMost).
  const at = v.count.rule === 'atMost' ? matched.length : v.count.n;
  return at > 0 ? { done: true, entry: matched[at - 1] } : { done: true };
}

function outcome(step: LessonStep, from: readonly JournalEntry[], all: readonly JournalEntry[], facts: LessonFacts): Outcome {
  if (step.check) {
    const parsed = parseVerification(step.check);
    // A stored lesson was validated; one that was not (a test's object) never ticks a step it cannot read.
    return parsed.ok ? checked(parsed.verification, from) : { done: false };
  }
  if (!step.goal) return { done: false };
  const entry = completes(step.goal, from, all, facts);
  return entry ? { done: true, entry } : { done: false };
}

/** Progress of each lesson from the journal (entries in any order). */
export function checkLessons(lessons: readonly Lesson[], journal: readonly JournalEntry[], facts: LessonFacts): LessonProgress[] {
  const all = journal.filter((e) => LEARNER_SOURCES.includes(entrySource(e))).sort((a, b) => a.id - b.id);
  return lessons.map((lesson) => {
    const steps: StepProgress[] = [];
    let after = -Infinity;
    let open = true;
    lesson.steps.forEach((step, i) => {
      const id = stepId(step, i);
      // A coverage goal counts the page that completed the step before it (a first page is a page).
      const from = step.goal?.kind === 'covers' ? all.filter((e) => e.id >= after) : all.filter((e) => e.id > after);
      const found: Outcome = open ? outcome(step, from, all, facts) : { done: false };
      if (!found.done) {
        open = false;
        steps.push({ id, done: false });
        return;
      }
      const e = found.entry;
      if (!e) return void steps.push({ id, done: true });
      after = e.id;
      steps.push({ id, done: true, entry: { id: e.id, at: e.at, method: e.method, path: e.path, status: e.status, ...(e.code ? { code: e.code } : {}) } });
    });
    const completed = steps.filter((s) => s.done).length;
    return { id: lesson.id, product: lesson.product, title: lesson.title, done: completed === steps.length, completed, steps };
  });
}
