/**
 * Node host: the same engine as the service worker, behind an HTTP server. Records live in memory
 * (one copy: the engine's own cache); with --state every change is journaled before it is applied.
 * Given the built playground (`app`), it serves it beside `/sim` (issue 20), and streams the
 * engine's notices to pages (`/sim/_admin/events`) instead of a worker posting them.
 */
import { IncomingMessage } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { chosenTokenProblem, lazyBuiltInCatalog, createEngine, hashToken, isDropped, MemoryBackend, newToken, redactTokens, type AccessOptions, type Engine, type HostClock } from '../../engine/for-node.ts';
import { openJournal } from './state-file.ts';
import { FileJournalPersistence } from './journal-file.ts';
import type { AppFiles } from './app-files.ts';
import { readAdminHash, writeAdminHash } from './access-file.ts';
import { settleUnreadBody } from './unread-body.ts';

/**
 * Documents per generate transaction on this host: every environment shares one event loop, and a
 * commit of 1,000 documents (some 4,000 rows) is applied in a few tens of milliseconds (issue 19 § 2).
 */
const GENERATE_SLICE = 1000;

export interface NodeHostOptions {
  port: number;
  host: string;
  stateFile?: string;
  clock?: HostClock;
  /** Entries the request journal keeps per environment unless one sets its own (default 500). */
  journalSize?: number;
  /** Receives one access-log line per `/sim` request (`--log`). */
  log?: (line: string) => void;
  /** The playground's files, answered at every path outside `/sim` (app-files.ts). */
  app?: AppFiles;
  /** A chosen admin token: else the one kept with `stateFile`, else a new one (shown once in the banner). */
  adminToken?: string;
  /** Class codes: students may create environments with one. */
  classCodes?: string[];
  /** `--require-token`: every control request needs a token, from loopback too. */
  requireToken?: boolean;
  /**
   * The caller's start-up work (the CLI's `--import`, the environments it creates at start): a
   * request that arrives before it settles waits for it, so a client that only waits for the port
   * (or for its first answer) never sees the host without them.
   */
  startup?: Promise<unknown>;
}

export interface NodeHost {
  engine: Engine;
  url: string;
  /** How the control API is guarded, for the start banner. */
  access: {
    /** The admin token when this start was given it or made it; undefined when kept (hashed) from the state. */
    adminToken?: string;
    /** Where the admin token came from: chosen by the caller ('flag'), made by this start, or kept. */
    adminTokenFrom: 'flag' | 'generated' | 'state';
    classCodes: number;
    requireToken: boolean;
  };
  /** Milliseconds since a request last began or ended on this host. */
  quietFor(): number;
  close(): Promise<void>;
}

/** A chosen admin token or class code refused, naming the option (the callers name their own flags). */
export class AccessOptionError extends TypeError {
  override readonly name = 'AccessOptionError';
  constructor(
    readonly option: 'adminToken' | 'classCodes',
    message: string,
  ) {
    super(message);
  }
}

/** The admin token and access settings of this start (tokens checked, the admin hash kept with the state). */
async function accessOf(opts: NodeHostOptions): Promise<{ options: AccessOptions; info: NodeHost['access'] }> {
  if (opts.adminToken !== undefined) {
    const problem = chosenTokenProblem('admin', opts.adminToken);
    if (problem) throw new AccessOptionError('adminToken', `adminToken ${problem}`);
  }
  for (const code of opts.classCodes ?? []) {
    const problem = chosenTokenProblem('class', code);
    if (problem) throw new AccessOptionError('classCodes', `classCodes: a class code ${problem}`);
  }
  const kept = opts.stateFile && opts.adminToken === undefined ? readAdminHash(opts.stateFile) : null;
  const adminToken = kept ? undefined : (opts.adminToken ?? newToken('admin'));
  const adminTokenHash = kept ?? (await hashToken(adminToken as string));
  if (opts.stateFile && !kept) writeAdminHash(opts.stateFile, adminTokenHash);
  const classCodes = [...new Set(opts.classCodes ?? [])];
  return {
    options: { adminTokenHash, classCodeHashes: await Promise.all(classCodes.map(hashToken)), requireToken: opts.requireToken ?? false, classCodes },
    info: { adminToken, adminTokenFrom: kept ? 'state' : opts.adminToken !== undefined ? 'flag' : 'generated', classCodes: classCodes.length, requireToken: opts.requireToken ?? false },
  };
}

