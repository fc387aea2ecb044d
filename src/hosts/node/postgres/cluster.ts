/**
 * Several hosts on one database: each environment is answered by one host at a time, the holder of
 * its lease (a row of sim_lease: owner, URL, fencing token, expiry). The holder answers from memory
 * and renews its leases every TTL/3; any other host forwards the request to it, or takes the lease
 * over once it expired (the holder died or lost the database), reading the environment afresh. Every
 * write checks, in its own transaction and under the lease row's lock, that this host still holds
 * the lease with the same fencing token: a host that lost it can store nothing. A host whose leases
 * could not be renewed stops answering from memory before they can expire (503 instead): no stale
 * answer after a write elsewhere. An environment whose requests nearly all come forwarded from
 * one other host is handed over to that host (traffic.ts has the thresholds): its holder stops
 * answering it, bumps the fence as it names the new holder in the lease, and answers that forward
 * with HANDOVER_HEADER instead of answering it; the forwarder then takes the lease and answers.
 * docs/operate-postgres.md has the failure analysis.
 */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { StoreUnavailable, type Engine, type Environment } from '../../../engine/for-node.ts';
import { asStoreError } from './failures.ts';
import { forward, forwarderOf, handedOver, HANDOVER_HEADER, refused, type Forwarder } from './forwarding.ts';
import { ReadsAhead } from './read-ahead.ts';
import { InFlight } from './in-flight.ts';
import { syncList } from './env-list.ts';
import type { WriteGuard } from './pg-backend.ts';
import { minHoldMs, TrafficWindow } from './traffic.ts';

/**
 * How long a lease lasts unless renewed; the holder renews every third of it. A killed holder's
 * environments wait this long for another host, so it is short; a renewal late by more than a third
 * costs one statement (the holder takes its own lease again, and keeps its memory).
 */
export const LEASE_TTL_MS = 3000;
/** The holder stops answering from memory this long before its lease could expire (clock drift, a slow renewal). */
const SAFETY_MS = 1000;
/**
 * A lease with less than this left missed a renewal (due every TTL/3) by a second: its holder, if
 * alive but cut off, has stopped answering from memory by its own clock, so never two answer.
 */
const OVERDUE_LEFT_MS = SAFETY_MS;

interface Held {
  fence: number;
  /** performance.now() until which this host may answer from memory. */
  until: number;
  /** performance.now() when this host took the lease. */
  since: number;
  /** Who sent the environment's latest requests. */
  traffic: TrafficWindow;
  /** How long it is held at least before it may move (read once, when it first could). */
  minHold?: number;
}

const held = (fence: number, started: number): Held => ({ fence, until: started + LEASE_TTL_MS - SAFETY_MS, since: started, traffic: new TrafficWindow() });

export interface ClusterOptions {
  pool: Pool;
  secret: string;
  /** Where other hosts reach this one (`--advertise`, else the URL it listens on). */
  url: string;
  mount: string;
  ownership?: (change: 'acquired' | 'released' | 'lost') => void;
  event?: (level: 'info' | 'warn' | 'error', name: string, message: string) => void;
}

/**
 * What `route` decided: answer here (with the caller address to use; `finish` once the answer is
 * made), or the answer made elsewhere.
 */
export type Routed = { local: true; address?: string; finish?: () => void } | { local: false; response: Response };

/** How long a handover waits for the environment's requests in flight here (a longer one, such as a generate, keeps it here for now). */
const DRAIN_MS = 1000;

