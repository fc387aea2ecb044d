/**
 * Secrets are shown once by the control API; the playground remembers them in this browser
 * (localStorage, keyed by environment) so the console can authenticate. Never sent anywhere else.
 */
import type { CredentialType } from '../../engine/for-app.ts';
import type { IssuedCredential } from './api.ts';

const PREFIX = 'erp-sim:secrets:';

const LIST_TYPE: Record<string, CredentialType> = {
  oauthClients: 'oauth-client',
  soapUsers: 'soap-user',
  apiUsers: 'api-user',
  personalAccessTokens: 'pat',
};

export interface RememberedCredential extends IssuedCredential {
  type: CredentialType;
}

/** The type of an issued credential, from its shape when the API did not say. */
function credentialType(c: IssuedCredential): CredentialType {
  if (c.type) return c.type;
  if (c.clientId) return 'oauth-client';
  if (c.token) return 'pat';
  return 'soap-user';
}

export function loadSecrets(envKey: string): RememberedCredential[] {
  try {
    const raw = localStorage.getItem(PREFIX + envKey);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as RememberedCredential[]) : [];
  } catch {
    return [];
  }
}

function save(envKey: string, list: RememberedCredential[]): void {
  localStorage.setItem(PREFIX + envKey, JSON.stringify(list));
}

export function rememberSecret(envKey: string, cred: IssuedCredential, type?: CredentialType): RememberedCredential {
  const entry: RememberedCredential = { ...cred, type: type ?? credentialType(cred) };
  save(envKey, [...loadSecrets(envKey).filter((c) => c.id !== cred.id), entry]);
  return entry;
}

/** Remember every credential of a create-environment answer (`{oauthClients:[...], ...}`). */
export function rememberCreated(envKey: string, lists: Record<string, IssuedCredential[]>): RememberedCredential[] {
  const out: RememberedCredential[] = [];
  for (const [list, creds] of Object.entries(lists)) {
    for (const c of creds) out.push(rememberSecret(envKey, c, LIST_TYPE[list]));
  }
  return out;
}

export function forgetSecret(envKey: string, id: string): void {
  save(envKey, loadSecrets(envKey).filter((c) => c.id !== id));
}

/**
 * Follow the server's list: forget remembered credentials that no longer exist there (revoked in
 * another tab or by a script). Returns the ids forgotten.
 */
export function keepOnly(envKey: string, ids: readonly string[]): string[] {
  const list = loadSecrets(envKey);
  const dropped = list.filter((c) => !ids.includes(c.id)).map((c) => c.id);
  if (dropped.length) save(envKey, list.filter((c) => ids.includes(c.id)));
  return dropped;
}

export function forgetEnv(envKey: string): void {
  localStorage.removeItem(PREFIX + envKey);
}

/** The label a credential is known by: client id, username or token owner. */
export function credentialLabel(c: IssuedCredential): string {
  return c.clientId ?? c.username ?? (c.owner ? `PAT of ${c.owner}` : c.id);
}

/** The secret parts of a credential, for display with copy buttons. */
export function secretFields(c: IssuedCredential): { label: string; value: string }[] {
  const f: { label: string; value: string }[] = [];
  if (c.clientId) f.push({ label: 'Client ID', value: c.clientId });
  if (c.clientSecret) f.push({ label: 'Client secret', value: c.clientSecret });
  if (c.username) f.push({ label: 'Username', value: c.username });
  if (c.password) f.push({ label: 'Password', value: c.password });
  if (c.token) f.push({ label: 'Token', value: c.token });
  return f;
}
