/**
 * The simulator inside a test suite. `startSimulator` runs the Node host in this
 * process (in memory unless `state` is given); `connectSimulator` talks to one already running (a
 * Vitest globalSetup's, `erp-sim serve` in CI). Both create environments through the control API
 * over HTTP, so parallel test workers each get their own environment on one host and never meet.
 */
import { AccessOptionError, startNodeHost, type NodeHost } from '../server.ts';
import { ControlClient, SimulatorError } from './control.ts';
import { SimEnvironment } from './environment.ts';
import type { ConnectOptions, CreatedEnvironment, CreateOptions, ProductId, StartOptions } from './types.ts';

export interface Simulator {
  /** The host's origin, e.g. `http://127.0.0.1:41234`; environments live under `${url}/sim/<key>`. */
  readonly url: string;
  /** The admin token this handle sends, if any (connected: the one given; hand it to workers that connect). */
  readonly adminToken: string | undefined;
  /** A new environment of a product, its credentials typed for that product. */
  createEnvironment<P extends ProductId>(opts: Extract<CreateOptions, { product: ProductId }> & { product: P }): Promise<SimEnvironment<P>>;
  /** A new environment: a product's seeded book, a scenario of the library, or a snapshot file. */
  createEnvironment(opts: CreateOptions): Promise<SimEnvironment>;
  /**
   * Started here: stops the host (in memory, its environments go with it). Connected: deletes the
   * environments created through this handle, so a shared host does not fill up with test leftovers.
   */
  close(): Promise<void>;
}

/** A simulator started in this process: its admin token is known (given, or generated at start). */
export interface StartedSimulator extends Simulator {
  readonly adminToken: string;
}

class ControlledSimulator implements Simulator {
  private readonly created = new Set<SimEnvironment>();
  private closed = false;

  constructor(
    private readonly control: ControlClient,
    private readonly host: NodeHost | undefined,
  ) {}

  get url(): string {
    return this.control.url;
  }

  get adminToken(): string | undefined {
    return this.control.adminToken;
  }

  async createEnvironment(opts: CreateOptions): Promise<SimEnvironment> {
    if (this.closed) throw new Error('createEnvironment: this simulator handle is closed.');
    let made: CreatedEnvironment;
    if ('product' in opts) {
      made = await this.control.call<CreatedEnvironment>('/environments', { method: 'POST', body: { product: opts.product, ...(opts.name ? { name: opts.name } : {}), ...(opts.clock ? { clock: opts.clock } : {}) } });
    } else if ('scenario' in opts) {
      made = await this.control.call<CreatedEnvironment>(`/scenarios/${encodeURIComponent(opts.scenario)}`, { method: 'POST' });
      if (opts.name) {
        const renamed = await this.control.call<{ name: string }>(`/environments/${made.key}`, { method: 'PATCH', body: { name: opts.name }, ...(made.ownerToken ? { token: made.ownerToken } : {}) });
        made = { ...made, name: renamed.name };
      }
    } else if ('snapshot' in opts) {
      made = await this.control.call<CreatedEnvironment>('/environments/import', { method: 'POST', body: opts.snapshot, query: { name: opts.name } });
    } else {
      throw new TypeError('createEnvironment needs { product }, { scenario } or { snapshot }.');
    }
    const env = new SimEnvironment(this.control, made);
    this.created.add(env);
    if ('journalSize' in opts && opts.journalSize !== undefined) await env.journal.setSize(opts.journalSize);
    return env;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.host) return this.host.close();
    // A host that is gone already has nothing left to clean.
    await Promise.all([...this.created].map((env) => env.delete().catch(() => undefined)));
  }
}

/**
 * Start the simulator in this process: `await startSimulator({ port: 0 })`. Its `adminToken` is known
 * unless a state file kept one from an earlier start and none is given (only its hash is kept).
 */
export async function startSimulator(opts: StartOptions & { state: string; adminToken?: undefined }): Promise<Simulator>;
export async function startSimulator(opts?: StartOptions): Promise<StartedSimulator>;
export async function startSimulator(opts: StartOptions = {}): Promise<Simulator> {
  const port = opts.port ?? 0;
  const bind = opts.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`startSimulator({ port }): port must be an integer from 0 to 65535 (0 picks a free one), not ${JSON.stringify(port)}.`);
  const host = await startNodeHost({ port, host: bind, stateFile: opts.state, ...(opts.journalSize !== undefined ? { journalSize: opts.journalSize } : {}), log: opts.log, adminToken: opts.adminToken, requireToken: opts.requireToken }).catch((err: unknown) => {
    throw startFailure(err, port, bind);
  });
  // The given token, or the one the host generated (it trusts this machine anyway, unless requireToken).
  return new ControlledSimulator(new ControlClient(host.url, opts.adminToken ?? host.access.adminToken), host);
}

/** Why the host could not start, naming the option to change (a listen error is otherwise a bare code). */
function startFailure(err: unknown, port: number, bind: string): unknown {
  if (err instanceof AccessOptionError) return new TypeError(`startSimulator({ adminToken }): ${err.message}.`);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return new Error(`startSimulator: port ${port} is already in use on ${bind}. Choose another port, or { port: 0 } for a free one.`, { cause: err });
  if (code === 'EACCES') return new Error(`startSimulator: not allowed to listen on ${bind}:${port} (ports below 1024 need privileges). Choose another port, or { port: 0 } for a free one.`, { cause: err });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new Error(`startSimulator: the address ${bind} (option host) is not one of this machine's. Use '127.0.0.1', or '0.0.0.0' for every interface.`, { cause: err });
  return err;
}

/**
 * The host's origin from what the caller gave: `http://127.0.0.1:8787` as `erp-sim serve` prints it.
 * A URL with a path (`…/sim`, `…/sim/env_…`) or without a scheme is refused, saying what to pass.
 */
function hostOrigin(url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') {
    throw new SimulatorError(`connectSimulator({ url }): url is ${url === '' ? 'empty' : String(url)}; pass the host's URL, e.g. { url: process.env.SIM_URL } with SIM_URL=http://127.0.0.1:8787 (what erp-sim serve prints). Is SIM_URL set?`, 0);
  }
  const given = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new SimulatorError(`connectSimulator({ url }): '${given}' is not a URL; give its scheme too, e.g. http://${given.replace(/^\/+/, '')}`, 0);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SimulatorError(`connectSimulator({ url }): '${given}' is not an http(s) URL; give the host's URL, e.g. http://127.0.0.1:8787`, 0);
  }
  // A path is kept (a reverse proxy may serve the host under one), but not the simulator's own /sim.
  const path = parsed.pathname.replace(/\/+$/, '');
  const sim = /(^|\/)sim(\/|$)/.exec(path);
  if (sim || parsed.search || parsed.hash) {
    const base = `${parsed.origin}${sim ? path.slice(0, sim.index) : path}`;
    throw new SimulatorError(`connectSimulator({ url }): give the host's URL, ${base}, not '${given}' (environments live under ${base}/sim/<key>)`, 0);
  }
  return `${parsed.origin}${path}`;
}

/** Use a simulator running elsewhere (started by a globalSetup, or `erp-sim serve` in CI). */
export async function connectSimulator(opts: ConnectOptions): Promise<Simulator> {
  const control = new ControlClient(hostOrigin(opts?.url), opts.adminToken ?? opts.classCode);
  // Fail here, with the reason (unreachable, a token needed or refused), rather than at the first
  // createEnvironment; the scenario list is small and readable with either token.
  await control.call('/scenarios');
  return new ControlledSimulator(control, undefined);
}
