/** HTTP/1.1 over one raw TCP socket (node:net), to see what a client reusing a connection sees. */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A socket that hands out the responses it reads, in order, and remembers how it ended. */
export class RawConnection {
  readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  /** 'end' (the server closed gracefully), or the error code (ECONNRESET, EPIPE…). */
  ended: string | null = null;
  /** Errors while writing (EPIPE once the server closed) are expected after a `connection: close`. */
  writeErrors: string[] = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended ??= 'end';
      this.wake();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      this.ended ??= e.code ?? 'error';
      this.wake();
    });
    socket.on('close', () => this.wake());
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new RawConnection(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  write(data: string | Buffer): void {
    this.socket.write(data, (err) => {
      if (err) this.writeErrors.push((err as NodeJS.ErrnoException).code ?? String(err));
    });
  }

  /** The next whole response; rejects when the connection ends first. */
  async response(timeoutMs = 10_000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.ended || this.socket.destroyed) throw new Error(`connection ended (${this.ended ?? 'closed'}) before a whole response; had ${JSON.stringify(this.buffer.toString('latin1').slice(0, 200))}`);
      if (Date.now() > deadline) throw new Error('no response in time');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  /** Resolves with how the connection ended ('end' for a graceful close). */
  async closed(timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && !this.socket.destroyed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.ended ?? (this.socket.destroyed ? 'closed' : 'open');
  }

  private parse(): RawResponse | null {
    const text = this.buffer.toString('latin1');
    const headEnd = text.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    let rest = this.buffer.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
    let body: Buffer;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      let at = 0;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        if (lineEnd < 0) return null;
        const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        if (size === 0) {
          at = lineEnd + 4;
          break;
        }
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = rest.subarray(at);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = Buffer.from(rest);
    return { status, headers, body: body.toString('utf8') };
  }
}

/** A request's bytes: request line, headers, and a body with its Content-Length (unless chunked is given). */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Buffer {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const all: Record<string, string> = { host: '127.0.0.1', ...headers };
  if (body !== undefined && !Object.keys(all).some((k) => k.toLowerCase() === 'transfer-encoding')) all['content-length'] = String(bytes.length);
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
}
