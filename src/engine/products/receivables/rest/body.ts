/**
 * Request bodies: JSON parse (REST-01007 on invalid JSON), then checks driven by the field table:
 * unknown and read-only/non-updatable attributes refused by name, JSON types, string lengths,
 * dates, and amounts with more than their allowed decimals (spec 000 § Resources: at most 4).
 */
import { jsonTextBoundsProblem } from '../../../core/json-bounds.ts';
import { decimalPlaces } from '../../../core/money.ts';
import type { Row } from '../../../core/types.ts';
import { childOf } from './define.ts';
import { FW, REST_CODES, RestError, type ErrorDetail } from './errors.ts';
import type { FieldDef, ResourceDef, RestContext } from './types.ts';
import { amountInRange, isBodyDate, MAX_BODY_DATE, MIN_BODY_DATE, parseDateTime } from './values.ts';

export interface BodyOptions {
  mode: 'create' | 'update';
  /** Code for attributes not accepted (unknown, read-only, not updatable); default framework codes. */
  refuseCode?: string;
  /** Only these attributes are accepted (others refused by name), e.g. the four of an added line. */
  only?: readonly string[];
  /** Code for missing required attributes; when set, every missing one is listed in o:errorDetails. */
  requiredCode?: string;
  /** Accept a JSON array of objects (a set of rows), e.g. credit memo lines. */
  allowArray?: boolean;
}

/** Parse JSON text; REST-01007 when it is not valid JSON. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new RestError(400, REST_CODES.INVALID_JSON, 'The request body is empty; a JSON object is required.');
  // Bounded shape first (issue 26): parsing a body of 400,000 attributes alone takes a second.
  const beyond = jsonTextBoundsProblem(text);
  if (beyond) throw new RestError(400, FW.BODY_OUT_OF_BOUNDS, beyond);
  try {
    return JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : 'syntax error';
    throw new RestError(400, REST_CODES.INVALID_JSON, `The request body is not valid JSON: ${why}`);
  }
}

/** Read and parse the request body as JSON (no field checks). */
export async function readJsonBody(c: RestContext): Promise<unknown> {
  let text = '';
  try {
    text = await c.req.text();
  } catch {
    text = '';
  }
  return parseJsonText(text);
}

function typeProblem(f: FieldDef, v: unknown): string | null {
  if (v === null) return null;
  if (f.lax) return typeof v === 'string' || typeof v === 'number' ? null : `${f.name} must be a number or a string.`;
  switch (f.type) {
    case 'string':
      if (typeof v !== 'string') return `${f.name} must be a string.`;
      if (f.maxLength !== undefined && v.length > f.maxLength) return null; // length reported separately
      return null;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : `${f.name} must be a number.`;
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v) ? null : `${f.name} must be an integer.`;
    case 'boolean':
      return typeof v === 'boolean' ? null : `${f.name} must be true or false.`;
    case 'date':
      if (typeof v !== 'string' || !isBodyDate(v)) return `${f.name} must be a date in the form yyyy-MM-dd between ${MIN_BODY_DATE} and ${MAX_BODY_DATE}.`;
      return null;
    case 'datetime':
      return typeof v === 'string' && parseDateTime(v) !== null ? null : `${f.name} must be an ISO-8601 datetime.`;
    case 'array':
      return Array.isArray(v) ? null : `${f.name} must be an array.`;
    case 'object':
      return typeof v === 'object' && !Array.isArray(v) ? null : `${f.name} must be an object.`;
  }
}

/** Problems of one attribute value (type, enumerated values, length, decimals, amount range). */
export function valueProblems(f: FieldDef, v: unknown): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const t = typeProblem(f, v);
  if (t) return [{ detail: t, code: FW.INVALID_ATTRIBUTE_VALUE, path: f.name }];
  if (v === null) return out;
  if (f.type === 'string' && f.maxLength !== undefined && (v as string).length > f.maxLength) {
    out.push({ detail: `${f.name} is longer than ${f.maxLength} characters.`, code: FW.VALUE_TOO_LONG, path: f.name });
  }
  if (f.type === 'number' && f.scale !== undefined && decimalPlaces(v as number) > f.scale) {
    out.push({ detail: `${f.name} has more than ${f.scale} decimal places.`, code: FW.TOO_MANY_DECIMALS, path: f.name });
  }
  if (f.type === 'number' && f.scale !== undefined && !amountInRange(v as number)) {
    out.push({ detail: `${f.name} must be less than 100000000000 in absolute value.`, code: FW.NUMBER_OUT_OF_RANGE, path: f.name });
  }
  if (f.values && typeof v === 'string' && !f.values.includes(v)) {
    out.push({ detail: `${f.name} must be one of ${f.values.join(', ')}.`, code: FW.INVALID_ATTRIBUTE_VALUE, path: f.name });
  }
  return out;
}

