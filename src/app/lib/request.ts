/** The console's request model, how it is resolved against an environment, and how it is sent. */
import { answerCode, INJECTED_HEADER, SOURCE_HEADER, type ExampleRequest, type JournalSource, type ProductId } from '../../engine/for-app.ts';
import { authorization, forgetToken, type AuthMode } from './auth.ts';
import { fillVariables, type EnvRef } from './env-vars.ts';
import { simBase, whenControlled } from '../sw/controller.ts';

export type { EnvRef };

export interface HeaderRow {
  name: string;
  value: string;
}

export interface RequestSpec {
  method: string;
  /** Path relative to the environment base (`/…`), or an absolute URL. */
  path: string;
  headers: HeaderRow[];
  body: string;
  auth: AuthMode;
  /**
   * A pasted token (bearer, PAT) or `username:password` (basic) used instead of any remembered
   * credential: how an expired or revoked one is shown to fail.
   */
  token?: string;
  /** Remembered credential to authenticate with; the best one when absent. */
  credId?: string;
  /** An example's choice: sign with a remembered OAuth client holding exactly these privileges. */
  privileges?: string[];
}

export interface ResponseInfo {
  status: number;
  statusText: string;
  ms: number;
  size: number;
  headers: [string, string][];
  body: string;
  contentType: string;
  url: string;
  method: string;
  /** The body as sent (variables filled): the console explains a $batch's parts from it. */
  requestBody?: string;
  /**
   * The answer before the console's own retry (a 401 for a token the service no longer takes, as a
   * drill's expired credential): shown above the final answer, so the learner sees both.
   */
  firstAnswer?: { status: number; statusText: string; code?: string; injected?: string };
}

export const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** The authentication a path of a product needs when nothing else says. */
export function defaultAuth(product: ProductId, path: string): AuthMode {
  if (product === 'odata') return path.startsWith('/odata') ? 'basic' : 'none';
  if (/\/oauth\/token/.test(path)) return 'none';
  if (/InvoiceService/.test(path)) return 'soap';
  return 'bearer';
}

export function fromExample(ex: ExampleRequest): RequestSpec {
  const headers = Object.entries(ex.headers ?? {}).map(([name, value]) => ({ name, value }));
  // The catalog's request is exact: a body sent without Content-Type (an error case) stays without one.
  if (ex.body && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: '' });
  return { method: ex.method.toUpperCase(), path: ex.path, headers, body: ex.body ?? '', auth: ex.auth, ...(ex.privileges ? { privileges: ex.privileges } : {}) };
}

/**
 * The URL a path stands for under the environment base. An absolute URL is used as is, and so is one
 * that starts with a variable (`{{baseUrl}}/…`, as Postman users write it): it is only known once its
 * variables are filled, and the URL field shows it as typed.
 */
export function absoluteUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path) || /^\s*\{\{/.test(path)) return path;
  return baseUrl + (path.startsWith('/') || path === '' ? path : `/${path}`);
}

/** The inverse of absoluteUrl: a URL under the environment base becomes a relative path. */
export function relativePath(baseUrl: string, url: string): string {
  if (url === baseUrl) return '';
  if (url.startsWith(`${baseUrl}/`) || url.startsWith(`${baseUrl}?`)) return url.slice(baseUrl.length);
  return url;
}

export function hasBody(method: string): boolean {
  return !['GET', 'HEAD'].includes(method.toUpperCase());
}

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/** The Authorization header for a pasted token or login, in the mode's scheme (none for modes without a header). */
export function pastedAuthorization(mode: RequestSpec['auth'], token: string): string | null {
  if (mode === 'bearer') return `Bearer ${token.replace(/^Bearer\s+/i, '')}`;
  if (mode === 'pat') return `Basic ${b64(`${token}:PAT`)}`;
  if (mode === 'basic') return `Basic ${b64(token)}`;
  return null;
}

/**
 * Headers as they will be sent, including the Authorization and Content-Type the console adds.
 * A header typed with an empty value is not sent and stops the console from adding its own: that
 * is how a request without Content-Type (or without Authorization) is written.
 */
