/**
 * A static host for a build folder that behaves like a real one on a real network (issue 22 § Tests):
 * it gzip-compresses text, answers revalidations with 304 (ETag, `Cache-Control: no-cache`), and,
 * when shaped, paces every answer through one shared download link of `kbps` (all answers in flight
 * share it, as on one connection to the internet) after a round trip of `rttMs` per request. The
 * shaping is done by the host, not the browser, so the service worker's own fetches are paced too
 * (Chromium's network emulation does not apply to them). Used by e2e/app/first-visit.spec.ts and
 * scripts/bench/first-visit.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Shaping {
  /** Download rate of the one shared link, kilobits per second. */
  kbps: number;
  /** Round-trip delay added before each answer starts. */
  rttMs: number;
}

/** The two links of the issue's table (Chromium DevTools' presets use the same figures). */
export const FAST_4G: Shaping = { kbps: 9000, rttMs: 60 };
export const SLOW_4G: Shaping = { kbps: 1600, rttMs: 150 };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /\.(html|js|css|json|webmanifest|svg|ttf)$/;
/** Bytes written at a time: small enough that answers in flight interleave on the link. */
const CHUNK = 16 * 1024;
/**
 * How far a busy link may lag behind its schedule and still catch up: a timer that fires late (a
 * busy machine) must not cost bandwidth. An idle link gains no credit.
 */
const CATCH_UP_MS = 100;

interface Prepared {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  type: string;
}

/** One request the host answered: its path, when it arrived and finished (ms since start), bytes sent. */
export interface Served {
  path: string;
  status: number;
  bytes: number;
  at: number;
  done: number;
}

export class ShapedHost {
  private server: Server | undefined;
  private port = 0;
  private readonly files = new Map<string, Prepared>();
  /** When the shared link is free again (performance.now() time). */
  private linkFreeAt = 0;
  /** Answers sending their bodies now (the link is busy while any is). */
  private sending = 0;
  private readonly held = new Map<RegExp, Promise<void>>();
  private readonly releases = new Map<RegExp, () => void>();
  private readonly t0 = performance.now();
  readonly served: Served[] = [];

  constructor(
    public root: string,
    public shaping: Shaping | null = null,
    private readonly prefix = '/',
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}${this.prefix}`;
  }

  /** Answers to paths matching `pattern` wait until `release(pattern)` (e.g. to keep Monaco unsaved). */
  hold(pattern: RegExp): void {
    this.held.set(pattern, new Promise((done) => this.releases.set(pattern, done)));
  }

  release(pattern: RegExp): void {
    this.releases.get(pattern)?.();
    this.held.delete(pattern);
  }

  start(): Promise<void> {
    const server = createServer((req, res) => void this.answer(req, res).catch(() => res.destroy()));
    this.server = server;
    return new Promise((done) =>
      server.listen(this.port, '127.0.0.1', () => {
        const address = server.address();
        if (typeof address === 'object' && address) this.port = address.port;
        done();
      }),
    );
  }

  /** The host goes away: no new connections, open ones cut. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const pattern of [...this.releases.keys()]) this.release(pattern);
    if (!server) return Promise.resolve();
    return new Promise((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  }

  private prepared(file: string): Prepared {
    let p = this.files.get(file);
    if (!p) {
      const body = readFileSync(file);
      p = {
        body,
        gzip: COMPRESSIBLE.test(file) ? gzipSync(body, { level: 6 }) : null,
        etag: `"${createHash('md5').update(body).digest('hex')}"`,
        type: TYPES[extname(file)] ?? 'application/octet-stream',
      };
      this.files.set(file, p);
    }
    return p;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now() - this.t0;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (this.shaping) await sleep(this.shaping.rttMs);
    for (const [pattern, wait] of this.held) if (pattern.test(path)) await wait;
    const rel = path.startsWith(this.prefix) ? path.slice(this.prefix.length) || 'index.html' : null;
    const file = rel === null ? '' : join(this.root, rel);
    if (rel === null || !file.startsWith(this.root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      this.served.push({ path, status: 404, bytes: 0, at, done: performance.now() - this.t0 });
      return;
    }
    const p = this.prepared(file);
    const headers: Record<string, string> = { 'content-type': p.type, 'cache-control': 'no-cache', etag: p.etag, vary: 'accept-encoding' };
    if (req.headers['if-none-match'] === p.etag) {
      res.writeHead(304, headers).end();
      this.served.push({ path, status: 304, bytes: 0, at, done: performance.now() - this.t0 });
      return;
    }
    const gzip = p.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? (p.gzip as Buffer) : p.body;
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    this.sending++;
    try {
      for (let offset = 0; offset < body.length; offset += CHUNK) {
        const chunk = body.subarray(offset, offset + CHUNK);
        await this.onLink(chunk.length, offset === 0 && this.sending === 1);
        if (res.destroyed) return;
        res.write(chunk);
      }
    } finally {
      this.sending--;
    }
    res.end();
    this.served.push({ path, status: 200, bytes: body.length, at, done: performance.now() - this.t0 });
  }

  /**
   * Wait until `bytes` have crossed the shared link (answers in flight take turns, chunk by chunk).
   * `idleBefore`: the first chunk while nothing else is sending starts now, with no credit.
   */
  private async onLink(bytes: number, idleBefore: boolean): Promise<void> {
    if (!this.shaping) return;
    const now = performance.now();
    const from = idleBefore ? Math.max(now, this.linkFreeAt) : Math.max(now - CATCH_UP_MS, this.linkFreeAt);
    this.linkFreeAt = from + (bytes * 8) / this.shaping.kbps; // kbit/s = bits per ms
    await sleep(this.linkFreeAt - now);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.max(0, ms)));
}
