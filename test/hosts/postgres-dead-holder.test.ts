// Issue 38 § 2 (kill -9 of a host at any moment loses no acknowledged write) and § 4 (after kill -9
// of the owner, the first answer from the other host < 10 s; restart of a host with 100k invoices,
// first answer < 5 s): a host whose forward to the lease holder is refused (nothing listens at the
// holder's URL: its process is gone) takes the lease at once, with the fence bumped, instead of
// waiting for the lease to run out (up to LEASE_TTL_MS) once it missed a renewal; nothing
// acknowledged is lost. A holder that keeps renewing its lease is alive (hosts cut from each other,
// a firewall refusing): it is never taken over (§ 2: never a second writer, never stale data).
import { kill9 } from '../support/cli.ts';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clusterHosts, customerNames, ODATA_ROOT as ROOT, odataEnv, postCustomer, refusedUrl } from '../support/cluster-hosts.ts';

const cluster = clusterHosts('simadmin_dead-holder-test-token-0123456789');

describe('a killed holder\'s lease is taken at once (issue 38 § 2, § 4)', () => {
  it('the other host takes it before it runs out, the fence moved by one, every acknowledged write there', async () => {
    const db = await cluster.server().database();
    const pool = new pg.Pool({ connectionString: db, max: 1 });
    try {
      const [a, b] = await Promise.all([cluster.host(db), cluster.host(db)]);
      const env = await odataEnv(a.url);
      const written = ['DEAD1', 'DEAD2', 'DEAD3'];
      for (const n of written) expect((await postCustomer(a.url, env, n)).status).toBe(201);
      const lease = async () => (await pool.query<{ owner: string; fence: string; expires: string }>('SELECT owner, fence, expires_at::text AS expires FROM sim_lease WHERE env = $1', [env.key])).rows[0];
      await kill9(a.child);
      // The lease as the killed host left it: still live, renewed a third of its TTL ago at most.
      const left = await lease();
      expect(left).toBeDefined();
      const { rows: live } = await pool.query<{ live: boolean }>('SELECT $1::timestamptz > now() AS live', [left?.expires]);
      expect(live[0]?.live, 'the killed host\'s lease has not run out yet').toBe(true);
      expect(await customerNames(b.url, env, 'DEAD')).toEqual(written);
      // Answered by b as the holder, taken before the killed host's lease ran out.
      const now = await lease();
      expect(now?.owner).not.toBe(left?.owner);
      expect(Number(now?.fence)).toBe(Number(left?.fence) + 1);
      const { rows: early } = await pool.query<{ early: boolean }>('SELECT $1::timestamptz > now() AS early', [left?.expires]);
      expect(early[0]?.early, 'taken over before the dead holder\'s lease expired').toBe(true);
      expect((await postCustomer(b.url, env, 'DEAD4')).status).toBe(201);
      expect(await customerNames(b.url, env, 'DEAD')).toEqual([...written, 'DEAD4']);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it('a holder refusing forwards while it renews its lease keeps it: 503, then taken once its renewals stop', async () => {
    const db = await cluster.server().database();
    const pool = new pg.Pool({ connectionString: db, max: 1 });
    // The holder's URL refuses every forward.
    const refused = await refusedUrl();
    let renewing: NodeJS.Timeout | undefined;
    try {
      const b = await cluster.host(db);
      const env = await odataEnv(b.url);
      // Another holder, alive (it renews every 0.5 s) and unreachable from b.
      await pool.query("UPDATE sim_lease SET owner = 'elsewhere', url = $2, fence = fence + 1, expires_at = now() + interval '3 seconds' WHERE env = $1", [env.key, refused]);
      renewing = setInterval(() => void pool.query("UPDATE sim_lease SET expires_at = now() + interval '3 seconds' WHERE env = $1 AND owner = 'elsewhere'", [env.key]).catch(() => undefined), 500);
      // b's own lease time runs out (its renewals fail now), then it asks the holder.
      await new Promise((r) => setTimeout(r, 2500));
      const res = await fetch(`${b.url}/sim/${env.key}${ROOT}/CUSTOMERS`, { headers: { authorization: env.auth } });
      expect(res.status).toBe(503);
      const held = await pool.query<{ owner: string }>('SELECT owner FROM sim_lease WHERE env = $1', [env.key]);
      expect(held.rows[0]?.owner).toBe('elsewhere');
      clearInterval(renewing);
      renewing = undefined;
      // Renewals stopped: the next request takes the lease (at once, or after one more wait).
      let status = 0;
      for (let i = 0; i < 10 && status !== 200; i++) status = (await fetch(`${b.url}/sim/${env.key}${ROOT}/CUSTOMERS`, { headers: { authorization: env.auth } })).status;
      expect(status).toBe(200);
      const now = await pool.query<{ owner: string }>('SELECT owner FROM sim_lease WHERE env = $1', [env.key]);
      expect(now.rows[0]?.owner).not.toBe('elsewhere');
    } finally {
      if (renewing) clearInterval(renewing);
      await pool.end();
    }
  }, 60_000);
});
