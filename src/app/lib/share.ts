/**
 * Share links: the request (method, path relative to the environment base, headers, body, auth
 * mode, product) as base64url JSON in the URL fragment. Nothing leaves the browser; the receiver
 * runs it against an environment of the same product of their own.
 *
 * A link never carries a secret: a typed Authorization header is dropped, and every secret this
 * browser remembers for the environment (client secrets, passwords, personal access tokens) found
 * in the URL, a header or the body is replaced by its variable (`{{clientSecret}}`, `{{password}}`,
 * `{{token}}`), together with the client id or username that goes with it (`{{clientId}}`,
 * `{{username}}`; a receivables SOAP user's are `{{soapUser}}` and `{{soapPassword}}`). The receiver's console fills them from their own remembered credentials when the
 * request is sent (the console's variables, env-vars.ts).
 */
import type { ProductId } from '../../engine/for-app.ts';
import type { RequestSpec } from './request.ts';
import { loadSecrets } from './secrets.ts';
import { aliasOf } from '../../collections/variables.ts';

export interface SharedRequest {
  product: ProductId;
  request: RequestSpec;
}

/** Text as base64url (a URL fragment's safe alphabet), UTF-8 first. */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): string {
  const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replace the remembered secrets of an environment in a set of texts (URL, header values, body) by
 * their placeholders. A secret is replaced wherever it occurs (also percent-encoded); the client id
 * or username of a credential whose secret occurs is replaced where it stands as a whole word.
 */
function redactSecrets(envKey: string, product: ProductId, texts: string[]): string[] {
  const all = texts.join('\n');
  const occurs = (v: string | undefined): v is string => !!v && (all.includes(v) || all.includes(encodeURIComponent(v)));
  const secrets: [string, string][] = [];
  const names: [string, string][] = [];
  for (const c of loadSecrets(envKey)) {
    const found = ([
      [c.clientSecret, '{{clientSecret}}'],
      [c.password, `{{${aliasOf(product, 'password')}}}`],
      [c.token, '{{token}}'],
    ] as const).filter(([v]) => occurs(v)) as [string, string][];
    if (found.length === 0) continue;
    secrets.push(...found);
    if (c.clientId) names.push([c.clientId, '{{clientId}}']);
    if (c.username) names.push([c.username, `{{${aliasOf(product, 'username')}}}`]);
  }
  if (secrets.length === 0) return texts;
  // Longest first, so a value containing another one is replaced whole.
  const byLength = (a: [string, string], b: [string, string]) => b[0].length - a[0].length;
  secrets.sort(byLength);
  names.sort(byLength);
  return texts.map((text) => {
    let out = text;
    for (const [value, placeholder] of secrets) {
      out = out.replaceAll(value, placeholder);
      const encoded = encodeURIComponent(value);
      if (encoded !== value) out = out.replaceAll(encoded, placeholder);
    }
    for (const [value, placeholder] of names) {
      out = out.replace(new RegExp(`(?<![A-Za-z0-9._@-])${escapeRegExp(value)}(?![A-Za-z0-9._@-])`, 'g'), placeholder);
    }
    return out;
  });
}

function encodeShare(shared: SharedRequest, envKey: string): string {
  const { product, request } = shared;
  // Explicit Authorization headers are dropped; remembered secrets elsewhere become placeholders.
  const headers = request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
  const [path, body, ...values] = redactSecrets(envKey, product, [request.path, request.body, ...headers.map((h) => h.value)]);
  return toBase64Url(JSON.stringify({ v: 1, p: product, m: request.method, u: path, h: headers.map((h, i) => [h.name, values[i]]), b: body, a: request.auth }));
}

export function decodeShare(token: string): SharedRequest | null {
  try {
    const o = JSON.parse(fromBase64Url(token)) as { v: number; p: ProductId; m: string; u: string; h: [string, string][]; b: string; a: RequestSpec['auth'] };
    if (o.v !== 1 || typeof o.m !== 'string' || typeof o.u !== 'string') return null;
    return {
      product: o.p,
      request: { method: o.m, path: o.u, headers: (o.h ?? []).map(([name, value]) => ({ name, value })), body: o.b ?? '', auth: o.a ?? 'none' },
    };
  } catch {
    return null;
  }
}

/** The full link for the current page location, for a request of the environment `envKey`. */
export function shareLink(shared: SharedRequest, envKey: string): string {
  const url = new URL(location.href);
  url.hash = `#/console?share=${encodeShare(shared, envKey)}`;
  return url.toString();
}
