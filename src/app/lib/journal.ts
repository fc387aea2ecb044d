/**
 * The request journal and fault rules as the app sees them (control API, issue 12 §§ 1-2): reads,
 * the worker's `sim-journal` notices, and a journaled request turned back into a console request or
 * a curl command (secrets were redacted in the journal: placeholders and variables stand in).
 */
import type { ProductId } from '../../engine/for-app.ts';
import type { FaultRule } from '../../engine/for-app.ts';
import type { JournalEntry } from '../../engine/for-app.ts';
import { onWorkerNotice } from '../sw/controller.ts';
import { adminFetch, refusal } from '../host/admin-fetch.ts';
import { defaultAuth, type RequestSpec } from './request.ts';
import { snippet } from './snippets.ts';

export type { FaultRule, JournalEntry };

export interface JournalQuery {
  limit?: number;
  status?: string;
  since?: number;
  path?: string;
  /** Sources separated by commas (issue 24 § 1.4); empty: every source. */
  source?: string;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await adminFetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const parsed = (await res.json().catch(() => null)) as T | null;
  if (!res.ok) throw new Error(refusal(parsed, `HTTP ${res.status}`));
  return parsed as T;
}

const enc = encodeURIComponent;

export const journalApi = {
  read(key: string, q: JournalQuery = {}): Promise<{ items: JournalEntry[]; enabled: boolean }> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return call('GET', `/environments/${enc(key)}/journal${qs ? `?${qs}` : ''}`);
  },
  clear: (key: string) => call<void>('DELETE', `/environments/${enc(key)}/journal`),
  setEnabled: (key: string, enabled: boolean) => call<{ enabled: boolean }>('PUT', `/environments/${enc(key)}/journal`, { enabled }),
  faults: (key: string) => call<{ items: FaultRule[] }>('GET', `/environments/${enc(key)}/faults`).then((b) => b.items),
  addFault: (key: string, rule: Record<string, unknown>) => call<FaultRule>('POST', `/environments/${enc(key)}/faults`, rule),
  removeFault: (key: string, id: string) => call<void>('DELETE', `/environments/${enc(key)}/faults/${enc(id)}`),
};

/** Follow the worker's journal notices (`{type: 'sim-journal', env}`), sent after entries are stored. */
export const onSimJournal = (listener: (env: string) => void): (() => void) =>
  onWorkerNotice<{ env?: unknown }>('sim-journal', (d) => {
    if (typeof d.env === 'string') listener(d.env);
  });

/** Headers a client sets itself or the console adds from its credentials: not replayed. */
const NOT_REPLAYED = new Set(['authorization', 'host', 'content-length', 'connection', 'accept-encoding', 'user-agent', 'origin', 'referer', 'cookie', 'accept-language']);
const REDACTED = /\[redacted\]|%5Bredacted%5D/g;

/** The journaled request as a console request: the console signs it with this browser's credentials. */
export function toConsoleRequest(entry: JournalEntry, product: ProductId): RequestSpec {
  const headers = Object.entries(entry.request.headers)
    .filter(([name]) => !NOT_REPLAYED.has(name) && !name.startsWith('sec-'))
    .map(([name, value]) => ({ name, value }));
  const secret = entry.service === 'soap' ? '{{soapPassword}}' : '{{clientSecret}}';
  const body = (entry.request.body ?? '').replace(REDACTED, secret);
  return { method: entry.method, path: entry.path, headers, body, auth: defaultAuth(product, entry.path) };
}

/** A curl command for the journaled request; redacted secrets become shell variables. */
export function curlOf(entry: JournalEntry, baseUrl: string): string {
  const auth = entry.request.headers['authorization'];
  const scheme = auth?.split(' ')[0]?.toLowerCase();
  const headers = Object.entries(entry.request.headers)
    .filter(([name]) => name === 'authorization' || (!NOT_REPLAYED.has(name) && !name.startsWith('sec-')))
    .map(([name, value]) => ({ name, value: name === 'authorization' ? value.replace('[redacted]', scheme === 'basic' ? '$BASIC' : '$TOKEN') : value }));
  const body = (entry.request.body ?? '').replace(REDACTED, entry.service === 'soap' ? '$PASSWORD' : '$CLIENT_SECRET');
  const vars = [
    { value: '$TOKEN', name: 'TOKEN', hint: 'a bearer token of this environment (POST /oauth/token)' },
    { value: '$BASIC', name: 'BASIC', hint: 'base64 of username:password (or PAT:PAT)' },
    { value: '$PASSWORD', name: 'PASSWORD', hint: 'the SOAP user\u2019s password' },
    { value: '$CLIENT_SECRET', name: 'CLIENT_SECRET', hint: 'the OAuth client\u2019s secret' },
  ];
  return snippet('curl', { method: entry.method, url: `${baseUrl}${entry.path}`, headers, body: body || undefined, vars });
}

/** Compact time of an entry: HH:MM:SS.mmm of the environment clock. */
export const timeOf = (iso: string) => iso.slice(11, 23);

/** An entry's status colour: a dropped connection (status 0), 5xx, 4xx, else success. */
export const entryStatusClass = (s: number) => (s === 0 ? 'dropped' : s >= 500 ? 's5' : s >= 400 ? 's4' : 's2');
