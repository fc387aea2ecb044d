/**
 * Collection and item reads: envelope {items, count, hasMore, limit, offset, totalResults?, links}.
 * Pages walk a cached sorted index and stop at limit+1 matches; everything is counted only when
 * totalResults=true. Rows are serialized per page only.
 */
import type { Row } from '../../../core/types.ts';
import { pathKeyField } from './define.ts';
import { RestError } from './errors.ts';
import { etagOf, notModified, notModifiedResponse } from './etag.ts';
import { collectionHref, filterLinks, keySegment, type Link } from './links.ts';
import { equalityCandidates, type Candidates } from './lookup-index.ts';
import { itemBytes, itemText, plainItems } from './item-text.ts';
import { MEDIA, restJsonBytes, restJsonText } from './media.ts';
import { pageFromScan, resourceRows, sortRows, sortedIndex } from './order.ts';
import { rangeCandidates } from './range-index.ts';
import { readParams, type ReadParams } from './params.ts';
import { childRows, readContext, serializeItem } from './serialize.ts';
import type { ReadContext, ResourceDef, RestContext } from './types.ts';
import { typedLiteral } from './values.ts';

export interface ParentRef {
  def: ResourceDef;
  row: Row;
  /** Absolute href of the parent item. */
  href: string;
  accessor: string;
}

export interface CollectionOptions {
  /** Child collection of this parent item. */
  parent?: ParentRef;
  /** Candidate rows instead of the resource's own rows (sorted per request; keep them small). */
  rows?: readonly Row[];
  /** Extra predicate ANDed with q and the finder (e.g. tenant-scoped views). */
  filter?: (row: Row, rc: ReadContext) => boolean;
  /** Wording for parameter refusals, e.g. "the receivablesInvoiceLines child". */
  what?: string;
  /** Use these parameters instead of reading the request (e.g. the collection an action answers). */
  params?: ReadParams;
  status?: number;
  headers?: Record<string, string>;
}

export interface Page {
  rows: Row[];
  hasMore: boolean;
  total: number | null;
}

/** Select one page of rows according to parsed parameters. */
export function selectPage(c: RestContext, def: ResourceDef, p: ReadParams, opts: CollectionOptions = {}): Page {
  const rc = readContext(c);
  let candidates: readonly Row[] | null = opts.rows ?? (opts.parent ? childRows(c, opts.parent.def, opts.parent.accessor, opts.parent.row) : null);
  let finderFilter: ((row: Row) => boolean) | undefined;
  if (p.finder?.def) {
    const res = p.finder.def.resolve(p.finder.vars, c);
    if (res.rows && !candidates) candidates = def.where ? res.rows.filter(def.where) : res.rows;
    finderFilter = res.filter;
  }
  const q = p.q;
  const extra = opts.filter;
  const end = p.offset + p.limit; // offset is clamped to a safe integer, so this stays finite
  const pass = (row: Row) => (!finderFilter || finderFilter(row)) && (!q || q(row, rc)) && (!extra || extra(row, rc));
  // An equality or a range in q narrows a top-level collection through an index (q still decides each row).
  const eq = candidates ? null : narrowest(equalityCandidates(c.env.data, def, p.qExpr, rc), rangeCandidates(c.env.data, def, p.qExpr));
  if (eq) {
    // q is that one condition: the index's count is the number of matches (issue 42 § Targets 3).
    const counted = eq.exact && !finderFilter && !extra ? eq.size : null;
    if (eq.size === 0) return { rows: [], hasMore: false, total: p.totalResults ? 0 : null };
    // Many matches: walk the kept order until the page is full rather than sort them all (a broad
    // filter page at 100k invoices sorted every match: issue 42 § Why). A few: sort them.
    const visits = walkBudget(eq.size, c.env.data.count(def.kind), end);
    const walked = visits > 0 ? walkOrder(sortedIndex(c.env.data, def, p.orderBy, p.orderText), pass, p.offset, end, visits) : null;
    if (walked) return { ...walked, total: p.totalResults ? (counted ?? countOf(eq.unordered(), pass)) : null };
    candidates = eq.rows();
    if (counted !== null) return { ...pagesOf(sortRows(candidates, p.orderBy, rc), pass, p.offset, end, false), total: p.totalResults ? counted : null };
  }
  // Nothing to filter: a first page may need only the sort fields.
  const top = !candidates && !finderFilter && !q && !extra ? pageFromScan(c.env.data, def, p.orderBy, end) : null;
  if (top) return { rows: top.rows.slice(p.offset), hasMore: top.matched > end, total: p.totalResults ? top.matched : null };
  if (!candidates && !finderFilter && !q && !extra) {
    // Every row of the order matches: its length is the count.
    const index = sortedIndex(c.env.data, def, p.orderBy, p.orderText);
    return { ...pagesOf(index, null, p.offset, end, false), total: p.totalResults ? index.length : null };
  }
  if (!candidates && p.totalResults) {
    // No index narrows the filter: its matches are found in one pass over the rows (an array, not
    // the kept order), then the page is taken from them as from an index's.
    const matches = resourceRows(c.env.data, def).filter(pass);
    const visits = walkBudget(matches.length, c.env.data.count(def.kind), end);
    const walked = visits > 0 ? walkOrder(sortedIndex(c.env.data, def, p.orderBy, p.orderText), pass, p.offset, end, visits) : null;
    if (walked) return { ...walked, total: matches.length };
    return { ...pagesOf(sortRows(matches, p.orderBy, rc), null, p.offset, end, false), total: matches.length };
  }
  const ordered = candidates ? sortRows(candidates, p.orderBy, rc) : sortedIndex(c.env.data, def, p.orderBy, p.orderText);
  return pagesOf(ordered, pass, p.offset, end, p.totalResults);
}

