/** Route helpers: the standard GET surface of a resource, refusals, and the error handler. */
import type { ProductApp, Row } from '../../../core/types.ts';
import { collectionResponse, findChild, findItem, hrefOf, itemResponse, type ParentRef } from './collection.ts';
import { describeBody } from './describe.ts';
import { methodNotAllowed, noSuchResource, RestError } from './errors.ts';
import { childOf } from './define.ts';
import { collectionPath } from './links.ts';
import { MEDIA, restJson } from './media.ts';
import { refuseAnyQuery } from './params.ts';
import type { ReadContext, ResourceDef, RestContext } from './types.ts';

export interface ReadRouteOptions {
  /** Extra predicate for the top-level collection. */
  filter?: (row: Row, rc: ReadContext) => boolean;
  /** Custom item lookup (default findItem: key type check, 404 with the resource's code). */
  findItem?: (c: RestContext, key: string) => Row;
}

/** Decoded path parameter (Hono decodes; guard against malformed escapes). */
export function param(c: RestContext, name: string): string {
  try {
    return c.req.param(name) ?? '';
  } catch {
    return '';
  }
}

/** Resolve parent item and accessor of a child path, or throw 404 for an unknown accessor. */
export function parentRef(c: RestContext, def: ResourceDef, row: Row, accessor: string): ParentRef {
  if (!childOf(def, accessor)) throw noSuchResource(new URL(c.req.url).pathname);
  return { def, row, href: hrefOf(c, def, row), accessor };
}

/**
 * Register GET collection, GET describe, GET item, GET child collection and GET child item for a
 * top-level resource. Writes (POST/PATCH/DELETE) are registered by the resource's own module.
 */
export function registerReadRoutes(app: ProductApp, def: ResourceDef, opts: ReadRouteOptions = {}): void {
  const base = collectionPath(def);
  const find = opts.findItem ?? ((c: RestContext, key: string) => findItem(c, def, key));
  app.get(base, (c) => collectionResponse(c, def, { filter: opts.filter }));
  app.get(`${base}/describe`, (c) => {
    refuseAnyQuery(c, def.unimplementedParamCode.collection, `${def.name}/describe`);
    return restJson(describeBody(c, def), c.req.header('accept'), MEDIA.describe);
  });
  app.get(`${base}/:key`, (c) => itemResponse(c, def, find(c, param(c, 'key'))));
  app.get(`${base}/:key/child/:accessor`, (c) => {
    const accessor = param(c, 'accessor');
    const child = childOf(def, accessor);
    if (!child) throw noSuchResource(new URL(c.req.url).pathname);
    const parent = parentRef(c, def, find(c, param(c, 'key')), accessor);
    return collectionResponse(c, child, { parent, what: `the ${accessor} child` });
  });
  app.get(`${base}/:key/child/:accessor/:childKey`, (c) => {
    const accessor = param(c, 'accessor');
    const child = childOf(def, accessor);
    if (!child) throw noSuchResource(new URL(c.req.url).pathname);
    const parent = parentRef(c, def, find(c, param(c, 'key')), accessor);
    return itemResponse(c, child, findChild(c, parent, param(c, 'childKey')), { parent, what: `a ${accessor} item` });
  });
}

/** Answer 405 naming the operation for the given methods on a path pattern. */
export function refuseMethods(app: ProductApp, path: string, methods: string[], resource: string, allow: string[] = ['GET']): void {
  app.on(methods, path, (c) => {
    throw methodNotAllowed(c.req.method, resource, allow);
  });
}

/**
 * Install the product error handler: RestError -> its JSON body (vendor media type when Accept
 * asks); anything else escapes to the engine boundary (counted 500).
 */
export function installRestErrorHandler(app: ProductApp): void {
  app.onError((err, c) => {
    if (err instanceof RestError) return err.toResponse(c.req.header('accept'));
    throw err;
  });
}
