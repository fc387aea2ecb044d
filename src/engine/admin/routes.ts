/** The control API under `/sim/_admin`: the simulator's own surface, used by the UI and by scripts. */
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import { envNow } from '../core/clock.ts';
import { randomHex, sha256Hex } from '../core/crypto.ts';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import { seededRng, seedFrom } from '../core/random.ts';
import { ControlRefusal } from '../core/refusal.ts';
import { TimeSlicer } from '../core/yield.ts';
import { PRODUCT_IDS, type CredentialSpec, type CredentialType, type Environment, type HostClock, type Product, type WorkProgress, type ProductId, type StoredCredential } from '../core/types.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import type { SimStore } from '../storage/store.ts';
import { KindMissing } from '../storage/env-cache.ts';
import { CREDENTIAL_KIND, CREDENTIAL_LIST_KEY, mintCredential, mintCredentials, publicCredential, type IssuedCredential } from './credentials.ts';
import { registerProcessRoutes, type ProcessRouteDeps } from './process-routes.ts';
import { registerJournalRoutes } from './journal-routes.ts';
import { registerFaultRoutes } from './fault-routes.ts';
import { registerLimitsRoutes } from './limits-routes.ts';
import type { Throttle } from '../limits/throttle.ts';
import type { Journal } from '../journal/journal.ts';
import type { FaultInjector } from '../faults/injector.ts';
import { registerSnapshotRoutes } from './snapshot-routes.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import { registerLessonRoutes } from './lesson-routes.ts';
import { registerActivityRoutes } from './activity-routes.ts';
import { registerEventRoutes } from './event-routes.ts';
import type { NoticeHub } from '../notices/hub.ts';
import { mintOwnerToken } from '../access/owner.ts';
import { grantOf } from '../access/types.ts';
import { registerDrillRoutes } from './drill-routes.ts';
import { clockOption, clockView, registerClockRoutes } from './clock-routes.ts';
import { bookRng, registerResetRoute } from './reset-route.ts';
import type { DrillRunner } from '../drills/runner.ts';

/** What the engine counts and `GET /_admin/stats` shows. */
export interface EngineStats {
  requests: number;
  /** Reads answered by the replay lane with an unchanged environment's kept answer (replay/lane.ts). */
  replayed: number;
  unhandledErrors: number;
}

interface AdminDeps {
  store: SimStore;
  products: Map<ProductId, Product>;
  clock: HostClock;
  mount: string;
  stats: EngineStats;
  catalog: CatalogSource | undefined;
  contextFor: ProcessRouteDeps['contextFor'];
  journal: Journal | undefined;
  faults: FaultInjector;
  drills: DrillRunner;
  throttle?: Throttle;
  onProgress: ((progress: WorkProgress) => void) | undefined;
  /** Hosts that stream notices over the network (the Node host) give their hub; the worker posts them itself. */
  notices: NoticeHub | undefined;
  /** Mint an owner token with each new environment (a host with access control). */
  ownerTokens: boolean;
  /** Documents per generate transaction (default GENERATE_SLICE). */
  generateSlice: number | undefined;
  /** Let the product build its write indexes before a generate (EngineOptions.warmBeforeGenerate). */
  warmBeforeGenerate: boolean;
  /** The host's class codes, for the trainer's join link. */
  classCodes: readonly string[];
}

/** Upper bound of one `generate` call. */
const MAX_GENERATE = 100_000;
/** Documents `generate` writes per transaction by default (each slice commits on its own). */
export const GENERATE_SLICE = 3000;

const bad = (message: string) => json({ error: message }, 400);

async function readJson(c: Context): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; res: Response }> {
  const text = await c.req.text().catch(() => '');
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
    return { ok: false, res: bad('The request body must be a JSON object.') };
  } catch {
    return { ok: false, res: bad('The request body is not valid JSON.') };
  }
}

