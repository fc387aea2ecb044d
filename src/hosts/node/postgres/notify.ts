/**
 * Notices across the hosts of one database, over PostgreSQL LISTEN/NOTIFY: what one host's engine
 * publishes (a committed write, journal entries, a generate's progress) reaches the event streams
 * (`/sim/_admin/events`) and the trainer's view of every other host.
 *
 * - Sending: each notice this host's engine publishes is queued and sent with `pg_notify` in small
 *   batches every 25 ms (outside the write's transaction, so a write waits for
 *   nothing more). A payload names the sender and the notices: environment key and what changed.
 * - Receiving: one connection of its own LISTENs. For an environment this host does not hold, it
 *   first fetches what changed (the environment's row; its journal is read again on next use), then
 *   publishes the notice to its own streams, so a page that re-reads on the notice sees the change.
 * - A lost LISTEN connection (database restart, network cut, a terminated backend) is made again
 *   with backoff; once back, the host re-reads every environment it does not hold and publishes a
 *   change for each, since notices sent meanwhile are lost.
 * - A payload with `l` means the custom lessons changed (lessons-store.ts): every host, the sender
 *   too, reads them again on next use.
 */
import pg from 'pg';
import type { Pool } from 'pg';
import type { Engine, Environment } from '../../../engine/for-node.ts';

type Notice = Parameters<Engine['notices']['publish']>[0];

export const NOTICE_CHANNEL = 'sim_notice';
/** How the LISTEN connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION = 'erp-sim-listen';
/** PostgreSQL refuses payloads of 8000 bytes and more: a larger batch is sent in parts. */
const MAX_PAYLOAD = 7000;
const BATCH_MS = 25;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;
/** A LISTEN connection that stopped answering (a silent network cut) is noticed within this. */
const PING_MS = 10_000;

/** One NOTIFY payload: the sending host, its notices, or `l: 1` when the custom lessons changed. */
export interface NoticeMessage {
  h: string;
  n?: Notice[];
  l?: 1;
}

export interface NoticeRelayOptions {
  /** The database URL (the LISTEN connection is one of its own, outside the pool). */
  url: string;
  pool: Pool;
  engine: Engine;
  /** This host's id (the cluster's): its own notices are not published twice. */
  hostId: string;
  /** The environments this host holds: its memory of them is current, nothing to fetch. */
  holding(): string[];
  event?: (level: 'info' | 'warn' | 'error', name: string, message: string) => void;
}

const NOTICE_TYPES = new Set(['sim-change', 'sim-journal', 'sim-progress']);

export class NoticeRelay {
  private client: pg.Client | null = null;
  private queue: Notice[] = [];
  private batchTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryMs = RETRY_FIRST_MS;
  /** Notices may have been missed: no connection for a while (lost, or not made at the first try). */
  private missed = false;
  private closed = false;
  /** True while publishing another host's notices: those are not sent back out. */
  private relaying = false;
  /** Received batches, applied one after the other. */
  private applying: Promise<void> = Promise.resolve();
  private readonly sending = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;
  /** How this host's own payloads begin (flush writes them so). */
  private readonly ownPrefix: string;

  private constructor(private readonly opts: NoticeRelayOptions) {
    this.ownPrefix = `{"h":${JSON.stringify(opts.hostId)},`;
    this.unsubscribe = opts.engine.notices.subscribe((notice) => {
      if (!this.relaying) this.enqueue(notice);
    });
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
    this.pingTimer.unref();
  }

  /** Start listening (a database that does not answer yet is retried in the background). */
  static async start(opts: NoticeRelayOptions): Promise<NoticeRelay> {
    const relay = new NoticeRelay(opts);
    await relay.connect();
    return relay;
  }

  private enqueue(notice: Notice): void {
    this.queue.push(notice);
    this.batchTimer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush(): void {
    this.batchTimer = undefined;
    // The same notice twice in one batch tells a page nothing more.
    const seen = new Set<string>();
    const parts: string[][] = [[]];
    let size = 0;
    for (const notice of this.queue.splice(0)) {
      const text = JSON.stringify(notice);
      if (seen.has(text)) continue;
      seen.add(text);
      if (size + text.length > MAX_PAYLOAD && (parts[parts.length - 1] as string[]).length) {
        parts.push([]);
        size = 0;
      }
      (parts[parts.length - 1] as string[]).push(text);
      size += text.length + 1;
    }
    for (const part of parts) {
      if (!part.length) continue;
      const payload = `{"h":${JSON.stringify(this.opts.hostId)},"n":[${part.join(',')}]}`;
      // A notice that cannot be sent (the database is away) is dropped: peers re-read when they reconnect.
      const sent = this.opts.pool.query('SELECT pg_notify($1, $2)', [NOTICE_CHANNEL, payload]).catch(() => undefined);
      this.sending.add(sent);
      void sent.finally(() => this.sending.delete(sent));
    }
  }

  private async connect(): Promise<void> {
    this.retryTimer = undefined;
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true, application_name: LISTEN_APPLICATION, connectionTimeoutMillis: 3000, query_timeout: 5000 });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', (m) => {
      if (m.channel === NOTICE_CHANNEL && m.payload) this.receive(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTICE_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      this.opts.event?.('warn', 'notify', `could not LISTEN for other hosts' notices (retrying in ${this.retryMs} ms): ${(err as Error).message}`);
      this.missed = true;
      this.retryLater();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    if (this.missed) {
      this.missed = false;
      this.opts.event?.('info', 'notify', "listening again for other hosts' notices; re-reading the environments they hold");
      this.applying = this.applying.then(() => this.catchUp()).catch((err: unknown) => this.opts.event?.('warn', 'notify', `could not re-read the environments: ${(err as Error).message}`));
    }
  }

