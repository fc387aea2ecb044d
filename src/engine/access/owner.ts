/** Environment owner tokens (issue 19 § 1): minted with the environment, shown once in its 201. */
import { hashToken, newToken } from './tokens.ts';

export interface MintedOwnerToken {
  /** Shown once, as `ownerToken` in the create (import, scenario load) answer. */
  token: string;
  /** Kept on the environment row as `ownerTokenHash`. */
  hash: string;
}

/** A new owner token when the host checks tokens; null on a host that trusts its callers. */
export async function mintOwnerToken(enabled: boolean): Promise<MintedOwnerToken | null> {
  if (!enabled) return null;
  const token = newToken('owner');
  return { token, hash: await hashToken(token) };
}
