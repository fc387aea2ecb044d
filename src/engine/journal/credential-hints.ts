/**
 * Why a credential was refused (issue 12 § 1 near misses), worked out before it is redacted: a
 * bearer token expired, revoked, never issued here, or issued by another environment of this
 * simulator; an OData PAT or API user of another environment (said without naming it).
 */
import { sha256Hex } from '../core/crypto.ts';
import type { StoredCredential } from '../core/types.ts';
import { CREDENTIAL_KIND, secretMatches } from '../admin/credentials.ts';
import { decodeBasic, PAT_PASSWORD } from '../products/odata/auth/basic.ts';
import { bearerToken } from '../products/receivables/oauth/bearer.ts';
import { TOKEN_KIND, type TokenRow } from '../products/receivables/oauth/tokens.ts';
import type { SimStore } from '../storage/store.ts';

export async function tokenHint(store: SimStore, env: string, authorization: string | null, now: Date): Promise<string | undefined> {
  const token = bearerToken(authorization ?? undefined);
  if (!token) return undefined;
  const hash = await sha256Hex(token);
  const own = await store.partial(env);
  const row = own.get<TokenRow>(TOKEN_KIND, hash);
  if (row) {
    if (row.expiresAtMs <= now.getTime()) return `This token expired at ${new Date(row.expiresAtMs).toISOString()} (environment clock): request a new one from /oauth/token.`;
    if (!own.get<StoredCredential>(CREDENTIAL_KIND, row.credentialId)) return 'The client this token was issued to has been revoked: use another client.';
    return undefined;
  }
  for (const other of store.environments()) {
    if (other.key === env || other.product !== 'receivables') continue;
    if ((await store.partial(other.key)).get(TOKEN_KIND, hash)) {
      return "This token was issued by another environment of this simulator; tokens are valid only where they were issued: request one from this environment's /oauth/token.";
    }
  }
  return 'This environment never issued this token (a typo, a token from a real tenant, or one issued before a restart of an in-memory host): request one from /oauth/token.';
}

/** Environments of other keys that hold a credential verifying `secret` (checked only where the name matches). */
async function heldElsewhere(store: SimStore, env: string, product: string, match: (c: StoredCredential) => boolean, secret: string): Promise<boolean> {
  // Bounded: an older credential's PBKDF2 is slow on purpose, and this runs only for refusals, after the answer.
  const others = store.environments().filter((e) => e.key !== env && e.product === product).slice(0, 20);
  const fingerprint = await sha256Hex(secret);
  for (const other of others) {
    // A differing fingerprint rules a credential out without hashing (admin/credentials.ts).
    const possible = (c: StoredCredential) => match(c) && (c.fingerprint === undefined || c.fingerprint === fingerprint);
    for (const cred of (await store.partial(other.key)).list<StoredCredential>(CREDENTIAL_KIND).filter(possible)) {
      if (await secretMatches(cred, secret)) return true;
    }
  }
  return false;
}

/** An OData 401 (Basic: API user or PAT): a credential of another environment says so. */
export async function basicHint(store: SimStore, env: string, authorization: string | null): Promise<string | undefined> {
  const basic = decodeBasic(authorization);
  if (!basic || basic.user === '') return undefined;
  if (basic.pass === PAT_PASSWORD) {
    const shown = `${basic.user.slice(0, 8)}…`;
    if (await heldElsewhere(store, env, 'odata', (c) => c.type === 'pat' && c.name === shown, basic.user)) {
      return 'This personal access token belongs to another environment of this simulator; a PAT is valid only where it was issued.';
    }
    return undefined;
  }
  const own = (await store.partial(env)).list<StoredCredential>(CREDENTIAL_KIND).some((c) => c.type === 'api-user' && c.name === basic.user);
  if (await heldElsewhere(store, env, 'odata', (c) => c.type === 'api-user' && c.name === basic.user, basic.pass)) {
    return `These are the credentials of API user '${basic.user}' of another environment of this simulator; each environment issues its own passwords.`;
  }
  return own ? `The password is not the one of API user '${basic.user}' in this environment.` : `This environment has no API user '${basic.user}'.`;
}
