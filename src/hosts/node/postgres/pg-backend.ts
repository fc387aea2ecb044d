/**
 * The engine's storage backend over PostgreSQL (`--store postgres://…`). Write-through: the store
 * keeps each environment it answers in memory as it does over the embedded store, and every commit
 * is one PostgreSQL transaction that has committed before the store applies it and the request is
 * answered. So a kill -9 loses no acknowledged write, and a failed write changes nothing. An
 * environment's records are read from the database when it is first used, not at start, and its
 * large kinds only when a request reads them.
 */
import type { Pool, PoolClient } from 'pg';
import { StoreUnavailable, type Change, type Environment, type Records, type StorageBackend } from '../../../engine/for-node.ts';
import { asStoreError, checkout, isUnreachable } from './failures.ts';
import { whileLoadingInBulk } from '../v8-flags.ts';
import { ReadAhead, type AheadReader } from './read-ahead.ts';
import { KIND_SIZES, LAZY_ROWS, merged, ROWS_OF_KINDS, splitKinds, streamRows, twoGroups } from './rows.ts';

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

export class PgBackend implements StorageBackend, AheadReader {
  /**
   * Per environment, its large kinds as its latest `loadEager` found them, until the first of them is
   * read: then all of them are read in that one read (see `loadKinds`).
   */
  private readonly deferred = new Map<string, readonly string[]>();
  /** Reads of large kinds in flight, per environment: a read of kinds one of them covers joins it. */
  private readonly reading = new Map<string, { kinds: ReadonlySet<string>; records: Promise<Records> }[]>();
  /** Per environment, a read made ahead of its takeover and kept (read-ahead.ts): its next `loadEager` uses it. */
  private readonly adopted = new Map<string, ReadAhead>();
  /** Large kinds read ahead, which the environment's next `loadKinds` takes instead of reading them. */
  private readonly aheadKinds = new Map<string, Promise<Records>>();

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
    // Read afresh (the store dropped what it held): a read started before must not be joined.
    this.reading.delete(env);
    this.aheadKinds.delete(env);
    const ahead = this.adopted.get(env);
    this.adopted.delete(env);
    const early = ahead && (await ahead.eager.catch(() => null));
    if (early) {
      this.deferred.set(env, early.lazy);
      this.aheadKinds.set(env, ahead.deferred);
      this.hooks.op?.('read', false);
      return early;
    }
    const { rows } = await this.read(`reading environment ${env}`, () => this.pool.query<{ kind: string; n: number }>(KIND_SIZES, [env, this.lazyRows]));
    const { eager, lazy } = splitKinds(rows, this.lazyRows);
    this.deferred.set(env, lazy);
    return { records: await this.readRows(env, ROWS_OF_KINDS, [env, eager]), lazy };
  }

  /** Start reading the environment in one snapshot, ahead of taking its lease (read-ahead.ts). */
  readAhead(env: string): ReadAhead {
    return new ReadAhead(this.pool, env, this.lazyRows);
  }

  adopt(env: string, read: ReadAhead | null): void {
    if (read) this.adopted.set(env, read);
    else this.adopted.delete(env);
  }

  /**
   * Large kinds, and with the first of them read the environment's other large kinds too, in one
   * read (two statements side by side, rows.ts `twoGroups`): a request for one invoice with its children reads invoices, runs again, reads their
   * lines, runs again, reads their installments; three statements one after the other (each with
   * its own wait for the first row) and a run of the request between them. The store takes the
   * kinds it did not ask for as loaded (those still missing; see SimStore.loadKinds). Their rows
   * make most of the heap at once (see `whileLoadingInBulk`).
   */
  loadKinds(env: string, kinds: readonly string[]): Promise<Records> {
    const inFlight = this.reading.get(env) ?? [];
    const joined = inFlight.find((r) => kinds.every((k) => r.kinds.has(k)));
    if (joined) return joined.records;
    const lazy = this.deferred.get(env) ?? [];
    const all = [...new Set([...kinds, ...lazy])];
    this.deferred.delete(env);
    // In two groups side by side (rows.ts), each its own snapshot: only this host writes the
    // environment, and a write of these kinds waits until they are loaded.
    const fresh = () => whileLoadingInBulk(() => this.read(`reading environment ${env}`, async () => merged(await Promise.all(twoGroups(all).map((group) => this.stream(ROWS_OF_KINDS, [env, group]))))));
    // Read ahead of the takeover (all of them, or none if the store asks for others): used, or read afresh if that read failed.
    const ahead = this.aheadKinds.get(env);
    this.aheadKinds.delete(env);
    const records = ahead && all.length === lazy.length ? ahead.catch(fresh) : fresh();
    const read = { kinds: new Set(all), records };
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

  private readRows(env: string, text: string, values: unknown[]): Promise<Records> {
    return this.read(`reading environment ${env}`, () => this.stream(text, values));
  }

  /** Rows of a statement on a client of its own, as they arrive (rows.ts). */
  private async stream(text: string, values: unknown[]): Promise<Records> {
    const client = await checkout(this.pool);
    let records: Records;
    try {
      records = await streamRows(client, text, values);
    } catch (err) {
      client.release(err instanceof Error ? err : undefined);
      throw err;
    }
    client.release();
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

// A fenced write pushes its lease's expiry as a renewal would (the holder is alive and writing), and
// counts itself in `writes` (a read made ahead of a takeover is kept only if that did not move).
const FENCED_WRITE = `WITH lease AS (UPDATE sim_lease SET expires_at = greatest(expires_at, now() + $10 * interval '1 millisecond'), writes = writes + 1 WHERE env = $1 AND owner = $8 AND fence = $9 RETURNING 1),
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
