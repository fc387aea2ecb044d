/**
 * Control routes of product processes (`/_admin/environments/<key>/<process>[/...]`, e.g.
 * AutoMatch): the environment is resolved here and the request is handed to the process's own
 * control router with the path below the process name.
 */
import type { Hono } from 'hono/tiny';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { EnvContext, Environment, Product, ProductId } from '../core/types.ts';
import type { SimStore } from '../storage/store.ts';

export interface ProcessRouteDeps {
  store: SimStore;
  products: Map<ProductId, Product>;
  contextFor(env: Environment, origin: string, path: string): Promise<EnvContext>;
}

export function registerProcessRoutes(app: Hono, deps: ProcessRouteDeps): void {
  const forward = async (req: Request, key: string, name: string): Promise<Response | undefined> => {
    const env = deps.store.env(key);
    if (!env) return unknownEnvironment(key);
    const process = deps.products.get(env.product)?.processes?.find((p) => p.name === name);
    if (!process) return undefined;
    const url = new URL(req.url);
    const marker = `/environments/${key}/${name}`;
    const below = url.pathname.slice(url.pathname.indexOf(marker) + marker.length) || '/';
    // Product routers route on EnvContext.path: the path below the process name.
    return process.control.fetch(req, await deps.contextFor(env, url.origin, below));
  };
  app.all('/environments/:key/:process', async (c, next) => (await forward(c.req.raw, c.req.param('key'), c.req.param('process'))) ?? next());
  app.all('/environments/:key/:process/*', async (c, next) => (await forward(c.req.raw, c.req.param('key'), c.req.param('process'))) ?? next());
}
