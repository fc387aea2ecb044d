/**
 * A real PostgreSQL for the tests of `--store` (issue 38 § 4; never a mock): SIM_TEST_PG_URL when
 * given (a server CI runs; each test gets a database of its own on it), else a temporary cluster
 * this helper initdb's and starts on a free port, and removes at the end. Debian's binaries are
 * looked for in /usr/lib/postgresql/<version>/bin. initdb refuses to run as root: as root the
 * cluster is made and run as the `postgres` user (runuser).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/hosts/node/postgres/schema.ts';

export interface TestPostgres {
  /** A fresh, empty database on the server: `postgres://…/<name>`. */
  database(): Promise<string>;
  /** Stop the server (the test of a database restart); `start` brings it back on the same port. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Whether this helper runs the server (false under SIM_TEST_PG_URL: it cannot be restarted). */
  own: boolean;
  close(): Promise<void>;
}

function binDir(): string {
  const fromEnv = process.env.SIM_TEST_PG_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('No PostgreSQL found in /usr/lib/postgresql/*/bin: install it (apt-get install -y postgresql) or set SIM_TEST_PG_URL.');
  return join(root, versions[0] as string, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

let counter = 0;

export async function testPostgres(): Promise<TestPostgres> {
  const given = process.env.SIM_TEST_PG_URL;
  if (given) {
    const admin = new pg.Pool({ connectionString: given, max: 1 });
    const made: string[] = [];
    return {
      own: false,
      async database() {
        const name = `sim_test_${process.pid}_${Date.now()}_${counter++}`;
        await admin.query(`CREATE DATABASE ${name}`);
        made.push(name);
        const url = new URL(given);
        url.pathname = `/${name}`;
        return url.toString();
      },
      stop: () => {
        throw new Error('SIM_TEST_PG_URL: the server is not this test\'s to stop');
      },
      start: () => undefined,
      async close() {
        for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'erp-sim-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const as = (cmd: string, args: string[]) => {
    const full = root ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] as const : [join(bin, cmd), args] as const;
    const r = spawnSync(full[0], [...full[1]], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  as('initdb', ['-D', data, '-U', 'sim', '--auth', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync stays on: the durability tests kill hosts, not this server, but a restart test stops it.
  const start = () => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start']);
  start();
  const base = `postgres://sim@127.0.0.1:${port}`;
  const admin = new pg.Pool({ connectionString: `${base}/postgres`, max: 1 });
  admin.on('error', () => undefined); // a restart test stops the server under it
  return {
    own: true,
    async database() {
      const name = `sim_test_${counter++}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return `${base}/${name}`;
    },
    stop: (mode = 'fast') => as('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    async close() {
      await admin.end().catch(() => undefined);
      try {
        as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A suite's database on a test PostgreSQL, its schema migrated, and a pool over it. */
export interface MigratedDatabase {
  url: string;
  pool: pg.Pool;
  /** Ends the pool, then the server. */
  close(): Promise<void>;
}

export async function migratedDatabase(max: number): Promise<MigratedDatabase> {
  const server = await testPostgres();
  let pool: pg.Pool | undefined;
  try {
    const url = await server.database();
    pool = new pg.Pool({ connectionString: url, max });
    await migrate(pool);
    const made = pool;
    return {
      url,
      pool: made,
      async close() {
        await made.end();
        await server.close();
      },
    };
  } catch (err) {
    await pool?.end();
    await server.close();
    throw err;
  }
}
