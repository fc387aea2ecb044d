/**
 * Every control-API call of the app (`<base>sim/_admin…`) goes through `adminFetch`: after the worker
 * is in control (browser-only playground), or straight to a shared host with the bearer token the
 * call needs (tokens.ts). An environment made on a shared host comes with its owner token (the 201
 * of create, import and scenario load): it is kept here, whichever view made it.
 */
import { simBase, whenControlled } from '../sw/controller.ts';
import { followScope } from './events.ts';
import { sharedHost } from './mode.ts';
import { rememberOwner, tokenFor } from './tokens.svelte.ts';

export async function adminFetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  await whenControlled();
  const { token: given, ...rest } = init;
  const headers = new Headers(rest.headers);
  const token = sharedHost ? (given ?? tokenFor(path)) : undefined;
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(`${simBase()}/_admin${path}`, { ...rest, headers });
  if (sharedHost && res.status === 201) await keepOwnerToken(res.clone());
  return res;
}

async function keepOwnerToken(res: Response): Promise<void> {
  const body = (await res.json().catch(() => null)) as { key?: unknown; ownerToken?: unknown } | null;
  if (typeof body?.key === 'string' && typeof body.ownerToken === 'string') {
    rememberOwner(body.key, body.ownerToken);
    followScope();
  }
}

/** The message of a refused call: the control API's `{error}` or a problem's `detail`/`title`. */
export function refusal(parsed: unknown, fallback: string): string {
  if (parsed && typeof parsed === 'object') {
    const p = parsed as { error?: unknown; detail?: unknown; title?: unknown };
    for (const v of [p.error, p.detail, p.title]) if (typeof v === 'string' && v) return v;
  }
  return fallback;
}
