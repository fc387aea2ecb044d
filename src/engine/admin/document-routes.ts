/**
 * API description files of an environment (issue 12 § 4), part of the control API:
 *   GET /environments/<key>/openapi.json   OpenAPI 3.1 of the receivables REST surface and token endpoint
 *   GET /environments/<key>/postman.json   Postman collection v2.1 of the console's ready requests
 * Both name the environment's own base URL; neither holds a secret. The documents are generated with
 * the host's catalogs (teaching/catalog.ts) and only personalized here, so the generators stay out
 * of the service worker.
 */
import type { Context } from 'hono';
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { ProductId } from '../core/types.ts';
import type { CatalogSource, FullCatalog } from '../teaching/catalog.ts';
import { personalize } from '../teaching/personalize.ts';
import type { SimStore } from '../storage/store.ts';

export interface DocumentRouteDeps {
  store: SimStore;
  mount: string;
  catalog: CatalogSource | undefined;
}

const fileName = (name: string, suffix: string) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'environment'}.${suffix}`;

export function registerDocumentRoutes(app: Hono, deps: DocumentRouteDeps): void {
  const load = async (product: ProductId): Promise<FullCatalog | null> => {
    try {
      return deps.catalog ? await deps.catalog(product) : null;
    } catch {
      return null;
    }
  };
  const unavailable = () => json({ error: 'The product catalogs could not be loaded by this host.' }, 503);
  const baseUrl = (c: Context, key: string) => `${new URL(c.req.url).origin}${deps.mount}/${key}`;

  app.get('/environments/:key/openapi.json', async (c) => {
    const env = deps.store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    if (env.product !== 'receivables') {
      return json({ error: 'OpenAPI describes the receivables REST service. An OData service describes itself: read $metadata (CSDL) at the service root.' }, 400);
    }
    const template = (await load(env.product))?.teaching?.openapi;
    if (!template) return unavailable();
    const doc = personalize(template, baseUrl(c, env.key), env.name, 'openapi');
    return json(doc, 200, { 'content-disposition': `attachment; filename="${fileName(env.name, 'openapi.json')}"` });
  });

  app.get('/environments/:key/postman.json', async (c) => {
    const env = deps.store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    const template = (await load(env.product))?.teaching?.postman;
    if (!template) return unavailable();
    const doc = personalize(template, baseUrl(c, env.key), env.name, 'postman');
    return json(doc, 200, { 'content-disposition': `attachment; filename="${fileName(env.name, 'postman_collection.json')}"` });
  });
}