/** Rows offset..end of those `pass` keeps in `ordered`, and their count when `count` (else it stops at end + 1). */
function pagesOf(ordered: Iterable<Row>, pass: ((row: Row) => boolean) | null, offset: number, end: number, count: boolean): Page {
  const rows: Row[] = [];
  let matched = 0;
  for (const row of ordered) {
    if (pass && !pass(row)) continue;
    if (matched >= offset && matched < end) rows.push(row);
    matched++;
    if (matched > end && !count) break;
  }
  return { rows, hasMore: matched > end, total: count ? matched : null };
}

/**
 * Rows of the order a walk may visit looking for `end + 1` of `size` matches among `n` rows before
 * sorting the matches is the cheaper plan (0: sort them). Matches spread evenly are met every
 * n / size rows; a walk that meets fewer (they sort last) stops at the budget and the matches are
 * sorted after all, so no filter costs more than about twice the better plan.
 */
function walkBudget(size: number, n: number, end: number): number {
  const sortCost = 4 * size * Math.log2(size + 2);
  return (end + 1) * ((n + 1) / size) <= sortCost ? Math.ceil(sortCost) : 0;
}

/** A page from the order, visiting at most `visits` rows (null when that was not enough). */
function walkOrder(ordered: Iterable<Row>, pass: (row: Row) => boolean, offset: number, end: number, visits: number): Omit<Page, 'total'> | null {
  const rows: Row[] = [];
  let matched = 0;
  let seen = 0;
  for (const row of ordered) {
    if (++seen > visits) return null;
    if (!pass(row)) continue;
    if (matched >= offset && matched < end) rows.push(row);
    if (++matched > end) break;
  }
  return { rows, hasMore: matched > end };
}

/** The candidates of fewer rows (either may be missing). */
function narrowest(a: Candidates | null, b: Candidates | null): Candidates | null {
  if (!a || !b) return a ?? b;
  return b.size < a.size ? b : a;
}

function countOf(rows: Iterable<Row>, pass: (row: Row) => boolean): number {
  let n = 0;
  for (const row of rows) if (pass(row)) n++;
  return n;
}

/** Item href inside a collection href. */
export function itemHref(collection: string, def: ResourceDef, row: Row): string {
  return `${collection}/${keySegment(row[pathKeyField(def).name])}`;
}

/** The page, its parameters and the collection's href: what the envelope is made of. */
function collectionPage(c: RestContext, def: ResourceDef, opts: CollectionOptions) {
  const p = opts.params ?? readParams(c, def, 'collection', opts.what);
  const page = selectPage(c, def, p, opts);
  const href = opts.parent ? `${opts.parent.href}/child/${opts.parent.accessor}` : collectionHref(c, def);
  return { p, page, href, rc: readContext(c) };
}

/** The envelope around `items` (its first member, so its JSON text starts `{"items":[`). */
function envelope(def: ResourceDef, opts: CollectionOptions, { p, page, href }: ReturnType<typeof collectionPage>, items: Row[]): Row {
  const body: Row = { items, count: page.rows.length, hasMore: page.hasMore, limit: p.limit, offset: p.offset };
  if (page.total !== null) body.totalResults = page.total;
  if (!p.onlyData) {
    const links: Link[] = [{ rel: 'self', href, name: opts.parent?.accessor ?? def.name, kind: 'collection' }];
    if (opts.parent) links.push({ rel: 'parent', href: opts.parent.href, name: opts.parent.def.name, kind: 'item' });
    body.links = filterLinks(links, p.links);
  }
  return body;
}

