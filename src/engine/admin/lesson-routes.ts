/**
 * Lessons (issue 12 § 5), part of the control API:
 *   GET /lessons                       the lessons (data: steps, goals)
 *   GET /environments/<key>/lessons    progress of the environment's lessons, checked from its journal
 * Progress is read from the journal route, so any client's requests count (a trainer sees the
 * trainee's own program); a host without a journal answers 503 like the journal route does.
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import type { JournalEntry } from '../journal/types.ts';
import { checkLessons, type LessonFacts } from '../lessons/check.ts';
import { LESSONS } from '../lessons/lessons.ts';
import { REST_RESOURCES } from '../openapi/receivables.ts';
import type { SimStore } from '../storage/store.ts';

export interface LessonRouteDeps {
  store: SimStore;
}

export function registerLessonRoutes(app: Hono, deps: LessonRouteDeps): void {
  app.get('/lessons', (c) => c.json({ items: LESSONS }));

  app.get('/environments/:key/lessons', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return json({ error: `No environment with key '${key}'.` }, 404);
    if ([...new URL(c.req.url).searchParams.keys()].length) return json({ error: 'This route takes no parameters.' }, 400);
    const lessons = LESSONS.filter((l) => l.product === env.product);
    const res = await app.request(new Request(`${new URL(c.req.url).origin}/environments/${key}/journal?limit=500`));
    if (res.status !== 200) return json({ error: 'Lesson progress needs the request journal, which this host does not keep.' }, 503);
    const entries = ((await res.json()) as { items: JournalEntry[] }).items;
    const data = await deps.store.data(key);
    const facts: LessonFacts = { rows: {} };
    for (const lesson of lessons) {
      for (const step of lesson.steps) {
        if (step.goal.kind !== 'covers') continue;
        const def = REST_RESOURCES.find((d) => d.name === (step.goal as { resource: string }).resource);
        if (def) facts.rows[def.name] = data.list(def.kind).filter((row) => !def.where || def.where(row)).length;
      }
    }
    return c.json({ items: checkLessons(lessons, entries, facts), journalEntries: entries.length });
  });
}
