/**
 * The collection runner of the Node host (issue 24 § 3), for CI: run a Postman collection v2.1
 * (exported from the playground's Collections view, or made in Postman) against an environment and
 * say whether every check passed. `npm run serve -- --run-collection FILE [--env KEY] [--state FILE]
 * [--import SNAPSHOT] [--server URL] [--var name=value]` calls `runCollection` and exits 1 on a failed
 * check. The environment is, in order: `--env KEY` (in `--state`, or on the `--server`), the one
 * snapshot imported, or a fresh environment of the collection's product. Secrets are shown once, so
 * on an environment that already exists the runner issues its own credentials and revokes them after.
 */
import { readFile } from 'node:fs/promises';
import { fromPostman, PostmanImportError } from '../../collections/postman.ts';
import { reportLines, runCollection as run, type RunCredentials } from '../../collections/run.ts';
import type { RunReport } from '../../collections/types.ts';
import { createEngine, lazyBuiltInCatalog, MemoryBackend, RECEIPT_PRIVILEGES, type Engine } from '../../engine/for-node.ts';
import { openJournal, type Journal } from './state-file.ts';

export interface RunCollectionOptions {
  /** The environment to run against (its key). */
  env?: string;
  /** Keep and read environments in this state file (as `npm run serve -- --state`). */
  stateFile?: string;
  /** Snapshot files to import first (the last one imported is run against when no `env` is given). */
  imports?: string[];
  /** A running host (`http://127.0.0.1:8787`): run against it over HTTP instead of in this process. */
  server?: string;
  /** With `server`: the token sent to its control API (the admin token, or the environment's owner token). */
  token?: string;
  /** Variables of the run (`--var name=value`), above the collection's own. */
  variables?: Record<string, string>;
  /** Told each line of the report as the run goes. */
  log?: (line: string) => void;
}

export interface RunCollectionResult {
  report: RunReport;
  /** Every check passed and every request was answered. */
  ok: boolean;
}

/** A bad file, an unknown environment or a refused import: said in words, exit status 2 in the CLI. */
export class RunSetupError extends Error {}

type Issued = Record<string, unknown> & { id: string; type?: string };

interface Host {
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

async function inProcess(stateFile: string | undefined): Promise<Host & { engine: Engine }> {
  const journal: Journal | null = stateFile ? openJournal(stateFile) : null;
  const engine = await createEngine({ backend: journal?.backend ?? new MemoryBackend(), catalog: lazyBuiltInCatalog, journal: false });
  return {
    engine,
    origin: 'http://erp-sim.local',
    fetch: (url, init) => engine.handle(new Request(url, init)),
    close: async () => {
      await engine.settled();
      journal?.close();
    },
  };
}

function overHttp(server: string): Host {
  const origin = server.replace(/\/+$/, '');
  return { origin, fetch: (url, init) => fetch(url, init), close: async () => undefined };
}

export async function runCollection(file: string, options: RunCollectionOptions = {}): Promise<RunCollectionResult> {
  const log = options.log ?? (() => undefined);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new RunSetupError(`${file}: ${(err as Error).message}`);
  }
  let collection;
  try {
    collection = fromPostman(JSON.parse(text));
  } catch (err) {
    throw new RunSetupError(`${file}: ${err instanceof PostmanImportError || err instanceof SyntaxError ? err.message : String(err)}`);
  }

  const host = options.server ? overHttp(options.server) : await inProcess(options.stateFile);
  const admin = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await host.fetch(`${host.origin}/sim/_admin${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const t = await res.text();
    return { status: res.status, body: t ? (JSON.parse(t) as Record<string, unknown>) : {} };
  };
  const minted: string[] = [];
  let key = options.env;
  try {
    let issued: Record<string, Issued[]> | undefined;
    for (const snapshot of options.imports ?? []) {
      const res = await admin('POST', '/environments/import', await readFile(snapshot, 'utf8'));
      if (res.status !== 201) throw new RunSetupError(`--import ${snapshot}: ${String(res.body.error ?? res.status)}`);
      if (!options.env) {
        key = String(res.body.key);
        issued = res.body.credentials as Record<string, Issued[]>;
      }
    }
    if (!key) {
      const res = await admin('POST', '/environments', { product: collection.product, name: `Run of ${collection.name}`.slice(0, 80) });
      if (res.status !== 201) throw new RunSetupError(`Could not create an environment: ${String(res.body.error ?? res.status)}`);
      key = String(res.body.key);
      issued = res.body.credentials as Record<string, Issued[]>;
    }
    const env = await admin('GET', `/environments/${encodeURIComponent(key)}`);
    if (env.status !== 200) throw new RunSetupError(`No environment with key '${key}'${options.server ? ` on ${options.server}` : options.stateFile ? ` in ${options.stateFile}` : ' (name a --state file or a --server that holds it)'}.`);
    if (env.body.product !== collection.product) throw new RunSetupError(`The collection is for ${collection.product}; environment ${key} is ${String(env.body.product)}.`);

    // An environment that existed before: its secrets were shown once, so the run brings its own.
    if (!issued) {
      const specs =
        collection.product === 'receivables'
          ? [{ type: 'oauth-client', privileges: [...RECEIPT_PRIVILEGES] }, { type: 'oauth-client', privileges: [] }, { type: 'soap-user' }]
          : [{ type: 'api-user', username: `runner.${Date.now().toString(36).slice(-6)}` }, { type: 'pat', owner: 'apiuser' }];
      issued = {};
      for (const spec of specs) {
        const res = await admin('POST', `/environments/${key}/credentials`, spec);
        if (res.status !== 201) throw new RunSetupError(`Could not issue a ${spec.type} for the run: ${String(res.body.error ?? res.status)}`);
        minted.push(String(res.body.id));
        (issued[spec.type] ??= []).push(res.body as Issued);
      }
    }
    const all = Object.values(issued).flat();
    const credentials: RunCredentials = {
      clients: all.filter((c) => typeof c.clientId === 'string').map((c) => ({ clientId: String(c.clientId), clientSecret: String(c.clientSecret), privileges: (c.privileges as string[] | undefined) ?? [] })),
      ...(collection.product === 'receivables'
        ? { soapUser: all.filter((c) => typeof c.username === 'string').map((c) => ({ username: String(c.username), password: String(c.password) }))[0] }
        : { apiUser: all.filter((c) => typeof c.username === 'string').map((c) => ({ username: String(c.username), password: String(c.password) }))[0] }),
      pat: all.find((c) => typeof c.token === 'string')?.token as string | undefined,
    };
    log(`Running ${collection.name} (${collection.product}) against ${String(env.body.name)} (${key})`);
    const report = await run(collection, {
      product: collection.product,
      baseUrl: `${host.origin}/sim/${key}`,
      environment: `${String(env.body.name)} (${key})`,
      credentials,
      variables: options.variables ?? {},
      fetch: host.fetch,
    });
    for (const line of reportLines(report)) log(line);
    return { report, ok: report.failed === 0 };
  } finally {
    for (const id of minted) await admin('DELETE', `/environments/${key}/credentials/${id}`).catch(() => undefined);
    await host.close();
  }
}
