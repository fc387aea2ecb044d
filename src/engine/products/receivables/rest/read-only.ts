/**
 * A read-only resource: the standard GET surface, and 405 naming the operation for POST, PATCH,
 * PUT and DELETE on the collection, items and child paths (spec 000 support matrix: "POST/PATCH/
 * DELETE on receivablesAdjustments, receiptMethods, customerAccountSitesLOV | 405").
 */
import type { ProductApp } from '../../../core/types.ts';
import { collectionPath } from './links.ts';
import { refuseMethods, registerReadRoutes, type ReadRouteOptions } from './routes.ts';
import type { ResourceDef } from './types.ts';

export const WRITE_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE'];

export function registerReadOnlyResource(app: ProductApp, def: ResourceDef, opts: ReadRouteOptions = {}): void {
  const base = collectionPath(def);
  registerReadRoutes(app, def, opts);
  refuseMethods(app, base, WRITE_METHODS, def.name);
  refuseMethods(app, `${base}/:key`, WRITE_METHODS, `a ${def.name} item`);
}
