/**
 * The engine's storage backend over PostgreSQL (`--store postgres://…`). Write-through: the store
 * keeps each environment it answers in memory as it does over the embedded store, and every commit
 * is one PostgreSQL transaction that has committed before the store applies it and the request is
 * answered. So a kill -9 loses no acknowledged write, and a failed write changes nothing. An
 * environment's records are read from the database when it is first used, not at start, and its
 * large kinds only when a request reads them.
 */
import pg, { type Pool, type PoolClient } from 'pg';
import { StoreUnavailable, type Change, type Environment, type Records, type Row, type StorageBackend } from '../../../engine/for-node.ts';
import { asStoreError, checkout, isUnreachable } from './failures.ts';
import { whileLoadingInBulk } from '../v8-flags.ts';

/** A lease as a write checks it: its holder, its fencing token, and how far a write pushes it on. */
export interface Lease {
  owner: string;
  fence: number;
  ttlMs: number;
}

/**
 * Runs inside each write's transaction, first: throws (StoreUnavailable) when this host may no
 * longer write the environment (another host holds it), so the transaction changes nothing.
 */
export interface WriteGuard {
  (client: PoolClient, env: string): Promise<void>;
  /**
   * The lease this host holds on the environment (null: none yet, as for one being created): a
   * records change then goes as one statement that checks the lease and writes together.
   */
  fence?: (env: string) => Lease | null;
  /** The refusal of a write whose lease check found another holder (the fence moved on). */
  lost?: (env: string) => Error;
}

export interface PgBackendHooks {
  guard?: WriteGuard;
  /** A store operation done (`failed`: it threw), for the host's metrics. */
  op?: (op: 'read' | 'write', failed: boolean) => void;
  /**
   * A commit whose outcome is unknown (the connection broke around COMMIT): what memory holds of
   * the environment may differ from the database, so the host reads it again before answering it.
   */
  doubt?: (env: string) => void;
}

const envOf = (change: Change): string => (change.op === 'records' ? change.env : change.op === 'env-put' ? change.env.key : change.key);

/**
 * Kinds with this many rows or more wait until a request reads them: a request that reads none of
 * them (a token, a customer) is answered without reading 100k invoices first.
 */
export const LAZY_ROWS = 4000;

/**
 * The environment's kinds, each with its row count up to $2: walked along the (env, kind, seq)
 * index, one step per kind, counting at most $2 rows of each. Grouping every row by kind scanned the
 * whole table (in parallel, 0.2 s at 100k invoices, more right after a generate), and so did
 * reading the small kinds with `kind <> ALL(large ones)`.
 */
const KIND_SIZES = `WITH RECURSIVE kinds(kind) AS (
    SELECT min(kind) FROM sim_record WHERE env = $1
    UNION ALL
    SELECT (SELECT min(r.kind) FROM sim_record r WHERE r.env = $1 AND r.kind > kinds.kind) FROM kinds WHERE kinds.kind IS NOT NULL
  )
  SELECT kind, (SELECT count(*) FROM (SELECT 1 FROM sim_record r WHERE r.env = $1 AND r.kind = kinds.kind LIMIT $2) AS upto)::int AS n
  FROM kinds WHERE kind IS NOT NULL`;

/** Rows of the given kinds (`$2`), kind by kind in the order they were first written. */
const ROWS_OF_KINDS = 'SELECT kind, id, data FROM sim_record WHERE env = $1 AND kind = ANY($2::text[]) ORDER BY kind, seq';

export class PgBackend implements StorageBackend {
  /**
   * Per environment, its large kinds as its latest `loadEager` found them, until the first of them is
   * read: then all of them are read in that one statement (see `loadKinds`).
   */
  private readonly deferred = new Map<string, readonly string[]>();
  /** Reads of large kinds in flight, per environment: a read of kinds one of them covers joins it. */
  private readonly reading = new Map<string, { kinds: ReadonlySet<string>; records: Promise<Records> }[]>();

