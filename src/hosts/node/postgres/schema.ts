/**
 * The PostgreSQL schema of `--store postgres://…`, versioned: each start applies the migrations the
 * database lacks, in one transaction under an advisory lock, so hosts starting at once apply each
 * migration exactly once and none of them serves a half-migrated schema. A database newer than this
 * host stops the start (an older host must not write a schema it does not know).
 */
import type { Pool } from 'pg';
import { checkout } from './failures.ts';

/** The advisory lock migrations run under ("erp-sim" as a number: any fixed value shared by every host). */
const MIGRATION_LOCK = 0x65727073696d;

/** Migration n+1 is MIGRATIONS[n]: append only, never edit one that shipped. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sim_meta (name text PRIMARY KEY, value text NOT NULL);
   CREATE TABLE sim_env (key text PRIMARY KEY, row text NOT NULL);
   -- seq keeps a kind's rows in the order they were first written (the order the engine lists them in).
   CREATE TABLE sim_record (env text NOT NULL, kind text NOT NULL, id text NOT NULL, seq bigserial NOT NULL, data text NOT NULL, PRIMARY KEY (env, kind, id));
   CREATE INDEX sim_record_env_seq ON sim_record (env, seq);
   CREATE TABLE sim_journal (env text NOT NULL, id bigint NOT NULL, entry text NOT NULL, PRIMARY KEY (env, id));
   CREATE TABLE sim_journal_next (env text PRIMARY KEY, next_id bigint NOT NULL);
   -- Which host answers an environment, until when, and its fencing token (never goes down).
   CREATE TABLE sim_lease (env text PRIMARY KEY, owner text, url text, fence bigint NOT NULL, expires_at timestamptz NOT NULL);`,
  // A trainer's custom lessons, host-wide: the text as posted (lessons-store.ts).
  `CREATE TABLE sim_lesson (id text PRIMARY KEY, text text NOT NULL);`,
  // An environment's records kind by kind, each in the order written: its large kinds are read when
  // first needed (pg-backend.ts), and reading one kind no longer scans the others (nor, when the
  // planner picked a sequential scan, every environment's).
  `CREATE INDEX sim_record_env_kind_seq ON sim_record (env, kind, seq);
   DROP INDEX sim_record_env_seq;`,
  // Fenced writes of the environment so far: every one adds 1 in its own transaction, so a host that
  // read the environment ahead of taking its lease knows whether a write came after that read
  // (read-ahead.ts). counting_fence: the fence at which a host that counts them took the lease (a
  // host of an older version, during a rolling upgrade, moves the fence but not this).
  `ALTER TABLE sim_lease ADD COLUMN writes bigint NOT NULL DEFAULT 0, ADD COLUMN counting_fence bigint;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export class SchemaTooNew extends Error {
  override readonly name = 'SchemaTooNew';
}

/** Bring the database to SCHEMA_VERSION; returns the version it was at. */
export async function migrate(pool: Pool): Promise<number> {
  const client = await checkout(pool);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS sim_schema (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM sim_schema');
    const from = rows[0]?.version ?? 0;
    if (from > SCHEMA_VERSION) throw new SchemaTooNew(`The database's schema is version ${from}; this host knows up to ${SCHEMA_VERSION}. Upgrade the host (every host of one database runs the same version).`);
    for (let v = from; v < SCHEMA_VERSION; v++) {
      await client.query(MIGRATIONS[v] as string);
      await client.query('INSERT INTO sim_schema (version) VALUES ($1)', [v + 1]);
    }
    await client.query('COMMIT');
    return from;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
