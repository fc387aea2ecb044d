/**
 * Every product's UI catalog, for hosts that can afford to import them (the Node host, tests, the
 * build that writes `sim-catalog.json` for the service worker).
 */
import type { CatalogSource, ProductCatalog, ProductId } from '../core/types.ts';
import { odataCatalog } from './odata/catalog.ts';
import { receivablesCatalog } from './receivables/catalog.ts';
import { teachingCatalog } from '../teaching/catalog.ts';

const BUILDERS: Record<ProductId, () => ProductCatalog> = { receivables: receivablesCatalog, odata: odataCatalog };
const built = new Map<ProductId, ProductCatalog>();

/** Catalogs are deterministic (they quote the seeded book), so each is built once. */
function catalogOf(product: ProductId): ProductCatalog {
  let catalog = built.get(product);
  if (!catalog) {
    const base = BUILDERS[product]();
    built.set(product, (catalog = { ...base, teaching: teachingCatalog(product, base) }));
  }
  return catalog;
}

export const builtInCatalog: CatalogSource = catalogOf;

/** All catalogs as one JSON-ready document, keyed by product id. */
export function catalogDocument(): Record<ProductId, ProductCatalog> {
  return { receivables: catalogOf('receivables'), odata: catalogOf('odata') };
}
