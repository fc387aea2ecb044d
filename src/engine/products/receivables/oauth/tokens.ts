/**
 * Access tokens: opaque random strings, valid 3600 s on the environment clock, stored only as a
 * SHA-256 hash (kind `sim.oauth-token`, which survives a reset). A token dies with its client: the
 * credential must still exist (revoked credentials are deleted) when the token is presented.
 */
import { randomHex, sha256Hex } from '../../../core/crypto.ts';
import type { DataView, Row, StoredCredential, WriteScope, WriteTx } from '../../../core/types.ts';

export const TOKEN_KIND = 'sim.oauth-token';
export const TOKEN_LIFETIME_S = 3600;

export interface TokenRow extends Row {
  credentialId: string;
  clientId: string;
  scope: string;
  issuedAt: string;
  /** Epoch ms on the environment clock. */
  expiresAtMs: number;
}

/**
 * Issue a token for a verified client; removes this environment's expired tokens on the way. The
 * write touches only the tokens, so a just-started worker issues one without first loading the
 * environment's large kinds (issue 22 § Also: the data browser's first page after a reload asks
 * for a token, then for the page); the token endpoint reads nothing stored after it.
 */
export async function issueToken(
  write: <T>(fn: (tx: WriteTx) => T | Promise<T>, scope?: WriteScope) => Promise<T>,
  cred: StoredCredential,
  scope: string,
  now: Date,
): Promise<string> {
  const token = randomHex(32);
  const hash = await sha256Hex(token);
  await write((tx) => {
    for (const [id, row] of tokenEntries(tx)) if ((row.expiresAtMs as number) <= now.getTime()) tx.delete(TOKEN_KIND, id);
    const row: TokenRow = {
      id: hash,
      credentialId: cred.id,
      clientId: cred.name,
      scope,
      issuedAt: now.toISOString(),
      expiresAtMs: now.getTime() + TOKEN_LIFETIME_S * 1000,
    };
    tx.put(TOKEN_KIND, hash, row);
  }, { kinds: [TOKEN_KIND] });
  return token;
}

function tokenEntries(data: DataView): [string, TokenRow][] {
  return data.list<TokenRow>(TOKEN_KIND).map((r) => [String(r.id), r]);
}

export type TokenCheck =
  | { ok: true; token: TokenRow; credential: StoredCredential }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' };

/** Resolve a presented bearer token against this environment's token records. */
export async function checkToken(
  data: DataView,
  byId: (id: string) => StoredCredential | undefined,
  presented: string | null,
  now: Date,
): Promise<TokenCheck> {
  if (!presented) return { ok: false, reason: 'missing' };
  const row = data.get<TokenRow>(TOKEN_KIND, await sha256Hex(presented));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.expiresAtMs <= now.getTime()) return { ok: false, reason: 'expired' };
  const credential = byId(row.credentialId);
  if (!credential) return { ok: false, reason: 'revoked' };
  return { ok: true, token: row, credential };
}
