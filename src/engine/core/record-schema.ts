/**
 * The shapes of stored records as data, so a record that did not come from the engine (a snapshot
 * import) can be checked before it is stored (issue 26 § What to reach: "validates every record
 * against its kind's definitions (types, required keys, ids as the engine makes them, depth and
 * size bounds)"). Each product declares its kinds with these builders (Product.recordKinds); the
 * snapshot check (snapshots/records.ts) applies them.
 *
 * A field is required and not null unless marked `orNull()` / `optional()`; an object's keys are
 * exactly its declared fields (an unknown key, `__proto__` included, is a problem). Every problem is
 * a sentence naming what is wrong, for the first record that has one.
 */
import { ID_BASE, ID_STRIDE } from './ids.ts';

/** A stored row (as core/types.ts has it; declared here so the contract can name these types). */
type Row = Record<string, unknown>;

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'decimal' | 'date' | 'timestamp' | 'engineId' | 'array' | 'object' | 'json';

/** Longest string a stored field may hold when its definition sets no width. */
export const MAX_STRING = 4000;
/** Items of an array field, and levels of nesting of free-form JSON (flexfields, run entries). */
export const MAX_ITEMS = 100_000;
export const MAX_JSON_DEPTH = 8;

const DECIMAL_RE = /^-?\d{1,20}(?:\.\d{1,10})?$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

/** What a check of one value sees besides the value. */
export interface CheckContext {
  /** The environment's id sequence: every engine id must come before it. */
  idSeq: number;
}

export class FieldSpec {
  constructor(
    readonly kind: Kind,
    readonly opts: {
      nullable?: boolean;
      optional?: boolean;
      max?: number;
      values?: readonly (string | number)[];
      of?: FieldSpec;
      fields?: Readonly<Record<string, FieldSpec>>;
      ref?: string;
      rule?: (v: unknown) => string | null;
    } = {},
  ) {}

  private with(more: FieldSpec['opts']): FieldSpec {
    return new FieldSpec(this.kind, { ...this.opts, ...more });
  }

  /** null is allowed. */
  orNull(): FieldSpec {
    return this.with({ nullable: true });
  }

  /** The key may be absent. */
  optional(): FieldSpec {
    return this.with({ optional: true });
  }

  /** The value (each item of an array) is the id of a record of `kind` that must exist. */
  ref(kind: string): FieldSpec {
    return this.with({ ref: kind });
  }

  /** One more rule: a sentence when the value breaks it. */
  where(rule: (v: unknown) => string | null): FieldSpec {
    return this.with({ rule });
  }
}

export const str = (max = MAX_STRING) => new FieldSpec('string', { max });
export const oneOf = (...values: (string | number)[]) => new FieldSpec('string', { values });
export const int = () => new FieldSpec('integer');
export const num = () => new FieldSpec('number');
export const bool = () => new FieldSpec('boolean');
/** An amount as the engine stores it: a decimal string. */
export const dec = () => new FieldSpec('decimal');
export const date = () => new FieldSpec('date');
export const ts = () => new FieldSpec('timestamp');
/** An id the environment's sequence handed out (core/ids.ts). */
export const engineId = () => new FieldSpec('engineId');
export const arr = (of: FieldSpec, max = MAX_ITEMS) => new FieldSpec('array', { of, max });
export const obj = (fields: Readonly<Record<string, FieldSpec>>) => new FieldSpec('object', { fields });
/** Any JSON (flexfields): bounded in depth and string length only. */
export const json = () => new FieldSpec('json');

/** The declared keys of a row interface, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

export interface KindSchema {
  /** The id the engine files a valid row under (derived from the row); the file must use exactly it. */
  idOf?(row: Row): string;
  /** Or the fixed ids rows of this kind have (a settings row, named counters). */
  ids?: readonly string[];
  fields: Readonly<Record<string, FieldSpec>>;
  /** A rule across fields, after each field passed: a sentence, or null. */
  rowRule?(row: Row): string | null;
}

/**
 * A kind whose rows are `T`: every declared key of the interface needs a spec (the compiler says
 * so when the interface gains a field), and no other.
 */
export function kindOf<T>(
  schema: Omit<KindSchema, 'fields'> & {
    fields: { [K in KnownKeys<T>]-?: FieldSpec };
    /** Fields rows hold that the interface does not declare. */
    more?: Readonly<Record<string, FieldSpec>>;
  },
): KindSchema {
  const { more, fields, ...rest } = schema;
  return { ...rest, fields: { ...(fields as Record<string, FieldSpec>), ...more } };
}

