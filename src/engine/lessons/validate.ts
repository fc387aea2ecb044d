/**
 * Lesson validation (issue 40 § 1), driven by lesson.schema.json, the schema editors get: a small
 * interpreter of the draft-07 keywords that schema uses, which names the first wrong field as
 * `steps[1].check.request.status: expected a number or "4xx"` (each node's `x-expected` says what
 * it takes). Hand-written rather than a JSON Schema library: this runs in the service worker, whose
 * bundle stays small, and the libraries report every failing branch of a oneOf where a trainer wants
 * the one field to fix. A lesson the schema accepts is then compiled the way it will run (each
 * `check` by journal/verify's parser, each regular expression), so a valid lesson never fails later.
 */
import { parseVerification } from '../journal/match.ts';
import SCHEMA from './lesson.schema.json';
import { stepId, type Lesson } from './types.ts';

/** The schema's keywords this validator reads (and the `x-` ones it adds). */
interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minProperties?: number;
  maxProperties?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  not?: Schema;
  'x-expected'?: string;
  'x-oneOf-expected'?: string;
  'x-regex'?: boolean;
}

export const LESSON_SCHEMA = SCHEMA as unknown as Schema & { definitions: Record<string, Schema> };

/** The largest lesson file a host keeps (an embedded snapshot makes it big). */
export const MAX_LESSON_BYTES = 2_000_000;

export type LessonCheck = { ok: true; lesson: Lesson } | { ok: false; field: string; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolve(s: Schema): Schema {
  if (!s.$ref) return s;
  const name = s.$ref.replace('#/definitions/', '');
  const { $ref: _ref, ...rest } = s;
  return { ...resolve(LESSON_SCHEMA.definitions[name] as Schema), ...rest };
}

function typeOk(type: string | undefined, v: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeof v === type;
  }
}

/** Whether a branch of a oneOf is the one the value means: its constants match, else its required fields are there, else its type is the value's. */
function meant(branch: Schema, v: unknown): boolean {
  const b = resolve(branch);
  const consts = Object.entries(b.properties ?? {}).filter(([, p]) => 'const' in p);
  if (consts.length) return isObject(v) && consts.every(([k, p]) => v[k] === p.const);
  if (b.required?.length) return isObject(v) && b.required.every((k) => k in v);
  if (b.type === 'integer') return typeof v === 'number';
  return b.type !== undefined && typeOk(b.type, v);
}

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);
const where = (path: string) => path || 'lesson';

/** The first error of `v` against `schema`, or null; `expected` is what the nearest node above said it takes. */
function firstError(raw: Schema, v: unknown, path: string, inherited: string): string | null {
  const s = resolve(raw);
  const expected = s['x-expected'] ?? inherited;
  const wrong = () => `${where(path)}: expected ${expected}`;
  if (!typeOk(s.type, v)) return wrong();
  if (s.enum && !s.enum.includes(v)) return wrong();
  if ('const' in s && v !== s.const) return wrong();
  if (typeof v === 'string') {
    if ((s.minLength !== undefined && v.length < s.minLength) || (s.maxLength !== undefined && v.length > s.maxLength)) return wrong();
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v)) return wrong();
    if (s['x-regex']) {
      try {
        new RegExp(v, 'i');
      } catch (err) {
        return `${where(path)}: expected ${expected} (${(err as Error).message})`;
      }
    }
  }
  if (typeof v === 'number' && ((s.minimum !== undefined && v < s.minimum) || (s.maximum !== undefined && v > s.maximum))) return wrong();
  if (Array.isArray(v)) {
    if ((s.minItems !== undefined && v.length < s.minItems) || (s.maxItems !== undefined && v.length > s.maxItems)) return wrong();
    if (s.items) {
      for (let i = 0; i < v.length; i++) {
        const e = firstError(s.items, v[i], join(path, i), expected);
        if (e) return e;
      }
    }
  }
  if (isObject(v)) {
    const keys = Object.keys(v);
    if ((s.minProperties !== undefined && keys.length < s.minProperties) || (s.maxProperties !== undefined && keys.length > s.maxProperties)) return wrong();
    for (const k of s.required ?? []) {
      if (!(k in v)) {
        const child = s.properties?.[k];
        const what = child ? resolve(child)['x-expected'] : undefined;
        return `${join(path, k)}: missing${what ? ` (expected ${what})` : ''}`;
      }
    }
    for (const k of keys) {
      const child = s.properties?.[k];
      if (child) {
        const e = firstError(child, v[k], join(path, k), expected);
        if (e) return e;
      } else if (s.additionalProperties === false) {
        return `${join(path, k)}: unknown field (allowed: ${Object.keys(s.properties ?? {}).join(', ')})`;
      } else if (isObject(s.additionalProperties)) {
        const e = firstError(s.additionalProperties, v[k], join(path, k), expected);
        if (e) return e;
      }
    }
  }
  if (s.not && firstError(s.not, v, path, expected) === null) return wrong();
  if (s.oneOf) {
    const passing = s.oneOf.filter((b) => firstError(b, v, path, expected) === null).length;
    if (passing !== 1) {
      const chosen = s.oneOf.filter((b) => meant(b, v));
      const inner = chosen.length === 1 ? firstError(chosen[0] as Schema, v, path, expected) : null;
      return inner ?? `${where(path)}: expected ${s['x-oneOf-expected'] ?? expected}`;
    }
  }
  return null;
}

/** Check a lesson given as a parsed JSON value. */
export function checkLesson(value: unknown): LessonCheck {
  const fail = (message: string): LessonCheck => {
    const at = message.indexOf(': ');
    return { ok: false, field: message.slice(0, at), error: message };
  };
  const e = firstError(LESSON_SCHEMA, value, '', 'a lesson object');
  if (e) return fail(e);
  const lesson = value as Lesson;
  const seen = new Set<string>();
  for (const [i, step] of lesson.steps.entries()) {
    const id = stepId(step, i);
    if (seen.has(id)) return fail(`steps[${i}].id: expected an id no other step has ("${id}" is taken)`);
    seen.add(id);
    if (step.check) {
      // The same parser journal/verify uses: what it refuses (a body rule with two tests…) is refused here too.
      const parsed = parseVerification(step.check);
      if (!parsed.ok) return fail(`steps[${i}].check.${parsed.field}: ${parsed.error}`);
    }
  }
  return { ok: true, lesson };
}

/** Check a lesson file's text (what a trainer posts or imports). */
export function checkLessonText(text: string): LessonCheck {
  if (new TextEncoder().encode(text).length > MAX_LESSON_BYTES) return { ok: false, field: 'lesson', error: `lesson: expected at most ${MAX_LESSON_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, field: 'lesson', error: `lesson: expected JSON (${(err as Error).message})` };
  }
  return checkLesson(value);
}