  constructor(
    private readonly pool: Pool,
    private readonly hooks: PgBackendHooks = {},
    private readonly lazyRows = LAZY_ROWS,
  ) {}

  async environments(): Promise<Environment[]> {
    const { rows } = await this.read('listing the environments', () => this.pool.query<{ row: string }>('SELECT row FROM sim_env'));
    return rows.map((r) => JSON.parse(r.row) as Environment);
  }

  /** One environment's row as the database holds it (null: none). */
  async environment(key: string): Promise<Environment | null> {
    const { rows } = await this.read(`reading environment ${key}`, () => this.pool.query<{ row: string }>('SELECT row FROM sim_env WHERE key = $1', [key]));
    return rows[0] ? (JSON.parse(rows[0].row) as Environment) : null;
  }

  async loadRecords(env: string): Promise<Records> {
    return this.readRows(env, 'SELECT kind, id, data FROM sim_record WHERE env = $1 ORDER BY kind, seq', [env]);
  }

  /**
   * The environment's small kinds now, and the names of its large ones (rows of the engine's data,
   * not the simulator's own `sim.` kinds), which `loadKinds` reads when a request needs them.
   */
  async loadEager(env: string): Promise<{ records: Records; lazy: string[] }> {
    const { rows } = await this.read(`reading environment ${env}`, () => this.pool.query<{ kind: string; n: number }>(KIND_SIZES, [env, this.lazyRows]));
    const lazy = rows.filter((r) => r.n >= this.lazyRows && !r.kind.startsWith('sim.')).map((r) => r.kind);
    const eager = rows.map((r) => r.kind).filter((k) => !lazy.includes(k));
    // Read afresh (the store dropped what it held): a read started before must not be joined.
    this.reading.delete(env);
    this.deferred.set(env, lazy);
    return { records: await this.readRows(env, ROWS_OF_KINDS, [env, eager]), lazy };
  }

  /**
   * Large kinds, and with the first of them read the environment's other large kinds too, in one
   * statement: a request for one invoice with its children reads invoices, runs again, reads their
   * lines, runs again, reads their installments; three statements one after the other (each with
   * its own wait for the first row) and a run of the request between them. The store takes the
   * kinds it did not ask for as loaded (those still missing; see SimStore.loadKinds). Their rows
   * make most of the heap at once (see `whileLoadingInBulk`).
   */
  loadKinds(env: string, kinds: readonly string[]): Promise<Records> {
    const inFlight = this.reading.get(env) ?? [];
    const joined = inFlight.find((r) => kinds.every((k) => r.kinds.has(k)));
    if (joined) return joined.records;
    const all = [...new Set([...kinds, ...(this.deferred.get(env) ?? [])])];
    this.deferred.delete(env);
    const read = { kinds: new Set(all), records: whileLoadingInBulk(() => this.readRows(env, ROWS_OF_KINDS, [env, all])) };
    inFlight.push(read);
    this.reading.set(env, inFlight);
    const done = () => {
      const left = (this.reading.get(env) ?? []).filter((r) => r !== read);
      if (left.length) this.reading.set(env, left);
      else this.reading.delete(env);
    };
    read.records.then(done, done);
    return read.records;
  }

  /**
   * Rows as they arrive, each decoded and dropped at once: the rows of 100k invoices kept as read
   * until the last one came doubled the heap, and decoding them in one loop held the event loop for
   * seconds. Rows come kind by kind (the index on env, kind, seq), each kind in the order its rows
   * were first written, which is the order the engine lists them in.
   */
  private async readRows(env: string, text: string, values: unknown[]): Promise<Records> {
    const records: Records = new Map();
    let last: Map<string, Row> | undefined;
    let lastKind = '';
    const onRow = ([kind, id, data]: [string, string, string]) => {
      if (kind !== lastKind || !last) {
        last = records.get(kind);
        if (!last) records.set(kind, (last = new Map()));
        lastKind = kind;
      }
      last.set(id, JSON.parse(data) as Row);
    };
    await this.read(`reading environment ${env}`, async () => {
      const client = await checkout(this.pool);
      try {
        await new Promise<void>((resolve, reject) => {
          // Rows as arrays (no object per row); the driver's Query takes rowMode, its types omit it.
          const config: pg.QueryConfig & { rowMode: 'array' } = { text, values, rowMode: 'array' };
          const query = new pg.Query(config);
          query.on('row', onRow);
          query.on('end', () => resolve());
          query.on('error', reject);
          client.query(query);
        });
      } catch (err) {
        client.release(err instanceof Error ? err : undefined);
        throw err;
      }
      client.release();
    });
    return records;
  }

