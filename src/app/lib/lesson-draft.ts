/**
 * A trainer's lesson draft in the playground (issue 40 § 3): steps made from the trainer's own
 * requests (method, the path with its ids replaced by `*`, status), a starting template, and the
 * share link that carries a lesson in the URL fragment (nothing leaves the browser).
 */
import type { JournalEntry, Lesson, LessonStep, ProductId } from '../../engine/for-app.ts';
import { fromBase64Url, toBase64Url } from './share.ts';

/** A path segment that names one record: a number, a long hex or dashed key, or an OData key in parentheses. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f-]{27,}|[A-Z0-9]+[-_][A-Z0-9-_]*\d[A-Z0-9-_]*)$/i;

/** The path without its query, each id replaced by `*` (`/receivablesInvoices/300100`, `CUSTOMERS('C1')` → `…/*`, `CUSTOMERS(*)`). */
export function pathPattern(path: string): string {
  const bare = path.split('?')[0] as string;
  return bare
    .split('/')
    .map((seg) => {
      const decoded = safeDecode(seg);
      if (ID_SEGMENT.test(decoded)) return '*';
      // OData keys: ENTITY('C1'), ENTITY(42), ENTITY(KEY='A',LINE=2)
      return seg.replace(/\((?:[^()]*)\)$/, (m) => (m === '()' ? m : '(*)'));
    })
    .join('/');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A step whose check matches the request it was made from. */
export function stepFrom(entry: Pick<JournalEntry, 'method' | 'path' | 'status'>): LessonStep {
  const path = pathPattern(entry.path);
  return {
    title: `${entry.method} ${path}`,
    instruction: `Send ${entry.method} ${path} and expect ${entry.status}.`,
    check: { request: { method: entry.method, path, status: entry.status } },
  };
}

/** The lesson file a set of requests (oldest first) becomes. */
export function lessonFrom(product: ProductId, entries: readonly Pick<JournalEntry, 'method' | 'path' | 'status'>[]): Lesson {
  return {
    id: 'my-lesson',
    title: 'My lesson',
    product,
    summary: 'What the learner practises, in a sentence or two.',
    steps: entries.map(stepFrom),
  };
}

/** The text a lesson file is written as (two-space JSON and a newline, like the built-in files). */
export const lessonText = (lesson: unknown): string => `${JSON.stringify(lesson, null, 2)}\n`;

/** A lesson's text carried in a link's fragment, as the console's share links carry a request. */
export function lessonShareLink(text: string): string {
  const url = new URL(location.href);
  url.hash = `#/lesson-editor?lesson=${toBase64Url(text)}`;
  return url.toString();
}

/** The lesson text a share link carries, or null. */
export function lessonFromShare(token: string): string | null {
  try {
    return fromBase64Url(token);
  } catch {
    return null;
  }
}
