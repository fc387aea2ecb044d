/**
 * Resilience drills as the app sees them (control API, issue 23): start, read, stop, the JUnit
 * download, and for each step the ready request that fits it, so the console can be the client.
 */
import { PROFILE_STEP, STANDARD_PLAN, type DrillReport, type DrillScore, type DrillStepReport, type ProductId, type StepKind, type Verdict } from '../../engine/for-app.ts';
import { simBase, whenControlled } from '../sw/controller.ts';
import { fromExample } from './request.ts';
import { openInConsole, productInfo } from './store.svelte.ts';
import { download } from './tools-api.ts';

export type { DrillReport, DrillStepReport, StepKind, Verdict };

export interface DrillSummary {
  id: string;
  plan: 'standard' | 'custom';
  status: 'running' | 'finished';
  stopped: boolean;
  startedAt: string;
  finishedAt: string | null;
  steps: number;
  score: DrillScore;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  await whenControlled();
  const res = await fetch(`${simBase()}/_admin${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const parsed = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok) throw new Error(parsed?.error ?? `HTTP ${res.status}`);
  return parsed as T;
}

const enc = encodeURIComponent;
const base = (key: string) => `/environments/${enc(key)}/drills`;

export const drillsApi = {
  list: (key: string) => call<{ items: DrillSummary[] }>('GET', base(key)).then((b) => b.items),
  /** `throttled`: the standard plan and then the optional throttled step (an OData environment under the real-limits profile). */
  start: (key: string, throttled = false) => call<DrillReport>('POST', base(key), { plan: throttled ? [...STANDARD_PLAN, PROFILE_STEP] : 'standard' }),
  get: (key: string, id: string) => call<DrillReport>('GET', `${base(key)}/${enc(id)}`),
  stop: (key: string, id: string) => call<void>('DELETE', `${base(key)}/${enc(id)}`),
  junit: (key: string, id: string) => download(`${base(key)}/${enc(id)}/junit.xml`, `${id}-junit.xml`),
};

/** The console's ready request for a step, and what to do with it. */
export interface Practice {
  example: string;
  note: string;
}

const READ: Record<ProductId, string> = { receivables: 'invoices-list', odata: 'odata.customers' };
const CREATE: Record<ProductId, string> = { receivables: 'receipts-create-upsert', odata: 'odata.write.customer.create' };

export function practiceFor(kind: StepKind, product: ProductId): Practice {
  const drill = 'Drill: ';
  switch (kind) {
    case 'token-expired':
      return product === 'receivables'
        ? { example: READ[product], note: `${drill}Send. The drill expires your token (401 REST-01401); the console fetches a new token and repeats the request once by itself, as a good client does.` }
        : { example: READ[product], note: `${drill}Send. The drill refuses your credential once (the empty 401); Send again within 30 s, as a client that re-reads its credential would.` };
    case 'rate-limited':
      return { example: READ[product], note: `${drill}Send: 429 with Retry-After: 2. Wait at least 2 s, then Send again (within 60 s).` };
    case 'unavailable':
      return { example: READ[product], note: `${drill}Send: 503. Wait a moment (at least 200 ms), then Send again.` };
    case 'server-error-after-write':
      return product === 'receivables'
        ? { example: CREATE[product], note: `${drill}Send: the receipt is recorded, then the answer is 500. Send again unchanged: Upsert-Mode answers the receipt you already made, no duplicate.` }
        : { example: CREATE[product], note: `${drill}Send: the customer is created, then the answer is 500. Look it up (GET CUSTOMERS('C2001')) before sending again; sent again it is refused 409, the key exists.` };
    case 'connection-dropped-before-write':
      return product === 'receivables'
        ? { example: CREATE[product], note: `${drill}Change ReceiptNumber to a new value and Send: the connection drops, nothing is recorded. Send again: created once. The step passes when its 60 s end with no second receipt.` }
        : { example: CREATE[product], note: `${drill}Change CUSTNAME to a new key and Send: the connection drops, nothing is created. Send again: created once. The step passes when its 60 s end with no second customer.` };
    case 'slow-answer':
      return { example: READ[product], note: `${drill}Send and wait: the answer takes 8 s.` };
    case 'throttled':
      return { example: READ[product], note: `${drill}Send: the real-limits profile's 429 with Retry-After: 2. Send nothing for at least 2 s (any call sooner is refused again and fails the step), then Send again (within 60 s).` };
  }
}

export const VERDICT_LABEL: Record<Verdict, string> = { pass: 'Pass', fail: 'Fail', pending: 'Pending', 'not exercised': 'Not exercised', info: 'Info' };

/** Load a step's ready request into the console with what to do; false while the catalog is not loaded. */
export function practiseStep(envKey: string, product: ProductId, step: Pick<DrillStepReport, 'n' | 'kind'>): boolean {
  const p = practiceFor(step.kind, product);
  const ex = productInfo(product)?.examples.find((x) => x.id === p.example);
  if (!ex) return false;
  openInConsole(fromExample(ex), false, envKey, { note: `Step ${step.n} (${step.kind}). ${p.note}` });
  return true;
}

/** The drill running in an environment, if any (the newest first). */
export async function runningDrill(envKey: string): Promise<DrillReport | null> {
  const running = (await drillsApi.list(envKey)).find((d) => d.status === 'running');
  return running ? drillsApi.get(envKey, running.id) : null;
}
