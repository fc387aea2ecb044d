/**
 * A request sent on to the host that holds its environment (cluster.ts), signed with the secret the
 * hosts of one database share: the holder trusts the caller address it names (the control API's
 * access rules) and may hand the environment over to the URL it names, only with that signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { storeUnavailable } from '../../../engine/for-node.ts';

/**
 * The header a forwarded request carries: `<host id>;<caller address>;<signature>;<forwarder URL>`
 * (the URL percent-encoded; the signature covers all three).
 */
export const FORWARDED_HEADER = 'x-sim-forwarded';
/**
 * On the answer to a forward (a 503 to anyone else): the holder did not answer it, the lease is the
 * forwarder's now; the forwarder takes it and answers the request itself.
 */
export const HANDOVER_HEADER = 'x-sim-handover';
/** Headers not passed on to the holder (hop by hop, or set again by fetch). */
const HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'te', 'upgrade', 'expect', FORWARDED_HEADER]);

/** A signed forward: the host that sent it, the caller's address, where that host is reached (null: not said). */
export interface Forwarder {
  id: string;
  address: string;
  url: string | null;
}

function sign(secret: string, { id, address, url }: Forwarder): string {
  return createHmac('sha256', secret)
    .update(url === null ? `${id};${address}` : `${id};${address};${url}`)
    .digest('hex');
}

/** Who forwarded `req`, when a host of this database signed it; else null. */
export function forwarderOf(req: Request, secret: string): Forwarder | null {
  const value = req.headers.get(FORWARDED_HEADER);
  if (!value) return null;
  const [id, address, sig, encoded] = value.split(';');
  if (!id || address === undefined || !sig) return null;
  let url: string | null = null;
  try {
    url = encoded ? decodeURIComponent(encoded) : null;
  } catch {
    return null;
  }
  const from = { id, address, url };
  const want = Buffer.from(sign(secret, from));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? from : null;
}

/**
 * The request, sent to the environment's holder `to` as it came (its body read once, here), and
 * the holder's answer. An answer with HANDOVER_HEADER comes back as it is, its body dropped.
 */
export async function forward(req: Request, to: string, from: Forwarder & { url: string }, secret: string): Promise<Response> {
  const url = new URL(req.url);
  const headers = new Headers();
  req.headers.forEach((v, k) => {
    if (!HOP.has(k)) headers.set(k, v);
  });
  headers.set(FORWARDED_HEADER, `${from.id};${from.address};${sign(secret, from)};${encodeURIComponent(from.url)}`);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.clone().arrayBuffer();
  const res = await fetch(`${to}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: 'manual' });
  if (res.headers.has(HANDOVER_HEADER)) {
    await res.body?.cancel();
    return res;
  }
  const out = new Headers(res.headers);
  for (const h of ['content-encoding', 'content-length', 'transfer-encoding', 'connection']) out.delete(h);
  return new Response(req.method === 'HEAD' ? null : res.body, { status: res.status, statusText: res.statusText, headers: out });
}

/** The answer to a forward whose environment is the forwarder's now (retryable for anyone else). */
export function handedOver(env: string): Response {
  const res = storeUnavailable(`Environment ${env} has moved to the host that sent this request; retry.`);
  res.headers.set(HANDOVER_HEADER, '1');
  return res;
}

/** Whether a forward failed because nothing listens at the holder's address (its process is gone). */
export function refused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; errors?: { code?: string }[] } } | null)?.cause;
  if (cause?.code === 'ECONNREFUSED') return true;
  // Every address of a name refused (localhost: ::1 and 127.0.0.1).
  return !!cause?.errors?.length && cause.errors.every((e) => e.code === 'ECONNREFUSED');
}
