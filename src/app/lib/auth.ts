/**
 * Authentication the console adds for the user, as a real `Authorization` header:
 * an OAuth client-credentials token (receivables, cached until it expires), HTTP Basic with an
 * API user, or a personal access token as the Basic username with the password `PAT` (OData).
 */
import type { ExampleRequest, ProductId } from '../../engine/core/types.ts';
import { loadSecrets, type RememberedCredential } from './secrets.ts';

export type AuthMode = ExampleRequest['auth'];

export const AUTH_LABELS: Record<AuthMode, string> = {
  bearer: 'OAuth bearer token',
  basic: 'Basic (API user)',
  pat: 'Personal access token',
  soap: 'WS-Security in the body',
  none: 'No authentication',
};

/** The modes each service understands (spec 000: OAuth and WS-Security; spec 001: Basic and PAT). */
export function authModesFor(product: ProductId | undefined): AuthMode[] {
  if (product === 'receivables') return ['bearer', 'soap', 'none'];
  if (product === 'odata') return ['basic', 'pat', 'none'];
  return Object.keys(AUTH_LABELS) as AuthMode[];
}

/** The consumer scope every receivables token must request on its own (spec 000 § Token endpoint). */
export const CONSUMER_SCOPE = 'urn:opc:resource:consumer::all';

const tokens = new Map<string, { token: string; expires: number }>();

function credentialFor(envKey: string, mode: AuthMode, credId?: string): RememberedCredential | undefined {
  const type = mode === 'bearer' ? 'oauth-client' : mode === 'basic' ? 'api-user' : mode === 'pat' ? 'pat' : mode === 'soap' ? 'soap-user' : null;
  if (!type) return undefined;
  const list = loadSecrets(envKey).filter((c) => c.type === type);
  const chosen = list.find((c) => c.id === credId);
  if (chosen) return chosen;
  // Prefer the client with the most privileges: it can call every endpoint.
  return [...list].sort((a, b) => (b.privileges?.length ?? 0) - (a.privileges?.length ?? 0))[0];
}

export function credentialsFor(envKey: string, mode: AuthMode): RememberedCredential[] {
  const type = mode === 'bearer' ? 'oauth-client' : mode === 'basic' ? 'api-user' : mode === 'pat' ? 'pat' : mode === 'soap' ? 'soap-user' : null;
  return type ? loadSecrets(envKey).filter((c) => c.type === type) : [];
}

/** The remembered API user or PAT a Basic username/password pair belongs to, as a console auth mode. */
export function rememberedLogin(envKey: string, username: string, password: string): { auth: AuthMode; credId: string } | undefined {
  for (const c of loadSecrets(envKey)) {
    if (c.type === 'api-user' && c.username === username && c.password === password) return { auth: 'basic', credId: c.id };
    if (c.type === 'pat' && c.token === username && password === 'PAT') return { auth: 'pat', credId: c.id };
  }
  return undefined;
}

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/** Fetch (or reuse) an OAuth token for a client. */
async function bearer(baseUrl: string, cred: RememberedCredential): Promise<string> {
  const cacheKey = `${baseUrl}|${cred.id}`;
  const hit = tokens.get(cacheKey);
  if (hit && hit.expires > Date.now() + 30_000) return hit.token;
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: CONSUMER_SCOPE,
      client_id: cred.clientId ?? '',
      client_secret: cred.clientSecret ?? '',
    }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || !body.access_token) throw new Error(`Token request failed (${res.status} ${body.error ?? ''}): is the client still valid?`);
  tokens.set(cacheKey, { token: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

export function forgetTokens(): void {
  tokens.clear();
}

/** The Authorization header value for a request, or null when the mode needs none. */
export async function authorization(envKey: string, baseUrl: string, mode: AuthMode, credId?: string): Promise<string | null> {
  if (mode === 'none' || mode === 'soap') return null;
  const cred = credentialFor(envKey, mode, credId);
  if (!cred) throw new Error(`No remembered ${AUTH_LABELS[mode]} credential for this environment: add one on the Environments page.`);
  if (mode === 'bearer') return `Bearer ${await bearer(baseUrl, cred)}`;
  if (mode === 'basic') return `Basic ${b64(`${cred.username}:${cred.password}`)}`;
  return `Basic ${b64(`${cred.token}:PAT`)}`;
}

/**
 * Fill credential placeholders in example bodies and paths, written `{name}` or `{{name}}`:
 * clientId/clientSecret (the best remembered OAuth client), username/password (the SOAP user, or
 * the API user for OData), token (a personal access token).
 */
export function fillPlaceholders(envKey: string, text: string): string {
  if (!text.includes('{')) return text;
  const oauth = credentialFor(envKey, 'bearer');
  const user = credentialFor(envKey, 'soap') ?? credentialFor(envKey, 'basic');
  const pat = credentialFor(envKey, 'pat');
  const values: Record<string, string | undefined> = {
    clientId: oauth?.clientId,
    clientSecret: oauth?.clientSecret,
    username: user?.username,
    password: user?.password,
    token: pat?.token,
  };
  return text.replace(/\{\{?(clientId|clientSecret|username|password|token)\}?\}/g, (m, name: string) => {
    const v = values[name];
    if (v === undefined) return m;
    // Inside a form-encoded body the value must be encoded; ids and secrets here are URL-safe anyway.
    return v;
  });
}
