/** Where the write side (write/routes.ts, batch/handler.ts) plugs into the product. */
import type { Context } from 'hono';
import type { ProductApp, ProductBindings } from '../../core/types.ts';
import { handleBatch, type Dispatch } from './batch/handler.ts';
import { registerWriteRoutes } from './write/routes.ts';

export type { Dispatch };

/** POST/PATCH/DELETE on writable forms reach these routes after the read router's checks. */
export function registerWrites(app: ProductApp): void {
  registerWriteRoutes(app);
}

export function batchHandler(c: Context<ProductBindings>, dispatch: Dispatch): Response | Promise<Response> {
  return handleBatch(c, dispatch);
}
