/**
 * HTTP Basic authentication (spec 001 § Authentication): API users by username + password
 * (usernames case-sensitive) and personal access tokens (token as username, literal password
 * `PAT`, runs as the token's owner). Anything else: an empty 401 with `WWW-Authenticate: Basic`
 * and no realm.
 */
import { empty } from '../../../core/http.ts';
import type { EnvContext } from '../../../core/types.ts';
import type { Principal } from './principal.ts';

export const PAT_PASSWORD = 'PAT';

export function unauthorized(): Response {
  return empty(401, { 'www-authenticate': 'Basic' });
}

/** Decode `Basic <base64(user:pass)>` (UTF-8); null when the header is not that. */
export function decodeBasic(header: string | null): { user: string; pass: string } | null {
  if (!header) return null;
  const m = /^basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!m) return null;
  let text: string;
  try {
    const bin = atob(m[1] as string);
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return { user: text.slice(0, colon), pass: text.slice(colon + 1) };
}

/** Resolve the caller, or null (answer 401). Only this environment's credentials are checked. */
export async function authenticate(env: EnvContext, header: string | null): Promise<Principal | null> {
  const basic = decodeBasic(header);
  if (!basic || basic.user === '') return null;
  if (basic.pass === PAT_PASSWORD) {
    const cred = await env.credentials.verify('pat', null, basic.user);
    return cred ? { login: cred.owner ?? '', via: 'pat', credentialId: cred.id } : null;
  }
  if (basic.pass === '') return null;
  const cred = await env.credentials.verify('api-user', basic.user, basic.pass);
  return cred ? { login: cred.name, via: 'api-user', credentialId: cred.id } : null;
}
