// Issue 38 §§ 1-2 through the real CLI (`erp-sim serve --store postgres://…`) on a real PostgreSQL
// (test/support/postgres.ts): state survives a restart; two hosts interleave writes to one
// environment; a kill -9 of the holder during writes loses nothing acknowledged and the other host
// answers within 10 s; a database restart under load gives 503s (never a 500, never a lost write)
// and the host recovers by itself; the control API sees every environment from every host.
import { describe, expect, it } from 'vitest';
import { kill9, startCli } from '../support/cli.ts';
import { clusterHosts, customerNames, ODATA_ROOT as ROOT, odataEnv, postCustomer } from '../support/cluster-hosts.ts';

const ADMIN = 'simadmin_cluster-test-token-0123456789';
const cluster = clusterHosts(ADMIN);
const host = cluster.host;

describe('one host on PostgreSQL (issue 38 § 1)', () => {
  it('state survives a restart: environments, records, the admin token', async () => {
    const db = await cluster.server().database();
    const first = await host(db);
    const env = await odataEnv(first.url);
    for (const n of ['SURV1', 'SURV2']) expect((await postCustomer(first.url, env, n)).status).toBe(201);
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    expect(first.child.exitCode).toBe(0);
    // A restart without --admin-token keeps the one kept in the database (not printed again).
    const second = await startCli(['--port', '0', '--no-warm-up', '--log', '--store', db], (out) => / start: listening on /.test(out));
    cluster.track(second.child);
    expect(second.output()).toMatch(/Admin token: the one printed when/);
    expect(await customerNames(second.url, env, 'SURV')).toEqual(['SURV1', 'SURV2']);
    const list = await fetch(`${second.url}/sim/_admin/environments`, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(((await list.json()) as { items: { key: string }[] }).items.map((e) => e.key)).toContain(env.key);
    expect((await fetch(`${second.url}/sim/_ready`)).status).toBe(200);
  }, 60_000);
});

describe('two hosts on one database (issue 38 § 2)', () => {
  it('interleaved writes to one environment through both hosts: all kept, ids unique, the same answer from each', async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([host(db), host(db)]);
    const env = await odataEnv(a.url);
    const written: string[] = [];
    for (let i = 0; i < 20; i++) {
      const name = `INTL${String(i).padStart(2, '0')}`;
      const res = await postCustomer(i % 2 ? b.url : a.url, env, name);
      expect(res.status).toBe(201);
      written.push(name);
    }
    expect(await customerNames(a.url, env, 'INTL')).toEqual(written);
    expect(await customerNames(b.url, env, 'INTL')).toEqual(written);
    // Ids the environment's sequence gave stay unique across hosts (the created customers' CUST).
    const res = await fetch(`${b.url}/sim/${env.key}${ROOT}/CUSTOMERS?$select=CUST,CUSTNAME&$filter=${encodeURIComponent("CUSTNAME ge 'INTL' and CUSTNAME lt 'INTL~'")}`, { headers: { authorization: env.auth } });
    const custs = ((await res.json()) as { value: { CUST: number }[] }).value.map((c) => c.CUST);
    expect(new Set(custs).size).toBe(20);
    // The control API of either host lists environments created through the other, and the
    // metrics show the ownership moving to the host that answers.
    const created = await odataEnv(b.url);
    for (const url of [a.url, b.url]) {
      const keys = ((await (await fetch(`${url}/sim/_admin/environments`)).json()) as { items: { key: string }[] }).items.map((e) => e.key);
      expect(keys).toEqual(expect.arrayContaining([env.key, created.key]));
    }
    const metrics = await (await fetch(`${b.url}/sim/_metrics`)).text();
    expect(metrics).toMatch(/^sim_ownership_changes_total\{change="acquired"\} [1-9]/m);
  }, 60_000);

  it('kill -9 of the holder during writes: nothing acknowledged is lost, the other host answers within 10 s', async () => {
    const db = await cluster.server().database();
    const [a, b] = await Promise.all([host(db), host(db)]);
    const env = await odataEnv(a.url);
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const name = `KILL${String(sent++).padStart(4, '0')}`;
        try {
          const res = await postCustomer(a.url, env, name);
          if (res.status === 201) acknowledged.push(name);
        } catch {
          return; // cut by the kill: never acknowledged
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 2));
    await kill9(a.child);
    stop = true;
    await writers;
    const killedAt = performance.now();
    const found = await customerNames(b.url, env, 'KILL');
    const took = performance.now() - killedAt;
    expect(took).toBeLessThan(10_000);
    for (const name of acknowledged) expect(found).toContain(name);
    // And the survivor takes writes for it.
    expect((await postCustomer(b.url, env, 'KILLAFTER')).status).toBe(201);
  }, 60_000);
});

describe('the database restarts under load (issue 38 § 2)', () => {
  it('answers 503 while the database is gone, never a 500 or a lost write, and recovers by itself', async () => {
    if (!cluster.server().own) return; // a server given by SIM_TEST_PG_URL is not this test's to restart
    const db = await cluster.server().database();
    const a = await host(db);
    const env = await odataEnv(a.url);
    const acknowledged: string[] = [];
    const statuses = new Set<number>();
    let sent = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const name = `DBR${String(sent++).padStart(4, '0')}`;
        const res = await postCustomer(a.url, env, name);
        statuses.add(res.status);
        if (res.status === 201) acknowledged.push(name);
        else {
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('1');
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const writers = Promise.all([writer(), writer()]);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));
    cluster.server().stop('fast');
    await new Promise((r) => setTimeout(r, 1500));
    const ready = await fetch(`${a.url}/sim/_ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reason: string }).reason).toMatch(/store unreachable/);
    const before = acknowledged.length;
    cluster.server().start();
    const restarted = performance.now();
    while (acknowledged.length < before + 20 && performance.now() - restarted < 20_000) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await writers;
    expect(acknowledged.length).toBeGreaterThanOrEqual(before + 20);
    expect([...statuses].sort()).toEqual([201, 503]);
    expect(await customerNames(a.url, env, 'DBR')).toEqual(expect.arrayContaining(acknowledged));
    expect((await fetch(`${a.url}/sim/_ready`)).status).toBe(200);
  }, 60_000);
});
