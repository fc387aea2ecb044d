/**
 * A trainee's environment list on a shared host: only the environments this browser holds owner
 * tokens for (each token lists its own environment alone, issue 19), never the host's whole list.
 * A token the host no longer knows (its environment was removed) is forgotten.
 */
import { adminFetch, refusal } from './admin-fetch.ts';
import { sharedHost } from './mode.ts';
import { adminToken, classCode, forgetOwner, ownedKeys, ownerToken } from './tokens.svelte.ts';

/** The list for a page holding owner tokens or a class code; null when the host's own list applies. */
export function listOwnEnvs<T extends { key: string }>(): Promise<T[]> | null {
  if (!sharedHost || adminToken()) return null;
  const keys = ownedKeys();
  if (!keys.length && !classCode()) return null;
  return Promise.all(
    keys.map(async (key): Promise<T[]> => {
      const res = await adminFetch('/environments', { token: ownerToken(key) });
      const body = (await res.json().catch(() => null)) as { items?: T[] } | null;
      if (res.status === 401 || res.status === 404) {
        forgetOwner(key, true);
        return [];
      }
      if (!res.ok) throw new Error(refusal(body, `HTTP ${res.status}`));
      const items = (body?.items ?? []).filter((e) => e.key === key);
      if (!items.length) forgetOwner(key, true);
      return items;
    }),
  ).then((lists) => lists.flat());
}
