/**
 * The simulator inside a test suite (issue 21 § 2). `startSimulator` runs the Node host in this
 * process (in memory unless `state` is given); `connectSimulator` talks to one already running (a
 * Vitest globalSetup's, `erp-sim serve` in CI). Both create environments through the control API
 * over HTTP, so parallel test workers each get their own environment on one host and never meet.
 */
import { startNodeHost, type NodeHost } from '../server.ts';
import { ControlClient } from './control.ts';
import { SimEnvironment } from './environment.ts';
import type { ConnectOptions, CreatedEnvironment, CreateOptions, StartOptions } from './types.ts';

/** Fast enough for one environment per test; see StartOptions.pbkdf2Iterations for why it is safe. */
const TEST_PBKDF2_ITERATIONS = 1000;

export interface Simulator {
  /** The host's origin, e.g. `http://127.0.0.1:41234`; environments live under `${url}/sim/<key>`. */
  readonly url: string;
  /** The admin token this handle sends (started here: the host's, given or generated; hand it to workers that connect). */
  readonly adminToken: string | undefined;
  /** A new environment: a product's seeded book, a scenario of the library, or a snapshot file. */
  createEnvironment(opts: CreateOptions): Promise<SimEnvironment>;
  /**
   * Started here: stops the host (in memory, its environments go with it). Connected: deletes the
   * environments created through this handle, so a shared host does not fill up with test leftovers.
   */
  close(): Promise<void>;
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

/** Start the simulator in this process: `await startSimulator({ port: 0 })`. */
export async function startSimulator(opts: StartOptions = {}): Promise<Simulator> {
  const host = await startNodeHost({
    port: opts.port ?? 0,
    host: opts.host ?? '127.0.0.1',
    stateFile: opts.state,
    pbkdf2Iterations: opts.pbkdf2Iterations ?? TEST_PBKDF2_ITERATIONS,
    ...(opts.journalSize !== undefined ? { journalSize: opts.journalSize } : {}),
    log: opts.log,
    adminToken: opts.adminToken,
    requireToken: opts.requireToken,
  });
  // The given token, or the one the host generated (it trusts this machine anyway, unless requireToken).
  return new ControlledSimulator(new ControlClient(host.url, opts.adminToken ?? host.access.adminToken), host);
}

/** Use a simulator running elsewhere (started by a globalSetup, or `erp-sim serve` in CI). */
export async function connectSimulator(opts: ConnectOptions): Promise<Simulator> {
  const control = new ControlClient(opts.url.replace(/\/+$/, ''), opts.adminToken ?? opts.classCode);
  // Fail here, with the reason (unreachable, a token needed or refused), rather than at the first
  // createEnvironment; the scenario list is small and readable with either token.
  await control.call('/scenarios');
  return new ControlledSimulator(control, undefined);
}