export function adminRoutes(deps: AdminDeps): Hono {
  const { store, products, clock, mount } = deps;
  const app = new Hono();
  app.onError((err) => {
    throw err;
  });

  const baseUrl = (c: Context, key: string) => `${new URL(c.req.url).origin}${mount}/${key}`;
  const summary = (c: Context, env: Environment) => ({
    key: env.key,
    product: env.product,
    name: env.name,
    baseUrl: baseUrl(c, env.key),
    createdAt: env.createdAt,
  });
  const detail = async (c: Context, env: Environment) => {
    const data = await store.partial(env.key);
    return {
      ...summary(c, env),
      clock: { ...clockView(clock, env), offsetMs: env.clockOffsetMs },
      tenantId: env.tenantId,
      credentials: data.list<StoredCredential>(CREDENTIAL_KIND).map(publicCredential),
    };
  };

  app.get('/products', async (c) => {
    const { catalog } = deps;
    try {
      if (!catalog) throw new Error('no catalog source');
      const items = await Promise.all(
        [...products.values()].map(async (p) => {
          // The teaching templates are served by their own routes (snapshot, document, lesson routes).
          const { teaching: _teaching, ...ui } = await catalog(p.id);
          return { id: p.id, title: p.title, credentialTypes: p.credentialTypes, ...ui };
        }),
      );
      return c.json({ items });
    } catch {
      return json({ error: 'The product catalogs could not be loaded by this host.' }, 503);
    }
  });

  app.get('/stats', (c) => c.json({ ...deps.stats, environments: store.environments().length }));

  app.get('/environments', (c) => {
    const grant = grantOf(c.env);
    // An owner token sees its own environment only (issue 19 § 1).
    const visible = grant.role === 'owner' ? store.environments().filter((e) => e.key === grant.key) : store.environments();
    return c.json({ items: visible.map((e) => summary(c, e)) });
  });

  app.post('/environments', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const { product, name, clock: clockRaw, ...rest } = body.value;
    if (Object.keys(rest).length) return bad(`Unknown field "${Object.keys(rest)[0]}". Allowed: product, name, clock.`);
    if (typeof product !== 'string' || !PRODUCT_IDS.includes(product as ProductId) || !products.has(product as ProductId)) {
      return bad(`"product" must be one of: ${PRODUCT_IDS.join(', ')}.`);
    }
    if (name !== undefined && (typeof name !== 'string' || name.length > 120)) return bad('"name" must be a string of at most 120 characters.');
    const start = clockOption(clockRaw, clock);
    if (!start.ok) return bad(start.error);
    const p = products.get(product as ProductId) as Product;
    const key = `env_${randomHex(16)}`;
    const owner = await mintOwnerToken(deps.ownerTokens);
    const env: Environment = {
      key,
      product: p.id,
      name: (typeof name === 'string' && name.trim()) || `${p.title} sandbox`,
      createdAt: new Date(clock()).toISOString(),
      ...start.fields,
      idSeq: 0,
      tenantId: (await sha256Hex(key)).slice(0, 32),
      ...(owner ? { ownerTokenHash: owner.hash } : {}),
    };
    // The book is dated from the environment's clock: a fixed "now" gives the same book on any host day.
    const now = envNow(clock, env);
    // Row, seeded book and credentials are one transaction: a failure leaves no half environment.
    const issued = await store.write(
      key,
      async (tx) => {
        p.seed({ tx, rng: bookRng(p), now, env });
        return mintCredentials(tx, p.defaultCredentials, now);
      },
      { create: env },
    );
    const credentials: Record<string, IssuedCredential[]> = {};
    for (const t of p.credentialTypes) credentials[CREDENTIAL_LIST_KEY[t]] = [];
    for (const cred of issued) (credentials[CREDENTIAL_LIST_KEY[cred.type]] ??= []).push(cred);
    return c.json({ ...summary(c, env), ...(owner ? { ownerToken: owner.token } : {}), credentials }, 201, { location: `${mount}/_admin/environments/${key}` });
  });

  app.get('/environments/:key', async (c) => {
    const env = store.env(c.req.param('key'));
    return env ? c.json(await detail(c, env)) : unknownEnvironment(c.req.param('key'));
  });

  app.delete('/environments/:key', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    await store.deleteEnv(key);
    return c.body(null, 204);
  });

  app.post('/environments/:key/generate', async (c) => {
    const env = store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    const product = products.get(env.product) as Product;
    if (!product.generate) return bad(`The ${product.id} product has no synthetic data generator.`);
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const { count, kind } = body.value;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_GENERATE) {
      return bad(`"count" must be an integer from 1 to ${MAX_GENERATE}.`);
    }
    const kinds = product.generateKinds ?? [];
    if (kind !== undefined && (typeof kind !== 'string' || !kinds.includes(kind))) {
      return bad(`"kind" must be one of: ${kinds.join(', ') || '(none: omit it)'}.`);
    }
    const generate = product.generate.bind(product);
    try {
      if (deps.warmBeforeGenerate) product.beforeGenerate?.(await store.partial(env.key));
    } catch (err) {
      // A kind not loaded yet (a worker just started) has no index to keep: the first read builds it.
      if (!(err instanceof KindMissing)) throw err;
    }
    // Slices of a few milliseconds: other environments are answered meanwhile (issue 19 § 2).
    const slicer = new TimeSlicer();
    const breathe = () => slicer.breathe();
    try {
      // One write per slice of whole documents: a stopped worker keeps every finished slice and
      // no half document, and each IndexedDB transaction stays small (its per-put cost grows with size).
      let result: { resource: string; added: number } | null = null;
      for (let done = 0; done < count; ) {
        const n = Math.min(deps.generateSlice ?? GENERATE_SLICE, count - done);
        const part = await store.write(env.key, (tx) =>
          generate({ tx, rng: seededRng(seedFrom(`${env.key}-${(store.env(env.key) ?? env).idSeq}`)), now: envNow(clock, env), env, breathe }, n, kind as string | undefined),
        );
        result = result ? { ...part, added: result.added + part.added } : part;
        done += n;
        if (part.added < n) break;
        deps.onProgress?.({ env: env.key, task: 'generate', done, total: count });
        await slicer.pause();
      }
      return c.json(result, 201);
    } catch (err) {
      if (err instanceof ControlRefusal) return bad(err.message);
      throw err;
    }
  });

  app.post('/environments/:key/credentials', async (c) => {
    const env = store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const product = products.get(env.product) as Product;
    const { type, privileges, username, owner } = body.value;
    if (typeof type !== 'string' || !product.credentialTypes.includes(type as CredentialType)) {
      return bad(`"type" must be one of: ${product.credentialTypes.join(', ')} for a ${product.id} environment.`);
    }
    const spec: CredentialSpec = { type: type as CredentialType };
    if (type === 'oauth-client') {
      if (privileges !== undefined && (!Array.isArray(privileges) || privileges.some((p) => typeof p !== 'string' || p.length > 100))) {
        return bad('"privileges" must be an array of privilege names.');
      }
      spec.privileges = [...new Set((privileges as string[] | undefined) ?? [])];
    }
    if (type === 'api-user') {
      if (typeof username !== 'string' || !/^[A-Za-z0-9._@-]{1,20}$/.test(username)) {
        return bad('"username" is required: 1-20 letters, digits, dot, underscore, @ or hyphen.');
      }
      const taken = (await store.partial(env.key)).list<StoredCredential>(CREDENTIAL_KIND).some((x) => x.type === 'api-user' && x.name === username);
      if (taken) return bad(`An API user named '${username}' already exists in this environment.`);
      spec.username = username;
    }
    if (type === 'pat') {
      if (typeof owner !== 'string' || !/^[A-Za-z0-9._@-]{1,20}$/.test(owner)) {
        return bad('"owner" is required: the username the token acts as (1-20 characters).');
      }
      spec.owner = owner;
    }
    const issued = await store.write(env.key, (tx) => mintCredential(tx, spec, envNow(clock, env)));
    return c.json(issued, 201);
  });

  app.delete('/environments/:key/credentials/:id', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    const id = c.req.param('id');
    const found = await store.write(key, (tx) => {
      if (!tx.get(CREDENTIAL_KIND, id)) return false;
      tx.delete(CREDENTIAL_KIND, id);
      return true;
    });
    return found ? c.body(null, 204) : json({ error: `No credential '${id}' in this environment.` }, 404);
  });

  app.patch('/environments/:key', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    const body = await readJson(c);
    if (!body.ok) return body.res;
    const { name } = body.value;
    if (typeof name !== 'string' || !name.trim() || name.length > 120) return bad('"name" must be a non-empty string of at most 120 characters.');
    const next = await store.updateEnv(key, (env) => ({ ...env, name: name.trim() }));
    return c.json(await detail(c, next));
  });

  registerClockRoutes(app, deps);
  registerResetRoute(app, deps, detail);
  registerSnapshotRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerLessonRoutes(app, deps);
  registerActivityRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerJournalRoutes(app, deps);
  registerFaultRoutes(app, deps);
  registerLimitsRoutes(app, deps);
  registerDrillRoutes(app, deps);
  registerProcessRoutes(app, deps);

  app.all('*', (c) => json({ error: `No control API route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));
  return app;
}
