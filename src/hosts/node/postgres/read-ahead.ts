/**
 * An environment read while its lease is still a dead holder's. A host whose forward to the holder
 * was refused waits until that lease has missed a renewal before taking it (cluster.ts); reading
 * 100k invoices takes longer than that wait, so the read starts at the refusal instead of after the
 * takeover. It is one REPEATABLE READ snapshot that reads the lease row (its fence and `writes`,
 * which every fenced write moves in its own transaction) and then the environment's rows, the same
 * eager and deferred reads the backend makes (rows.ts). The takeover keeps the rows only when the
 * lease it took shows the fence and `writes` the snapshot saw: then no write of the old holder
 * committed after the snapshot, and none can after the takeover (the fence moved). Otherwise the
 * rows are dropped and read again.
 */
import type { Pool, PoolClient } from 'pg';
import type { Records } from '../../../engine/for-node.ts';
import { checkout } from './failures.ts';
import { whileLoadingInBulk } from '../v8-flags.ts';
import { KIND_SIZES, merged, ROWS_OF_KINDS, splitKinds, streamRows, twoGroups } from './rows.ts';

/** The lease row as the snapshot saw it. */
export interface LeaseSeen {
  fence: number;
  writes: number;
}

/** A backend that reads ahead and can be given such a read for its next read of the environment. */
export interface AheadReader {
  readAhead(env: string): ReadAhead;
  /** `read` (or nothing) is what the environment's next `loadEager` and `loadKinds` use. */
  adopt(env: string, read: ReadAhead | null): void;
}

const readsAhead = (backend: unknown): backend is AheadReader => typeof (backend as Partial<AheadReader> | null)?.readAhead === 'function';

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

export class ReadAhead {
  /** The lease row in the snapshot (null: none, its holder does not count its writes, or the read failed). */
  readonly lease: Promise<LeaseSeen | null>;
  /** The small kinds, and the names of the large ones (as `loadEager` answers). */
  readonly eager: Promise<{ records: Records; lazy: string[] }>;
  /** The large kinds' rows (as `loadKinds` answers). */
  readonly deferred: Promise<Records>;
  private dropped = false;
  /** The connections reading, the first one's transaction exporting the snapshot they share. */
  private clients: PoolClient[] = [];

  constructor(pool: Pool, env: string, lazyRows: number) {
    const isDropped = () => this.dropped;
    const open = async (snapshot?: string) => {
      const client = await checkout(pool);
      if (this.dropped) {
        client.release();
        throw new Error('read ahead dropped');
      }
      this.clients.push(client);
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // Its text is the server's own (hex digits and dashes); SET TRANSACTION takes no parameter.
      if (snapshot) await client.query(`SET TRANSACTION SNAPSHOT '${snapshot.replace(/[^0-9A-Fa-f-]/g, '')}'`);
      return client;
    };
    const opened = (async () => {
      const client = await open();
      // A holder that does not count its writes (an older host: it took the lease without setting
      // counting_fence) leaves nothing to compare: the rows would be read again anyway.
      const { rows } = await client.query<{ fence: string | null; writes: string | null; snapshot: string }>(
        'SELECT l.fence, l.writes, pg_export_snapshot() AS snapshot FROM (SELECT 1) AS one LEFT JOIN sim_lease l ON l.env = $1 AND l.counting_fence = l.fence',
        [env],
      );
      const row = rows[0] as { fence: string | null; writes: string | null; snapshot: string };
      return { client, snapshot: row.snapshot, lease: row.fence === null ? null : { fence: Number(row.fence), writes: Number(row.writes) } };
    })();
    this.lease = opened.then(
      (o) => o.lease,
      () => null,
    );
    this.eager = opened.then(async ({ client }) => {
      const { rows } = await client.query<{ kind: string; n: number }>(KIND_SIZES, [env, lazyRows]);
      const { eager, lazy } = splitKinds(rows, lazyRows);
      return { records: await streamRows(client, ROWS_OF_KINDS, [env, eager], isDropped), lazy };
    });
    this.deferred = Promise.all([opened, this.eager]).then(([{ client, snapshot }, { lazy }]) =>
      whileLoadingInBulk(async () => {
        const [first = [], second] = twoGroups(lazy);
        const reads = [streamRows(client, ROWS_OF_KINDS, [env, first], isDropped)];
        if (second) reads.push(open(snapshot).then((other) => streamRows(other, ROWS_OF_KINDS, [env, second], isDropped)));
        return merged(await Promise.all(reads));
      }),
    );
    this.deferred.then(
      () => this.end(),
      (err: unknown) => this.end(err instanceof Error ? err : new Error(String(err))),
    );
    quietly(this.eager);
    quietly(this.deferred);
  }

  /** Not wanted (the takeover found a write since the snapshot, or did not happen): stop reading, free the rows. */
  drop(): void {
    if (this.dropped) return;
    this.dropped = true;
    // Ending the connections stops a read of 100k rows at once (its queries fail, quietly).
    this.end(new Error('read ahead dropped'));
  }

  private end(err?: Error): void {
    // The exporting transaction ends last: the other imported its snapshot while it was open.
    for (const client of this.clients.splice(0).reverse()) {
      if (err) client.release(err);
      else client.query('COMMIT').then(() => client.release(), (e: Error) => client.release(e));
    }
  }
}

/** The reads ahead a host started, one per environment, until its takeover keeps or drops it. */
export class ReadsAhead {
  private readonly reads = new Map<string, ReadAhead>();

  /** `backend`: the engine's (one that cannot read ahead: nothing is). */
  constructor(private readonly backend: () => unknown) {}

  private reader(): AheadReader | null {
    const backend = this.backend();
    return readsAhead(backend) ? backend : null;
  }

  /** Start reading the environment ahead (null: read already, or this backend cannot). */
  start(env: string): ReadAhead | null {
    const reader = this.reader();
    if (!reader || this.reads.has(env)) return null;
    const read = reader.readAhead(env);
    this.reads.set(env, read);
    return read;
  }

  drop(env: string): void {
    this.reads.get(env)?.drop();
    this.reads.delete(env);
  }

  /**
   * The environment's read ahead, if nothing was written since its snapshot: the lease just taken at
   * `fence` was at `fence - 1` with the same `writes` there. Else it is dropped (null). Either way it
   * is no longer this tracker's.
   */
  async take(env: string, fence: number, writes: number): Promise<ReadAhead | null> {
    const read = this.reads.get(env);
    this.reads.delete(env);
    if (!read) return null;
    const seen = await read.lease;
    if (seen && seen.fence === fence - 1 && seen.writes === writes) return read;
    read.drop();
    return null;
  }

  /** What the environment's next read uses: `read` (taken above), or nothing (read afresh). */
  adopt(env: string, read: ReadAhead | null): void {
    this.reader()?.adopt(env, read);
  }
}
