/** App-wide state: environments, product catalogs, the selected environment, console hand-offs. */
import type { ProductId } from '../../engine/core/types.ts';
import { api, type EnvSummary, type ProductInfo } from './api.ts';
import { forgetTokens } from './auth.ts';
import { onSimChange } from '../sw/controller.ts';
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
  /** Bumped after writes to the selected environment (from any tab or script), so data views refresh. */
  dataVersion: 0,
});

export function currentEnv(): EnvSummary | undefined {
  return app.envs.find((e) => e.key === app.currentKey) ?? app.envs[0];
}

export function selectEnv(key: string): void {
  app.currentKey = key;
  localStorage.setItem(CURRENT, key);
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

/**
 * Follow the worker's change notices: data views of the selected environment refresh and the
 * environment list follows creations, renames, clock moves and deletions made in other tabs.
 * Bursts (a $batch of creates) are folded into one refresh. A change to an environment itself
 * (possibly its clock) forgets its cached OAuth tokens: their expiry runs on that clock.
 */
export function followChanges(): () => void {
  let dataTimer: ReturnType<typeof setTimeout> | undefined;
  let envTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = onSimChange((change) => {
    if (change.op !== 'records') forgetTokens(change.env);
    if (change.env === currentEnv()?.key) {
      clearTimeout(dataTimer);
      dataTimer = setTimeout(() => app.dataVersion++, 100);
    }
    if (change.op !== 'records') {
      clearTimeout(envTimer);
      envTimer = setTimeout(() => void refreshEnvs(), 100);
    }
  });
  return () => {
    stop();
    clearTimeout(dataTimer);
    clearTimeout(envTimer);
  };
}

/** Open a request in the console (and optionally run it) for an environment. */
export function openInConsole(request: RequestSpec, run: boolean, envKey?: string): void {
  app.pending = { request, run, envKey };
}
