/**
 * customerAccountSitesLOV (spec 000 § Read-only resources: GET, finder PrimaryKey;SiteUseId; writes
 * 405) and the support matrix's `/customerAccountSites/{id}/child/siteUses` 404 (customer account
 * site resources are not offered; the LOV is the one way to read site uses).
 */
import type { ProductApp } from '../../../core/types.ts';
import { FSCM_BASE, FW, RestError } from '../rest/index.ts';
import { registerReadOnlyResource } from '../rest/read-only.ts';
import { siteLovResource } from './definitions.ts';

export function registerSiteRoutes(app: ProductApp): void {
  registerReadOnlyResource(app, siteLovResource);
  app.all(`${FSCM_BASE}/customerAccountSites/:key/child/siteUses`, () => {
    throw new RestError(404, FW.NO_SUCH_RESOURCE, 'customerAccountSites and its siteUses child are not offered by the simulator; read site uses through customerAccountSitesLOV.', { path: 'siteUses' });
  });
  app.all(`${FSCM_BASE}/customerAccountSites/:key/child/siteUses/*`, () => {
    throw new RestError(404, FW.NO_SUCH_RESOURCE, 'customerAccountSites and its siteUses child are not offered by the simulator; read site uses through customerAccountSitesLOV.', { path: 'siteUses' });
  });
}
