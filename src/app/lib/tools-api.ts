/**
 * Control API calls of the teaching tools (issue 12 §§ 3-5): snapshots, scenarios, API description
 * files and lesson progress. Kept beside api.ts so the views that use them share one client.
 */
import type { Lesson, LessonProgress } from '../../engine/for-app.ts';
import type { ProductId } from '../../engine/for-app.ts';
import { adminFetch, refusal } from '../host/admin-fetch.ts';
import type { CreatedEnv } from './api.ts';

export type { Lesson, LessonProgress };
export { stepId } from '../../engine/for-app.ts';

export interface ScenarioInfo {
  id: string;
  product: ProductId;
  title: string;
  summary: string;
  needs?: string;
}

export interface ImportedEnv extends CreatedEnv {
  importedFrom?: { name: string; exportedAt: string; clock: string };
  scenario?: string;
}

async function send(method: string, path: string, body?: BodyInit): Promise<Response> {
  return adminFetch(path, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
}

async function read<T>(res: Response): Promise<T> {
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    throw new Error(refusal(parsed, text || `HTTP ${res.status}`));
  }
  return parsed as T;
}

const enc = encodeURIComponent;

/** The file name the server suggests (Content-Disposition), else a fallback. */
function fileName(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/** Fetch a control API file and hand it to the browser as a download. */
export async function download(path: string, fallback: string): Promise<string> {
  const res = await send('GET', path);
  if (!res.ok) await read(res);
  const blob = await res.blob();
  const name = fileName(res, fallback);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return name;
}

export const tools = {
  exportSnapshot: (key: string, credentials: boolean) => download(`/environments/${enc(key)}/snapshot${credentials ? '?credentials=true' : ''}`, 'environment.erp-sim.json'),
  importSnapshot: async (file: Blob, name?: string) => read<ImportedEnv>(await send('POST', `/environments/import${name ? `?name=${enc(name)}` : ''}`, file)),
  scenarios: async () => (await read<{ items: ScenarioInfo[] }>(await send('GET', '/scenarios'))).items,
  loadScenario: async (id: string) => read<ImportedEnv>(await send('POST', `/scenarios/${enc(id)}`)),
  openApi: (key: string) => download(`/environments/${enc(key)}/openapi.json`, 'openapi.json'),
  postman: (key: string) => download(`/environments/${enc(key)}/postman.json`, 'postman_collection.json'),
  lessons: async () => (await read<{ items: Lesson[] }>(await send('GET', '/lessons'))).items,
  /** A lesson draft's progress over the environment's journal (nothing stored). */
  checkDraft: async (key: string, text: string) => read<LessonProgress>(await send('POST', `/environments/${enc(key)}/lessons/check`, text)),
  /** Keep a lesson on the host (added, or replacing the custom one of its id). */
  saveLesson: async (id: string, text: string) => (await send('PUT', `/lessons/${enc(id)}`, text).then((r) => read<unknown>(r)), undefined),
  lessonFile: async (id: string) => {
    const res = await send('GET', `/lessons/${enc(id)}`);
    if (!res.ok) await read(res);
    return res.text();
  },
  progress: async (key: string) => (await read<{ items: LessonProgress[] }>(await send('GET', `/environments/${enc(key)}/lessons`))).items,
};
