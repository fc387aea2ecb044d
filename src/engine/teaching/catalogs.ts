/**
 * Every product's UI catalog, for hosts that can afford to import them (the Node host, tests, the
 * build that writes `sim-catalog.json` for the service worker).
 */
import type { ProductCatalog, ProductId } from '../core/types.ts';
import { odataCatalog } from '../products/odata/catalog.ts';
import { receivablesCatalog } from '../products/receivables/catalog.ts';
import { injectedErrors } from '../faults/catalog.ts';
import { teachingCatalog, type CatalogSource, type FullCatalog } from './catalog.ts';

const BUILDERS: Record<ProductId, () => ProductCatalog> = { receivables: receivablesCatalog, odata: odataCatalog };
const built = new Map<ProductId, FullCatalog>();

/** Catalogs are deterministic (they quote the seeded book), so each is built once. */
function catalogOf(product: ProductId): FullCatalog {
  let catalog = built.get(product);
  if (!catalog) {
    const base = BUILDERS[product]();
    // The injected answers' entries (fault rules, drills) follow the product's own; the teaching
    // templates (OpenAPI responses, Postman) describe the product alone.
    built.set(product, (catalog = { ...base, errors: [...base.errors, ...injectedErrors(product)], teaching: teachingCatalog(product, base) }));
  }
  return catalog;
}

export const builtInCatalog: CatalogSource = catalogOf;

/** All catalogs as one JSON-ready document, keyed by product id. */
export function catalogDocument(): Record<ProductId, FullCatalog> {
  return { receivables: catalogOf('receivables'), odata: catalogOf('odata') };
}
