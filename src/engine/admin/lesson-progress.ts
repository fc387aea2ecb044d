/**
 * An environment's lesson progress, checked from its journal (issue 12 § 5): shared by the lesson
 * route and the trainer's activity route (issue 20), read straight from the journal so neither
 * depends on the other's answer.
 */
import type { Environment } from '../core/types.ts';
import type { Journal } from '../journal/journal.ts';
import type { JournalEntry } from '../journal/types.ts';
import { checkLessons, type LessonFacts } from '../lessons/check.ts';
import type { Lesson, LessonProgress } from '../lessons/types.ts';
import { REST_RESOURCES } from '../openapi/resources.ts';
import type { SimStore } from '../storage/store.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import { enrich } from './journal-routes.ts';

export interface ProgressDeps {
  store: SimStore;
  journal: Journal | undefined;
  catalog: CatalogSource | undefined;
}

/** The lessons of a product, or null when the host could not load its catalog. */
export async function lessonsOf(deps: Pick<ProgressDeps, 'catalog'>, product: Environment['product']): Promise<Lesson[] | null> {
  try {
    return (deps.catalog ? (await deps.catalog(product)).teaching?.lessons : undefined) ?? null;
  } catch {
    return null;
  }
}

/** Every entry the journal keeps for the environment (newest first), explained like the journal route's. */
export async function journalOf(deps: ProgressDeps, env: Environment): Promise<JournalEntry[] | null> {
  if (!deps.journal) return null;
  const entries = await deps.journal.read(env.key, { limit: deps.journal.capacity(env.key) });
  const catalog = deps.catalog ? await Promise.resolve(deps.catalog(env.product)).catch(() => undefined) : undefined;
  return enrich(entries, catalog);
}

/** Progress of the lessons over the given entries; `covers` goals count the environment's rows. */
export async function progressOf(deps: ProgressDeps, env: Environment, lessons: readonly Lesson[], entries: readonly JournalEntry[]): Promise<LessonProgress[]> {
  const facts: LessonFacts = { rows: {} };
  const covers = lessons.flatMap((l) => l.steps.map((s) => s.goal)).filter((g) => g?.kind === 'covers');
  if (covers.length) {
    const data = await deps.store.data(env.key);
    for (const goal of covers) {
      if (goal?.kind !== 'covers') continue;
      const name = goal.resource;
      const def = REST_RESOURCES.find((d) => d.name === name);
      if (def) facts.rows[name] = data.list(def.kind).filter((row) => !def.where || def.where(row)).length;
    }
  }
  return checkLessons(lessons, entries, facts);
}
