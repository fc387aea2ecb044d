/** App-wide state: environments, product catalogs, the selected environment, console hand-offs. */
import type { ProductId } from '../../engine/for-app.ts';
import { api, type EnvSummary, type ProductInfo } from './api.ts';
import { forgetTokens } from './auth.ts';
import { onSimChange } from '../sw/controller.ts';
import { followScope } from '../host/events.ts';
import { sharedHost } from '../host/mode.ts';
import { forgetOwner, ownedKeys } from '../host/tokens.svelte.ts';
import { Coalesced } from './coalesce.ts';
import { onSimProgress } from './progress.ts';
import type { RequestSpec } from './request.ts';
import type { LoadMeta } from './load-meta.ts';
import { forgetEnv, keepOnly, loadSecrets, type RememberedCredential } from './secrets.ts';
import { forgetVariables } from './env-vars.ts';

const CURRENT = 'erp-sim:current-env';
/** A generate that posted no progress for this long is taken as over (its worker stopped). */
const GENERATE_QUIET_MS = 5000;
/** A shared host that asks who is calling (issue 19): how to get a token. */
const NEEDS_TOKEN = 'This shared host lets in only its class and its trainer. Open the join link your trainer gave you (…/#/join/CODE), or the trainer link printed when the host started.';

export interface PendingRequest {
  request: RequestSpec;
  run: boolean;
  envKey?: string;
  /** The error catalog entry the request reproduces. */
  reproduces?: string;
  /** Something the console should say about it (e.g. that the authentication was changed). */
  note?: string;
  /** Its name, checks and variables, and the saved request it is (a collection's request). */
  meta?: LoadMeta;
}

export interface Revealed {
  envKey: string;
  title: string;
  /** Why these credentials were issued, when it was not the user's own click (a reproduction). */
  reason?: string;
  creds: RememberedCredential[];
}

export const app = $state({
  envs: [] as EnvSummary[],
  envsLoaded: false,
  products: [] as ProductInfo[],
  error: '' as string,
  currentKey: (localStorage.getItem(CURRENT) ?? '') as string,
  /** A request handed to the console by the catalog, errors, history, data browser or a share link. */
  pending: null as PendingRequest | null,
  /** Credentials just issued (shown once with their secrets), by the Environments view or a reproduction. */
  revealed: null as Revealed | null,
  /** Bumped when this browser's remembered secrets change, so views reading them refresh. */
  secretsVersion: 0,
  /** Bumped after writes to the selected environment (from any tab or script), so data views refresh. */
  dataVersion: 0,
  /** Bumped when an environment's variables change (edited, or set from an answer). */
  variablesVersion: 0,
});

export function currentEnv(): EnvSummary | undefined {
  return app.envs.find((e) => e.key === app.currentKey) ?? app.envs[0];
}

export function selectEnv(key: string): void {
  app.currentKey = key;
  localStorage.setItem(CURRENT, key);
  // A trainee's live notices come from the selected environment's stream (host/events.ts).
  followScope();
}

export function productInfo(id: ProductId | undefined): ProductInfo | undefined {
  return app.products.find((p) => p.id === id);
}

export async function refreshEnvs(): Promise<void> {
  try {
    app.envs = await api.listEnvs();
    app.error = '';
  } catch (err) {
    app.error = sharedHost && (err as { status?: unknown }).status === 401 ? NEEDS_TOKEN : err instanceof Error ? err.message : String(err);
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
 * Bursts (a $batch of creates) are folded into one refresh; while a generate writes an environment
 * (its progress notices), its refreshes come at most once a second instead of after every slice.
 * A change to an environment itself (possibly its clock) forgets its cached OAuth tokens: their
 * expiry runs on that clock.
 */
export function followChanges(): () => void {
  const data = new Coalesced(() => app.dataVersion++);
  const envList = new Coalesced(() => void refreshEnvs());
  const secretSyncs = new Map<string, Coalesced>();
  /** Environments a generate is writing, until when (a worker stopped mid-way posts no final notice). */
  const generating = new Map<string, number>();
  const isGenerating = (env: string) => (generating.get(env) ?? 0) > performance.now();
  /** A credential revoked elsewhere is a record write: re-read the environment's list. */
  const syncSoon = (env: string) => {
    if (!loadSecrets(env).length) return;
    let sync = secretSyncs.get(env);
    if (!sync) secretSyncs.set(env, (sync = new Coalesced(() => void syncSecrets(env), 150)));
    sync.poke(false);
  };
  const stopProgress = onSimProgress((p) => {
    if (p.done < p.total) return void generating.set(p.env, performance.now() + GENERATE_QUIET_MS);
    generating.delete(p.env);
    if (p.env === currentEnv()?.key) data.hurry();
    syncSoon(p.env);
  });
  const stop = onSimChange((change) => {
    const busy = change.op === 'records' && isGenerating(change.env);
    if (change.op !== 'records') forgetTokens(change.env);
    if (change.op === 'env-delete') {
      // A trainee's own environment, removed on the class host while this page was open.
      if (ownedKeys().includes(change.env)) forgetOwner(change.env, true);
      forgetEnv(change.env);
      forgetVariables(change.env);
      app.secretsVersion++;
    } else if (!busy) {
      // A generate writes no credentials: its environment's list is re-read once, when it ends.
      syncSoon(change.env);
    }
    if (change.env === currentEnv()?.key) data.poke(busy);
    // A change to the list itself, or writes to an environment this tab has not listed yet: one
    // created in another tab or through the control API commits as its first records (issue 24 § 1.7).
    if (change.op !== 'records' || !app.envs.some((e) => e.key === change.env)) envList.poke(false);
  });
  return () => {
    stop();
    stopProgress();
    data.cancel();
    envList.cancel();
    for (const s of secretSyncs.values()) s.cancel();
  };
}

/** Forget remembered secrets (and the just-revealed ones) of credentials the server no longer lists. */
export function followServerList(envKey: string, ids: readonly string[]): void {
  const dropped = keepOnly(envKey, ids);
  if (app.revealed?.envKey === envKey && app.revealed.creds.some((c) => !ids.includes(c.id))) {
    const creds = app.revealed.creds.filter((c) => ids.includes(c.id));
    app.revealed = creds.length ? { ...app.revealed, creds } : null;
  }
  if (dropped.length) {
    forgetTokens(envKey);
    app.secretsVersion++;
  }
}

/**
 * Make this browser's remembered secrets follow the environment's credential list: a credential
 * revoked in another tab, by a script or while this page was closed is forgotten, with its tokens.
 */
export async function syncSecrets(envKey: string): Promise<void> {
  if (!loadSecrets(envKey).length) return;
  try {
    const detail = await api.getEnv(envKey);
    followServerList(envKey, detail.credentials.map((c) => c.id));
  } catch {
    /* unknown environment or worker gone: the list stays as it is */
  }
}

/** Open a request in the console (and optionally run it) for an environment. */
export function openInConsole(request: RequestSpec, run: boolean, envKey?: string, more: Pick<PendingRequest, 'reproduces' | 'note' | 'meta'> = {}): void {
  app.pending = { request, run, envKey, ...more };
}