export class Cluster {
  readonly id = randomUUID();
  private readonly held = new Map<string, Held>();
  /**
   * The fence of each environment whose memory here is what the database holds: taking the lease
   * again at the next fence (nobody took it in between) keeps that memory instead of reading it.
   */
  private readonly current = new Map<string, number>();
  private readonly claiming = new Map<string, Promise<void>>();
  /** Handovers in progress: requests for these environments wait until the lease names its new holder. */
  private readonly handing = new Map<string, Promise<void>>();
  /** Requests answered here now, per environment (a handover waits for them). */
  private readonly inFlight = new InFlight();
  /** Environments read while waiting for a dead holder's lease (read-ahead.ts), through the engine's backend. */
  private readonly ahead = new ReadsAhead(() => this.engine?.store.backend);
  private engine: Engine | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: ClusterOptions) {}

  /** Begin renewing (the engine is the one whose memory a takeover refreshes). */
  start(engine: Engine, url: string): void {
    this.engine = engine;
    if (!this.opts.url) this.opts.url = url;
    this.timer = setInterval(() => void this.renew(), LEASE_TTL_MS / 3);
    this.timer.unref();
  }

  /**
   * A write whose outcome is unknown: answer the environment again only after taking its lease
   * afresh, which reads it from the database.
   */
  doubt(env: string): void {
    this.held.delete(env);
    this.current.delete(env);
  }

  /** Environments this host answers now. */
  holding(): string[] {
    return [...this.held.keys()];
  }

  /**
   * Runs first in each write's transaction: the environment's lease row, locked, must be this
   * host's with the fencing token it took; a new environment (created or imported here) gets its
   * lease in the same transaction. With it go the lease held (a records change of an environment
   * held here is checked and written in one statement) and the refusal when that check fails.
   */
  readonly guard: WriteGuard = Object.assign((client: PoolClient, env: string) => this.check(client, env), {
    fence: (env: string) => {
      const held = this.held.get(env);
      return held ? { owner: this.id, fence: held.fence, ttlMs: LEASE_TTL_MS } : null;
    },
    lost: (env: string) => this.lost(env),
  });

  private async check(client: PoolClient, env: string): Promise<void> {
    // Locks the lease row as FOR UPDATE would, and counts the write (undone with it if refused below).
    const { rows } = await client.query<{ owner: string | null; fence: string; live: boolean }>('UPDATE sim_lease SET writes = writes + 1 WHERE env = $1 RETURNING owner, fence, expires_at > now() AS live', [env]);
    const row = rows[0];
    const mine = this.held.get(env);
    if (!row) {
      const started = performance.now();
      const made = await client.query("INSERT INTO sim_lease (env, owner, url, fence, counting_fence, expires_at) VALUES ($1, $2, $3, 1, 1, now() + $4 * interval '1 millisecond') ON CONFLICT (env) DO NOTHING RETURNING fence", [env, this.id, this.opts.url, LEASE_TTL_MS]);
      if (!made.rowCount) throw this.lost(env);
      this.held.set(env, held(1, started));
      this.current.set(env, 1);
      this.opts.ownership?.('acquired');
      return;
    }
    if (row.owner !== this.id || !mine || Number(row.fence) !== mine.fence) throw this.lost(env);
    // Expired but nobody took it (the row is locked and still ours): extend it rather than refuse.
    if (!row.live) await client.query("UPDATE sim_lease SET expires_at = now() + $2 * interval '1 millisecond' WHERE env = $1", [env, LEASE_TTL_MS]);
  }

  private lost(env: string): StoreUnavailable {
    this.current.delete(env);
    if (this.held.delete(env)) this.opts.ownership?.('lost');
    void this.forget(env);
    return new StoreUnavailable(`Another host answers environment ${env} now; nothing of this request was stored. Retry: it will be sent there.`);
  }

  /** Drop what memory holds of an environment this host no longer answers (its row stays listed). */
  private async forget(env: string): Promise<void> {
    this.ahead.adopt(env, null);
    const engine = this.engine;
    if (engine) await engine.reload(env, engine.store.env(env) ?? null);
  }

  /** The environment a path belongs to: `/sim/<key>/…` or `/sim/_admin/environments/<key>/…`. */
  envOf(pathname: string): string | null {
    const parts = pathname.slice(this.opts.mount.length + 1).split('/');
    if (parts[0] === '_admin') return parts[1] === 'environments' && parts[2] && parts[2] !== 'import' ? parts[2] : null;
    return parts[0] && !parts[0].startsWith('_') ? parts[0] : null;
  }

  /** The caller address a signed forward names, or null (absent, or not signed by a host of this database). */
  forwardedFrom(req: Request): string | null {
    return forwarderOf(req, this.opts.secret)?.address ?? null;
  }

  /** Decide who answers `req` (its body already read into `body`, for a forward). */
  async route(req: Request, address: string | undefined, forwardedFrom: string | null): Promise<Routed> {
    const { pathname } = new URL(req.url);
    const env = this.envOf(pathname);
    const local: Routed = { local: true, address: forwardedFrom ?? address };
    if (!env) {
      if (pathname.startsWith(`${this.opts.mount}/_admin`)) await syncList(this.engine as Engine, this.held, (text, doing) => this.query(text, [], doing));
      return local;
    }
    const from = forwardedFrom === null ? null : forwarderOf(req, this.opts.secret);
    const handing = this.handing.get(env);
    if (handing) await handing;
    const mine = this.held.get(env);
    if (mine && mine.until > performance.now()) {
      const to = mine.traffic.add(from?.id ?? '');
      if (!to || !from?.url || !(await this.mayMove(env, mine))) return this.answering(env, local);
      // The same Held still (no renewal lost it meanwhile), and no other request is handing it over.
      if (this.held.get(env) !== mine || this.handing.has(env)) return this.route(req, address, forwardedFrom);
      if (await this.handOver(env, mine, from as Forwarder & { url: string })) return { local: false, response: handedOver(env) };
      return this.answering(env, local);
    }
    const routed = this.takeOrForward(req, env, address, forwardedFrom, from, local);
    // Not taken here (forwarded, or refused): a read ahead of taking it is not wanted.
    routed.then((r) => r.local || this.ahead.drop(env), () => this.ahead.drop(env));
    return routed;
  }

  /** Forward `req` to the environment's holder, or take its lease (when free, expired, or its holder is gone). */
  private async takeOrForward(req: Request, env: string, address: string | undefined, forwardedFrom: string | null, from: Forwarder | null, local: Routed & { local: true }): Promise<Routed> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const lease = await this.query<{ owner: string | null; url: string | null; fence: string; live: boolean; left: number }>("SELECT owner, url, fence, expires_at > now() AS live, greatest(0, extract(epoch FROM expires_at - now()) * 1000)::float8 AS left FROM sim_lease WHERE env = $1", [env], `finding who answers ${env}`);
      const row = lease[0];
      if (row && row.live && row.owner !== this.id && row.url) {
        // A forward that crossed a handover: its sender holds the lease now, and takes it.
        if (from && row.owner === from.id) return { local: false, response: handedOver(env) };
        // Sent on once only: a forwarded request the holder did not take is not passed around.
        if (forwardedFrom !== null) throw new StoreUnavailable(`Environment ${env} is moving between hosts; retry.`);
        let res: Response;
        try {
          res = await forward(req, row.url, { id: this.id, address: address ?? '', url: this.opts.url }, this.opts.secret);
        } catch (err) {
          // Nothing listens at the holder's URL and its lease missed a renewal: the holder is gone
          // (killed, crashed), so its lease is taken now rather than when it runs out (fence bumped:
          // a write of it still in flight stores nothing). Refused while the lease is renewed on
          // time: wait until a renewal would be overdue and look again; a holder still renewing is
          // alive (hosts cut from each other), and is never taken over. Any other failure (a
          // timeout, a reset) may be a live holder too: its lease runs out, then this host takes it.
          const gone = refused(err);
          // Gone: its environment is read now, while its lease runs out, and kept if nothing is written meanwhile.
          if (gone && this.ahead.start(env)) this.opts.event?.('info', 'ownership', `reading environment ${env} ahead: its holder at ${row.url} refused the forward`);
          if (gone && row.left < OVERDUE_LEFT_MS) {
            if (await this.claim(env, { owner: row.owner, fence: Number(row.fence) })) return this.answering(env, local);
            continue;
          }
          await new Promise((r) => setTimeout(r, Math.min(LEASE_TTL_MS, (gone ? row.left - OVERDUE_LEFT_MS : row.left) + 50)));
          continue;
        }
        // The holder handed the environment over to this host: the lease names it; take it, answer here.
        if (res.headers.has(HANDOVER_HEADER)) continue;
        return { local: false, response: res };
      }
      // Taken meanwhile by another request here (its claim ended while this one waited for a forward
      // or the lookup): taking it again would bump the fence under that request's writes.
      const now = this.held.get(env);
      if (now && now.until > performance.now()) return this.answering(env, local);
      if (await this.claim(env)) return this.answering(env, local);
    }
    throw new StoreUnavailable(`Environment ${env} could not be taken over; retry.`);
  }

  /** Whether the environment was held long enough to move (traffic.ts: the longer, the larger it is). */
  private async mayMove(env: string, mine: Held): Promise<boolean> {
    const heldFor = performance.now() - mine.since;
    if (heldFor < minHoldMs(0)) return false;
    if (mine.minHold === undefined) {
      // Not counted (the database is away): it stays here, and the next forward asks again.
      const rows = await this.query<{ n: string }>('SELECT count(*) AS n FROM sim_record WHERE env = $1', [env], `counting the records of ${env}`).catch(() => null);
      if (!rows) return false;
      mine.minHold = minHoldMs(Number(rows[0]?.n ?? 0));
    }
    return heldFor >= mine.minHold;
  }

  /**
   * Give the environment's lease to the host that forwards its requests: stop answering it from
   * memory first (requests here wait, then are forwarded to the new holder), let the journal reach
   * the database, then name the new holder in the lease with the fence bumped. A write of this host
   * still in flight either committed before (the new holder reads it) or finds the fence moved and
   * stores nothing (503, retry). If the lease was no longer this host's, the forwarder finds that out
   * when it looks the lease up again.
   */
  private handOver(env: string, mine: Held, to: Forwarder & { url: string }): Promise<boolean> {
    const done = (async () => {
      // Requests of the environment still being answered here finish first (new ones wait).
      if (!(await this.inFlight.drained(env, DRAIN_MS))) {
        mine.since = performance.now();
        return false;
      }
      this.held.delete(env);
      this.current.delete(env);
      await this.engine?.settled().catch(() => undefined);
      const rows = await this.query<{ fence: string }>(
        "UPDATE sim_lease SET owner = $4, url = $5, fence = fence + 1, expires_at = now() + $6 * interval '1 millisecond' WHERE env = $1 AND owner = $2 AND fence = $3 RETURNING fence",
        [env, this.id, mine.fence, to.id, to.url, LEASE_TTL_MS],
        `handing environment ${env} over`,
      ).catch(() => []);
      if (rows[0]) {
        this.opts.ownership?.('released');
        this.opts.event?.('info', 'ownership', `handed environment ${env} over to ${to.url} (fence ${rows[0].fence}): it sent nearly all of its latest requests`);
      } else this.opts.ownership?.('lost');
      await this.forget(env);
      return true;
    })();
    this.handing.set(
      env,
      done.then(
        () => undefined,
        () => undefined,
      ),
    );
    return done.finally(() => this.handing.delete(env));
  }

  /** A request answered here: in flight until its answer is made. */
  private answering(env: string, local: Routed & { local: true }): Routed {
    return { ...local, finish: this.inFlight.begin(env) };
  }

  /**
   * Take the environment's lease when it is free, expired or already this host's, or still held by
   * `gone` (a holder known not to be running) with the fence seen; read it afresh.
   */
  private claim(env: string, gone?: { owner: string | null; fence: number }): Promise<boolean> {
    const running = this.claiming.get(env);
    if (running) return running.then(() => this.held.has(env));
    const claim = (async () => {
      const started = performance.now();
      const rows = await this.query<{ fence: string; writes: string }>(
        "INSERT INTO sim_lease (env, owner, url, fence, counting_fence, expires_at) SELECT $1, $2, $3, 1, 1, now() + $4 * interval '1 millisecond' WHERE EXISTS (SELECT 1 FROM sim_env WHERE key = $1) ON CONFLICT (env) DO UPDATE SET owner = excluded.owner, url = excluded.url, fence = sim_lease.fence + 1, counting_fence = sim_lease.fence + 1, expires_at = excluded.expires_at WHERE sim_lease.expires_at <= now() OR sim_lease.owner = excluded.owner OR (sim_lease.owner = $5 AND sim_lease.fence = $6) RETURNING fence, writes",
        [env, this.id, this.opts.url, LEASE_TTL_MS, gone?.owner ?? null, gone?.fence ?? null],
        `taking environment ${env} over`,
      );
      const engine = this.engine as Engine;
      if (!rows[0]) {
        // No such environment (the engine answers 404), or another host took it first.
        this.ahead.drop(env);
        const exists = await this.query<{ row: string }>('SELECT row FROM sim_env WHERE key = $1', [env], `reading environment ${env}`);
        if (!exists[0]) await engine.reload(env, null);
        return;
      }
      const fence = Number(rows[0].fence);
      let how = '';
      // Its own lease again, nobody else's in between (the fence moved by one): memory is current.
      if (this.current.get(env) !== fence - 1) {
        // Its row as stored now: the lease is ours, so nothing changes it from here on but this host.
        const stored = await this.query<{ row: string }>('SELECT row FROM sim_env WHERE key = $1', [env], `reading environment ${env}`);
        // Rows read ahead are current if no write came after them (and from here on only this host writes).
        const ahead = await this.ahead.take(env, fence, Number(rows[0].writes));
        await engine.reload(env, stored[0] ? (JSON.parse(stored[0].row) as Environment) : null);
        this.ahead.adopt(env, ahead);
        if (gone) how = ahead ? ', its rows read while the lease ran out' : ', its rows read again (written after the read ahead, or none)';
      } else this.ahead.drop(env);
      this.held.set(env, held(fence, started));
      this.current.set(env, fence);
      this.opts.ownership?.('acquired');
      this.opts.event?.('info', 'ownership', `took environment ${env} (fence ${rows[0].fence})${how}`);
    })();
    this.claiming.set(env, claim);
    return claim.then(
      () => (this.claiming.delete(env), this.held.has(env) || !(this.engine as Engine).store.env(env)),
      (err: unknown) => {
        this.claiming.delete(env);
        throw err;
      },
    );
  }

  /** Renew every lease held; a lease not renewed (taken over) is given up here too. */
  private async renew(): Promise<void> {
    const entries = [...this.held];
    if (!entries.length) return;
    const started = performance.now();
    let rows: { env: string }[];
    try {
      rows = (
        await this.opts.pool.query<{ env: string }>(
          "UPDATE sim_lease l SET expires_at = now() + $2 * interval '1 millisecond' FROM unnest($3::text[], $4::bigint[]) AS o(env, fence) WHERE l.env = o.env AND l.fence = o.fence AND l.owner = $1 RETURNING l.env",
          [this.id, LEASE_TTL_MS, entries.map(([env]) => env), entries.map(([, h]) => h.fence)],
        )
      ).rows;
    } catch (err) {
      // Not renewed: the leases lapse here before they can expire in the database.
      this.opts.event?.('warn', 'lease-renewal', `could not renew ${entries.length} lease(s): ${(err as Error).message}`);
      return;
    }
    const renewed = new Set(rows.map((r) => r.env));
    for (const [env, h] of entries) {
      if (renewed.has(env)) h.until = started + LEASE_TTL_MS - SAFETY_MS;
      else if (this.held.get(env) === h) {
        this.held.delete(env);
        this.current.delete(env);
        this.opts.ownership?.('lost');
        await this.forget(env);
      }
    }
  }

  /** Give up every lease (a graceful stop): another host takes each environment at its next request. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    const envs = [...this.held.keys()];
    this.held.clear();
    this.current.clear();
    if (!envs.length) return;
    await this.opts.pool.query('UPDATE sim_lease SET owner = NULL, url = NULL, expires_at = now() WHERE owner = $1 AND env = ANY($2::text[])', [this.id, envs]).catch(() => undefined);
    for (let i = 0; i < envs.length; i++) this.opts.ownership?.('released');
  }

  private async query<T>(text: string, values: unknown[], doing: string): Promise<T[]> {
    try {
      return (await this.opts.pool.query(text, values)).rows as T[];
    } catch (err) {
      throw asStoreError(err, doing);
    }
  }
}
