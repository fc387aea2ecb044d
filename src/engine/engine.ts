import { Hono } from 'hono/tiny';
import { adminRoutes, type EngineStats } from './admin/routes.ts';
import { CredentialVerifier } from './admin/credentials.ts';
import { envNow, systemClock } from './core/clock.ts';
import { useSha256, type Sha256Hex } from './core/crypto.ts';
import { json, problem } from './core/http.ts';
import { limitBody } from './core/limits.ts';
import { storeUnavailable, unknownEnvironment, unknownEnvironmentDetail } from './core/sim-errors.ts';
import { isSoapPath, soapUnknownEnvironment } from './core/soap.ts';
import type { EnvContext, Environment, HostClock, Product, ProductId, WorkProgress } from './core/types.ts';
import type { CatalogSource } from './teaching/catalog.ts';
import { PRODUCTS } from './products/registry.ts';
import type { SimDatabase } from './storage/schema.ts';
import { StoreUnavailable, type StorageBackend } from './storage/backend.ts';
import { DexieBackend } from './storage/dexie-backend.ts';
import { ReadAttempt } from './storage/read-attempt.ts';
import { SimStore } from './storage/store.ts';
import { aroundProduct, type ReplayWitness } from './around-product.ts';
import { ReplayLane } from './replay/lane.ts';
import { TimeTerms } from './replay/time-terms.ts';
import type { Caller } from './access/caller.ts';
import { AccessGate } from './access/gate.ts';
import type { AccessOptions, ControlBindings } from './access/types.ts';
import { FaultInjector } from './faults/injector.ts';
import { DrillRunner, realSleep, type Sleep } from './drills/runner.ts';
import { Journal } from './journal/journal.ts';
import { MemoryJournalPersistence } from './journal/memory-persistence.ts';
import { SecretIndex } from './journal/secrets.ts';
import type { JournalPersistence } from './journal/types.ts';
import { NoticeHub } from './notices/hub.ts';
import { Throttle } from './limits/throttle.ts';

export interface EngineOptions {
  /** IndexedDB through Dexie (the worker, tests); or give `backend` instead. */
  db?: SimDatabase;
  /** Another store for committed changes (the Node host: memory plus its --state journal). */
  backend?: StorageBackend;
  /** Host clock (ms since epoch); environments add their own offsets. */
  clock?: HostClock;
  /** Path prefix the simulator answers under, e.g. `/sim` or `/erp-sim/sim`. */
  mount?: string;
  products?: readonly Product[];
  /** The products' UI catalogs for `GET /_admin/products`; without it that route answers 503. */
  catalog?: CatalogSource;
  /** Where the request journal is kept (default: memory); `false` runs without a journal. */
  journal?: JournalPersistence | false;
  /** Entries the journal keeps per environment unless an environment sets its own (default 500). */
  journalSize?: number;
  /** Told, at most every quarter second, which environments' journals got entries (live views). */
  onJournal?: (envs: string[]) => void;
  /** Told after each committed part of a long control-API task (generate), for a progress display. */
  onProgress?: (progress: WorkProgress) => void;
  /**
   * Stream the notices (writes, journal entries, progress) to clients over the network:
   * `GET /_admin/events` and `/_admin/environments/<key>/events` (the Node host). The worker posts
   * them to its tabs instead, and those routes answer 404 there.
   */
  streamNotices?: boolean;
  /**
   * Who may use the control API (a host others can reach: the Node host). Without it every caller is
   * trusted: the service worker answers only its own origin's pages.
   */
  access?: AccessOptions;
  /**
   * Documents `generate` commits per transaction (default 3000). A shared host chooses fewer, so
   * each commit (applied in one go) holds the other environments up less.
   */
  generateSlice?: number;
  /**
   * Build the indexes a write's answer reads before a generate, so it keeps them current (default
   * false). The Node host does: one long-lived process, whose first POST after a generate of 100k
   * built them over every generated row. The worker does not: it is often stopped after a generate,
   * and keeping them through it cost 3 s more, 20 MB more heap and longer frames at 100k.
   */
  warmBeforeGenerate?: boolean;
  /**
   * Enforce the request body limits (core/limits.ts; default true). The service worker turns them
   * off: its only caller is its own page, whose large snapshot is the user's own.
   */
  bodyLimits?: boolean;
  /**
   * How a drill's slow answer waits (default: a real timer that ends early when the client goes).
   * Tests pass one that moves their host clock, so a drill's seconds cost them none.
   */
  sleep?: Sleep;
  /** The host's synchronous SHA-256 (hex), faster than the script one used without it (core/crypto.ts). */
  sha256Hex?: Sha256Hex;
  /**
   * Answer a read sent again to an unchanged environment with its kept answer (replay/lane.ts;
   * default true). Off, every read runs the product (benches that time one read again and again).
   */
  replay?: boolean;
}

