/**
 * The account-activity endpoints (spec 000 § Read-only resources table: GET collection, item and
 * child/<child> for receivablesCustomerAccountActivities and receivablesCustomerAccountSiteActivities;
 * describe). Collections and items read the projected rows (rows.ts); the children come from their
 * projections through each child's rowsOf. Writes answer 405 naming the operation.
 */
import type { DataView, ProductApp } from '../../../core/types.ts';
import { checkPathKey, collectionPath, collectionResponse, notFoundError, type ResourceDef, type RestContext } from '../rest/index.ts';
import { registerReadOnlyResource, WRITE_METHODS } from '../rest/read-only.ts';
import { refuseMethods } from '../rest/routes.ts';
import { accountActivityResource, siteActivityResource } from './definitions.ts';
import { accountActivityRows, siteActivityRows, type Projection } from './rows.ts';

function register(app: ProductApp, def: ResourceDef, rowsOf: (data: DataView) => Projection): void {
  const base = collectionPath(def);
  // Registered before the standard reads, so the collection walks the projected rows.
  app.get(base, (c) => collectionResponse(c, def, { rows: rowsOf(c.env.data).rows }));
  const findItem = (c: RestContext, key: string) => {
    checkPathKey(def, key);
    const row = rowsOf(c.env.data).byKey.get(key);
    if (!row) throw notFoundError(def, key);
    return row;
  };
  registerReadOnlyResource(app, def, { findItem });
  refuseMethods(app, `${base}/:key/child/:accessor`, WRITE_METHODS, 'account activity children');
  refuseMethods(app, `${base}/:key/child/:accessor/:childKey`, WRITE_METHODS, 'account activity children');
}

export function registerActivityRoutes(app: ProductApp): void {
  register(app, accountActivityResource, accountActivityRows);
  register(app, siteActivityResource, siteActivityRows);
}
