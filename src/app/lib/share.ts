/**
 * Share links: the request (method, path relative to the environment base, headers, body, auth
 * mode, product) as base64url JSON in the URL fragment. Nothing leaves the browser; the receiver
 * runs it against an environment of the same product of their own. Credentials are never included.
 */
import type { ProductId } from '../../engine/core/types.ts';
import type { RequestSpec } from './request.ts';

export interface SharedRequest {
  product: ProductId;
  request: RequestSpec;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function encodeShare(shared: SharedRequest): string {
  const { product, request } = shared;
  // Explicit Authorization headers are dropped: a share link never carries a secret.
  const headers = request.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
  return toBase64Url(JSON.stringify({ v: 1, p: product, m: request.method, u: request.path, h: headers.map((h) => [h.name, h.value]), b: request.body, a: request.auth }));
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

/** The full link for the current page location. */
export function shareLink(shared: SharedRequest): string {
  const url = new URL(location.href);
  url.hash = `#/console?share=${encodeShare(shared)}`;
  return url.toString();
}