  async commit(change: Change): Promise<void> {
    const env = envOf(change);
    if (change.op === 'records' && oneStatement(change)) {
      const fence = this.hooks.guard?.fence;
      const lease = fence ? fence(env) : undefined;
      if (lease !== null) return this.commitAtOnce(change, lease);
    }
    let client: PoolClient;
    try {
      client = await checkout(this.pool);
    } catch (err) {
      this.hooks.op?.('write', true);
      throw asStoreError(err, 'storing a change');
    }
    let began = false;
    let committing = false;
    try {
      await client.query('BEGIN');
      began = true;
      await this.hooks.guard?.(client, env);
      await write(client, change);
      committing = true;
      await client.query('COMMIT');
      this.hooks.op?.('write', false);
    } catch (err) {
      this.hooks.op?.('write', true);
      // Broken during COMMIT: it may have been kept or not, and memory must not guess.
      if (committing) this.hooks.doubt?.(env);
      if (began) await client.query('ROLLBACK').catch(() => undefined);
      client.release(err instanceof Error && !(err instanceof StoreUnavailable) ? err : undefined);
      throw asStoreError(err, 'storing a change');
    }
    client.release();
  }

  /**
   * A records change as one statement (one round trip, its own transaction): the lease row is
   * updated only while it is still this host's with the same fence, and every write of the change
   * runs only when it was. The update locks the row, so a host taking the lease over waits for this
   * statement and then reads what it wrote, or took it first and this statement writes nothing.
   */
  private async commitAtOnce(change: Extract<Change, { op: 'records' }>, lease: Lease | undefined): Promise<void> {
    // The rows' data as one JSON array (one JSON.stringify): as a text[] each row was stringified and
    // then escaped again by the driver, some 0.1 ms a POST on the request's path.
    const values = [change.env, change.envRow ? JSON.stringify(change.envRow) : null, change.deletes.map((d) => d.kind), change.deletes.map((d) => d.id), change.puts.map((p) => p.kind), change.puts.map((p) => p.id), JSON.stringify(change.puts.map((p) => p.data))];
    try {
      const { rows } = lease
        ? await this.pool.query<{ held: number }>({ name: 'sim-write-fenced', text: FENCED_WRITE, values: [...values, lease.owner, lease.fence, lease.ttlMs] })
        : await this.pool.query<{ held: number }>({ name: 'sim-write', text: WRITE, values });
      if (lease && !rows[0]?.held) {
        this.hooks.op?.('write', true);
        throw (this.hooks.guard?.lost?.(change.env) ?? new StoreUnavailable(`Another host answers environment ${change.env} now; nothing of this request was stored.`));
      }
      this.hooks.op?.('write', false);
    } catch (err) {
      if (err instanceof StoreUnavailable) throw err;
      this.hooks.op?.('write', true);
      // The connection broke with the statement sent: it may have committed, and memory must not guess.
      if (isUnreachable(err)) this.hooks.doubt?.(change.env);
      throw asStoreError(err, 'storing a change');
    }
  }

  private async read<T>(doing: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.hooks.op?.('read', false);
      return result;
    } catch (err) {
      this.hooks.op?.('read', true);
      throw asStoreError(err, doing);
    }
  }
}

/**
 * Whether a records change can go as one statement: its sub-statements see one snapshot and none
 * sees another's rows, so it may not clear the data or delete and put one row (the row would not
 * move to the end of its kind, as a delete then a put moves it).
 */
