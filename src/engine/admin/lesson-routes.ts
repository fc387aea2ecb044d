/**
 * Lessons (issue 12 § 5), part of the control API:
 *   GET /lessons                       the lessons of every product (data: steps, goals)
 *   GET /environments/<key>/lessons    progress of the environment's lessons, checked from its journal
 * Lessons come with the host's catalogs (teaching/catalog.ts); progress is read from the journal
 * route, so any client's requests count (a trainer sees the trainee's own program). A host without
 * catalogs or without a journal answers 503.
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import type { Product, ProductId } from '../core/types.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import { LEARNER_SOURCES, type JournalEntry } from '../journal/types.ts';
import { checkLessons, type LessonFacts } from '../lessons/check.ts';
import type { Lesson } from '../lessons/types.ts';
import { REST_RESOURCES } from '../openapi/resources.ts';
import type { SimStore } from '../storage/store.ts';

export interface LessonRouteDeps {
  store: SimStore;
  products: Map<ProductId, Product>;
  catalog: CatalogSource | undefined;
}

export function registerLessonRoutes(app: Hono, deps: LessonRouteDeps): void {
  const lessonsOf = async (product: ProductId): Promise<Lesson[] | null> => {
    try {
      return (deps.catalog ? (await deps.catalog(product)).teaching?.lessons : undefined) ?? null;
    } catch {
      return null;
    }
  };
  const unavailable = () => json({ error: 'The lessons come with the product catalogs, which this host could not load.' }, 503);

  app.get('/lessons', async (c) => {
    const lists = await Promise.all([...deps.products.keys()].map(lessonsOf));
    if (lists.some((l) => l === null)) return unavailable();
    return c.json({ items: lists.flat() });
  });

  app.get('/environments/:key/lessons', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return json({ error: `No environment with key '${key}'.` }, 404);
    if ([...new URL(c.req.url).searchParams.keys()].length) return json({ error: 'This route takes no parameters.' }, 400);
    const lessons = await lessonsOf(env.product);
    if (!lessons) return unavailable();
    // Only the learner's own requests count (issue 24 § 1.3): not the views' reads or automatic tokens.
    const res = await app.request(new Request(`${new URL(c.req.url).origin}/environments/${key}/journal?limit=500&source=${LEARNER_SOURCES.join(',')}`));
    if (res.status !== 200) return json({ error: 'Lesson progress needs the request journal, which this host does not keep.' }, 503);
    const entries = ((await res.json()) as { items: JournalEntry[] }).items;
    const data = await deps.store.data(key);
    const facts: LessonFacts = { rows: {} };
    for (const step of lessons.flatMap((l) => l.steps)) {
      if (step.goal.kind !== 'covers') continue;
      const name = step.goal.resource;
      const def = REST_RESOURCES.find((d) => d.name === name);
      if (def) facts.rows[name] = data.list(def.kind).filter((row) => !def.where || def.where(row)).length;
    }
    return c.json({ items: checkLessons(lessons, entries, facts), journalEntries: entries.length });
  });
}
