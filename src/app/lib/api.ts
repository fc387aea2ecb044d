/** Client of the simulator's control API (`<base>sim/_admin`): the worker's, or a shared host's (host/admin-fetch.ts). */
import type { CredentialType, ErrorEntry, ExampleRequest, ProductId, ResourceInfo } from '../../engine/for-app.ts';
import type { PublicCredential } from '../../engine/for-app.ts';
import type { AutoMatchSettings } from '../../engine/for-app.ts';
import type { RunEntry, RunResult } from '../../engine/for-app.ts';
import type { StoredRun } from '../../engine/for-app.ts';
import { adminFetch, refusal } from '../host/admin-fetch.ts';
import { listOwnEnvs } from '../host/own-envs.ts';

export type { AutoMatchSettings, RunEntry, RunResult, StoredRun };

/** GET /_admin/environments/<key>/automatch (docs/reference/receivables.md § AutoMatch). */
export interface AutoMatchOverview {
  process: string;
  settings: AutoMatchSettings;
  now: string;
  nextDueAt: string | null;
  pendingDueAt: string | null;
  nextScheduledAt: string | null;
  lastRunAt: string | null;
  runs: StoredRun[];
}

export interface EnvSummary {
  key: string;
  product: ProductId;
  name: string;
  baseUrl: string;
  createdAt: string;
}

export type { PublicCredential };

export interface EnvDetail extends EnvSummary {
  /** `frozen`: the clock moves only when set or advanced. */
  clock: { now: string; offsetMs: number; frozen?: boolean };
  tenantId: string;
  credentials: PublicCredential[];
}

/** A credential as returned once, with its secret, by create/add. */
export interface IssuedCredential {
  id: string;
  type?: CredentialType;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  privileges?: string[];
  username?: string;
  password?: string;
  token?: string;
  owner?: string;
}

export interface CreatedEnv extends EnvSummary {
  credentials: Record<string, IssuedCredential[]>;
}

export interface ProductInfo {
  id: ProductId;
  title: string;
  credentialTypes: CredentialType[];
  resources: ResourceInfo[];
  examples: ExampleRequest[];
  errors: ErrorEntry[];
}

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GET/PUT /environments/<key>/limits. */
export interface LimitsView {
  profile: 'spec' | 'real-product';
  limits: { callsPerMinute: number; running: number; waiting: number; maxApiLines: number } | null;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await adminFetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: reported below */
  }
  if (!res.ok) {
    throw new ApiError(refusal(parsed, text || res.statusText) || `HTTP ${res.status}`, res.status);
  }
  return parsed as T;
}

const enc = encodeURIComponent;

export const api = {
  listEnvs: () => listOwnEnvs<EnvSummary>() ?? call<{ items: EnvSummary[] }>('GET', '/environments').then((b) => b.items),
  createEnv: (product: ProductId, name?: string) => call<CreatedEnv>('POST', '/environments', { product, name: name || undefined }),
  getEnv: (key: string) => call<EnvDetail>('GET', `/environments/${enc(key)}`),
  renameEnv: (key: string, name: string) => call<EnvDetail>('PATCH', `/environments/${enc(key)}`, { name }),
  deleteEnv: (key: string) => call<void>('DELETE', `/environments/${enc(key)}`),
  /** The playground's Reset: the data only (clock, fault rules and journal stay); the control API's default is the clean slate. */
  resetEnv: (key: string) => call<EnvDetail>('POST', `/environments/${enc(key)}/reset`, { scope: 'data' }),
  generate: (key: string, body: { count: number; kind?: string }) => call<{ resource: string; added: number }>('POST', `/environments/${enc(key)}/generate`, body),
  addCredential: (key: string, spec: { type: CredentialType; privileges?: string[]; username?: string; owner?: string }) =>
    call<IssuedCredential>('POST', `/environments/${enc(key)}/credentials`, spec),
  revokeCredential: (key: string, id: string) => call<void>('DELETE', `/environments/${enc(key)}/credentials/${enc(id)}`),
  setClock: (key: string, body: { now: string } | { advanceDays: number }) => call<{ now: string }>('PUT', `/environments/${enc(key)}/clock`, body),
  products: () => call<{ items: ProductInfo[] }>('GET', '/products').then((b) => b.items),
  /** The OData real-limits profile: the emulated product's throttling and row cap, off ('spec') by default. */
  limits: (key: string) => call<LimitsView>('GET', `/environments/${enc(key)}/limits`),
  setLimits: (key: string, profile: LimitsView['profile']) => call<LimitsView>('PUT', `/environments/${enc(key)}/limits`, { profile }),
  autoMatch: (key: string) => call<AutoMatchOverview>('GET', `/environments/${enc(key)}/automatch`),
  setAutoMatch: (key: string, settings: Partial<AutoMatchSettings>) => call<AutoMatchOverview>('PUT', `/environments/${enc(key)}/automatch`, settings),
  /** The class host's join codes (the trainer's token only). */
  classCodes: () => call<{ codes: string[] }>('GET', '/class').then((b) => b.codes),
  runAutoMatch: (key: string) => call<RunResult & { runId: number }>('POST', `/environments/${enc(key)}/automatch/run`),
};
