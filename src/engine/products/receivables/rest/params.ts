/**
 * Query parameters of the REST framework (spec 000 § Common query parameters). Each operation
 * implements a set; anything else is refused by name with 400 (the resource's code).
 */
import { didYouMean } from '../../../core/nearest.ts';
import { childOf } from './define.ts';
import { FW, RestError } from './errors.ts';
import { compileQ, parseQ, type QueryExpr, type RowPredicate } from './q.ts';
import type { FieldDef, FinderDef, ParamName, ResourceDef, RestContext } from './types.ts';
import { typedLiteral } from './values.ts';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 500;

export type Operation = 'collection' | 'item';

export interface OrderKey {
  field: FieldDef;
  desc: boolean;
}

export interface ReadParams {
  /** Row predicate from q (null: none). */
  q: RowPredicate | null;
  /** The parsed q behind `q`, when it came from one (equality lookups use it; `q` still decides). */
  qExpr?: QueryExpr;
  fields: string[] | null;
  limit: number;
  offset: number;
  orderBy: OrderKey[];
  /** Normalized orderBy text (index cache key). */
  orderText: string;
  totalResults: boolean;
  onlyData: boolean;
  links: Set<string> | null;
  expand: string[];
  finder: { def: FinderDef | null; name: string; vars: Record<string, string> } | null;
}

/** Query parameters of a request, first value of each name. */
export function queryOf(c: RestContext): Map<string, string> {
  const out = new Map<string, string>();
  const url = new URL(c.req.url);
  for (const [k, v] of url.searchParams) if (!out.has(k)) out.set(k, v);
  return out;
}

function boolParam(name: string, v: string | undefined): boolean {
  if (v === undefined || v === '') return false;
  const s = v.trim().toLowerCase();
  if (s === 'true') return true;
  if (s === 'false') return false;
  throw new RestError(400, FW.INVALID_PARAMETER_VALUE, `The value '${v}' of parameter ${name} must be true or false.`, { path: name });
}

/**
 * limit: 1-500, default 25; above 500 clamps to 500; 0 or below, or a value that is not a whole
 * number, falls back to 25 (never refused).
 */
export function parseLimit(v: string | undefined): number {
  if (v === undefined) return DEFAULT_LIMIT;
  const s = v.trim();
  if (!/^[+-]?\d+$/.test(s)) return DEFAULT_LIMIT;
  if (s.startsWith('-') || /^[+]?0+$/.test(s)) return DEFAULT_LIMIT;
  const digits = s.replace(/^\+/, '').replace(/^0+/, '');
  if (digits.length > 4) return MAX_LIMIT;
  const n = Number(digits);
  return n > MAX_LIMIT ? MAX_LIMIT : n;
}

/** offset: zero-based, default 0; negative or not a whole number falls back to 0; huge values are clamped. */
export function parseOffset(v: string | undefined): number {
  if (v === undefined) return 0;
  const s = v.trim();
  if (!/^[+-]?\d+$/.test(s) || s.startsWith('-')) return 0;
  const n = Number(s.replace(/^\+/, ''));
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

export function parseOrderBy(text: string, def: ResourceDef): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const part of text.split(',')) {
    const p = part.trim();
    if (!p) continue;
    const [name = '', dir, extra] = p.split(':').map((s) => s.trim());
    const f = def.byName.get(name);
    const bad = (detail: string) => new RestError(400, FW.INVALID_ORDER_BY, detail, { path: 'orderBy' });
    if (!f) throw bad(`${name} is not an attribute of ${def.name} and cannot be used in orderBy.${didYouMean(name, def.byName.keys())}`);
    if (f.derived) throw bad(`${name} is derived on read; it can filter but cannot be a sort key.`);
    if (f.type === 'array' || f.type === 'object') throw bad(`${name} is not a sortable attribute.`);
    if (extra !== undefined || (dir !== undefined && !/^(asc|desc)$/i.test(dir))) {
      throw bad(`The orderBy term '${p}' is invalid; use Attribute:asc or Attribute:desc.`);
    }
    keys.push({ field: f, desc: dir?.toLowerCase() === 'desc' });
  }
  return keys;
}

