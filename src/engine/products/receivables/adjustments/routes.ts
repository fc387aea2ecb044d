/**
 * receivablesAdjustments (spec 000 § Read-only resources: GET collection and item, finder
 * PrimaryKey;AdjustmentId, another tenant's row 404; support matrix: POST/PATCH/DELETE 405,
 * receivablesAdjustmentDFF child and expand naming it refused by name).
 */
import type { ProductApp } from '../../../core/types.ts';
import { collectionPath, FW, param, queryOf, RestError, type RestContext } from '../rest/index.ts';
import { registerReadOnlyResource } from '../rest/read-only.ts';
import { ADJUSTMENT_DFF, adjustmentResource } from './definitions.ts';

function refuseDffInExpand(c: RestContext): void {
  const expand = queryOf(c).get('expand') ?? '';
  if (expand.split(',').some((s) => s.trim() === ADJUSTMENT_DFF)) {
    throw new RestError(400, FW.INVALID_EXPAND, `${ADJUSTMENT_DFF} (adjustment flexfields) is not offered by the simulator and cannot be expanded; receivablesAdjustments has no child the simulator offers.`, { path: 'expand' });
  }
}

export function registerAdjustmentRoutes(app: ProductApp): void {
  const base = collectionPath(adjustmentResource);
  app.all(`${base}/:key/child/:accessor`, async (c, next) => {
    if (param(c, 'accessor') === ADJUSTMENT_DFF) {
      throw new RestError(404, FW.NO_SUCH_RESOURCE, `The child ${ADJUSTMENT_DFF} (adjustment flexfields) of receivablesAdjustments is not offered by the simulator.`, { path: ADJUSTMENT_DFF });
    }
    await next();
  });
  app.all(`${base}/:key/child/:accessor/:childKey`, async (c, next) => {
    if (param(c, 'accessor') === ADJUSTMENT_DFF) {
      throw new RestError(404, FW.NO_SUCH_RESOURCE, `The child ${ADJUSTMENT_DFF} (adjustment flexfields) of receivablesAdjustments is not offered by the simulator.`, { path: ADJUSTMENT_DFF });
    }
    await next();
  });
  app.get(base, async (c, next) => {
    refuseDffInExpand(c);
    await next();
  });
  app.get(`${base}/:key`, async (c, next) => {
    refuseDffInExpand(c);
    await next();
  });
  registerReadOnlyResource(app, adjustmentResource);
}
