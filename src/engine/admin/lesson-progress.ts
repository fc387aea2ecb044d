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

/** The built-in lessons of the products, or null when the host could not load a catalog. */
export async function builtinLessons(deps: Pick<ProgressDeps, 'catalog'>, products: readonly Environment['product'][]): Promise<Lesson[] | null> {
  const lists: Lesson[][] = [];
  for (const product of products) {
    try {
      const list = deps.catalog ? (await deps.catalog(product)).teaching?.lessons : undefined;
      if (!list) return null;
      lists.push(list);
    } catch {
      return null;
    }
  }
  return lists.flat();
}

/** The lessons trainers stored on this host (validated when they were posted), oldest id first. */
export async function customLessons(store: SimStore): Promise<Lesson[]> {
  return (await store.lessons()).map((l) => JSON.parse(l.text) as Lesson);
}

/** The lessons of a product, built-in then custom, or null when the host could not load its catalog. */
export async function lessonsOf(deps: Pick<ProgressDeps, 'catalog' | 'store'>, product: Environment['product']): Promise<Lesson[] | null> {
  const builtin = await builtinLessons(deps, [product]);
  if (!builtin) return null;
  return [...builtin, ...(await customLessons(deps.store)).filter((l) => l.product === product)];
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
  const custom = new Set((await deps.store.lessons()).map((l) => l.id));
  return checkLessons(lessons, entries, facts).map((p) => (custom.has(p.id) ? { ...p, custom: true as const } : p));
}