/** Complete an order with the key as the final tie-breaker so pages are stable. */
export function withKeyTieBreak(keys: OrderKey[], def: ResourceDef): OrderKey[] {
  if (keys.some((k) => k.field.name === def.key)) return keys;
  return [...keys, { field: def.byName.get(def.key) as FieldDef, desc: false }];
}

export function orderText(keys: OrderKey[]): string {
  return keys.map((k) => `${k.field.name}:${k.desc ? 'desc' : 'asc'}`).join(',');
}

export function parseExpand(v: string | undefined, def: ResourceDef): string[] {
  if (v === undefined || v.trim() === '') return [];
  const names = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.some((n) => n.toLowerCase() === 'all')) return Object.keys(def.children);
  for (const n of names) {
    if (!childOf(def, n)) {
      throw new RestError(400, FW.INVALID_EXPAND, `${n} is not a child of ${def.name} and cannot be expanded.${didYouMean(n, Object.keys(def.children))}`, { path: 'expand' });
    }
  }
  return [...new Set(names)];
}

export function parseFields(v: string | undefined, def: ResourceDef): string[] | null {
  if (v === undefined) return null;
  const names = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) {
    if (!def.byName.has(n) && !childOf(def, n)) {
      throw new RestError(400, FW.INVALID_FIELDS, `${n} is not an attribute of ${def.name} (fields).${didYouMean(n, [...def.byName.keys(), ...Object.keys(def.children)])}`, { path: 'fields' });
    }
  }
  return names;
}

export function parseLinks(v: string | undefined): Set<string> | null {
  if (v === undefined) return null;
  return new Set(v.split(',').map((s) => s.trim()).filter(Boolean));
}

/** The PrimaryKey finder every resource has (a direct record lookup: rows are keyed by String(key)). */
export function primaryKeyFinder(def: ResourceDef): FinderDef {
  const keyField = def.byName.get(def.key) as FieldDef;
  return {
    name: 'PrimaryKey',
    variables: [{ name: def.key, type: keyField.type }],
    resolve: (vars, c) => {
      const want = typedLiteral(keyField.type, vars[def.key] ?? '');
      const text = want ? (want.t === 'num' ? want.v.toFixed() : String(want.v)) : null;
      const hit = text === null ? undefined : c.env.data.get(def.kind, text);
      return {
        rows: hit && String(hit[def.key]) === text ? [hit] : [],
        filter: (row) => text !== null && String(row[def.key]) === text,
      };
    },
  };
}

export function parseFinder(v: string | undefined, def: ResourceDef): ReadParams['finder'] {
  if (v === undefined || v.trim() === '') return null;
  const semi = v.indexOf(';');
  const name = (semi < 0 ? v : v.slice(0, semi)).trim();
  const bad = (detail: string, path = 'finder') => new RestError(400, FW.INVALID_FINDER, detail, { path });
  const finders = [primaryKeyFinder(def), ...def.finders];
  const fd = finders.find((f) => f.name === name);
  if (!fd) {
    const known = finders.map((f) => f.name).join(', ');
    const refused = def.refusedFinders.includes(name) ? ' It exists in the emulated product but is not implemented by the simulator.' : '';
    throw bad(`The finder ${name} is not supported on ${def.name}.${refused} Supported finders: ${known}.`);
  }
  const vars: Record<string, string> = Object.create(null) as Record<string, string>;
  const rest = semi < 0 ? '' : v.slice(semi + 1);
  for (const pair of rest.split(',')) {
    if (!pair.trim()) continue;
    const eq = pair.indexOf('=');
    if (eq < 0) throw bad(`The finder binding '${pair}' must have the form variable=value.`);
    const vn = pair.slice(0, eq).trim();
    let val = pair.slice(eq + 1).trim();
    if (/^'.*'$/.test(val) || /^".*"$/.test(val)) val = val.slice(1, -1);
    if (fd.refusedVariables?.includes(vn)) throw bad(`The finder variable ${vn} of ${fd.name} is not supported by the simulator.`, vn);
    const vd = fd.variables.find((x) => x.name === vn);
    if (!vd) throw bad(`${vn} is not a variable of the finder ${fd.name}; it accepts ${fd.variables.map((x) => x.name).join(', ')}.`, vn);
    if (!typedLiteral(vd.type, val)) throw bad(`The value '${val}' is not a valid ${vd.type} for finder variable ${vn}.`, vn);
    vars[vn] = val;
  }
  if (fd.name === 'PrimaryKey' && vars[def.key] === undefined) throw bad(`The PrimaryKey finder needs ${def.key}=<value>.`);
  return { def: fd, name, vars };
}

