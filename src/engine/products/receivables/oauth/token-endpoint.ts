/**
 * POST {base_url}/oauth/token (spec 000 § Authentication 1-2, Token endpoint table): OAuth 2.0
 * client credentials grant, form-encoded, client credentials in the body or as HTTP Basic, the
 * fixed consumer scope alone. Error bodies follow RFC 6749 § 5.2: {error, error_description}.
 */
import { CONSUMER_SCOPE } from '../../../core/types.ts';
import { readText } from '../../../core/http.ts';
import type { ProductApp } from '../../../core/types.ts';
import type { RestContext } from '../rest/types.ts';
import { issueToken, TOKEN_LIFETIME_S } from './tokens.ts';

export const TOKEN_PATH = '/oauth/token';

export type OAuthErrorCode = 'invalid_request' | 'invalid_scope' | 'invalid_client' | 'unsupported_grant_type';

/** The one message for every invalid_client cause (spec: identical for all four). */
export const INVALID_CLIENT_DESCRIPTION = 'Client authentication failed.';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

export function oauthError(status: number, error: OAuthErrorCode, description: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

/** Decode an HTTP Basic header (RFC 6749 § 2.3.1: id and secret are form-urlencoded before base64). */
export function parseBasic(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) return /^Basic\b/i.test(header) ? 'malformed' : null;
  let text: string;
  try {
    text = atob((m[1] as string).replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return 'malformed';
  }
  const colon = text.indexOf(':');
  if (colon < 0) return 'malformed';
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: dec(text.slice(0, colon)), secret: dec(text.slice(colon + 1)) };
}

async function handleToken(c: RestContext): Promise<Response> {
  const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    return oauthError(400, 'invalid_request', 'The token request must be form-encoded (application/x-www-form-urlencoded).');
  }
  const form = new URLSearchParams(await readText(c.req.raw));
  const basic = parseBasic(c.req.header('authorization'));
  if (basic === 'malformed') return oauthError(400, 'invalid_request', 'The Authorization header is not valid HTTP Basic.');
  for (const name of ['grant_type', 'scope', 'client_id', 'client_secret']) {
    if (form.getAll(name).length > 1) return oauthError(400, 'invalid_request', `The parameter ${name} is repeated.`);
  }
  const grantType = form.get('grant_type');
  if (!grantType) return oauthError(400, 'invalid_request', 'The parameter grant_type is missing.');
  if (grantType !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported.');
  }
  const bodyId = form.get('client_id');
  const bodySecret = form.get('client_secret');
  if (basic && (bodySecret !== null || (bodyId !== null && bodyId !== basic.id))) {
    return oauthError(400, 'invalid_request', 'Send the client credentials either as HTTP Basic or in the body, not both.');
  }
  const clientId = basic ? basic.id : bodyId;
  const secret = basic ? basic.secret : bodySecret;
  if (!clientId) return oauthError(400, 'invalid_request', 'The parameter client_id is missing.');
  if (!secret) return oauthError(400, 'invalid_request', 'The parameter client_secret is missing.');
  const scope = form.get('scope');
  if (scope === null || scope.trim() === '') return oauthError(400, 'invalid_request', 'The parameter scope is missing.');

  const cred = await c.env.credentials.verify('oauth-client', clientId, secret);
  if (!cred) {
    // Unknown client, wrong secret, revoked client, another environment's client: one answer.
    return oauthError(401, 'invalid_client', INVALID_CLIENT_DESCRIPTION, { 'www-authenticate': 'Basic realm="oauth"' });
  }
  const requested = scope.trim().split(/\s+/);
  const granted = cred.scope ?? CONSUMER_SCOPE;
  if (requested.length !== 1 || requested[0] !== granted) {
    const combined = requested.includes(granted);
    return oauthError(
      400,
      'invalid_scope',
      combined
        ? `The scope ${granted} must be requested on its own.`
        : `The requested scope exceeds the granted scope; request ${granted}.`,
    );
  }
  const now = c.env.now();
  const token = await issueToken(c.env.write, cred, granted, now);
  return new Response(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, scope: granted }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE },
  });
}

export function registerTokenEndpoint(app: ProductApp): void {
  app.post(TOKEN_PATH, (c) => handleToken(c));
  app.all(TOKEN_PATH, () => oauthError(405, 'invalid_request', 'The token endpoint accepts POST only.', { allow: 'POST' }));
}
