/**
 * Authentication the console adds for the user, as a real `Authorization` header:
 * an OAuth client-credentials token (receivables, cached until it expires), HTTP Basic with an
 * API user, or a personal access token as the Basic username with the password `PAT` (OData).
 */
import { SOURCE_HEADER, type CredentialType, type ExampleRequest, type ProductId } from '../../engine/for-app.ts';
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

/** The kind of credential each mode signs with. */
const MODE_CREDENTIAL: Record<AuthMode, CredentialType | null> = { bearer: 'oauth-client', basic: 'api-user', pat: 'pat', soap: 'soap-user', none: null };

/** Cached tokens by environment key, then remembered credential id. */
const tokens = new Map<string, Map<string, { token: string; expires: number }>>();

export function credentialsFor(envKey: string, mode: AuthMode): RememberedCredential[] {
  const type = MODE_CREDENTIAL[mode];
  return type ? loadSecrets(envKey).filter((c) => c.type === type) : [];
}

function credentialFor(envKey: string, mode: AuthMode, credId?: string): RememberedCredential | undefined {
  const list = credentialsFor(envKey, mode);
  const chosen = list.find((c) => c.id === credId);
  if (chosen) return chosen;
  // Prefer the client with the most privileges: it can call every endpoint.
  return [...list].sort((a, b) => (b.privileges?.length ?? 0) - (a.privileges?.length ?? 0))[0];
}

/**
 * The remembered OAuth client holding exactly `privileges` (an example that shows a 403 signs with
 * the client without receipt privileges), or undefined when none is remembered.
 */
export function clientWithPrivileges(envKey: string, privileges: readonly string[]): string | undefined {
  const want = [...privileges].sort().join(',');
  return credentialsFor(envKey, 'bearer').find((c) => [...(c.privileges ?? [])].sort().join(',') === want)?.id;
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

/**
 * Fetch (or reuse) an OAuth token for a client. The cache runs on host time while the service
 * checks expiry on the environment's clock: moving that clock must forget the environment's tokens
 * (forgetTokens), and a 401 to a cached token drops it (forgetToken) for one retry.
 */
async function bearer(envKey: string, baseUrl: string, cred: RememberedCredential): Promise<string> {
  const cache = tokens.get(envKey);
  const hit = cache?.get(cred.id);
  if (hit && hit.expires > Date.now() + 30_000) return hit.token;
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    // An automatic token: the journal keeps it apart from the learner's own requests (issue 24 § 1.4).
    headers: { 'content-type': 'application/x-www-form-urlencoded', [SOURCE_HEADER]: 'auto-token' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: CONSUMER_SCOPE,
      client_id: cred.clientId ?? '',
      client_secret: cred.clientSecret ?? '',
    }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || !body.access_token) throw new Error(`Token request failed (${res.status} ${body.error ?? ''}): is the client still valid?`);
  if (!tokens.has(envKey)) tokens.set(envKey, new Map());
  tokens.get(envKey)?.set(cred.id, { token: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

/** Forget the cached tokens of one environment (its clock moved, a client was revoked), or of all. */
export function forgetTokens(envKey?: string): void {
  if (envKey === undefined) tokens.clear();
  else tokens.delete(envKey);
}

/** Forget a cached token the service refused (`Authorization: Bearer <token>`); true when it was cached. */
export function forgetToken(envKey: string, authorizationValue: string): boolean {
  const cache = tokens.get(envKey);
  if (!cache) return false;
  for (const [id, entry] of cache) {
    if (`Bearer ${entry.token}` === authorizationValue) return cache.delete(id);
  }
  return false;
}

/** An access token of the best remembered OAuth client (cached or fetched): the `{{token}}` variable. */
export async function bearerFor(envKey: string, baseUrl: string): Promise<string> {
  const cred = credentialFor(envKey, 'bearer');
  if (!cred) throw new Error('No remembered OAuth client for this environment: add one on the Environments page.');
  return bearer(envKey, baseUrl, cred);
}

/** The Authorization header value for a request, or null when the mode needs none. */
export async function authorization(envKey: string, baseUrl: string, mode: AuthMode, credId?: string): Promise<string | null> {
  if (mode === 'none' || mode === 'soap') return null;
  const cred = credentialFor(envKey, mode, credId);
  if (!cred) throw new Error(`No remembered ${AUTH_LABELS[mode]} credential for this environment: add one on the Environments page.`);
  if (mode === 'bearer') return `Bearer ${await bearer(envKey, baseUrl, cred)}`;
  if (mode === 'basic') return `Basic ${b64(`${cred.username}:${cred.password}`)}`;
  return `Basic ${b64(`${cred.token}:PAT`)}`;
}
