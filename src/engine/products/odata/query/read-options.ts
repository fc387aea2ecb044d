/** Parsed read options for one request: collection reads and item reads. */
import type { FormDef } from '../forms/index.ts';
import { parseExpand, type ExpandItem } from './expand.ts';
import { parseFilter, type RowPredicate } from './filter.ts';
import { COLLECTION_OPTIONS, ITEM_OPTIONS, rawQuery, readOptions } from './options.ts';
import { parseOrderby, type OrderItem } from './orderby.ts';
import { parseCount } from './paging.ts';
import { parseSelect, type SelectSpec } from './select.ts';
import { parseSince } from './since.ts';

export interface CollectionOptions {
  select: SelectSpec | null;
  expand: ExpandItem[];
  filter: RowPredicate | null;
  orderby: OrderItem[] | null;
  top: number | null;
  skip: number | null;
  since: number | null;
}

export interface ItemOptions {
  select: SelectSpec | null;
  expand: ExpandItem[];
}

/**
 * Options of a collection read, validated in a fixed order: $select, $expand, $filter, $orderby,
 * $top, $skip ($since never fails: an unparseable value is ignored).
 */
export function collectionOptions(url: string, form: FormDef): CollectionOptions {
  const o = readOptions(rawQuery(url), COLLECTION_OPTIONS);
  const get = (k: Parameters<typeof o.get>[0]) => o.get(k) ?? null;
  const select = get('$select');
  const expand = get('$expand');
  const filter = get('$filter');
  const orderby = get('$orderby');
  const top = get('$top');
  const skip = get('$skip');
  const since = get('$since');
  return {
    select: select === null ? null : parseSelect(select, form),
    expand: expand === null ? [] : parseExpand(expand, form),
    filter: filter === null ? null : parseFilter(filter, form),
    orderby: orderby === null ? null : parseOrderby(orderby, form),
    top: top === null ? null : parseCount('$top', top),
    skip: skip === null ? null : parseCount('$skip', skip),
    since: since === null ? null : parseSince(since),
  };
}

/** Options of /$count: only $filter and $since matter (duplicates of any honoured option still 404). */
export function countOptions(url: string, form: FormDef): { filter: RowPredicate | null; since: number | null } {
  const o = readOptions(rawQuery(url), COLLECTION_OPTIONS);
  const filter = o.get('$filter');
  const since = o.get('$since');
  return {
    filter: filter === undefined ? null : parseFilter(filter, form),
    since: since === undefined ? null : parseSince(since),
  };
}

/**
 * Options of an item read: $select and $expand honoured, $orderby validated only; $filter, $top
 * and $skip are not parsed (spec 001 § Query options).
 */
export function itemOptions(url: string, form: FormDef): ItemOptions {
  const o = readOptions(rawQuery(url), ITEM_OPTIONS);
  const select = o.get('$select');
  const expand = o.get('$expand');
  const orderby = o.get('$orderby');
  const out: ItemOptions = {
    select: select === undefined ? null : parseSelect(select, form),
    expand: expand === undefined ? [] : parseExpand(expand, form),
  };
  if (orderby !== undefined) parseOrderby(orderby, form);
  return out;
}
