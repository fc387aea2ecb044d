/**
 * Lessons, part of the control API (issue 12 § 5, issue 40 § 2):
 *   GET    /lessons                     built-in and custom lessons, each marked by its origin
 *   POST   /lessons                     a lesson file -> 201, or 400 naming the first wrong field; 409 when the id is taken
 *   GET    /lessons/<id>                the lesson file (a custom one as it was posted, byte for byte)
 *   PUT    /lessons/<id>                replace (200) or add (201) a custom lesson; a built-in one 409
 *   DELETE /lessons/<id>                a custom lesson -> 204; a built-in one 409
 *   GET    /environments/<key>/lessons  progress of the environment's lessons (custom ones too), from its journal
 *   POST   /environments/<key>/lessons/check  a lesson file, not stored -> its progress over the journal (a trainer tries a draft)
 * Built-in lessons come with the host's catalogs (teaching/catalog.ts); custom ones are kept by the
 * host's store (its --state file, IndexedDB in the browser). Writing lessons takes the admin token
 * (access/gate.ts answers others 403). A host without catalogs or without a journal answers 503.
 */
import type { Hono } from 'hono/tiny';
import { empty, json, jsonText, readText } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Product, ProductId } from '../core/types.ts';
import { checkLessonText } from '../lessons/validate.ts';
import type { Lesson } from '../lessons/types.ts';
import { builtinLessons, customLessons, journalOf, lessonsOf, progressOf, type ProgressDeps } from './lesson-progress.ts';

export interface LessonRouteDeps extends ProgressDeps {
  products: Map<ProductId, Product>;
}

/** A built-in lesson's file: how builtin/*.json are written (two-space JSON and a newline). */
export const lessonFileText = (lesson: Lesson): string => `${JSON.stringify(lesson, null, 2)}\n`;

export function registerLessonRoutes(app: Hono, deps: LessonRouteDeps): void {
  const unavailable = () => json({ error: 'The lessons come with the product catalogs, which this host could not load.' }, 503);
  const products = () => [...deps.products.keys()];
  const noParams = (url: string) => [...new URL(url).searchParams.keys()].length === 0;
  const builtinOf = async (id: string) => (await builtinLessons(deps, products()))?.find((l) => l.id === id);
  const builtinRefusal = (id: string, what: string) => json({ error: `"${id}" is a built-in lesson: it cannot be ${what}. Post a copy under another id to change it.`, field: 'id' }, 409);

  /** The posted lesson, checked; a wrong one answers 400 naming the field. */
  async function posted(req: Request): Promise<{ text: string; lesson: Lesson } | Response> {
    const text = await readText(req);
    const checked = checkLessonText(text);
    if (!checked.ok) return json({ error: checked.error, field: checked.field }, 400);
    if (!deps.products.has(checked.lesson.product)) return json({ error: `product: this host does not run "${checked.lesson.product}"`, field: 'product' }, 400);
    return { text, lesson: checked.lesson };
  }

  app.get('/lessons', async (c) => {
    const builtin = await builtinLessons(deps, products());
    if (!builtin) return unavailable();
    const custom = await customLessons(deps.store);
    return c.json({ items: [...builtin.map((l) => ({ ...l, origin: 'builtin' })), ...custom.map((l) => ({ ...l, origin: 'custom' }))] });
  });

  app.post('/lessons', async (c) => {
    if (!noParams(c.req.url)) return json({ error: 'POST /lessons takes no parameters: send the lesson as the JSON body.' }, 400);
    const got = await posted(c.req.raw);
    if (got instanceof Response) return got;
    const { id } = got.lesson;
    if (await builtinOf(id)) return builtinRefusal(id, 'replaced');
    if ((await deps.store.lessons()).some((l) => l.id === id)) return json({ error: `A lesson "${id}" exists: PUT /lessons/${id} replaces it.`, field: 'id' }, 409);
    await deps.store.changeLesson({ op: 'lesson-put', id, text: got.text });
    return jsonText(got.text, 201, { location: `lessons/${id}` });
  });

  app.get('/lessons/:id', async (c) => {
    const id = c.req.param('id');
    const stored = (await deps.store.lessons()).find((l) => l.id === id);
    if (stored) return jsonText(stored.text);
    const builtin = await builtinOf(id);
    if (builtin) return jsonText(lessonFileText(builtin));
    return json({ error: `No lesson "${id}" on this host.` }, 404);
  });

  app.put('/lessons/:id', async (c) => {
    const id = c.req.param('id');
    if (await builtinOf(id)) return builtinRefusal(id, 'replaced');
    const got = await posted(c.req.raw);
    if (got instanceof Response) return got;
    if (got.lesson.id !== id) return json({ error: `id: expected "${id}", the lesson the URL names`, field: 'id' }, 400);
    const existed = (await deps.store.lessons()).some((l) => l.id === id);
    await deps.store.changeLesson({ op: 'lesson-put', id, text: got.text });
    return jsonText(got.text, existed ? 200 : 201);
  });

  app.delete('/lessons/:id', async (c) => {
    const id = c.req.param('id');
    if (await builtinOf(id)) return builtinRefusal(id, 'deleted');
    if (!(await deps.store.lessons()).some((l) => l.id === id)) return json({ error: `No lesson "${id}" on this host.` }, 404);
    await deps.store.changeLesson({ op: 'lesson-delete', id });
    return empty(204);
  });

  app.post('/environments/:key/lessons/check', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return unknownEnvironment(key);
    if (!noParams(c.req.url)) return json({ error: 'This route takes no parameters: send the lesson as the JSON body.' }, 400);
    const got = await posted(c.req.raw);
    if (got instanceof Response) return got;
    if (got.lesson.product !== env.product) return json({ error: `product: expected "${env.product}", the product of this environment`, field: 'product' }, 400);
    const entries = await journalOf(deps, env);
    if (!entries) return json({ error: 'Lesson progress needs the request journal, which this host does not keep.' }, 503);
    const [progress] = await progressOf(deps, env, [got.lesson], entries);
    return c.json({ ...progress, journalEntries: entries.length });
  });

  app.get('/environments/:key/lessons', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return unknownEnvironment(key);
    if (!noParams(c.req.url)) return json({ error: 'This route takes no parameters.' }, 400);
    const lessons = await lessonsOf(deps, env.product);
    if (!lessons) return unavailable();
    const entries = await journalOf(deps, env);
    if (!entries) return json({ error: 'Lesson progress needs the request journal, which this host does not keep.' }, 503);
    return c.json({ items: await progressOf(deps, env, lessons, entries), journalEntries: entries.length });
  });
}
