/**
 * GET-only contacts under {crm_base} (spec 000 § Contacts table); POST/PATCH/DELETE answer 405
 * naming the operation (support matrix). Contacts under {rest_base} are left to the product's
 * catch-all (plain 404).
 */
import type { ProductApp } from '../../../core/types.ts';
import { collectionPath } from '../rest/links.ts';
import { refuseMethods, registerReadRoutes } from '../rest/routes.ts';
import { contactResource } from './definitions.ts';

export function registerContactRoutes(app: ProductApp): void {
  const base = collectionPath(contactResource);
  registerReadRoutes(app, contactResource);
  const writes = ['POST', 'PATCH', 'PUT', 'DELETE'];
  for (const path of [base, `${base}/:key`, `${base}/:key/child/:accessor`, `${base}/:key/child/:accessor/:childKey`]) {
    refuseMethods(app, path, writes, 'contacts');
  }
}
