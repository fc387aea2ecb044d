/**
 * Resource paths under the OData root (spec 001 § Endpoints, Key addressing). Segment names are
 * data and case-sensitive; a percent-encoded name is a bare 404; key predicates are
 * percent-decoded before parsing (so a Location URL with %27 quotes addresses its entity).
 */
import { ROOT_SEGMENTS } from '../config.ts';
import { entitySet, formByName, rowId, childRowId, subformOf, type FormDef } from '../forms/index.ts';
import { parseKeyPredicate, readQuoted, type KeyValues } from './keys.ts';

export interface EntityRef {
  form: FormDef;
  keys: KeyValues;
  /** Record id (canonical key text; for a subform row `<parentId>\u0002<childKey>`). */
  id: string;
}

export const FUNCTION_NAMES = [
  'GetMetadataFor',
  'GetProductVersion',
  'GetODataVersion',
  'GetBinVersion',
  'GetLoginName',
  'GetTenantDetails',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export type ODataTarget =
  | { type: 'root' }
  | { type: 'metadata' }
  | { type: 'batch' }
  | { type: 'function'; name: FunctionName; entity?: string }
  /** /SET or /SET/$count */
  | { type: 'set'; form: FormDef; count: boolean }
  /** /SET(key) */
  | { type: 'entity'; entity: EntityRef }
  /** /SET(key)/SUBFORM or /SET(key)/SUBFORM/$count */
  | { type: 'children'; parent: EntityRef; child: FormDef; count: boolean }
  /** /SET(key)/SUBFORM(key): not readable (bare 404), addressable by writes. */
  | { type: 'child'; parent: EntityRef; child: EntityRef };

export type PathResult = { ok: true; target: ODataTarget } | { ok: false };

const NOT_FOUND: PathResult = { ok: false };

/** True when the environment path is under the /odata prefix (authentication applies). */
export function isODataPath(path: string): boolean {
  return path === '/odata' || path.startsWith('/odata/');
}

/** Split on `/` outside quoted literals inside parentheses. */
function splitSegments(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let inQ = false;
  for (const ch of s) {
    if (depth > 0 && ch === "'") inQ = !inQ;
    else if (!inQ && ch === '(') depth++;
    else if (!inQ && ch === ')') depth = Math.max(0, depth - 1);
    if (ch === '/' && depth === 0 && !inQ) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

interface Segment {
  name: string;
  /** Decoded text between the parentheses, or null when the segment has none. */
  args: string | null;
}

function segment(raw: string): Segment | null {
  const open = raw.indexOf('(');
  const name = open < 0 ? raw : raw.slice(0, open);
  if (name.includes('%') || name.length === 0) return null;
  if (open < 0) return { name, args: null };
  if (!raw.endsWith(')')) return null;
  try {
    return { name, args: decodeURIComponent(raw.slice(open + 1, -1)) };
  } catch {
    return null;
  }
}

function entityRef(form: FormDef, args: string, parentId?: string): EntityRef | null {
  const keys = parseKeyPredicate(form, args);
  if (!keys) return null;
  return { form, keys, id: parentId === undefined ? rowId(form, keys) : childRowId(parentId, form, keys) };
}

function functionTarget(seg: Segment): PathResult {
  const name = seg.name as FunctionName;
  if (name === 'GetMetadataFor') {
    const m = seg.args === null ? null : /^entity=(.*)$/s.exec(seg.args);
    if (!m) return NOT_FOUND;
    const q = readQuoted(m[1] as string, 0);
    if (!q || q.end !== (m[1] as string).length) return NOT_FOUND;
    return { ok: true, target: { type: 'function', name, entity: q.value } };
  }
  // Parameterless imports: bare name or the empty-parens call form.
  if (seg.args !== null && seg.args !== '') return NOT_FOUND;
  return { ok: true, target: { type: 'function', name } };
}

/**
 * Parse an environment path (EnvContext.path, still percent-encoded). Anything outside the
 * configured root or not naming a resource is `{ ok: false }`: the bare 404.
 */
export function parseODataPath(path: string): PathResult {
  const prefix = `/odata/${ROOT_SEGMENTS.join('/')}`;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return NOT_FOUND;
  const rest = path.slice(prefix.length + 1);
  if (rest === '') return { ok: true, target: { type: 'root' } };
  const raw = splitSegments(rest);
  if (raw.length === 1) {
    if (rest === '$metadata') return { ok: true, target: { type: 'metadata' } };
    if (rest === '$batch') return { ok: true, target: { type: 'batch' } };
  }
  const segs: Segment[] = [];
  for (const r of raw) {
    const s = segment(r);
    if (!s) return NOT_FOUND;
    segs.push(s);
  }
  const first = segs[0] as Segment;
  if ((FUNCTION_NAMES as readonly string[]).includes(first.name)) {
    return segs.length === 1 ? functionTarget(first) : NOT_FOUND;
  }
  const form = entitySet(first.name);
  if (!form) return NOT_FOUND;
  if (first.args === null) {
    if (segs.length === 1) return { ok: true, target: { type: 'set', form, count: false } };
    if (segs.length === 2 && raw[1] === '$count') return { ok: true, target: { type: 'set', form, count: true } };
    return NOT_FOUND;
  }
  const parent = entityRef(form, first.args);
  if (!parent) return NOT_FOUND;
  if (segs.length === 1) return { ok: true, target: { type: 'entity', entity: parent } };
  const second = segs[1] as Segment;
  const child = subformOf(form, second.name);
  if (!child) return NOT_FOUND; // property path segment, unknown or lowercase subform
  if (second.args === null) {
    if (segs.length === 2) return { ok: true, target: { type: 'children', parent, child, count: false } };
    if (segs.length === 3 && raw[2] === '$count') return { ok: true, target: { type: 'children', parent, child, count: true } };
    return NOT_FOUND;
  }
  if (segs.length !== 2) return NOT_FOUND;
  const ref = entityRef(child, second.args, parent.id);
  return ref ? { ok: true, target: { type: 'child', parent, child: ref } } : NOT_FOUND;
}

/** The form definition a target addresses (for write permission checks). */
export function targetForm(t: ODataTarget): FormDef | null {
  switch (t.type) {
    case 'set':
      return t.form;
    case 'entity':
      return t.entity.form;
    case 'children':
      return t.child;
    case 'child':
      return t.child.form;
    default:
      return null;
  }
}

export { formByName };
