/**
 * What an orchestrator and a dashboard ask a host: `GET /sim/_health` (the process answers),
 * `/sim/_ready` (start-up done and the store reachable, else 503 with the reason) and `/sim/_metrics`
 * (Prometheus text; under --require-token it takes the admin token). They need no token otherwise
 * and never wait for start-up: a probe must see a host that is still starting.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import { hashToken } from '../../engine/for-node.ts';

/** Whether the store answers: null when it does, else why not (a backend that cannot fail omits it). */
export type StoreProbe = () => Promise<string | null>;

export interface OpsOptions {
  mount: string;
  /** The environment's product, for a request's labels (undefined: not an environment's path). */
  productOf: (envKey: string) => string | undefined;
  environments: () => number;
  /** Set under --require-token: `_metrics` then needs this admin token's hash. */
  adminTokenHash?: string;
  probe?: StoreProbe;
}

/** The routes below `/sim` that are the host's, not the engine's. */
const ROUTES = new Set(['_health', '_ready', '_metrics']);

export class OpsRoutes {
  readonly registry = new Registry();
  private started = false;
  private stopping = false;
  private readonly requests = new Counter({ name: 'sim_requests_total', help: 'Requests answered, by product (or control, other) and status class.', labelNames: ['product', 'status_class'], registers: [this.registry] });
  private readonly duration = new Histogram({
    name: 'sim_request_duration_seconds',
    help: 'Time from a request to its answer, by product.',
    labelNames: ['product'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  private readonly storeOps = new Counter({ name: 'sim_store_operations_total', help: 'Writes and reads the host asked of its store, by operation.', labelNames: ['op'], registers: [this.registry] });
  private readonly storeErrors = new Counter({ name: 'sim_store_errors_total', help: 'Store operations that failed, by operation.', labelNames: ['op'], registers: [this.registry] });
  private readonly ownership = new Counter({ name: 'sim_ownership_changes_total', help: 'Environments this host took over or gave up (several hosts on one database).', labelNames: ['change'], registers: [this.registry] });

  constructor(private readonly opts: OpsOptions) {
    new Gauge({
      name: 'sim_environments',
      help: 'Environments the store holds.',
      registers: [this.registry],
      collect: () => {
        (this.registry.getSingleMetric('sim_environments') as Gauge).set(opts.environments());
      },
    });
  }

  /** Start-up is done: `_ready` may answer 200. */
  markStarted(): void {
    this.started = true;
  }

  /** The host stops: `_ready` answers 503 so a balancer sends no more. */
  markStopping(): void {
    this.stopping = true;
  }

  /** The product label of a path below the mount: an environment's product, `control` or `other`. */
  productLabel(pathname: string): string {
    const rest = pathname.slice(this.opts.mount.length + 1);
    const first = rest.split('/', 1)[0] ?? '';
    if (first === '_admin') return 'control';
    return (first && this.opts.productOf(first)) || 'other';
  }

  /** Count one answered request (`status` 0: a dropped connection). */
  observe(pathname: string, status: number, seconds: number): void {
    const product = this.productLabel(pathname);
    this.requests.inc({ product, status_class: status === 0 ? 'dropped' : `${Math.floor(status / 100)}xx` });
    this.duration.observe({ product }, seconds);
  }

  storeOp(op: string, failed: boolean): void {
    this.storeOps.inc({ op });
    if (failed) this.storeErrors.inc({ op });
  }

  ownershipChange(change: 'acquired' | 'released' | 'lost'): void {
    this.ownership.inc({ change });
  }

  /** The answer of an ops route, or null when `req` is not one. */
  /** `pathname`: the request's, when the caller has read it already. */
  async answer(req: Request, pathname = new URL(req.url).pathname): Promise<Response | null> {
    const name = pathname.startsWith(`${this.opts.mount}/`) ? pathname.slice(this.opts.mount.length + 1) : '';
    if (!ROUTES.has(name)) return null;
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: `${pathname} answers GET only` }, { allow: 'GET, HEAD' });
    if (name === '_health') return json(200, { status: 'alive' });
    if (name === '_ready') {
      const reason = this.stopping ? 'stopping' : !this.started ? 'starting' : await this.storeProblem();
      return reason ? json(503, { status: 'not ready', reason }) : json(200, { status: 'ready' });
    }
    if (this.opts.adminTokenHash !== undefined && !(await this.admin(req))) {
      return json(401, { error: 'This host runs with --require-token: /sim/_metrics takes Authorization: Bearer <admin token>.' }, { 'www-authenticate': 'Bearer' });
    }
    return new Response(await this.registry.metrics(), { headers: { 'content-type': this.registry.contentType } });
  }

  private async storeProblem(): Promise<string | null> {
    if (!this.opts.probe) return null;
    try {
      return await this.opts.probe();
    } catch (err) {
      return `store unreachable: ${(err as Error).message}`;
    }
  }

  private async admin(req: Request): Promise<boolean> {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.get('authorization') ?? '');
    if (!m) return false;
    const given = Buffer.from(await hashToken(m[1] as string));
    const kept = Buffer.from(this.opts.adminTokenHash as string);
    return given.length === kept.length && timingSafeEqual(given, kept);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });
}