/** The kind's problem with one record filed under `id`, or null. */
export function recordProblem(schema: KindSchema, id: string, row: Record<string, unknown>, ctx: CheckContext, refs: RefSink): string | null {
  const p = fieldsProblem(schema.fields, row, '', ctx, refs);
  if (p) return p;
  const want = schema.idOf ? schema.idOf(row as Row) : id;
  if (schema.idOf ? want !== id : !schema.ids?.includes(id)) {
    return schema.idOf ? `it is filed under id "${id.slice(0, 40)}", but the simulator files it under "${want.slice(0, 40)}"` : `its id must be one of ${(schema.ids ?? []).join(', ')}`;
  }
  return schema.rowRule?.(row as Row) ?? null;
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** Depth of free-form JSON, with strings bounded; a problem or null (iterative: depth costs no stack). */
function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === 'string' && v.length > MAX_STRING) return `holds a string longer than ${MAX_STRING} characters`;
    if (typeof v === 'number' && !Number.isFinite(v)) return 'holds a number JSON cannot carry';
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return `nests more than ${MAX_JSON_DEPTH} levels deep`;
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, depth + 1]);
  }
  return null;
}

/** Refs found while checking: kind and id each must name. */
export type RefSink = (kind: string, id: string, where: string) => void;

/** The problem of one value, or null; `where` names it in the sentence. */
export function valueProblem(spec: FieldSpec, v: unknown, where: string, ctx: CheckContext, refs: RefSink): string | null {
  const o = spec.opts;
  if (v === null) return o.nullable ? null : `${where} must not be null`;
  const bad = (what: string) => `${where} must be ${what}, not ${typeName(v)}${typeof v === 'string' ? ` "${v.slice(0, 40)}"` : ''}`;
  switch (spec.kind) {
    case 'string':
      if (typeof v !== 'string') return bad('a string');
      if (o.values && !o.values.includes(v)) return `${where} must be one of ${o.values.join(', ')}, not "${v.slice(0, 40)}"`;
      if (v.length > (o.max ?? MAX_STRING)) return `${where} is longer than ${o.max ?? MAX_STRING} characters`;
      break;
    case 'integer':
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) return bad('a whole number');
      if (o.values && !o.values.includes(v)) return `${where} must be one of ${o.values.join(', ')}`;
      break;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return bad('a number');
      break;
    case 'boolean':
      if (typeof v !== 'boolean') return bad('true or false');
      break;
    case 'decimal':
      if (typeof v !== 'string' || !DECIMAL_RE.test(v)) return bad('a decimal amount in a string (e.g. "1250.00")');
      break;
    case 'date':
      if (typeof v !== 'string' || !DATE_RE.test(v) || Number.isNaN(Date.parse(v))) return bad('a date yyyy-MM-dd');
      break;
    case 'timestamp':
      if (typeof v !== 'string' || !TIMESTAMP_RE.test(v) || Number.isNaN(Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')))) return bad('an ISO-8601 date-time');
      break;
    case 'engineId': {
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) return bad('a record id (a whole number)');
      const seq = (v - ID_BASE) / ID_STRIDE;
      if (!Number.isInteger(seq) || seq < 0) return `${where} ${v} is not an id the simulator makes`;
      if (seq >= ctx.idSeq) return `${where} ${v} lies beyond the file's idSeq ${ctx.idSeq} (new records would reuse it)`;
      break;
    }
    case 'array': {
      if (!Array.isArray(v)) return bad('an array');
      if (v.length > (o.max ?? MAX_ITEMS)) return `${where} has more than ${o.max ?? MAX_ITEMS} items`;
      for (let i = 0; i < v.length; i++) {
        const p = valueProblem(o.of as FieldSpec, v[i], `${where}[${i}]`, ctx, refs);
        if (p) return p;
      }
      break;
    }
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) return bad('an object');
      const p = fieldsProblem(o.fields ?? {}, v as Record<string, unknown>, `${where}.`, ctx, refs);
      if (p) return p;
      break;
    }
    case 'json': {
      const p = jsonProblem(v);
      if (p) return `${where} ${p}`;
      break;
    }
  }
  if (o.rule) {
    const p = o.rule(v);
    if (p) return `${where}: ${p}`;
  }
  if (o.ref && spec.kind !== 'array') refs(o.ref, String(v), where);
  if (o.ref && spec.kind === 'array') for (const item of v as unknown[]) refs(o.ref, String(item), where);
  return null;
}

/** The problem of an object's own keys against declared fields (`prefix` names them), or null. */
export function fieldsProblem(fields: Readonly<Record<string, FieldSpec>>, row: Record<string, unknown>, prefix: string, ctx: CheckContext, refs: RefSink): string | null {
  for (const key of Object.keys(row)) if (!Object.hasOwn(fields, key)) return `${prefix}${key.slice(0, 60)} is not a field of this record kind`;
  for (const [name, spec] of Object.entries(fields)) {
    if (!Object.hasOwn(row, name)) {
      if (spec.opts.optional) continue;
      return `${prefix}${name} is missing`;
    }
    const p = valueProblem(spec, row[name], `${prefix}${name}`, ctx, refs);
    if (p) return p;
  }
  return null;
}
