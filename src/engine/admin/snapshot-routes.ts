/**
 * Snapshots and scenarios (issue 12 § 3), part of the control API:
 *   GET  /environments/<key>/snapshot[?credentials=true]  the environment as a snapshot file
 *   POST /environments/import[?name=]                     a snapshot file becomes a new environment (201)
 *   GET  /scenarios                                       the scenario library
 *   POST /scenarios/<id>                                  a new environment loaded with a scenario (201)
 * An import or a scenario answers like a create: the new environment and its credentials, secrets
 * shown once (a snapshot never holds secrets: credentials it names are minted afresh).
 */
import type { Context } from 'hono';
import type { Hono } from 'hono/tiny';
import { envNow } from '../core/clock.ts';
import { randomHex, sha256Hex } from '../core/crypto.ts';
import { json, readText } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import { eachSliced, yieldToHost } from '../core/yield.ts';
import type { CredentialSpec, Environment, HostClock, Product, ProductId, StoredCredential } from '../core/types.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import { jsonTextBoundsProblem } from '../core/json-bounds.ts';
import { checkSnapshot, isPortableKind, sealSnapshot, SNAPSHOT_BOUNDS, type Snapshot, type SnapshotCredential } from '../snapshots/format.ts';
import type { Scenario, ScenarioRequestStep } from '../snapshots/scenarios.ts';
import type { SimStore } from '../storage/store.ts';
import { CREDENTIAL_KIND, CREDENTIAL_LIST_KEY, mintCredentials, type IssuedCredential } from './credentials.ts';
import type { ProcessRouteDeps } from './process-routes.ts';
import { mintOwnerToken } from '../access/owner.ts';

export interface SnapshotRouteDeps {
  store: SimStore;
  products: Map<ProductId, Product>;
  clock: HostClock;
  mount: string;
  contextFor: ProcessRouteDeps['contextFor'];
  /** Mint an owner token with each new environment (a host with access control). */
  ownerTokens: boolean;
  /** Scenarios come with the products' catalogs (teaching/catalog.ts), not in the worker bundle. */
  catalog: CatalogSource | undefined;
}

const bad = (error: string) => json({ error }, 400);

/** `credentials=true|false` (absent: false); anything else is refused. */
function flag(value: string | undefined): boolean | null {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : null;
}

/** Every portable record of an environment, kind by kind, in its list order. */
async function recordsOf(store: SimStore, key: string): Promise<Record<string, [string, Record<string, unknown>][]>> {
  const data = await store.data(key);
  const out: Record<string, [string, Record<string, unknown>][]> = {};
  for (const kind of data.kindNames().sort()) {
    if (!isPortableKind(kind) || data.count(kind) === 0) continue;
    out[kind] = [...data.entries(kind)];
  }
  return out;
}

/** Mint the credentials an environment starts with: those a snapshot names (same names), else the product's defaults. */
async function mintAll(tx: Parameters<Parameters<SimStore['write']>[1]>[0], product: Product, named: SnapshotCredential[] | undefined, now: Date): Promise<IssuedCredential[]> {
  if (!named) return mintCredentials(tx, product.defaultCredentials, now);
  const specs = named.map((c) => {
    const spec: CredentialSpec = { type: c.type };
    if (c.type === 'oauth-client') spec.privileges = [...new Set(c.privileges)];
    if (c.type === 'api-user' || c.type === 'soap-user') spec.username = c.name;
    if (c.type === 'pat') spec.owner = c.owner ?? undefined;
    return spec;
  });
  const issued = await mintCredentials(tx, specs, now);
  return issued.map((cred, i) => {
    if (cred.type !== 'oauth-client') return cred;
    // The client keeps its client_id (scripts name it); only the secret is new.
    const name = (named[i] as SnapshotCredential).name;
    const stored = tx.get<StoredCredential>(CREDENTIAL_KIND, cred.id) as StoredCredential;
    tx.put(CREDENTIAL_KIND, cred.id, { ...stored, name });
    return { ...cred, clientId: name };
  });
}

function credentialLists(product: Product, issued: IssuedCredential[]): Record<string, IssuedCredential[]> {
  const lists: Record<string, IssuedCredential[]> = {};
  for (const t of product.credentialTypes) lists[CREDENTIAL_LIST_KEY[t]] = [];
  for (const cred of issued) (lists[CREDENTIAL_LIST_KEY[cred.type]] ??= []).push(cred);
  return lists;
}

