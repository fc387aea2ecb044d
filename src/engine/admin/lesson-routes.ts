/**
 * Lessons (issue 12 § 5), part of the control API:
 *   GET /lessons                       the lessons of every product (data: steps, goals)
 *   GET /environments/<key>/lessons    progress of the environment's lessons, checked from its journal
 * Lessons come with the host's catalogs (teaching/catalog.ts); progress is read from the journal,
 * so any client's requests count (a trainer sees the trainee's own program). A host without
 * catalogs or without a journal answers 503.
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Product, ProductId } from '../core/types.ts';
import { journalOf, lessonsOf, progressOf, type ProgressDeps } from './lesson-progress.ts';

export interface LessonRouteDeps extends ProgressDeps {
  products: Map<ProductId, Product>;
}

export function registerLessonRoutes(app: Hono, deps: LessonRouteDeps): void {
  const unavailable = () => json({ error: 'The lessons come with the product catalogs, which this host could not load.' }, 503);

  app.get('/lessons', async (c) => {
    const lists = await Promise.all([...deps.products.keys()].map((p) => lessonsOf(deps, p)));
    if (lists.some((l) => l === null)) return unavailable();
    return c.json({ items: lists.flat() });
  });

  app.get('/environments/:key/lessons', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return unknownEnvironment(key);
    if ([...new URL(c.req.url).searchParams.keys()].length) return json({ error: 'This route takes no parameters.' }, 400);
    const lessons = await lessonsOf(deps, env.product);
    if (!lessons) return unavailable();
    const entries = await journalOf(deps, env);
    if (!entries) return json({ error: 'Lesson progress needs the request journal, which this host does not keep.' }, 503);
    return c.json({ items: await progressOf(deps, env, lessons, entries), journalEntries: entries.length });
  });
}