export interface Engine {
  /** Answer one request; `caller` is who sent it as the host saw it (the control API's access check). */
  handle(request: Request, caller?: Caller): Promise<Response>;
  readonly store: SimStore;
  readonly stats: EngineStats;
  readonly mount: string;
  /** The request journal (undefined when the host turned it off). */
  readonly journal: Journal | undefined;
  /** Resolves when background work begun by requests (journal entries, fault counts, drill steps) is stored. */
  settled(): Promise<void>;
  /**
   * `text` with every secret of this host's environments replaced by "[redacted]", in whatever form
   * it is written (journal/secrets.ts): for what a host writes outside the journal (an access log).
   */
  redact(text: string): Promise<string>;
  /** Every notice the engine gives (changes, journal entries, progress), for hosts that pass them on. */
  readonly notices: NoticeHub;
  /**
   * Forget what memory holds of an environment that another host sharing the store may have changed
   * (records, credential checks, fault counts, drill state, journal): `env` is its stored row, null
   * when it is gone. A host calls it when it takes the environment over.
   */
  reload(key: string, env: Environment | null): Promise<void>;
}

export const ENV_KEY_PATTERN = /^env_[0-9a-f]{32}$/;
/** Marks the control API's answer to a path it has no route for (never sent). */
const UNROUTED = 'x-erp-sim-unrouted';

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const mount = (options.mount ?? '/sim').replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  if (options.sha256Hex) useSha256(options.sha256Hex);
  const products = new Map<ProductId, Product>((options.products ?? PRODUCTS).map((p) => [p.id, p]));
  const source = options.backend ?? (options.db ? new DexieBackend(options.db) : undefined);
  if (!source) throw new Error('createEngine needs a db or a backend');
  const store = await SimStore.open(source);
  const stats: EngineStats = { requests: 0, replayed: 0, unhandledErrors: 0 };
  const verifiers = new Map<string, CredentialVerifier>();
  const secrets = new SecretIndex(store);
  const notices = new NoticeHub();
  const onJournal = (envs: string[]) => {
    for (const env of envs) notices.publish({ type: 'sim-journal', env });
    options.onJournal?.(envs);
  };
  const onProgress = (progress: WorkProgress) => {
    notices.publish({ type: 'sim-progress', ...progress });
    options.onProgress?.(progress);
  };
  const journal = options.journal === false ? undefined : new Journal(options.journal ?? new MemoryJournalPersistence(), { onFlushed: onJournal, secrets, size: options.journalSize, sizeOf: (key) => store.env(key)?.journalSize });
  const faults = new FaultInjector(store);
  const gate = new AccessGate(options.access, () => store.environments(), mount);
  const drills = new DrillRunner(store, clock, options.sleep ?? realSleep);
  const throttle = new Throttle();
  const lane = options.replay === false ? undefined : new ReplayLane();

  /** The environment as a product (or a product process) sees it for one request. */
  const contextFor = async (env: Environment, origin: string, path: string, partial = false): Promise<EnvContext> => {
    const key = env.key;
    const data = await (partial ? store.partial(key) : store.data(key));
    let verifier = verifiers.get(key);
    if (!verifier) {
      verifier = new CredentialVerifier(() => data);
      verifiers.set(key, verifier);
    }
    return {
      env,
      baseUrl: `${origin}${mount}/${key}`,
      path,
      now: () => envNow(clock, store.env(key) ?? env),
      data,
      write: (fn, scope) => store.write(key, fn, scope ? { kinds: scope.kinds } : {}),
      credentials: verifier,
    };
  };

  const app = new Hono().basePath(mount);
  // The control API is built on its first request, so a host may load its code then (the service
  // worker does: a worker started again for a product's request never reads it). A path it does
  // not know falls through to the environments' routes below, as when it was mounted at start.
  let admin: Hono | undefined;
  const adminApp = () => {
    admin ??= new Hono()
      .basePath(mount)
      .route(
        '/_admin',
        adminRoutes({ store, products, clock, mount, stats, catalog: options.catalog, contextFor, journal, faults, drills, throttle, onProgress, notices: options.streamNotices ? notices : undefined, ownerTokens: gate.enabled, generateSlice: options.generateSlice, warmBeforeGenerate: options.warmBeforeGenerate ?? false, classCodes: options.access?.classCodes ?? [] }),
      )
      .notFound(() => new Response(null, { status: 404, headers: { [UNROUTED]: '1' } }))
      .onError((err) => {
        throw err;
      });
    return admin;
  };
  app.all('/_admin/*', async (c, next) => {
    const res = await adminApp().fetch(c.req.raw, c.env);
    if (!res.headers.has(UNROUTED)) return res;
    await next();
  });
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(mount.length); // "/<key>/..."
    const [, key = '', ...tail] = rest.split('/');
    const env = ENV_KEY_PATTERN.test(key) ? store.env(key) : undefined;
    if (!env) {
      // A SOAP client reads only SOAP faults (issue 11 § 2), so SOAP paths get SIM-1000 as one.
      if (isSoapPath(`/${tail.join('/')}`)) return soapUnknownEnvironment(unknownEnvironmentDetail(key));
      return unknownEnvironment(key);
    }
    const product = products.get(env.product);
    if (!product) return problem(404, 'SIM-1000', 'Unknown environment', `Environment '${key}' has no known product.`);
    // A read sent again to an unchanged environment: its kept answer, journaled as its entry.
    const replayKey = lane && ReplayLane.keyOf(c.req.raw);
    if (lane && replayKey !== undefined) {
      const started = performance.now();
      const now = envNow(clock, env);
      const hit = lane.find(key, replayKey, now.getTime());
      if (hit) {
        stats.replayed++;
        if (hit.draft) journal?.again(key, hit.draft, { at: now.toISOString(), hostAt: new Date(clock()).toISOString(), ms: Math.round((performance.now() - started) * 10) / 10 });
        return hit.res;
      }
    }
    const candidate = replayKey !== undefined ? lane?.candidate(key, replayKey) : undefined;
    const terms = candidate && new TimeTerms();
    const witness: ReplayWitness | undefined = candidate && {};
    // Large kinds stay in storage until a request reads them (the first answer after a worker
    // stop need not wait for all of a big book).
    const plain = await contextFor(env, url.origin, tail.length ? `/${tail.join('/')}` : '', true);
    const ctx = terms ? terms.watch(plain) : plain;
    // Fault rules and the journal wrap the product's own handling (issue 12).
    const res = await aroundProduct({ store, clock, journal, faults, drills, throttle }, c.req.raw, env, product, ctx, () => answerLoadingKinds(c.req.raw, product, ctx), witness);
    if (lane && candidate && terms?.bounded && witness?.steady && res.status === 200) {
      void witness.draft?.then((draft) => {
        if (draft !== undefined && store.env(key)) lane.keep(key, candidate, res, draft, terms.until);
      });
    }
    return res;
  });

  /**
   * The product's answer. Over a cache with kinds not loaded yet, each run is a `ReadAttempt`: one
   * that read a missing kind (and so could not write) is dropped, the kinds it missed are loaded,
   * and the request runs again; every run loads at least one kind, so this ends. A write loads
   * every kind first (so nothing read after it can miss), except a scoped one (a token issued):
   * after that the attempt may not miss, as it could not run again.
   */
  const answerLoadingKinds = async (request: Request, product: Product, ctx: EnvContext): Promise<Response> => {
    for (;;) {
      // Asked afresh each time: a reset or delete meanwhile replaces or clears the cache.
      const cache = await store.partial(ctx.env.key);
      if (!cache.missingKinds().length) return runProduct(request, product, { ...ctx, data: cache });
      const attempt = new ReadAttempt(cache);
      let wroteScoped = false;
      const write: EnvContext['write'] = async (fn, scope) => {
        attempt.mayWrite();
        const result = await ctx.write(fn, scope);
        if (scope) wroteScoped = true;
        return result;
      };
      try {
        const res = await runProduct(request.clone(), product, { ...ctx, data: attempt, write });
        if (!attempt.missed.size) return res;
      } catch (err) {
        if (!attempt.note(err)) throw err;
      }
      if (wroteScoped) throw new Error(`A request read the ${[...attempt.missed].join(', ')} records (not loaded yet) after a scoped write.`);
      await store.loadKinds(ctx.env.key, [...attempt.missed]);
    }
  };

  const runProduct = async (request: Request, product: Product, ctx: EnvContext): Promise<Response> => {
    // Due background runs (AutoMatch) happen before the environment answers (no timers in a worker).
    for (const process of product.processes ?? []) await process.catchUp(ctx);
    return product.app.fetch(request, ctx);
  };
  app.onError((err) => {
    throw err;
  });
  store.onChange((change) => {
    const env = change.op === 'records' ? change.env : change.op === 'env-put' ? change.env.key : change.key;
    notices.publish({ type: 'sim-change', env, op: change.op });
    if (change.op !== 'env-delete') lane?.changed(env);
    else {
      lane?.gone(change.key);
      verifiers.delete(change.key);
      faults.forget(change.key);
      drills.forget(change.key);
      throttle.forget(change.key);
      void journal?.clear(change.key, true);
    }
  });
  app.notFound(() => problem(404, 'SIM-1000', 'Unknown environment', 'Paths under the simulator start with an environment key.'));

  return {
    store,
    stats,
    mount,
    journal,
    notices,
    async settled() {
      // Drill steps wait on journal ids, and their writes on the store: in that order.
      await Promise.all([journal?.settled(), faults.settled()]);
      await drills.settled();
      await store.settled();
    },
    redact: (text) => secrets.redact(text),
    async reload(key, env) {
      await store.reload(key, env);
      lane?.changed(key);
      verifiers.delete(key);
      faults.forget(key);
      drills.forget(key);
      journal?.reread(key);
    },
    async handle(request: Request, caller?: Caller): Promise<Response> {
      stats.requests++;
      try {
        // The control API checks who asks before any route runs (issue 19 § 1); product paths pass.
        const grant = await gate.check(request, caller);
        if (grant instanceof Response) return grant;
        const bindings: ControlBindings | undefined = grant ? { grant } : undefined;
        // A body over its documented limit is refused, read no further, nothing stored (issue 19 § 2).
        // The host's own requests (its --import files at start) are the operator's, not bound by it.
        const limited = caller?.host || options.bodyLimits === false ? null : limitBody(request, new URL(request.url).pathname.slice(mount.length));
        try {
          const res = await app.fetch(limited?.request ?? request, bindings);
          return limited?.tripped() ? limited.refusal() : res;
        } catch (err) {
          if (limited?.tripped()) return limited.refusal();
          throw err;
        }
      } catch (err) {
        // A store that cannot be reached is the operator's trouble, not a bug: 503, retry later.
        if (err instanceof StoreUnavailable) return storeUnavailable(err.message);
        // The one place an unexpected failure surfaces: counted, never shown as a stack trace.
        stats.unhandledErrors++;
        console.error('[erp-sim] unhandled error', err);
        return json({ error: 'Internal simulator error', code: 'SIM-5000' }, 500);
      }
    },
  };
}
