/**
 * Media types. The spec answers application/json (UTF-8); the real framework's vendor types are
 * used when the client's Accept header asks for them (real-product-facts, Error bodies and media types).
 */
import { bytesResponse, textResponse } from '../../../core/http.ts';

export const MEDIA = {
  item: 'application/vnd.oracle.adf.resourceitem+json',
  collection: 'application/vnd.oracle.adf.resourcecollection+json',
  action: 'application/vnd.oracle.adf.action+json',
  actionResult: 'application/vnd.oracle.adf.actionresult+json',
  describe: 'application/vnd.oracle.adf.description+json',
  error: 'application/vnd.oracle.adf.error+json',
} as const;

export type VendorMedia = (typeof MEDIA)[keyof typeof MEDIA];

/** The vendor type when Accept names it, else application/json. */
export function pickMediaType(accept: string | null | undefined, vendor: VendorMedia): string {
  if (accept && accept.toLowerCase().includes(vendor)) return `${vendor}; charset=utf-8`;
  return 'application/json; charset=utf-8';
}

/** A JSON response in the negotiated media type. */
export function restJson(
  body: unknown,
  accept: string | null | undefined,
  vendor: VendorMedia,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return restJsonText(JSON.stringify(body), accept, vendor, status, headers);
}

/** The same with the JSON text already made. */
export function restJsonText(
  text: string,
  accept: string | null | undefined,
  vendor: VendorMedia,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return textResponse(text, { status, headers: { 'content-type': pickMediaType(accept, vendor), ...headers } });
}


/** The same with the JSON already encoded (UTF-8). */
export function restJsonBytes(body: Uint8Array<ArrayBuffer>, accept: string | null | undefined, vendor: VendorMedia, status = 200, headers: Record<string, string> = {}): Response {
  return bytesResponse(body, { status, headers: { 'content-type': pickMediaType(accept, vendor), ...headers } });
}