/** Refuse, by name, query parameters the operation does not implement. */
export function refuseUnimplemented(query: Map<string, string>, allowed: readonly ParamName[], code: string, what: string): void {
  for (const name of query.keys()) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw new RestError(400, code, `The query parameter ${name} is not implemented for ${what}.${didYouMean(name, allowed)}`, { path: name });
    }
  }
}

/**
 * Operations that implement no query parameter (writes, actions, describe): any one is refused by
 * name; writes call it before writing, so a refused request never changes data.
 */
export function refuseAnyQuery(c: RestContext, code: string, what: string): void {
  refuseUnimplemented(queryOf(c), [], code, what);
}

const defaultOrders = new WeakMap<ResourceDef, OrderKey[]>();

/** A resource's default order with the key tie-break, parsed once per definition (it is constant). */
export function defaultOrder(def: ResourceDef): OrderKey[] {
  let order = defaultOrders.get(def);
  if (!order) defaultOrders.set(def, (order = withKeyTieBreak(parseOrderBy(def.defaultOrderBy, def), def)));
  return order;
}

/** The parameters of a read that sends none (default order; `limit` rows from the start). */
export function defaultReadParams(def: ResourceDef, limit = DEFAULT_LIMIT): ReadParams {
  const order = defaultOrder(def);
  return {
    q: null, fields: null, limit, offset: 0, orderBy: order, orderText: orderText(order),
    totalResults: false, onlyData: false, links: null, expand: [], finder: null,
  };
}

/** Parse and validate every parameter of a read. */
export function readParams(c: RestContext, def: ResourceDef, op: Operation, what?: string): ReadParams {
  const query = queryOf(c);
  const allowed = op === 'collection' ? def.params.collection : def.params.item;
  refuseUnimplemented(query, allowed, op === 'collection' ? def.unimplementedParamCode.collection : def.unimplementedParamCode.item, what ?? (op === 'collection' ? `the ${def.name} collection` : `a ${def.name} item`));
  const sent = query.get('orderBy');
  const order = sent === undefined ? [] : parseOrderBy(sent, def);
  const full = order.length ? withKeyTieBreak(order, def) : defaultOrder(def);
  const qText = query.get('q');
  const qExpr = qText === undefined || qText.trim() === '' ? undefined : parseQ(qText, def);
  return {
    q: qExpr ? compileQ(qExpr) : null,
    qExpr,
    fields: parseFields(query.get('fields'), def),
    limit: parseLimit(query.get('limit')),
    offset: parseOffset(query.get('offset')),
    orderBy: full,
    orderText: orderText(full),
    totalResults: boolParam('totalResults', query.get('totalResults')),
    onlyData: boolParam('onlyData', query.get('onlyData')),
    links: parseLinks(query.get('links')),
    expand: parseExpand(query.get('expand'), def),
    finder: parseFinder(query.get('finder'), def),
  };
}