/** Names of required-on-create attributes that are absent or null. */
export function missingRequired(def: ResourceDef, body: Row): string[] {
  return def.fields.filter((f) => f.requiredOnCreate && (body[f.name] === undefined || body[f.name] === null)).map((f) => f.name);
}

/** Check one JSON object against a definition; returns problems (does not throw). */
export function checkObject(def: ResourceDef, body: Row, opts: BodyOptions, prefix = ''): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const only = opts.only ? new Set(opts.only) : null;
  for (const [name, value] of Object.entries(body)) {
    const f = def.byName.get(name);
    const at = `${prefix}${name}`;
    if (!f || (only && !only.has(name))) {
      problems.push({ detail: `${name} is not an attribute that can be sent to ${def.name}.`, code: opts.refuseCode ?? FW.UNKNOWN_ATTRIBUTE, path: at });
      continue;
    }
    const child = childOf(def, name);
    if (child && f.readOnly) {
      // A read-only child (e.g. receivablesInvoiceInstallments) is refused even as an empty array.
      problems.push({ detail: `${name} is read-only and cannot be sent.`, code: opts.refuseCode ?? FW.READ_ONLY_ATTRIBUTE, path: at });
      continue;
    }
    if (child && opts.mode === 'create') {
      if (value === null) continue; // null is an absent child set; required checks decide (e.g. AR-1001)
      if (!Array.isArray(value)) {
        problems.push({ detail: `${name} must be an array of ${child.title} objects.`, code: FW.INVALID_ATTRIBUTE_VALUE, path: at });
        continue;
      }
      value.forEach((el, i) => {
        if (!el || typeof el !== 'object' || Array.isArray(el)) {
          problems.push({ detail: `${name}[${i}] must be an object.`, code: FW.INVALID_ATTRIBUTE_VALUE, path: `${at}[${i}]` });
        } else {
          problems.push(...checkObject(child, el as Row, { mode: 'create', refuseCode: opts.refuseCode }, `${at}[${i}].`));
        }
      });
      continue;
    }
    const refused = opts.mode === 'create' ? f.readOnly : f.readOnly || !f.updatable;
    if (refused) {
      const why = f.readOnly ? 'read-only' : 'not updatable';
      problems.push({ detail: `${name} is ${why} and cannot be sent.`, code: opts.refuseCode ?? FW.READ_ONLY_ATTRIBUTE, path: at });
      continue;
    }
    for (const p of valueProblems(f, value)) problems.push({ ...p, path: `${prefix}${p.path}` });
  }
  return problems;
}

/** o:errorDetails lists at most this many problems (the count says how many there were). */
export const MAX_LISTED_PROBLEMS = 100;

/** Throw the first problem's code with one o:errorDetails entry per problem (the first 100). */
export function throwProblems(problems: ErrorDetail[]): void {
  if (problems.length === 0) return;
  const first = problems[0] as ErrorDetail;
  const listed = problems.length > MAX_LISTED_PROBLEMS ? `; the first ${MAX_LISTED_PROBLEMS} are in o:errorDetails` : '; see o:errorDetails';
  const detail = problems.length === 1 ? first.detail : `${first.detail} (${problems.length} problems${listed})`;
  throw new RestError(400, first.code ?? FW.INVALID_ATTRIBUTE_VALUE, detail, { path: first.path, details: problems.slice(0, MAX_LISTED_PROBLEMS) });
}

/**
 * Read, parse and check a body against a definition. Returns the JSON object (or array of objects
 * when allowArray) with values as sent; amounts stay JSON numbers (use core/money numberLiteral).
 */
export async function parseBody(c: RestContext, def: ResourceDef, opts: BodyOptions): Promise<Row> {
  return checkBody(await readJsonBody(c), def, opts) as Row;
}

/** The synchronous part of parseBody, for bodies already parsed. */
export function checkBody(value: unknown, def: ResourceDef, opts: BodyOptions): Row | Row[] {
  const list = Array.isArray(value) && opts.allowArray ? value : [value];
  const problems: ErrorDetail[] = [];
  for (const [i, el] of list.entries()) {
    if (!el || typeof el !== 'object' || Array.isArray(el)) {
      throw new RestError(400, FW.BODY_NOT_OBJECT, 'The request body must be a JSON object.');
    }
    problems.push(...checkObject(def, el as Row, opts, list.length > 1 || Array.isArray(value) ? `[${i}].` : ''));
  }
  throwProblems(problems);
  if (opts.requiredCode && opts.mode === 'create') {
    for (const el of list) {
      const missing = missingRequired(def, el as Row);
      if (missing.length) {
        throw new RestError(400, opts.requiredCode, `Required attributes are missing: ${missing.join(', ')}.`, {
          path: missing[0],
          details: missing.map((m) => ({ detail: `The attribute ${m} is required.`, path: m })),
        });
      }
    }
  }
  return Array.isArray(value) && opts.allowArray ? (list as Row[]) : (value as Row);
}
