/**
 * "A token that expires now" (issue 12 § 2): the bearer token the request presents is marked
 * expired on the environment clock, so the real check answers its documented 401 and every later
 * use of that token too, until the client fetches a new one.
 */
import { sha256Hex } from '../core/crypto.ts';
import type { EnvContext } from '../core/types.ts';
import { bearerToken } from '../products/receivables/oauth/bearer.ts';
import { TOKEN_KIND, type TokenRow } from '../products/receivables/oauth/tokens.ts';

/** True when a live token was presented and is now expired. */
export async function expirePresentedToken(ctx: EnvContext, request: Request): Promise<boolean> {
  const token = bearerToken(request.headers.get('authorization') ?? undefined);
  if (!token) return false;
  const hash = await sha256Hex(token);
  const now = ctx.now().getTime();
  const row = ctx.data.get<TokenRow>(TOKEN_KIND, hash);
  if (!row || row.expiresAtMs <= now) return false;
  return ctx.write((tx) => {
    const current = tx.get<TokenRow>(TOKEN_KIND, hash);
    if (!current) return false;
    tx.put(TOKEN_KIND, hash, { ...current, expiresAtMs: now });
    return true;
  });
}
