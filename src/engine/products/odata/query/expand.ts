/**
 * $expand (spec 001 § Query options): subform names; nested options separated by `;` (never a
 * comma): $top (0 = all), $skip, $orderby, $filter, $select honoured against the child type;
 * duplicated nested options take the last; unknown child 400 naming it; a plain property 400
 * 'is not a navigation property or complex property'; nested $expand refused 400.
 */
import { MSG } from '../errors/messages.ts';
import { ODataError } from '../errors/envelope.ts';
import { subformOf, type FormDef } from '../forms/index.ts';
import { parseFilter, type RowPredicate } from './filter.ts';
import { parseOrderby, type OrderItem } from './orderby.ts';
import { parseCount } from './paging.ts';
import { parseSelect, type SelectSpec } from './select.ts';

export interface ExpandItem {
  child: FormDef;
  select: SelectSpec | null;
  filter: RowPredicate | null;
  orderby: OrderItem[] | null;
  top: number | null;
  skip: number | null;
}

/** Split on `sep` at parenthesis depth 0, outside quoted literals. */
export function splitTopLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let inQ = false;
  for (const ch of text) {
    if (ch === "'") inQ = !inQ;
    else if (!inQ && ch === '(') depth++;
    else if (!inQ && ch === ')') depth--;
    if (ch === sep && depth === 0 && !inQ) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function balanced(text: string): boolean {
  let depth = 0;
  let inQ = false;
  for (const ch of text) {
    if (ch === "'") inQ = !inQ;
    else if (!inQ && ch === '(') depth++;
    else if (!inQ && ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

export function parseExpand(text: string, form: FormDef): ExpandItem[] {
  if (!balanced(text)) throw new ODataError(400, MSG.mismatchedParenthesis, '$expand');
  const byChild = new Map<string, ExpandItem>();
  let pos = 0;
  for (const part of splitTopLevel(text, ',')) {
    pos += part.length + 1;
    const item = part.trim();
    const open = item.indexOf('(');
    const name = (open < 0 ? item : item.slice(0, open)).trim();
    if (name === '' || (open >= 0 && !item.endsWith(')'))) {
      throw new ODataError(400, MSG.syntaxError(Math.min(pos - 1, text.length), text), '$expand');
    }
    const child = subformOf(form, name);
    if (!child) {
      if (form.byName.has(name)) throw new ODataError(400, MSG.notNavigation(name, `Priority.OData.${form.name}`), name);
      throw new ODataError(400, MSG.unknownProperty(name, `Priority.OData.${form.name}`), name);
    }
    const nested = open < 0 ? '' : item.slice(open + 1, -1);
    byChild.set(name, parseNested(nested, child, name));
  }
  return [...byChild.values()];
}

function parseNested(text: string, child: FormDef, name: string): ExpandItem {
  const opts = new Map<string, string>();
  if (text.trim() !== '') {
    for (const part of splitTopLevel(text, ';')) {
      const eq = part.indexOf('=');
      const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
      if (eq < 0 || key === '') throw new ODataError(400, MSG.syntaxError(text.length, text), '$expand');
      if (key === '$expand') throw new ODataError(400, MSG.nestedExpand(name), '$expand');
      opts.set(key, part.slice(eq + 1).trim()); // a later duplicate wins
    }
  }
  const val = (k: string) => {
    const v = opts.get(k);
    return v === undefined || v === '' ? null : v;
  };
  const sel = val('$select');
  const fil = val('$filter');
  const ord = val('$orderby');
  const top = val('$top');
  const skip = val('$skip');
  return {
    child,
    select: sel === null ? null : parseSelect(sel, child),
    filter: fil === null ? null : parseFilter(fil, child),
    orderby: ord === null ? null : parseOrderby(ord, child),
    top: top === null ? null : parseCount('$top', top),
    skip: skip === null ? null : parseCount('$skip', skip),
  };
}
