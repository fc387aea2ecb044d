/**
 * `--class-lesson FILE|ID` (issue 40 § 2): the lessons a class runs, in order; the join link opens
 * the first. A FILE (a path that exists, or one ending in .json) is a lesson file, kept on the host
 * as a custom lesson (replacing one of the same id); an ID names a lesson the host has (built-in, or
 * custom from the --state file). Checked at start through the host's own control API, so a wrong
 * file stops the start with the field it names.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ClassSettings } from './class-banner.ts';

/** The host's control API as the CLI calls it (trusted: the host's own start-up requests). */
export type Admin = (path: string, init?: RequestInit) => Promise<Response>;

export interface ClassLesson {
  id: string;
  product: 'receivables' | 'odata';
  /** A scenario id the lesson names (an embedded snapshot is not a scenario id). */
  scenario?: string;
}

const isFile = (arg: string) => existsSync(arg) || /\.json$/i.test(arg) || arg.includes('/') || arg.includes('\\');

/** The class's lessons, in order, or a message naming the flag that is wrong. */
export async function classLessons(args: readonly string[], admin: Admin): Promise<ClassLesson[] | { problem: string }> {
  const found: ClassLesson[] = [];
  for (const arg of args) {
    let text: string;
    if (isFile(arg)) {
      try {
        text = readFileSync(arg, 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        return { problem: `--class-lesson ${arg}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a lesson file' : (err as Error).message}` };
      }
      let id: unknown;
      try {
        id = (JSON.parse(text) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
      // PUT adds the lesson or replaces the one of the same id (a trainer's edited file); a bad file answers 400 with the field.
      const path = typeof id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(id) ? `/lessons/${id}` : '/lessons';
      const res = await admin(path, { method: path === '/lessons' ? 'POST' : 'PUT', headers: { 'content-type': 'application/json' }, body: text });
      if (res.status >= 300) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        return { problem: `--class-lesson ${arg}: ${body.error ?? `HTTP ${res.status}`}` };
      }
    } else {
      const res = await admin(`/lessons/${encodeURIComponent(arg)}`);
      if (res.status !== 200) {
        const list = ((await (await admin('/lessons')).json()) as { items?: { id: string }[] }).items ?? [];
        return { problem: `--class-lesson '${arg}' is neither a lesson file nor a lesson of this host. Lessons: ${list.map((l) => l.id).join(', ')}` };
      }
      text = await res.text();
    }
    const lesson = JSON.parse(text) as { id: string; product: ClassLesson['product']; scenario?: unknown };
    if (found.some((l) => l.id === lesson.id)) return { problem: `--class-lesson ${arg}: the lesson "${lesson.id}" is given twice.` };
    found.push({ id: lesson.id, product: lesson.product, ...(typeof lesson.scenario === 'string' ? { scenario: lesson.scenario } : {}) });
  }
  return found;
}

/**
 * Complete a class's settings at start: its lessons first (the first one's product and scenario are
 * the class's unless given), then its scenario, checked against the host's library. The problem, if
 * any, names the flag that is wrong.
 */
export async function settleClass(klass: ClassSettings, lessonArgs: readonly string[], admin: Admin): Promise<{ scenario?: { id: string; title: string; product: string } } | { problem: string }> {
  const lessons = await classLessons(lessonArgs, admin);
  if ('problem' in lessons) return lessons;
  if (lessons.length) {
    klass.lessons = lessons.map((l) => l.id);
    klass.product ??= lessons[0]?.product;
    const other = lessons.find((l) => l.product !== klass.product);
    if (other) return { problem: `--class-lesson ${other.id} is a lesson of ${other.product}, and the class's environments are ${klass.product}.` };
    if (!klass.scenario && lessons[0]?.scenario && lessons[0].product === klass.product) klass.scenario = lessons[0].scenario;
  }
  const scenarios = ((await (await admin('/scenarios')).json()) as { items?: { id: string; title: string; product: string }[] }).items ?? [];
  const scenario = klass.scenario ? scenarios.find((s) => s.id === klass.scenario) : undefined;
  if (klass.scenario && !scenario) return { problem: `--class-scenario '${klass.scenario}' is not a scenario of this host. One of: ${scenarios.map((s) => s.id).join(', ')}` };
  if (scenario && klass.product && scenario.product !== klass.product) return { problem: `--class-scenario '${scenario.id}' is an ${scenario.product} scenario, not ${klass.product}.` };
  // The join page names the product: a scenario's, when the class gives only a scenario.
  if (scenario && !klass.product) klass.product = scenario.product as ClassSettings['product'];
  return { scenario };
}