export function registerSnapshotRoutes(app: Hono, deps: SnapshotRouteDeps): void {
  const { store, products, clock, mount } = deps;
  const created = (c: Context, env: Environment, ownerToken: string | undefined, issued: IssuedCredential[], more: Record<string, unknown> = {}) =>
    c.json(
      {
        key: env.key,
        product: env.product,
        name: env.name,
        baseUrl: `${new URL(c.req.url).origin}${mount}/${env.key}`,
        createdAt: env.createdAt,
        ...(ownerToken ? { ownerToken } : {}),
        ...more,
        credentials: credentialLists(products.get(env.product) as Product, issued),
      },
      201,
      { location: `${mount}/_admin/environments/${env.key}` },
    );

  const newEnv = async (product: Product, name: string, nowMs: number, idSeq: number, ownerTokenHash: string | undefined): Promise<Environment> => {
    const key = `env_${randomHex(16)}`;
    return {
      key,
      product: product.id,
      name,
      createdAt: new Date(clock()).toISOString(),
      clockOffsetMs: nowMs - clock(),
      idSeq,
      tenantId: (await sha256Hex(key)).slice(0, 32),
      ...(ownerTokenHash ? { ownerTokenHash } : {}),
    };
  };

  app.get('/environments/:key/snapshot', async (c) => {
    const env = store.env(c.req.param('key'));
    if (!env) return unknownEnvironment(c.req.param('key'));
    const withCredentials = flag(c.req.query('credentials'));
    if (withCredentials === null) return bad('"credentials" must be true or false.');
    const data = await store.data(env.key);
    const records = await recordsOf(store, env.key);
    await yieldToHost(); // building, sealing and writing out a large file are steps with turns between
    const credentials = withCredentials
      ? data.list<StoredCredential>(CREDENTIAL_KIND).map((x) => ({ type: x.type, name: x.name, owner: x.owner, privileges: [...x.privileges] }))
      : undefined;
    const current = store.env(env.key) ?? env;
    const snapshot = await sealSnapshot({
      product: env.product,
      name: current.name,
      // A frozen clock's environment exports the same file on any host day (its time is the clock's).
      exportedAt: new Date(current.clockFrozenMs ?? clock()).toISOString(),
      clock: { now: envNow(clock, current).toISOString() },
      idSeq: current.idSeq,
      records,
      ...(credentials ? { credentials } : {}),
    });
    await yieldToHost();
    const file = `${current.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'environment'}.erp-sim.json`;
    return json(snapshot, 200, { 'content-disposition': `attachment; filename="${file}"` });
  });

  app.post('/environments/import', async (c) => {
    const name = c.req.query('name');
    if (name !== undefined && (!name.trim() || name.length > 120)) return bad('"name" must be a non-empty string of at most 120 characters.');
    const text = await readText(c.req.raw);
    if (!text.trim()) return bad('Send a snapshot file (JSON) as the request body.');
    // Bounded shape first: a record nested 100,000 deep is refused before it is parsed (issue 26).
    const beyond = jsonTextBoundsProblem(text, SNAPSHOT_BOUNDS);
    if (beyond) return bad(beyond.replace('The request body', 'The file'));
    await yieldToHost(); // scanning, parsing and checking a large file are steps with turns between (issue 19 § 2)
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return bad('The file is not valid JSON, so it is not a snapshot.');
    }
    // Parsing and checking a large file are each one step: other requests go between them (issue 19 § 2).
    await yieldToHost();
    const checked = await checkSnapshot(value, (p) => products.get(p));
    if (!checked.ok) return bad(checked.error);
    const snap: Snapshot = checked.snapshot;
    const product = products.get(snap.product) as Product;
    const owner = await mintOwnerToken(deps.ownerTokens);
    const env = await newEnv(product, name?.trim() || snap.name || `${product.title} (imported)`, Date.parse(snap.clock.now), snap.idSeq, owner?.hash);
    // Row, records and fresh credentials are one transaction: nothing is left of a failed import.
    const issued = await store.write(
      env.key,
      async (tx) => {
        // A large file gives the host back between slices (issue 19 § 2).
        await eachSliced(Object.entries(snap.records).flatMap(([kind, rows]) => rows.map((r) => [kind, r] as const)), ([kind, [id, row]]) => tx.put(kind, id, row));
        return mintAll(tx, product, snap.credentials, envNow(clock, env));
      },
      { create: env },
    );
    return created(c, store.env(env.key) ?? env, owner?.token, issued, { importedFrom: { name: snap.name, exportedAt: snap.exportedAt, clock: snap.clock.now } });
  });

  /** Every scenario of the host's products; null when the catalogs cannot be loaded. */
  const scenarios = async (): Promise<Scenario[] | null> => {
    try {
      if (!deps.catalog) return null;
      const lists = await Promise.all([...products.keys()].map(async (p) => (await deps.catalog?.(p))?.teaching?.scenarios ?? []));
      return lists.flat();
    } catch {
      return null;
    }
  };
  const unavailable = () => json({ error: 'The scenarios come with the product catalogs, which this host could not load.' }, 503);

  app.get('/scenarios', async (c) => {
    const list = await scenarios();
    if (!list) return unavailable();
    return c.json({ items: list.map((s) => ({ id: s.id, product: s.product, title: s.title, summary: s.summary, ...(s.needs ? { needs: s.needs } : {}) })) });
  });

  app.post('/scenarios/:id', async (c) => {
    const list = await scenarios();
    if (!list) return unavailable();
    const scenario = list.find((s) => s.id === c.req.param('id'));
    if (!scenario || !products.has(scenario.product)) return json({ error: `No scenario '${c.req.param('id')}'. GET /sim/_admin/scenarios lists them.` }, 404);
    const origin = new URL(c.req.url).origin;
    const createRes = await app.request(new Request(`${origin}/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: scenario.product, name: scenario.title }) }));
    const made = (await createRes.json()) as { key: string; ownerToken?: string; credentials: Record<string, IssuedCredential[]> };
    const issued = Object.values(made.credentials).flat();
    const failure = await runSteps(app, deps, origin, made.key, scenario, issued).catch((err: unknown) => ({ message: err instanceof Error ? err.message : String(err), missing: undefined }));
    if (failure) {
      await store.deleteEnv(made.key).catch(() => undefined);
      // A host without a route the scenario needs (e.g. fault rules) says so; anything else is a bug.
      if (failure.missing) return bad(`This host cannot load "${scenario.title}": it has no ${failure.missing} control route.`);
      throw new Error(`scenario ${scenario.id}: ${failure.message}`);
    }
    const env = store.env(made.key) as Environment;
    return created(c, env, made.ownerToken, issued, { scenario: scenario.id });
  });
}

interface StepFailure {
  message: string;
  /** The control route the host lacks, when that is what failed. */
  missing: string | undefined;
}

/** Run a scenario's steps on its new environment; answers what went wrong, or null. */
async function runSteps(app: Hono, deps: SnapshotRouteDeps, origin: string, key: string, scenario: Scenario, issued: IssuedCredential[]): Promise<StepFailure | null> {
  let token: string | null = null;
  const product = deps.products.get(scenario.product) as Product;
  const service = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const env = deps.store.env(key) as Environment;
    const ctx = await deps.contextFor(env, origin, path.split('?')[0] as string);
    // Due background runs first, as the engine does before an environment answers.
    for (const p of product.processes ?? []) await p.catchUp(ctx);
    return product.app.fetch(new Request(`${origin}${deps.mount}/${key}${path}`, { method, headers, body }), ctx);
  };
  const authHeader = async (step: ScenarioRequestStep): Promise<Record<string, string>> => {
    if (step.request.auth === 'none') return {};
    if (step.request.auth === 'basic') {
      const user = issued.find((x) => x.type === 'api-user');
      if (user?.type !== 'api-user') throw new Error('no API user to sign with');
      return { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` };
    }
    if (!token) {
      const client = issued.find((x) => x.type === 'oauth-client');
      if (client?.type !== 'oauth-client') throw new Error('no OAuth client to sign with');
      const form = new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope, client_id: client.clientId, client_secret: client.clientSecret });
      const res = await service('POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, form.toString());
      token = ((await res.json()) as { access_token?: string }).access_token ?? null;
      if (!token) throw new Error(`token request answered ${res.status}`);
    }
    return { authorization: `Bearer ${token}` };
  };
  for (const [i, step] of scenario.steps.entries()) {
    if ('control' in step) {
      const { method, path, body } = step.control;
      const res = await app.request(
        new Request(`${origin}/environments/${key}/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
      );
      if (res.status >= 300) {
        const text = await res.text();
        return { message: `step ${i + 1} (${method} ${path}) answered ${res.status}: ${text}`, missing: res.status === 404 && text.includes('No control API route') ? path.split('/')[0] : undefined };
      }
    } else {
      const { method, path, headers, body } = step.request;
      const res = await service(method, path, { ...(headers ?? {}), ...(await authHeader(step)) }, body);
      if (res.status !== step.expect) return { message: `step ${i + 1} (${method} ${path}) answered ${res.status}, expected ${step.expect}: ${(await res.text()).slice(0, 300)}`, missing: undefined };
    }
  }
  return null;
}
