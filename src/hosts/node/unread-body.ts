/**
 * A request answered before its body arrived in full (an early refusal: 401 without a token, 413,
 * 415) still has bytes on the wire. Left unread they either stall the connection or, when the
 * socket is closed under them, make the kernel answer with a reset that can destroy the refusal
 * itself, and the next request a client sends on the connection fails (issue 26 § Why, "Connections
 * reset after an early refusal"). So every such body is settled one of two ways (§ What to reach:
 * "either still usable for the next request or closed with connection: close"):
 *
 * - Declared (Content-Length) and at most DRAIN_LIMIT_BYTES: read and dropped after the answer; the
 *   connection stays open for the next request. A client that stops sending the body it declared
 *   for DRAIN_TIMEOUT_MS has its connection closed.
 * - Larger, or chunked: the answer says `connection: close`, and the socket closes gracefully (a
 *   "lingering close"): our side is shut after the answer while what the client still sends is
 *   read and dropped, up to LINGER_BYTES or LINGER_MS, so the client reads the answer and an end
 *   of stream, not a reset.
 *
 * @hono/node-server's own clean-up (read for 500 ms, then destroy the socket of a connection it
 * announced as keep-alive) is turned off (`autoCleanupIncoming: false` in server.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Refused bodies up to this size are read to their end so the connection can carry the next request. */
export const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;
/** A declared body that does not arrive within this long closes the connection. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** After `connection: close`, what the client still sends is dropped for at most this long and this much. */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Read what remains of the body and drop it, up to `maxBytes` or `ms`: true when the body ended.
 * Through the request's own stream when nobody holds it (the journal's copy keeps its prefix),
 * else straight from the socket's message.
 */
function drop(req: Request, incoming: IncomingMessage, maxBytes: number, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let settled = false;
    let seen = 0;
    const finish = (ended: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      resolve(ended);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(incoming.complete);
    const timer = setTimeout(() => finish(false), ms);
    timer.unref();
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    const count = (bytes: number) => {
      seen += bytes;
      if (seen > maxBytes) finish(false);
    };
    const body = req.body;
    if (body && !body.locked) {
      const reader = body.getReader();
      const pump = async (): Promise<void> => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return finish(true);
          count(value.byteLength);
          if (settled) return; // stop pulling; never cancel (that would destroy the socket under the answer)
        }
      };
      pump().catch(() => finish(incoming.complete));
      return;
    }
    // Someone holds the stream and stopped reading: take the message over (the body is nobody's now).
    incoming.removeAllListeners('data');
    incoming.on('data', (chunk: Buffer) => {
      if (!settled) count(chunk.length);
    });
    incoming.resume();
  });
}

/**
 * Settle the unread body of a request the engine has answered: returns the response to send
 * (with `connection: close` when the connection cannot stay usable).
 */
export function settleUnreadBody(req: Request, res: Response, incoming: IncomingMessage): Response {
  // Every byte of the message has arrived (read or not): the connection is free for the next one.
  if (incoming.complete || incoming.destroyed) return res;
  const socket = incoming.socket as Socket;
  const declared = Number(incoming.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared <= DRAIN_LIMIT_BYTES) {
    void drop(req, incoming, DRAIN_LIMIT_BYTES, DRAIN_TIMEOUT_MS).then((ended) => {
      if (!ended) socket.destroy();
    });
    return res;
  }
  const dropped = drop(req, incoming, LINGER_BYTES, LINGER_MS);
  // Node ends a `connection: close` exchange with destroySoon(), which closes the reading side too:
  // with bytes still arriving the kernel would answer them with a reset. Shut only our side, read
  // on, and close once the body ended or the lingering time is over.
  socket.destroySoon = () => {
    socket.end();
    void dropped.then(() => socket.destroy());
  };
  const headers = new Headers(res.headers);
  headers.set('connection', 'close');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
