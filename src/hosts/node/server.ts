/**
 * Node host: the same engine as the service worker, behind an HTTP server. Records live in memory
 * (one copy: the engine's own cache); with --state every change is journaled before it is applied.
 * Given the built playground (`app`), it serves it beside `/sim` (issue 20), and streams the
 * engine's notices to pages (`/sim/_admin/events`) instead of a worker posting them.
 */
import { IncomingMessage } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { chosenTokenProblem, lazyBuiltInCatalog, createEngine, hashToken, isDropped, knownBytes, knownText, MemoryBackend, newToken, redactTokens, storeUnavailable, StoreUnavailable, type AccessOptions, type Engine, type HostClock, type JournalPersistence, type StorageBackend } from '../../engine/for-node.ts';
import { openJournal } from './state-file.ts';
import { FileJournalPersistence } from './journal-file.ts';
import { nodeSha256Hex } from './native-sha256.ts';
import type { AppFiles } from './app-files.ts';
import { readAdminHash, writeAdminHash } from './access-file.ts';
import { settleUnreadBody } from './unread-body.ts';
import { OpsRoutes, type StoreProbe } from './ops-routes.ts';
import { openPgStore, type PgStore } from './postgres/pg-store.ts';
import { PgBackend } from './postgres/pg-backend.ts';
import { PgJournalPersistence } from './postgres/pg-journal.ts';
import { Cluster } from './postgres/cluster.ts';
import { NoticeRelay } from './postgres/notify.ts';
import { pgLessons, readsLessons } from './postgres/lessons-store.ts';
import { whenDatabaseEmpty } from './postgres/start-once.ts';
import { learnOwnerToken } from './postgres/owner-tokens.ts';

/**
 * Documents per generate transaction on this host: every environment shares one event loop, and a
 * commit of 1,000 documents (some 4,000 rows) is applied in a few tens of milliseconds (issue 19 § 2).
 */
const GENERATE_SLICE = 1000;

