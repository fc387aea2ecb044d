/**
 * The teaching tools' documentation (issue 12 §§ 3-5): OpenAPI and Postman templates, lessons and
 * scenarios of a product. Like the UI catalogs it is data the host loads (the Node host imports it,
 * the build writes it into sim-catalog.json), so the generators and texts stay out of the worker:
 * the control API only fills in the environment (personalize.ts).
 */
import type { ProductCatalog, ProductId } from '../core/types.ts';
import { LESSONS } from '../lessons/lessons.ts';
import type { Lesson } from '../lessons/types.ts';
import { postmanCollection } from '../openapi/postman.ts';
import { receivablesOpenApi } from '../openapi/receivables.ts';
import { SCENARIOS, type Scenario } from '../snapshots/scenarios.ts';
import { TEMPLATE_BASE_URL, TEMPLATE_NAME } from './personalize.ts';
import { drillTexts, type DrillTexts } from '../drills/texts.ts';

/**
 * A product's catalog as hosts load it: the UI catalog plus its teaching templates (not sent by
 * GET /_admin/products).
 */
export interface FullCatalog extends ProductCatalog {
  teaching?: TeachingCatalog;
}

/**
 * Where the control API finds each product's catalog. Catalogs are documentation for the UI
 * (resources, examples, errors), not behaviour, so the host chooses how to load them: the Node host
 * imports them (teaching/catalogs.ts), the service worker fetches the build's JSON copy and so keeps
 * them out of its bundle.
 */
export type CatalogSource = (product: ProductId) => FullCatalog | Promise<FullCatalog>;

export interface TeachingCatalog {
  /** OpenAPI 3.1 of the REST surface (receivables), for TEMPLATE_BASE_URL. */
  openapi?: Record<string, unknown>;
  /** Postman collection v2.1 of the ready requests, for TEMPLATE_BASE_URL. */
  postman: Record<string, unknown>;
  lessons: Lesson[];
  scenarios: Scenario[];
  /** The words of the resilience drill's steps for the product (issue 23). */
  drills: DrillTexts;
}

const TITLES: Record<ProductId, string> = { receivables: 'Receivables REST + SOAP', odata: 'OData v4 ERP' };

export function teachingCatalog(product: ProductId, catalog: Omit<ProductCatalog, 'teaching'>): TeachingCatalog {
  return {
    ...(product === 'receivables' ? { openapi: receivablesOpenApi({ serverUrl: TEMPLATE_BASE_URL, name: TEMPLATE_NAME, errors: catalog.errors }) } : {}),
    postman: postmanCollection({ product, title: TITLES[product], baseUrl: TEMPLATE_BASE_URL, envName: TEMPLATE_NAME, catalog }),
    lessons: LESSONS.filter((l) => l.product === product),
    scenarios: SCENARIOS.filter((s) => s.product === product),
    drills: drillTexts(product),
  };
}