/** The page's items serialized in the shape the parameters ask for. */
function pageItems(c: RestContext, def: ResourceDef, opts: CollectionOptions, { p, page, href, rc }: ReturnType<typeof collectionPage>): Row[] {
  return page.rows.map((row) =>
    serializeItem(c, def, row, {
      href: itemHref(href, def, row),
      parentHref: opts.parent?.href,
      parentName: opts.parent?.def.name,
      fields: p.fields,
      expand: p.expand,
      onlyData: p.onlyData,
      links: p.links,
      rc,
    }),
  );
}

/** Build the collection envelope (no Response). */
export function collectionBody(c: RestContext, def: ResourceDef, opts: CollectionOptions = {}): Row {
  const at = collectionPage(c, def, opts);
  return envelope(def, opts, at, pageItems(c, def, opts, at));
}

/** Whether the page is a top-level one in the default shape: its items' kept texts serve it. */
function keptShape(def: ResourceDef, opts: CollectionOptions, { p }: PageAt): boolean {
  return !opts.parent && !p.fields && !p.expand.length && !p.links && plainItems(def);
}

type PageAt = ReturnType<typeof collectionPage>;

/**
 * The collection's JSON text, equal to `JSON.stringify(collectionBody(...))`. A top-level page in
 * the default shape joins its items' kept texts (item-text.ts) instead of serializing them again.
 */
export function collectionText(c: RestContext, def: ResourceDef, opts: CollectionOptions = {}): string {
  return pageText(c, def, opts, collectionPage(c, def, opts));
}

function pageText(c: RestContext, def: ResourceDef, opts: CollectionOptions, at: PageAt): string {
  const { p, page, href, rc } = at;
  if (!keptShape(def, opts, at)) return JSON.stringify(envelope(def, opts, at, pageItems(c, def, opts, at)));
  const items = page.rows.map((row) => itemText(c, def, row, itemHref(href, def, row), p.onlyData, rc));
  const rest = JSON.stringify(envelope(def, opts, at, []));
  return `{"items":[${items.join(',')}]${rest.slice(EMPTY_ITEMS.length)}`;
}

const EMPTY_ITEMS = '{"items":[]';
const utf8 = new TextEncoder();
const ITEMS_OPEN = utf8.encode('{"items":[');
const COMMA = 0x2c;
const CLOSE = 0x5d;

/**
 * A page in the kept shape as one UTF-8 buffer, assembled from its items' kept bytes
 * (item-text.ts): the bytes of `pageText`, with no string of the page made on the way (the
 * page's strings, joined and then encoded when written, were much of the Node host's garbage).
 */
function pageBytes(c: RestContext, def: ResourceDef, opts: CollectionOptions, at: PageAt): Uint8Array<ArrayBuffer> {
  const { p, page, href, rc } = at;
  const items = page.rows.map((row) => itemBytes(c, def, row, itemHref(href, def, row), p.onlyData, rc));
  const rest = utf8.encode(JSON.stringify(envelope(def, opts, at, [])).slice(EMPTY_ITEMS.length));
  let size = ITEMS_OPEN.length + Math.max(0, items.length - 1) + 1 + rest.length;
  for (const item of items) size += item.length;
  const out = new Uint8Array(size);
  out.set(ITEMS_OPEN, 0);
  let offset = ITEMS_OPEN.length;
  items.forEach((item, i) => {
    if (i > 0) out[offset++] = COMMA;
    out.set(item, offset);
    offset += item.length;
  });
  out[offset++] = CLOSE;
  out.set(rest, offset);
  return out;
}

/** GET collection response (top-level or child). */
export function collectionResponse(c: RestContext, def: ResourceDef, opts: CollectionOptions = {}): Response {
  const at = collectionPage(c, def, opts);
  const accept = c.req.header('accept');
  if (keptShape(def, opts, at)) return restJsonBytes(pageBytes(c, def, opts, at), accept, MEDIA.collection, opts.status ?? 200, opts.headers);
  return restJsonText(pageText(c, def, opts, at), accept, MEDIA.collection, opts.status ?? 200, opts.headers);
}

export interface ItemOptions {
  /** Parent of a child item. */
  parent?: ParentRef;
  /** Use these parameters instead of reading the request (e.g. the item returned by POST/PATCH). */
  params?: Partial<Pick<ReadParams, 'fields' | 'expand' | 'onlyData' | 'links'>>;
  status?: number;
  headers?: Record<string, string>;
  what?: string;
}

/** Absolute href of an item (top-level or child). */
export function hrefOf(c: RestContext, def: ResourceDef, row: Row, parent?: ParentRef): string {
  const coll = parent ? `${parent.href}/child/${parent.accessor}` : collectionHref(c, def);
  return itemHref(coll, def, row);
}

