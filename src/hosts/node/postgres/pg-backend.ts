/**
 * The engine's storage backend over PostgreSQL (`--store postgres://…`). Write-through: the store
 * keeps each environment it answers in memory as it does over the embedded store, and every commit
 * is one PostgreSQL transaction that has committed before the store applies it and the request is
 * answered. So a kill -9 loses no acknowledged write, and a failed write changes nothing. An
 * environment's records are read from the database when it is first used, not at start.
 */
import type { Pool, PoolClient } from 'pg';
import { StoreUnavailable, type Change, type Environment, type Records, type Row, type StorageBackend } from '../../../engine/for-node.ts';
import { asStoreError, checkout } from './failures.ts';

export interface PgBackendHooks {
  /**
   * Runs inside each write's transaction, first: throws (StoreUnavailable) when this host may no
   * longer write the environment (another host holds it), so the transaction changes nothing.
   */
  guard?: (client: PoolClient, env: string) => Promise<void>;
  /** A store operation done (`failed`: it threw), for the host's metrics. */
  op?: (op: 'read' | 'write', failed: boolean) => void;
  /**
   * A commit whose outcome is unknown (the connection broke around COMMIT): what memory holds of
   * the environment may differ from the database, so the host reads it again before answering it.
   */
  doubt?: (env: string) => void;
}

const envOf = (change: Change): string => (change.op === 'records' ? change.env : change.op === 'env-put' ? change.env.key : change.key);

export class PgBackend implements StorageBackend {
  constructor(
    private readonly pool: Pool,
    private readonly hooks: PgBackendHooks = {},
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
    // Rows come in the order they were first written, which is the order the engine lists them in.
    const { rows } = await this.read(`reading environment ${env}`, () => this.pool.query<{ kind: string; id: string; data: string }>('SELECT kind, id, data FROM sim_record WHERE env = $1 ORDER BY seq', [env]));
    const records: Records = new Map();
    for (const r of rows) {
      let kind = records.get(r.kind);
      if (!kind) records.set(r.kind, (kind = new Map()));
      kind.set(r.id, JSON.parse(r.data) as Row);
    }
    return records;
  }

  async commit(change: Change): Promise<void> {
    const env = envOf(change);
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
  if (change.clearData) await client.query("DELETE FROM sim_record WHERE env = $1 AND kind NOT LIKE 'sim.%'", [change.env]);
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
