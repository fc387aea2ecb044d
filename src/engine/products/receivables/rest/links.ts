/** REST roots and link objects ({rel, href, name, kind}) with absolute hrefs from the request's own origin. */
import type { ResourceDef, RestContext } from './types.ts';

export const REST_VERSION = '11.13.18.05';
export const FSCM_BASE = `/fscmRestApi/resources/${REST_VERSION}`;
export const CRM_BASE = `/crmRestApi/resources/${REST_VERSION}`;

export interface Link {
  rel: string;
  href: string;
  name: string;
  kind: 'item' | 'collection' | 'describe' | 'other';
}

export function apiBase(def: Pick<ResourceDef, 'api'>): string {
  return def.api === 'crm' ? CRM_BASE : FSCM_BASE;
}

/** Collection path relative to the environment base. */
export function collectionPath(def: ResourceDef): string {
  return `${apiBase(def)}/${def.name}`;
}

/** Absolute href of a top-level collection. */
export function collectionHref(c: RestContext, def: ResourceDef): string {
  return `${c.env.baseUrl}${collectionPath(def)}`;
}

/** Path segment for an item key value. */
export function keySegment(value: unknown): string {
  return encodeURIComponent(String(value));
}

/** Keep links whose rel is listed in `links=` (null keeps all). */
export function filterLinks(links: Link[], keep: Set<string> | null): Link[] {
  return keep ? links.filter((l) => keep.has(l.rel)) : links;
}
