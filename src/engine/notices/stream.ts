/**
 * A notice hub as a Server-Sent Events answer (`text/event-stream`). The stream opens with
 * `event: sim-hello` naming the environments it covers (a page that reconnects re-reads those: it
 * may have missed notices meanwhile), then one event per notice in scope, and a comment every
 * `heartbeatMs` so proxies keep the connection and a vanished client is noticed. A client that
 * stops reading is dropped rather than buffered for without end; it reconnects and re-reads.
 */
import type { Notice, NoticeHub } from './hub.ts';

export interface NoticeStreamOptions {
  /** Whether a notice about this environment may go to this client. */
  inScope(env: string): boolean;
  /** The environments in scope now (for the hello event). */
  scope(): string[];
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 20_000;
/** Events queued for a client that does not read before it is dropped. */
const MAX_QUEUED = 2000;

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function noticeStream(hub: NoticeHub, opts: NoticeStreamOptions): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const send = (text: string) => {
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) {
            stop();
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(text));
        };
        send(`retry: 2000\n${frame('sim-hello', { envs: opts.scope() })}`);
        const unsubscribe = hub.subscribe((notice: Notice) => {
          if (!opts.inScope(notice.env)) return;
          const { type, ...data } = notice;
          send(frame(type, data));
        });
        const timer = setInterval(() => send(': ping\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);
        // A Node process need not stay up for a heartbeat alone.
        (timer as { unref?: () => void }).unref?.();
        stop = () => {
          unsubscribe();
          clearInterval(timer);
        };
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies that buffer (nginx) would hold notices back.
      'x-accel-buffering': 'no',
    },
  });
}
