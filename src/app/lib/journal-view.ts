/** How the Journal view shows an entry (issue 24 § 1.4): its source, a path that keeps the resource name, and the record a create made. */
import type { JournalEntry, JournalSource, ProductId, ResourceInfo } from '../../engine/for-app.ts';
import { recordPath } from './query.ts';
import { hashFor } from './router.svelte.ts';

export const SOURCE_LABELS: Record<JournalSource, string> = {
  console: 'Console',
  outside: 'Outside client',
  view: 'Playground view',
  'auto-token': 'Automatic token',
};
/** Short words on each entry. */
export const SOURCE_TAGS: Record<JournalSource, string> = { console: 'console', outside: 'outside', view: 'view', 'auto-token': 'auto token' };

const ROOTS: [RegExp, string][] = [
  [/^\/fscmRestApi\/resources\/[\d.]+(?=\/)/, '…'],
  [/^\/crmRestApi\/resources\/[\d.]+(?=\/)/, 'crm…'],
  [/^\/odata\/[^/]+\/[^/]+\/[^/]+(?=\/)/, '…'],
];

/**
 * A path in three parts: what leads to the resource (its long service root shortened), the resource
 * name (the last named segment, never cut), and what follows (ids, the query), which may be cut.
 */
export function pathParts(path: string): { pre: string; res: string; rest: string } {
  const q = path.indexOf('?');
  const p = q < 0 ? path : path.slice(0, q);
  const query = q < 0 ? '' : path.slice(q);
  let pre = p;
  for (const [re, short] of ROOTS) pre = pre.replace(re, short);
  const segs = pre.split('/');
  for (let i = segs.length - 1; i >= 0; i--) {
    const name = /^[A-Za-z_$][\w$.-]*/.exec(segs[i] ?? '')?.[0];
    if (!name || name === 'child' || name === 'action' || name === '…' || name === 'crm…') continue;
    const tail = (segs[i] ?? '').slice(name.length);
    return { pre: `${segs.slice(0, i).join('/')}/`, res: name, rest: `${tail}${i < segs.length - 1 ? `/${segs.slice(i + 1).join('/')}` : ''}${query}` };
  }
  return { pre: '', res: pre || '/', rest: query };
}

/** The resource an entry's path addresses (the longest collection path it starts with). */
function resourceOf(resources: readonly ResourceInfo[], path: string): ResourceInfo | undefined {
  const p = path.split('?')[0] as string;
  let best: ResourceInfo | undefined;
  for (const r of resources) if (!r.path.includes('{') && (p === r.path || p.startsWith(`${r.path}/`) || p.startsWith(`${r.path}(`)) && (!best || r.path.length > best.path.length)) best = r;
  return best;
}

/** The data browser link of the record a create answered with (its keys read from the kept answer). */
export function createdRecordHref(e: JournalEntry, product: ProductId, resources: readonly ResourceInfo[], envKey: string): string | undefined {
  if (e.method !== 'POST' || e.status < 200 || e.status >= 300 || e.parent !== undefined) return undefined;
  const res = resourceOf(resources, e.path);
  if (!res || res.path !== (e.path.split('?')[0] as string)) return undefined;
  const keys = res.keys.length ? res.keys : res.columns.filter((c) => c.key).map((c) => c.name);
  const body = e.response.body ?? '';
  const row: Record<string, unknown> = {};
  try {
    Object.assign(row, JSON.parse(body) as Record<string, unknown>);
  } catch {
    // A long answer is kept cut short: read the keys from its beginning.
    for (const k of keys) {
      const m = new RegExp(`"${k}"\\s*:\\s*("((?:[^"\\\\]|\\\\.)*)"|-?\\d+)`).exec(body);
      if (m) row[k] = m[2] ?? Number(m[1]);
    }
  }
  if (keys.length === 0 || keys.some((k) => row[k] === undefined || row[k] === null)) return undefined;
  const part = product === 'odata' ? recordPath(product, res, row) : String(row[keys[0] as string]);
  return part ? hashFor('data', envKey, [res.name, part]) : undefined;
}
