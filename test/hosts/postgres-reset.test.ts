// Issue 43 § 1 over issue 38's PostgreSQL store: the reset sweep of test/engine/reset-unchanged.property.test.ts
// (a reset clears and writes only the kinds a test changed: `clearData` naming kinds) through the
// backend the Node host uses with --store, on a real PostgreSQL server (test/support/postgres.ts).
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { createEngine } from '../../src/engine/index.ts';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { migrate } from '../../src/hosts/node/postgres/schema.ts';
import { testPostgres } from '../support/postgres.ts';
import { NOW, sweep, type Host } from '../support/reset-sweep.ts';

const server = await testPostgres();
const url = await server.database();
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await server.close();
}, 60_000);

/** A schema of its own; a restart is a new engine over a new backend on it. */
async function pgHost(schema: string): Promise<Host> {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  pools.push(pool);
  await pool.query(`CREATE SCHEMA ${schema}`);
  await migrate(pool);
  const open = () => createEngine({ backend: new PgBackend(pool), clock: () => NOW });
  return {
    open,
    async restart(engine) {
      await engine.settled();
      return open();
    },
  };
}

describe('a reset leaves a kind the seed puts back unchanged alone, over PostgreSQL (issue 43 § 1)', () => {
  for (const product of ['receivables', 'odata'] as const) {
    it(`every kind of the ${product} book`, async () => sweep(await pgHost(`reset_${product}`), product), 240_000);
  }
});
