/**
 * Near misses (issue 12 § 1): an unknown path names the nearest real path of the product, an unknown
 * attribute, option or parameter the nearest valid name. Judged when an entry is read, from the
 * product's catalog (its resources' paths, columns and children), by edit distance.
 */
import { distance } from 'fastest-levenshtein';
import { nearest } from '../core/nearest.ts';
import type { ProductCatalog, ResourceInfo } from '../core/types.ts';
import { answerCode } from './codes.ts';
import type { JournalEntry } from './types.ts';

/** The query parameters of the REST framework (spec 000 § Common query parameters). */
const REST_PARAMS = ['q', 'limit', 'offset', 'fields', 'orderBy', 'expand', 'onlyData', 'totalResults', 'finder', 'links', 'dependency'];

const pathOnly = (path: string) => path.split('?')[0] as string;
const segments = (path: string) => pathOnly(path).split('/').filter(Boolean);

/** The resource an entry's path addresses (longest collection path it starts with). */
function resourceOf(resources: readonly ResourceInfo[], path: string): ResourceInfo | undefined {
  const p = pathOnly(path);
  let best: ResourceInfo | undefined;
  for (const r of resources) if ((p === r.path || p.startsWith(`${r.path}/`) || p.startsWith(`${r.path}(`)) && (!best || r.path.length > best.path.length)) best = r;
  return best;
}

/** The real path nearest to an unknown one, compared over as many segments as each resource path has. */
function nearestPath(resources: readonly ResourceInfo[], path: string): string | undefined {
  const asked = segments(path);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const r of resources) {
    const own = segments(r.path);
    const head = asked.slice(0, own.length).join('/').replace(/\(.*$/, '');
    const target = own.join('/');
    if (head === target) continue; // the resource exists: the miss is further down
    const score = head.toLowerCase() === target.toLowerCase() ? 0.5 : distance(head.toLowerCase(), target.toLowerCase());
    if (score < bestScore) {
      best = r.path;
      bestScore = score;
    }
  }
  const last = asked[asked.length - 1] ?? '';
  return best !== undefined && bestScore <= Math.max(3, Math.floor(last.length / 3)) ? best : undefined;
}

/** A hint for the entry, or undefined when it is not a near miss the catalog can name. */
export function nearMiss(catalog: ProductCatalog, entry: JournalEntry): string | undefined {
  if (entry.status !== 400 && entry.status !== 404) return undefined;
  const { code, detail, target } = answerCode(entry.response.body ?? '');
  const resource = resourceOf(catalog.resources, entry.path);
  const columns = resource?.columns.map((c) => c.name) ?? [];
  const suggest = (word: string | undefined, pool: readonly string[], what: string) => {
    const hit = word ? nearest(word, pool) : undefined;
    return hit ? `Did you mean ${what} ${hit}?` : undefined;
  };

  if (entry.status === 404 && (code === 'SIM-REST-4040' || (entry.product === 'odata' && (entry.response.body ?? '') === ''))) {
    const near = nearestPath(catalog.resources, entry.path);
    return near ? `Did you mean ${near}?` : undefined;
  }
  if (!detail) return undefined;
  const named = /^(\S+) is not (?:an attribute|a child)/.exec(detail)?.[1];
  switch (code) {
    case 'SIM-REST-4004':
      return suggest(named, resource?.children.map((c) => c.name) ?? [], 'the child');
    case 'SIM-REST-4001':
    case 'SIM-REST-4002':
    case 'SIM-REST-4005':
    case 'SIM-REST-4007':
      return suggest(named, columns, 'the attribute');
    case 'REST-01002':
    case 'REST-01003': {
      const param = /query parameter (\S+) is not implemented/.exec(detail)?.[1] ?? target;
      return suggest(param, REST_PARAMS, 'the parameter');
    }
  }
  // OData: "Could not find a property named 'X' ..." / "The property 'X' does not exist ...".
  const property = /property (?:named )?'([^']+)'/.exec(detail)?.[1];
  if (entry.product === 'odata' && property) return suggest(property, columns, 'the property');
  return undefined;
}