export async function resolvedHeaders(envKey: string, baseUrl: string, req: RequestSpec): Promise<HeaderRow[]> {
  const named = req.headers.filter((h) => h.name.trim() !== '');
  const has = (name: string) => named.some((h) => h.name.trim().toLowerCase() === name);
  const rows = named.filter((h) => h.value.trim() !== '');
  if (!has('authorization')) {
    const value = req.token?.trim() ? pastedAuthorization(req.auth, req.token.trim()) : await authorization(envKey, baseUrl, req.auth, req.credId);
    if (value) rows.push({ name: 'Authorization', value });
  }
  if (hasBody(req.method) && req.body.trim() && !has('content-type')) {
    rows.push({ name: 'Content-Type', value: req.body.trimStart().startsWith('<') ? 'text/xml; charset=utf-8' : 'application/json' });
  }
  return rows;
}

/** The body as sent: variables filled (none for GET and HEAD). */
export async function resolvedBody(env: EnvRef, req: RequestSpec): Promise<string | undefined> {
  if (!hasBody(req.method) || req.body === '') return undefined;
  return fillVariables(env, req.body);
}

/** Variables first, then the base: a path that is absolute once filled (`{{baseUrl}}/…`) is used as is. */
export async function resolvedUrl(env: EnvRef, path: string): Promise<string> {
  return absoluteUrl(env.baseUrl, (await fillVariables(env, path)).trim());
}

export interface SendOptions {
  /**
   * Who sends it, for the journal (issue 24 § 1.4): `console` for the learner's requests, `view` for
   * a view's own reads (the default). The header only labels the journal entry.
   */
  source?: Extract<JournalSource, 'console' | 'view'>;
}

export async function send(env: EnvRef, req: RequestSpec, opts: SendOptions = {}): Promise<ResponseInfo> {
  // A request to the simulator sent before the worker controls the page would reach the static
  // host (a 404): it waits instead, as the header's notice says (issue 22). Before the variables are
  // filled, since {{token}} may itself ask the simulator for a token.
  const raw = absoluteUrl(env.baseUrl, req.path.replace(/^\s*\{\{\s*baseUrl\s*\}\}/, env.baseUrl));
  const target = URL.canParse(raw, location.href) ? new URL(raw, location.href) : undefined;
  if (!target || (target.origin === location.origin && target.pathname.startsWith(simBase()))) await whenControlled();
  const url = await resolvedUrl(env, req.path);
  const body = await resolvedBody(env, req);
  const attempt = async () => {
    const headers = new Headers();
    for (const h of await resolvedHeaders(env.key, env.baseUrl, req)) headers.append(h.name, await fillVariables(env, h.value));
    headers.set(SOURCE_HEADER, opts.source ?? 'view');
    const started = performance.now();
    // Bytes, not a string: fetch would add "Content-Type: text/plain" to a string body sent without one.
    const res = await fetch(url, { method: req.method, headers, body: body === undefined ? undefined : new TextEncoder().encode(body), cache: 'no-store' });
    return { res, started, sentAuth: headers.get('authorization') };
  };
  let { res, started, sentAuth } = await attempt();
  let firstAnswer: ResponseInfo['firstAnswer'];
  // A cached token the service calls expired (its clock moved, e.g. from another tab or a script):
  // drop it and retry once with a fresh one. A typed Authorization header is never retried.
  if (res.status === 401 && req.auth === 'bearer' && sentAuth && !req.headers.some((h) => h.name.trim().toLowerCase() === 'authorization') && forgetToken(env.key, sentAuth)) {
    const text = await res.text().catch(() => '');
    const code = answerCode(text).code;
    const injected = res.headers.get(INJECTED_HEADER);
    firstAnswer = { status: res.status, statusText: res.statusText, ...(code ? { code } : {}), ...(injected ? { injected } : {}) };
    ({ res, started } = await attempt());
  }
  const buf = await res.arrayBuffer();
  const ms = performance.now() - started;
  return {
    status: res.status,
    statusText: res.statusText,
    ms,
    size: buf.byteLength,
    headers: [...res.headers.entries()],
    body: new TextDecoder().decode(buf),
    contentType: res.headers.get('content-type') ?? '',
    url,
    method: req.method,
    ...(body !== undefined ? { requestBody: body } : {}),
    ...(firstAnswer ? { firstAnswer } : {}),
  };
}

export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
