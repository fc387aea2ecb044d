/**
 * A class on a shared host (issue 20): checking a join link's code, joining (the trainee's own
 * environment, made from the class's scenario or product with the class code), the lesson a trainee
 * starts with, and the trainer's view of every environment (`GET /sim/_admin/activity`).
 */
import type { ActivityAnswer, Lesson, ProductId } from '../../engine/for-app.ts';
import { adminFetch, refusal } from '../host/admin-fetch.ts';
import { sharedHost } from '../host/mode.ts';
import { setClassCode } from '../host/tokens.svelte.ts';
import type { CreatedEnv } from './api.ts';

export type { ActivityAnswer };

export type CodeCheck = { ok: true; lessons: Lesson[] } | { ok: false; wrong: boolean; message: string };

async function body(res: Response): Promise<unknown> {
  return res.json().catch(() => null);
}

/** Ask the host whether the code lets its holder in (a class code may read the lessons, nothing more). */
export async function checkCode(code: string): Promise<CodeCheck> {
  try {
    const res = await adminFetch('/lessons', { token: code });
    const parsed = await body(res);
    if (res.ok) return { ok: true, lessons: (parsed as { items: Lesson[] }).items };
    return { ok: false, wrong: res.status === 401 || res.status === 404, message: refusal(parsed, `HTTP ${res.status}`) };
  } catch (err) {
    return { ok: false, wrong: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/** The class's product: its scenario's, the one named at start, else receivables. */
export function classProduct(scenarioProduct?: ProductId): ProductId {
  return scenarioProduct ?? sharedHost?.class?.product ?? 'receivables';
}

/** The lessons a trainee does, in order: the class's (`--class-lesson`), else every lesson of the product. */
export function classLessons(lessons: readonly Lesson[], product: ProductId): Lesson[] {
  const ids = sharedHost?.class?.lessons;
  const own = lessons.filter((l) => l.product === product);
  if (!ids?.length) return own;
  return ids.map((id) => own.find((l) => l.id === id)).filter((l): l is Lesson => l !== undefined);
}

/** The lesson a trainee starts with: the class's first; else the one that goes with the class's scenario, else the product's first. */
export function firstLesson(lessons: readonly Lesson[], product: ProductId): Lesson | undefined {
  const scenario = sharedHost?.class?.scenario;
  const own = classLessons(lessons, product);
  if (sharedHost?.class?.lessons?.length) return own[0];
  return own.find((l) => scenario && l.scenario === scenario) ?? own[0];
}

/**
 * Make the trainee's environment with the class code: the class's scenario (then named after the
 * trainee) or a fresh one of the class's product. Its owner token is kept by adminFetch.
 */
export async function join(code: string, name: string): Promise<CreatedEnv> {
  const scenario = sharedHost?.class?.scenario;
  const created = async (res: Response): Promise<CreatedEnv> => {
    const parsed = await body(res);
    if (res.status !== 201) throw new Error(refusal(parsed, `HTTP ${res.status}`));
    return parsed as CreatedEnv;
  };
  let env: CreatedEnv;
  if (scenario) {
    env = await created(await adminFetch(`/scenarios/${encodeURIComponent(scenario)}`, { method: 'POST', token: code }));
    const renamed = await adminFetch(`/environments/${env.key}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    if (renamed.ok) env = { ...env, name };
  } else {
    const product = classProduct();
    env = await created(await adminFetch('/environments', { method: 'POST', token: code, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product, name }) }));
  }
  setClassCode(code);
  return env;
}

/**
 * The trainer's view: every environment (or those named) with progress, last activity and last
 * error. A class's progress counts the class's lessons (`--class-lesson`), not every lesson of the product.
 */
export async function activity(keys: readonly string[] = []): Promise<ActivityAnswer> {
  const query = new URLSearchParams([...keys.map((k) => ['env', k]), ...(sharedHost?.class?.lessons ?? []).map((id) => ['lesson', id])]).toString();
  const res = await adminFetch(`/activity${query ? `?${query}` : ''}`);
  const parsed = await body(res);
  if (!res.ok) throw Object.assign(new Error(refusal(parsed, `HTTP ${res.status}`)), { status: res.status });
  return parsed as ActivityAnswer;
}
