/** Resource definitions described for the UI's data browser and examples (core ResourceInfo), and their error entries. */
import type { ErrorEntry, ExampleRequest, ResourceInfo } from '../../../core/types.ts';
import { collectionPath } from './links.ts';
import type { ResourceDef } from './types.ts';

/** `path` overrides the collection path (child resources: the parent item path with a placeholder). */
export function resourceInfo(def: ResourceDef, group: string, path?: string): ResourceInfo {
  return {
    name: def.name,
    title: def.titlePlural,
    group,
    path: path ?? collectionPath(def),
    columns: def.fields
      .filter((f) => !(f.type === 'array' && def.children[f.name]))
      .map((f) => ({ name: f.name, type: f.type, key: f.key, readOnly: f.readOnly, queryable: f.queryable, title: f.title, ...(f.related ? { related: f.related } : {}) })),
    keys: [def.pathKey ?? def.key],
    children: Object.entries(def.children).map(([name, child]) => ({ name, title: child.titlePlural })),
  };
}

/**
 * A ready request for the console's catalog: bearer auth, and a body (objects pretty-printed, text as
 * given) sent as application/json. `more` overrides anything (headers, auth, privileges).
 */
export function jsonExample(id: string, group: string, title: string, method: string, path: string, expectStatus: number, body?: unknown, more: Partial<ExampleRequest> = {}): ExampleRequest {
  return {
    id,
    group,
    title,
    method,
    path,
    auth: 'bearer',
    expectStatus,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body, null, 2) }),
    ...more,
  };
}

/**
 * A catalog entry with the request that reproduces it; `message`: a pattern of the refusal's own
 * words, where entries share a code (the journal and console pick the entry by it).
 */
export function errorEntry(code: string, status: number, title: string, meaning: string, spec: string, reproduce: ExampleRequest, avoid: string, message?: string): ErrorEntry {
  return { code, status, title, meaning, spec, reproduce, avoid, ...(message ? { message } : {}) };
}
