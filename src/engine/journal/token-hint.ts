/**
 * Why a bearer token was refused (issue 12 § 1 near misses), worked out before the token is
 * redacted: expired, revoked, never issued here, or issued by another environment of this
 * simulator (said without naming it).
 */
import { sha256Hex } from '../core/crypto.ts';
import type { StoredCredential } from '../core/types.ts';
import { CREDENTIAL_KIND } from '../admin/credentials.ts';
import { bearerToken } from '../products/receivables/oauth/bearer.ts';
import { TOKEN_KIND, type TokenRow } from '../products/receivables/oauth/tokens.ts';
import type { SimStore } from '../storage/store.ts';

export async function tokenHint(store: SimStore, env: string, authorization: string | null, now: Date): Promise<string | undefined> {
  const token = bearerToken(authorization ?? undefined);
  if (!token) return undefined;
  const hash = await sha256Hex(token);
  const own = await store.data(env);
  const row = own.get<TokenRow>(TOKEN_KIND, hash);
  if (row) {
    if (row.expiresAtMs <= now.getTime()) return `This token expired at ${new Date(row.expiresAtMs).toISOString()} (environment clock): request a new one from /oauth/token.`;
    if (!own.get<StoredCredential>(CREDENTIAL_KIND, row.credentialId)) return 'The client this token was issued to has been revoked: use another client.';
    return undefined;
  }
  for (const other of store.environments()) {
    if (other.key === env || other.product !== 'receivables') continue;
    if ((await store.data(other.key)).get(TOKEN_KIND, hash)) {
      return "This token was issued by another environment of this simulator; tokens are valid only where they were issued: request one from this environment's /oauth/token.";
    }
  }
  return 'This environment never issued this token (a typo, a token from a real tenant, or one issued before a restart of an in-memory host): request one from /oauth/token.';
}
