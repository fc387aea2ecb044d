/**
 * How the data browser asks each service for a page, using the service's own query options:
 * ADF-style `limit/offset/orderBy/q` for receivables resources, OData `$top/$skip/$orderby/$filter`
 * for OData forms. The choice is by product; resources come from the engine's catalog.
 */
import type { ProductId, ResourceInfo } from '../../engine/for-app.ts';

export interface PageQuery {
  offset: number;
  size: number;
  sort?: string;
  desc?: boolean;
  filter?: string;
}

export interface PageResult {
  rows: Record<string, unknown>[];
  total: number | null;
  hasMore: boolean;
}

export function pagePath(product: ProductId, res: ResourceInfo, q: PageQuery): string {
  const p = new URLSearchParams();
  if (product === 'odata') {
    p.set('$top', String(q.size));
    p.set('$skip', String(q.offset));
    if (q.sort) p.set('$orderby', `${q.sort} ${q.desc ? 'desc' : 'asc'}`);
    if (q.filter?.trim()) p.set('$filter', q.filter.trim());
  } else {
    p.set('limit', String(q.size));
    p.set('offset', String(q.offset));
    p.set('totalResults', 'true');
    p.set('onlyData', 'true');
    if (q.sort) p.set('orderBy', `${q.sort}:${q.desc ? 'desc' : 'asc'}`);
    if (q.filter?.trim()) p.set('q', q.filter.trim());
  }
  const qs = [...p].map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2C', ',').replaceAll('%3A', ':')}`).join('&');
  return `${res.path}?${qs}`;
}

/** OData counts with `<set>/$count` (honouring $filter); receivables envelopes carry totalResults. */
export function countPath(product: ProductId, res: ResourceInfo, filter?: string): string | null {
  if (product !== 'odata') return null;
  return `${res.path}/$count${filter?.trim() ? `?$filter=${encodeURIComponent(filter.trim())}` : ''}`;
}

export function readPage(product: ProductId, body: unknown, q: PageQuery): PageResult {
  const o = (body ?? {}) as { items?: unknown; value?: unknown; hasMore?: unknown; totalResults?: unknown };
  const rows = (Array.isArray(o.items) ? o.items : Array.isArray(o.value) ? o.value : []) as Record<string, unknown>[];
  if (product === 'odata') return { rows, total: null, hasMore: rows.length === q.size };
  return { rows, total: typeof o.totalResults === 'number' ? o.totalResults : null, hasMore: o.hasMore === true };
}

const NUMERIC = /int|decimal|number|double|single|float/i;

/** The path of one record: `/<resource>/<id>` (receivables) or `SET('v')` / `SET(K1='a',K2='b')` (OData). */
export function recordPath(product: ProductId, res: ResourceInfo, row: Record<string, unknown>): string | null {
  const keys = res.keys.length ? res.keys : res.columns.filter((c) => c.key).map((c) => c.name);
  if (keys.length === 0 || keys.some((k) => row[k] === undefined || row[k] === null)) return null;
  if (product !== 'odata') return `${res.path}/${encodeURIComponent(String(row[keys[0] as string]))}`;
  const lit = (k: string) => {
    const col = res.columns.find((c) => c.name === k);
    const v = String(row[k]);
    return col && NUMERIC.test(col.type) ? v : `'${v.replaceAll("'", "''")}'`;
  };
  const inner = keys.length === 1 ? lit(keys[0] as string) : keys.map((k) => `${k}=${lit(k)}`).join(',');
  return `${res.path}(${encodeURIComponent(inner).replaceAll('%3D', '=').replaceAll('%2C', ',').replaceAll('%27', "'")})`;
}

export function childPath(product: ProductId, itemPath: string, child: string): string {
  return product === 'odata' ? `${itemPath}/${child}` : `${itemPath}/child/${child}?onlyData=true&limit=100`;
}

/** A filter expression selecting rows whose `column` equals `value`, in the product's syntax. */
export function equalsFilter(product: ProductId, column: string, value: unknown, numeric: boolean): string {
  if (product === 'odata') return `${column} eq ${numeric ? String(value) : `'${String(value).replaceAll("'", "''")}'`}`;
  return numeric ? `${column}=${String(value)}` : `${column}='${String(value).replaceAll("'", "''")}'`;
}

export function isNumericType(type: string): boolean {
  return NUMERIC.test(type);
}

export function filterHint(product: ProductId, res: ResourceInfo): string {
  const col = res.columns.find((c) => c.queryable && !c.key) ?? res.columns.find((c) => c.key) ?? res.columns[0];
  const name = col?.name ?? 'Field';
  const sample = col && isNumericType(col.type) ? '100' : "'value'";
  return product === 'odata' ? `$filter, e.g. ${name} eq ${sample}` : `q, e.g. ${name}=${sample}`;
}