  private dropped(client: pg.Client): void {
    // Only the current connection counts (a failed attempt is handled where it failed).
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.opts.event?.('warn', 'notify', "lost the LISTEN connection for other hosts' notices: reconnecting");
    this.missed = true;
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private ping(): void {
    const client = this.client;
    if (client) client.query('SELECT 1').catch(() => this.dropped(client));
  }

  private receive(payload: string): void {
    // Its own notices come back on its LISTEN connection: most payloads, not worth decoding.
    if (payload.startsWith(this.ownPrefix) && !payload.includes('"l":1')) return;
    let msg: NoticeMessage;
    try {
      msg = JSON.parse(payload) as NoticeMessage;
    } catch {
      return;
    }
    if (msg.l) this.opts.engine.store.forgetLessons();
    if (msg.h === this.opts.hostId || !Array.isArray(msg.n)) return;
    const notices = msg.n.filter((n) => n && typeof n === 'object' && NOTICE_TYPES.has(n.type) && typeof n.env === 'string');
    if (!notices.length) return;
    this.applying = this.applying.then(() => this.apply(notices)).catch((err: unknown) => this.opts.event?.('warn', 'notify', `could not follow another host's change: ${(err as Error).message}`));
  }

  /** Fetch what changed in environments this host does not hold, then publish the notices here. */
  private async apply(notices: Notice[]): Promise<void> {
    const held = new Set(this.opts.holding());
    const changed = new Set<string>();
    const journaled = new Set<string>();
    for (const n of notices) {
      if (held.has(n.env)) continue;
      if (n.type === 'sim-change') changed.add(n.env);
      else if (n.type === 'sim-journal') journaled.add(n.env);
    }
    const { engine } = this.opts;
    // A records change of an environment this host knows (a write at its holder, the bulk of the
    // notices) changes nothing here but what its memory may hold of the records: dropped, to be
    // read again on next use, without a query. Its row (idSeq, a reset's clock) is read when the
    // host answers the environment (taking the lease reads it) or lists the environments (cluster.ts
    // syncList). A new environment, or a change of its row, is read now.
    for (const n of notices) {
      if (n.type !== 'sim-change' || n.op !== 'records' || !changed.has(n.env)) continue;
      const known = engine.store.env(n.env);
      if (!known || notices.some((m) => m.type === 'sim-change' && m.env === n.env && m.op !== 'records')) continue;
      changed.delete(n.env);
      await engine.reload(n.env, known);
    }
    if (changed.size) {
      const { rows } = await this.opts.pool.query<{ key: string; row: string }>('SELECT key, row FROM sim_env WHERE key = ANY($1::text[])', [[...changed]]);
      const stored = new Map(rows.map((r) => [r.key, r.row]));
      for (const key of changed) {
        const row = stored.get(key);
        // reload also reads the environment's journal again on next use.
        await engine.reload(key, row === undefined ? null : (JSON.parse(row) as Environment));
      }
    }
    for (const key of journaled) if (!changed.has(key)) engine.journal?.reread(key);
    this.publish(notices);
  }

  /** After a lost connection: every environment another host holds, as stored now; a change notice for each. */
  private async catchUp(): Promise<void> {
    const { engine } = this.opts;
    engine.store.forgetLessons();
    const held = new Set(this.opts.holding());
    const { rows } = await this.opts.pool.query<{ key: string; row: string }>('SELECT key, row FROM sim_env');
    const notices: Notice[] = [];
    const stored = new Set<string>();
    for (const { key, row } of rows) {
      stored.add(key);
      if (held.has(key)) continue;
      await engine.reload(key, JSON.parse(row) as Environment);
      notices.push({ type: 'sim-change', env: key, op: 'env-put' });
    }
    for (const env of [...engine.store.environments()]) {
      if (stored.has(env.key) || held.has(env.key)) continue;
      await engine.reload(env.key, null);
      notices.push({ type: 'sim-change', env: env.key, op: 'env-delete' });
    }
    this.publish(notices);
  }

  private publish(notices: Notice[]): void {
    this.relaying = true;
    try {
      for (const n of notices) this.opts.engine.notices.publish(n);
    } finally {
      this.relaying = false;
    }
  }

  /** Send what is queued, stop listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    clearTimeout(this.batchTimer);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.queue.length) this.flush();
    await Promise.all([...this.sending]);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
