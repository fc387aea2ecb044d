/** App-wide state: environments, product catalogs, the selected environment, console hand-offs. */
import type { ProductId } from '../../engine/core/types.ts';
import { api, type EnvSummary, type ProductInfo } from './api.ts';
import type { RequestSpec } from './request.ts';

const CURRENT = 'erp-sim:current-env';

export const app = $state({
  envs: [] as EnvSummary[],
  envsLoaded: false,
  products: [] as ProductInfo[],
  error: '' as string,
  currentKey: (localStorage.getItem(CURRENT) ?? '') as string,
  /** A request handed to the console by the catalog, errors, history, data browser or a share link. */
  pending: null as { request: RequestSpec; run: boolean; envKey?: string } | null,
  /** Bumped after every write the console sends, so the data browser refreshes. */
  dataVersion: 0,
});

export function currentEnv(): EnvSummary | undefined {
  return app.envs.find((e) => e.key === app.currentKey) ?? app.envs[0];
}

export function selectEnv(key: string): void {
  app.currentKey = key;
  localStorage.setItem(CURRENT, key);
}

export function envByKey(key: string | undefined): EnvSummary | undefined {
  return key ? app.envs.find((e) => e.key === key) : undefined;
}

export function productInfo(id: ProductId | undefined): ProductInfo | undefined {
  return app.products.find((p) => p.id === id);
}

export async function refreshEnvs(): Promise<void> {
  try {
    app.envs = await api.listEnvs();
    app.error = '';
  } catch (err) {
    app.error = err instanceof Error ? err.message : String(err);
  } finally {
    if (!app.envsLoaded) performance.mark('erp-sim:envs-loaded');
    app.envsLoaded = true;
  }
}

export async function loadProducts(): Promise<void> {
  try {
    app.products = await api.products();
  } catch (err) {
    app.error = err instanceof Error ? err.message : String(err);
  }
}

/** Open a request in the console (and optionally run it) for an environment. */
export function openInConsole(request: RequestSpec, run: boolean, envKey?: string): void {
  app.pending = { request, run, envKey };
}