function oneStatement(change: Extract<Change, { op: 'records' }>): boolean {
  if (change.clearData) return false;
  if (!change.deletes.length) return true;
  const gone = new Set(change.deletes.map((d) => `${d.kind}\u0000${d.id}`));
  return !change.puts.some((p) => gone.has(`${p.kind}\u0000${p.id}`));
}

/**
 * The writes of a records change; `$n` of WRITE, each guarded by `ok` (the fence check, or true).
 * `$7` is the rows' data as one JSON array: an element of a `json` value is its text as sent
 * (`json`, unlike `jsonb`, keeps it byte for byte, lone surrogate escapes and all).
 */
const writes = (ok: string) => `
  env_row AS (INSERT INTO sim_env (key, row) SELECT $1, $2 WHERE $2::text IS NOT NULL AND ${ok} ON CONFLICT (key) DO UPDATE SET row = excluded.row),
  gone AS (DELETE FROM sim_record r USING unnest($3::text[], $4::text[]) AS d(kind, id) WHERE ${ok} AND r.env = $1 AND r.kind = d.kind AND r.id = d.id),
  kept AS (INSERT INTO sim_record (env, kind, id, data) SELECT $1, p.kind, p.id, p.data::text FROM ROWS FROM (unnest($5::text[]), unnest($6::text[]), json_array_elements($7::json)) WITH ORDINALITY AS p(kind, id, data, n) WHERE ${ok} ORDER BY p.n ON CONFLICT (env, kind, id) DO UPDATE SET data = excluded.data)`;

const WRITE = `WITH ${writes('true')} SELECT 1 AS held`;

// A fenced write pushes its lease's expiry as a renewal would (the holder is alive and writing).
const FENCED_WRITE = `WITH lease AS (UPDATE sim_lease SET expires_at = greatest(expires_at, now() + $10 * interval '1 millisecond') WHERE env = $1 AND owner = $8 AND fence = $9 RETURNING 1),
  ${writes('EXISTS (SELECT 1 FROM lease)')}
  SELECT count(*)::int AS held FROM lease`;

/** The statements of one change, on a client inside a transaction. */
async function write(client: PoolClient, change: Change): Promise<void> {
  if (change.op === 'env-put') {
    await putEnv(client, change.env);
    return;
  }
  if (change.op === 'env-delete') {
    for (const table of ['sim_record', 'sim_journal', 'sim_journal_next', 'sim_env']) await client.query(`DELETE FROM ${table} WHERE ${table === 'sim_env' ? 'key' : 'env'} = $1`, [change.key]);
    return;
  }
  if (change.envRow) await putEnv(client, change.envRow);
  if (change.clearData === true) await client.query("DELETE FROM sim_record WHERE env = $1 AND kind NOT LIKE 'sim.%'", [change.env]);
  else if (change.clearData) await client.query("DELETE FROM sim_record WHERE env = $1 AND kind NOT LIKE 'sim.%' AND kind = ANY($2::text[])", [change.env, change.clearData]);
  if (change.deletes.length) {
    await client.query('DELETE FROM sim_record r USING unnest($2::text[], $3::text[]) AS d(kind, id) WHERE r.env = $1 AND r.kind = d.kind AND r.id = d.id', [change.env, change.deletes.map((d) => d.kind), change.deletes.map((d) => d.id)]);
  }
  if (change.puts.length) {
    // An update keeps the row's seq: its place in the kind's order, as a Map keeps a key's.
    await client.query(
      'INSERT INTO sim_record (env, kind, id, data) SELECT $1, p.kind, p.id, p.data FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(kind, id, data, n) ORDER BY p.n ON CONFLICT (env, kind, id) DO UPDATE SET data = excluded.data',
      [change.env, change.puts.map((p) => p.kind), change.puts.map((p) => p.id), change.puts.map((p) => JSON.stringify(p.data))],
    );
  }
}

function putEnv(client: PoolClient, env: Environment) {
  return client.query('INSERT INTO sim_env (key, row) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET row = excluded.row', [env.key, JSON.stringify(env)]);
}
