/**
 * What a request to an environment is, as far as a drill cares (issue 23 § Contract: "the next
 * read", "the next create", "a product request with a credential"), and what makes two requests
 * the same request. Cheap and synchronous, except the body digest, which is taken only when a step
 * needs it.
 */
import { sha256Hex } from '../core/crypto.ts';
import type { ProductId } from '../core/types.ts';
import type { JournalService } from '../journal/types.ts';
import { FSCM_BASE } from '../products/receivables/rest/links.ts';
import type { RequestKey, StepKind } from './types.ts';

export interface RequestShape {
  product: ProductId;
  service: JournalService;
  method: string;
  /** Relative to the environment base, without the query. */
  path: string;
  /** Path and query, as the journal shows it. */
  target: string;
  read: boolean;
  create: boolean;
  /** POST /oauth/token. */
  tokenRequest: boolean;
  authorization: string | null;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

export function shapeOf(product: ProductId, service: JournalService, method: string, path: string, query: string, authorization: string | null): RequestShape {
  const read = (method === 'GET' || method === 'HEAD') && (service === 'rest' || service === 'odata');
  const create =
    method === 'POST' &&
    (product === 'receivables' ? (service === 'rest' && !path.includes('/action/')) || service === 'soap' : service === 'odata');
  return { product, service, method, path, target: `${path}${query}`, read, create, tokenRequest: service === 'oauth' && method === 'POST' && path === '/oauth/token', authorization };
}

const odataWithBasic = (s: RequestShape) => (s.service === 'odata' || s.service === 'batch') && /^basic\s/i.test(s.authorization ?? '');

/** Whether a request is one a step of this kind may be injected into (credential checks aside). */
export function fits(kind: StepKind, s: RequestShape): boolean {
  switch (kind) {
    case 'token-expired':
      return s.product === 'receivables' ? s.service === 'rest' && /^bearer\s/i.test(s.authorization ?? '') : odataWithBasic(s);
    case 'throttled':
      // The real-limits profile throttles every OData call of a user (its profile is checked on claim).
      return s.product === 'odata' && odataWithBasic(s);
    case 'rate-limited':
    case 'unavailable':
    case 'slow-answer':
      return s.read;
    case 'server-error-after-write':
    case 'connection-dropped-before-write':
      return s.create;
  }
}

/** Reads under this path show the client looking for the record a create made (SOAP makes invoices). */
export function collectionOf(s: RequestShape): string {
  return s.service === 'soap' ? `${FSCM_BASE}/receivablesInvoices` : s.path;
}

/** Canonical text of a body: JSON by value (key order and spacing aside), anything else as sent. */
function canonical(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
    );
  } catch {
    return text;
  }
}

/** The request's key; reads the body of a copy (call it before the product consumes the request). */
export async function requestKey(request: Request, s: RequestShape): Promise<RequestKey> {
  if (!hasBody(s.method) || !request.body) return { method: s.method, target: s.target };
  const text = await request
    .clone()
    .text()
    .catch(() => '');
  return text === '' ? { method: s.method, target: s.target } : { method: s.method, target: s.target, body: (await sha256Hex(canonical(text))).slice(0, 24) };
}

export const sameRequest = (a: RequestKey, b: RequestKey): boolean => a.method === b.method && a.target === b.target && a.body === b.body;

/** `METHOD path` as a person reads it in a report. */
export const labelOf = (s: RequestShape): string => `${s.method} ${s.target}`;

/** A short digest of the presented credential (never the secret itself). */
export async function credentialDigest(authorization: string | null): Promise<string | undefined> {
  return authorization ? (await sha256Hex(authorization.trim())).slice(0, 24) : undefined;
}