/** `2026-03-15T10:00:00.000Z GET /sim/env_…/path 503 3.1ms [injected fault-1]` (`dropped ... [injected]`) */
function accessLine(req: Request, res: Response, ms: number): string {
  const url = new URL(req.url);
  // A dropped connection is always a fault rule's doing (Response.error() carries no headers).
  const injected = isDropped(res) ? 'injected' : res.headers.get('x-sim-injected') && `injected ${res.headers.get('x-sim-injected')}`;
  const status = isDropped(res) ? 'dropped' : String(res.status);
  return `${new Date().toISOString()} ${req.method} ${url.pathname}${url.search} ${status} ${ms.toFixed(1)}ms${injected ? ` [${injected}]` : ''}`;
}

/**
 * One request through the engine. A dropped connection (an injected fault: the engine answers
 * Response.error()) resets the socket, so the client sees a network error as it would in a browser.
 */
async function answer(engine: Engine, req: Request, bindings: HttpBindings | Http2Bindings, log?: (line: string) => void): Promise<Response> {
  const started = performance.now();
  // The peer address lets the engine trust loopback callers of the control API (issue 19 § 1).
  const res = await engine.handle(req, { address: bindings.incoming.socket.remoteAddress });
  // The access log is a file the host writes too: no secret reaches it, even in a query string; nor
  // a control token (admin, owner, class code), which a user may have put in a URL by mistake.
  if (log) log(redactTokens(await engine.redact(accessLine(req, res, performance.now() - started))));
  // A full Response (made by reading `type`) would be sent through a stream: isDropped reads the status.
  // An early refusal leaves body bytes on the wire: settle them so the connection stays sound.
  if (!isDropped(res)) return bindings.incoming instanceof IncomingMessage ? settleUnreadBody(req, res, bindings.incoming) : res;
  const socket = bindings.incoming.socket as { resetAndDestroy?: () => void; destroy: () => void };
  if (socket.resetAndDestroy) socket.resetAndDestroy();
  else socket.destroy();
  return new Response(null, { status: 500 }); // never sent: the socket is gone
}

export async function startNodeHost(opts: NodeHostOptions): Promise<NodeHost> {
  const access = await accessOf(opts);
  const journal = opts.stateFile ? openJournal(opts.stateFile) : null;
  const backend = journal?.backend ?? new MemoryBackend();
  // The request journal: next to the state file (FILE.journal.jsonl), else in memory.
  const requestJournal = opts.stateFile ? new FileJournalPersistence(`${opts.stateFile}.journal.jsonl`) : undefined;
  const engine = await createEngine({ backend, clock: opts.clock, journalSize: opts.journalSize, catalog: lazyBuiltInCatalog, journal: requestJournal, access: access.options, generateSlice: GENERATE_SLICE, warmBeforeGenerate: true, streamNotices: true });
  const simPath = (req: Request) => {
    const { pathname } = new URL(req.url);
    return pathname === engine.mount || pathname.startsWith(`${engine.mount}/`);
  };
  const app = opts.app;
  // A listen error (port taken, address not available) rejects instead of escaping as an
  // unhandled 'error' event, so the caller can say what went wrong.
  // Until the start-up work settles, requests wait for it; afterwards they cost nothing more.
  const startup = opts.startup;
  let started = !startup;
  void startup?.then(
    () => (started = true),
    () => (started = true),
  );
  // When a request last began or ended, for work that waits for a quiet moment (the CLI's warm-up).
  // A long request (a generate, a stream of notices) is not activity while it runs: a generate
  // gives turns between its slices anyway.
  let lastActivity = -Infinity;
  const server: ServerType = await new Promise((resolve, reject) => {
    const respond = async (req: Request, bindings: HttpBindings | Http2Bindings) => {
      lastActivity = performance.now();
      try {
        return await (app && !simPath(req) ? app.answer(req) : answer(engine, req, bindings, opts.log));
      } finally {
        lastActivity = performance.now();
      }
    };
    const fetch = (req: Request, bindings: HttpBindings | Http2Bindings) =>
      started || !startup
        ? respond(req, bindings)
        : startup.then(
            () => respond(req, bindings),
            () => respond(req, bindings),
          );
    // autoCleanupIncoming off: unread request bodies are settled by unread-body.ts instead.
    const s = serve({ fetch, port: opts.port, hostname: opts.host, autoCleanupIncoming: false }, () => {
      s.off('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // Listening on every interface: print an address clients can connect to.
  const reachable = opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host === '::' ? '::1' : opts.host;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  return {
    engine,
    url: `http://${shownHost}:${port}`,
    access: access.info,
    quietFor: () => performance.now() - lastActivity,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          // Journal entries still in memory reach the file before the process may exit.
          void engine.settled().finally(() => {
            journal?.close();
            requestJournal?.close();
            resolve();
          });
        });
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