export interface NodeHostOptions {
  port: number;
  host: string;
  stateFile?: string;
  /** `postgres://…`: keep everything in PostgreSQL, beside other hosts on the same database (instead of `stateFile`). */
  store?: string;
  /** With `store`: the URL other hosts forward this host's environments' requests to (default: the one it listens on). */
  advertise?: string;
  clock?: HostClock;
  /** Entries the request journal keeps per environment unless one sets its own (default 500). */
  journalSize?: number;
  /** Receives one access-log line per `/sim` request (`--log`), and the host's events in JSON format. */
  log?: (line: string) => void;
  /** `json`: each line is one JSON object (time, level, env, method, path, status, duration); default text. */
  logFormat?: 'text' | 'json';
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
  /** Whether the store answers, for `/sim/_ready` (null: it does; else why not). */
  storeProbe?: StoreProbe;
  /** Last step of `close`, once every request is answered and every change kept (a store lets go). */
  onClose?: () => void | Promise<void>;
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
  /** `/sim/_health`, `_ready`, `_metrics`: the host's counters, and its readiness. */
  ops: OpsRoutes;
  /** Milliseconds since a request last began or ended on this host. */
  quietFor(): number;
  /**
   * Run `make` (the environments a plain start creates) when the store holds no environment: once
   * across every host of a shared database, however many start together. Null when some existed.
   */
  whenEmpty<T>(make: () => Promise<T>): Promise<T | null>;
  /** One event in the host's log (start, stop, store trouble), in its format; nothing without a log. */
  event(level: 'info' | 'warn' | 'error', event: string, message: string): void;
  /**
   * Stop: accept no more connections, let requests in flight finish for up to `graceMs` (default 0:
   * cut them), then keep what is still unsaved and let the store go.
   */
  close(graceMs?: number): Promise<void>;
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
async function accessOf(opts: NodeHostOptions, pgStore: PgStore | null): Promise<{ options: AccessOptions; info: NodeHost['access'] }> {
  if (opts.adminToken !== undefined) {
    const problem = chosenTokenProblem('admin', opts.adminToken);
    if (problem) throw new AccessOptionError('adminToken', `adminToken ${problem}`);
  }
  for (const code of opts.classCodes ?? []) {
    const problem = chosenTokenProblem('class', code);
    if (problem) throw new AccessOptionError('classCodes', `classCodes: a class code ${problem}`);
  }
  let kept = opts.stateFile && opts.adminToken === undefined ? readAdminHash(opts.stateFile) : null;
  const adminToken = kept ? undefined : (opts.adminToken ?? newToken('admin'));
  let adminTokenHash = kept ?? (await hashToken(adminToken as string));
  if (opts.stateFile && !kept) writeAdminHash(opts.stateFile, adminTokenHash);
  if (pgStore) {
    // Every host of one database takes the same admin token: the first start's, or the one chosen last.
    const shared = await pgStore.adminHash(opts.adminToken !== undefined ? adminTokenHash : undefined, adminTokenHash);
    if (shared.kept) kept = adminTokenHash = shared.hash;
  }
  const classCodes = [...new Set(opts.classCodes ?? [])];
  return {
    options: { adminTokenHash, classCodeHashes: await Promise.all(classCodes.map(hashToken)), requireToken: opts.requireToken ?? false, classCodes },
    info: { adminToken, adminTokenFrom: kept ? 'state' : opts.adminToken !== undefined ? 'flag' : 'generated', classCodes: classCodes.length, requireToken: opts.requireToken ?? false },
  };
}

/**
 * `2026-03-15T10:00:00.000Z GET /sim/env_…/path 503 3.1ms [injected fault-1]` (`dropped ... [injected]`);
 * in JSON, `{"time","level","env","method","path","status","duration"}` (duration in ms, status 0 when dropped).
 */
function accessLine(req: Request, res: Response, ms: number, format: 'text' | 'json', mount: string): string {
  const url = new URL(req.url);
  // A dropped connection is always a fault rule's doing (Response.error() carries no headers).
  const injected = isDropped(res) ? 'injected' : res.headers.get('x-sim-injected') && `injected ${res.headers.get('x-sim-injected')}`;
  if (format === 'json') {
    const first = url.pathname.slice(mount.length + 1).split('/', 1)[0];
    const env = first && !first.startsWith('_') ? first : undefined;
    const status = isDropped(res) ? 0 : res.status;
    const level = status === 0 || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    return JSON.stringify({ time: new Date().toISOString(), level, env, method: req.method, path: `${url.pathname}${url.search}`, status, duration: Number(ms.toFixed(1)), ...(injected ? { injected: res.headers.get('x-sim-injected') ?? true } : {}) });
  }
  const status = isDropped(res) ? 'dropped' : String(res.status);
  return `${new Date().toISOString()} ${req.method} ${url.pathname}${url.search} ${status} ${ms.toFixed(1)}ms${injected ? ` [${injected}]` : ''}`;
}

/**
 * One request through the engine. A dropped connection (an injected fault: the engine answers
 * Response.error()) resets the socket, so the client sees a network error as it would in a browser.
 */
async function answer(engine: Engine, req: Request, pathname: string, bindings: HttpBindings | Http2Bindings, address: string | undefined, ops: OpsRoutes, log?: (line: string) => void, format: 'text' | 'json' = 'text'): Promise<Response> {
  const started = performance.now();
  // The peer address lets the engine trust loopback callers of the control API (issue 19 § 1); a
  // request another host of the cluster forwarded carries its caller's, signed.
  const res = await engine.handle(req, { address });
  const ms = performance.now() - started;
  ops.observe(pathname, isDropped(res) ? 0 : res.status, ms / 1000);
  // The access log is a file the host writes too: no secret reaches it, even in a query string; nor
  // a control token (admin, owner, class code), which a user may have put in a URL by mistake.
  if (log) log(redactTokens(await engine.redact(accessLine(req, res, ms, format, engine.mount))));
  // A full Response (made by reading `type`) would be sent through a stream: isDropped reads the status.
  // An early refusal leaves body bytes on the wire: settle them so the connection stays sound.
  if (!isDropped(res)) return bindings.incoming instanceof IncomingMessage ? settleUnreadBody(req, res, bindings.incoming) : res;
  const socket = bindings.incoming.socket as { resetAndDestroy?: () => void; destroy: () => void };
  if (socket.resetAndDestroy) socket.resetAndDestroy();
  else socket.destroy();
  return new Response(null, { status: 500 }); // never sent: the socket is gone
}

export async function startNodeHost(opts: NodeHostOptions): Promise<NodeHost> {
  if (opts.store && opts.stateFile) throw new TypeError('store and stateFile are two stores: give one (move environments between them with snapshots)');
  const pgStore = opts.store ? await openPgStore(opts.store) : null;
  try {
    return await startOver(opts, pgStore);
  } catch (err) {
    await pgStore?.close().catch(() => undefined);
    throw err;
  }
}

async function startOver(opts: NodeHostOptions, pgStore: PgStore | null): Promise<NodeHost> {
  const access = await accessOf(opts, pgStore);
  const journal = opts.stateFile ? openJournal(opts.stateFile) : null;
  // Filled once the host's counters exist (they count the store's operations from the first).
  let ops: OpsRoutes | undefined;
  let event: NodeHost['event'] = () => undefined;
  const cluster = pgStore ? new Cluster({ pool: pgStore.pool, secret: await pgStore.clusterSecret(), url: opts.advertise ?? '', mount: '/sim', ownership: (c) => ops?.ownershipChange(c), event: (l, n, m) => event(l, n, m) }) : null;
  // Custom lessons in the database too (lessons-store.ts), for every host of it.
  const backend: StorageBackend =
    pgStore && cluster ? Object.assign(new PgBackend(pgStore.pool, { guard: cluster.guard, op: (op, failed) => ops?.storeOp(op, failed), doubt: (env) => cluster.doubt(env) }), pgLessons(pgStore.pool, cluster.id)) : (journal?.backend ?? new MemoryBackend());
  // The request journal: in the database, next to the state file (FILE.journal.jsonl), else in memory.
  const requestJournal: (JournalPersistence & { close?: () => void }) | undefined = pgStore ? new PgJournalPersistence(pgStore.pool) : opts.stateFile ? new FileJournalPersistence(`${opts.stateFile}.journal.jsonl`) : undefined;
  const engine = await createEngine({ backend, clock: opts.clock, sha256Hex: nodeSha256Hex, journalSize: opts.journalSize, catalog: lazyBuiltInCatalog, journal: requestJournal, access: access.options, generateSlice: GENERATE_SLICE, warmBeforeGenerate: true, streamNotices: true });
  const simPath = (pathname: string) => pathname === engine.mount || pathname.startsWith(`${engine.mount}/`);
  const app = opts.app;
  ops = new OpsRoutes({
    mount: engine.mount,
    productOf: (key) => engine.store.env(key)?.product,
    environments: () => engine.store.environments().length,
    adminTokenHash: opts.requireToken ? access.options.adminTokenHash : undefined,
    probe: opts.storeProbe ?? pgStore?.probe,
  });
  const hostOps = ops;
  const format = opts.logFormat ?? 'text';
  event = (level: 'info' | 'warn' | 'error', name: string, message: string) => {
    if (!opts.log) return;
    opts.log(format === 'json' ? JSON.stringify({ time: new Date().toISOString(), level, event: name, message }) : `${new Date().toISOString()} ${name}: ${message}`);
  };
  // Several hosts: the notices of every host reach this one's event streams (postgres/notify.ts).
  const relay = pgStore && cluster && opts.store ? await NoticeRelay.start({ url: opts.store, pool: pgStore.pool, engine, hostId: cluster.id, holding: () => cluster.holding(), event: (l, n, m) => event(l, n, m) }) : null;
  /** Requests the host is answering (until their answer is made; a stream of notices counts no longer). */
  let inFlight = 0;
  let drained: (() => void) | null = null;
  /** A `/sim` request: answered here, or (several hosts) by the host that holds its environment. */
  const routed = async (req: Request, pathname: string, bindings: HttpBindings | Http2Bindings): Promise<Response> => {
    let address = bindings.incoming.socket.remoteAddress;
    let finish: (() => void) | undefined;
    if (cluster) {
      try {
        const r = await cluster.route(req, address, cluster.forwardedFrom(req));
        if (!r.local) return r.response;
        address = r.address;
        finish = r.finish;
        // Another host may have changed them a moment ago (its notice may still be on its way).
        if (readsLessons(pathname, engine.mount)) engine.store.forgetLessons();
        if (pgStore) await learnOwnerToken(req, pgStore.pool, engine);
      } catch (err) {
        finish?.();
        if (err instanceof StoreUnavailable) return storeUnavailable(err.message);
        throw err;
      }
    }
    try {
      return await answer(engine, req, pathname, bindings, address, hostOps, opts.log, format);
    } finally {
      // The cluster hands an environment over only once its answers here are made.
      finish?.();
    }
  };
  // A listen error (port taken, address not available) rejects instead of escaping as an
  // unhandled 'error' event, so the caller can say what went wrong.
  // Until the start-up work settles, requests wait for it; afterwards they cost nothing more.
  const startup = opts.startup;
  let started = !startup;
  if (started) ops.markStarted();
  void startup?.then(
    () => ((started = true), ops.markStarted()),
    () => ((started = true), ops.markStarted()),
  );
  // When a request last began or ended, for work that waits for a quiet moment (the CLI's warm-up).
  // A long request (a generate, a stream of notices) is not activity while it runs: a generate
  // gives turns between its slices anyway.
  let lastActivity = -Infinity;
  const server: ServerType = await new Promise<ServerType>((resolve, reject) => {
    const respond = async (req: Request, pathname: string, bindings: HttpBindings | Http2Bindings) => {
      lastActivity = performance.now();
      // In flight until its answer is written: a stop waits for that, not only for the Response.
      inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (--inFlight === 0) drained?.();
      };
      bindings.outgoing.once('close', release);
      try {
        const res = await (app && !simPath(pathname) ? app.answer(req) : routed(req, pathname, bindings));
        // A stream of notices lasts as long as its page: a stop does not wait for it. An answer made
        // from a text or bytes is none, and its headers are not asked for: that would make a Headers
        // of the plain object the adapter writes as it is.
        if (!knownText(res) && !knownBytes(res) && res.headers.get('content-type')?.startsWith('text/event-stream')) release();
        return res;
      } catch (err) {
        release();
        throw err;
      } finally {
        lastActivity = performance.now();
      }
    };
    const fetch = async (req: Request, bindings: HttpBindings | Http2Bindings) => {
      // The path, read once for every step below (a URL parse each was an allocation per request).
      const { pathname } = new URL(req.url);
      // Probes never wait for start-up: they are how an orchestrator sees a host still starting.
      const own = await hostOps.answer(req, pathname);
      if (own) return own;
      return started || !startup
        ? respond(req, pathname, bindings)
        : startup.then(
            () => respond(req, pathname, bindings),
            () => respond(req, pathname, bindings),
          );
    };
    // autoCleanupIncoming off: unread request bodies are settled by unread-body.ts instead.
    const s = serve({ fetch, port: opts.port, hostname: opts.host, autoCleanupIncoming: false }, () => {
      s.off('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await relay?.close();
    throw err;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // Listening on every interface: print an address clients can connect to.
  const reachable = opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host === '::' ? '::1' : opts.host;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  cluster?.start(engine, `http://${shownHost}:${port}`);
  return {
    engine,
    url: `http://${shownHost}:${port}`,
    access: access.info,
    ops: hostOps,
    quietFor: () => performance.now() - lastActivity,
    event,
    whenEmpty: (make) => (pgStore ? whenDatabaseEmpty(pgStore.pool, engine, make) : engine.store.environments().length ? Promise.resolve(null) : make()),
    close: async (graceMs = 0) => {
      hostOps.markStopping();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const conns = server as { closeAllConnections?: () => void; closeIdleConnections?: () => void };
      conns.closeIdleConnections?.();
      if (graceMs > 0 && inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise<void>((resolve) => (drained = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      conns.closeAllConnections?.();
      await closed;
      // Journal entries still in memory reach the store before the process may exit.
      await engine.settled();
      journal?.close();
      requestJournal?.close?.();
      // What this host held, others take at once (not after the leases' expiry).
      await cluster?.release();
      await relay?.close();
      await pgStore?.close().catch(() => undefined);
      await opts.onClose?.();
    },
  };
}