export function itemBody(c: RestContext, def: ResourceDef, row: Row, opts: ItemOptions = {}): Row {
  const p = opts.params ?? readParams(c, def, 'item', opts.what);
  return serializeItem(c, def, row, {
    href: hrefOf(c, def, row, opts.parent),
    parentHref: opts.parent?.href,
    parentName: opts.parent?.def.name,
    fields: p.fields ?? null,
    expand: p.expand ?? [],
    onlyData: p.onlyData ?? false,
    links: p.links ?? null,
    rc: readContext(c),
  });
}

/**
 * GET item response. With `opts.params` set the request's query is not read (write responses). Every
 * item answer carries its ETag; a GET whose If-None-Match names it answers 304 with no body (etag.ts).
 */
export function itemResponse(c: RestContext, def: ResourceDef, row: Row, opts: ItemOptions = {}): Response {
  // The body first: a refused parameter is refused whatever the condition says.
  const p = opts.params ?? readParams(c, def, 'item', opts.what);
  // A top-level item in the default shape: its kept text (item-text.ts).
  const text =
    !opts.parent && !p.fields && !p.expand?.length && !p.links && plainItems(def)
      ? itemText(c, def, row, hrefOf(c, def, row), p.onlyData ?? false, readContext(c))
      : JSON.stringify(itemBody(c, def, row, { ...opts, params: p }));
  const tag = etagOf(c, def, row);
  if (notModified(c, tag)) return notModifiedResponse(tag);
  return restJsonText(text, c.req.header('accept'), MEDIA.item, opts.status ?? 200, { ...opts.headers, etag: tag });
}

/**
 * The answer to a create: the row as committed (the cache's copy, else the one the write returned),
 * 201 with a Location header naming its canonical URI (spec 000 § Invoices and § Standard receipts:
 * Location on create). No query parameters are read (writes refuse them).
 */
export function createdResponse(
  c: RestContext,
  def: ResourceDef,
  written: Row,
  opts: { parent?: ParentRef; params?: ItemOptions['params']; status?: number } = {},
): Response {
  const row = c.env.data.get(def.kind, String(written[def.key])) ?? written;
  return itemResponse(c, def, row, { parent: opts.parent, status: opts.status ?? 201, params: opts.params ?? {}, headers: { location: hrefOf(c, def, row, opts.parent) } });
}

/** 404 for an item that does not exist (resource's code). */
export function notFoundError(def: ResourceDef, key: string): RestError {
  return new RestError(def.notFound.status ?? 404, def.notFound.code, `No ${def.title} with ${def.pathKey ?? def.key} ${key} exists.`, {
    path: def.pathKey ?? def.key,
  });
}

/** Check the path key's type: a non-numeric id of a numeric key is refused with the resource's badKeyCode. */
export function checkPathKey(def: ResourceDef, key: string): void {
  const f = pathKeyField(def);
  if ((f.type === 'number' || f.type === 'integer') && (!/^\d{1,18}$/.test(key) || !typedLiteral(f.type, key))) {
    throw new RestError(400, def.badKeyCode, `The value '${key}' of ${f.name} in the path is not a valid number.`, { path: f.name });
  }
}

/**
 * Find a top-level item by its path key (decoded). Throws the resource's 400 for a badly typed key
 * and its 404 when absent (including rows the resource's `where` excludes).
 */
export function findItem(c: RestContext, def: ResourceDef, key: string): Row {
  checkPathKey(def, key);
  const row = lookup(c, def, key);
  if (!row) throw notFoundError(def, key);
  return row;
}

/** Like findItem but returns undefined instead of throwing 404. */
export function lookup(c: RestContext, def: ResourceDef, key: string): Row | undefined {
  let row: Row | undefined;
  if (!def.pathKey || def.pathKey === def.key) {
    row = c.env.data.get(def.kind, key);
  } else {
    const pk = def.pathKey;
    const map = c.env.data.derived(`rest:pathkey:${def.kind}:${pk}`, [def.kind], () => {
      const m = new Map<string, Row>();
      for (const r of c.env.data.list(def.kind)) m.set(String(r[pk]), r);
      return m;
    });
    row = map.get(key);
  }
  return row && (!def.where || def.where(row)) ? row : undefined;
}

/** Find a child row of a parent by the child's path key. */
export function findChild(c: RestContext, parent: ParentRef, key: string): Row {
  const child = parent.def.children[parent.accessor] as ResourceDef;
  checkPathKey(child, key);
  const pk = pathKeyField(child).name;
  const row = childRows(c, parent.def, parent.accessor, parent.row).find((r) => String(r[pk]) === key);
  if (!row) throw notFoundError(child, key);
  return row;
}
