// Issue 14 (Node host): `--state` keeps its meaning; everything survives a restart, and a kill -9 in
// the middle of writes loses no acknowledged write (README § Node host; § Scale). The real CLI runs
// as a child process and is killed with SIGKILL, so nothing gets a chance to flush on exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kill9 } from '../support/cli.ts';

const ROOT = '/odata/Priority/tabula.ini/demo';
const children: ChildProcess[] = [];

async function start(state: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`host exited (${code}): ${out}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, url };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

async function odataEnv(url: string): Promise<{ key: string; auth: string }> {
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"odata"}' });
  const env = (await res.json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = env.credentials.apiUsers[0] as { username: string; password: string };
  return { key: env.key, auth: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
}

async function customerNames(url: string, env: { key: string; auth: string }): Promise<Set<string>> {
  const res = await fetch(`${url}/sim/${env.key}${ROOT}/CUSTOMERS?$select=CUSTNAME&$filter=${encodeURIComponent("CUSTNAME ge 'DUR' and CUSTNAME lt 'DUS'")}`, { headers: { authorization: env.auth } });
  expect(res.status).toBe(200);
  return new Set(((await res.json()) as { value: { CUSTNAME: string }[] }).value.map((c) => c.CUSTNAME));
}

describe('Node host --state durability (issue 14)', () => {
  it('kill -9 while writes are in flight: every acknowledged write of 100 is there after a restart', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'erp-sim-dur-')), 'state.jsonl');
    const first = await start(state);
    const env = await odataEnv(first.url);
    const acknowledged: string[] = [];
    let sent = 0;
    // Four writers at once; the host is killed as soon as 100 writes were answered 201.
    const writer = async () => {
      while (acknowledged.length < 100) {
        const name = `DUR${String(sent++).padStart(4, '0')}`;
        try {
          const res = await fetch(`${first.url}/sim/${env.key}${ROOT}/CUSTOMERS`, {
            method: 'POST',
            headers: { authorization: env.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ CUSTNAME: name, CUSTDES: 'Durability' }),
          });
          if (res.status === 201) acknowledged.push(name);
          else throw new Error(`POST answered ${res.status}`);
        } catch (err) {
          if (acknowledged.length < 100) throw err;
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 1));
    await kill9(first.child);
    await writers.catch(() => undefined); // requests cut by the kill were never acknowledged
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);

    const second = await start(state);
    const names = await customerNames(second.url, env);
    for (const name of acknowledged) expect(names.has(name), name).toBe(true);
    await kill9(second.child);
  }, 120_000);

  it('a change cut off mid-line by a kill is dropped whole; later writes still survive the next restart', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'erp-sim-dur-')), 'state.jsonl');
    const first = await start(state);
    const env = await odataEnv(first.url);
    const post = (url: string, name: string) =>
      fetch(`${url}/sim/${env.key}${ROOT}/CUSTOMERS`, { method: 'POST', headers: { authorization: env.auth, 'content-type': 'application/json' }, body: JSON.stringify({ CUSTNAME: name, CUSTDES: 'x' }) });
    expect((await post(first.url, 'DUR0001')).status).toBe(201);
    await kill9(first.child);
    // What a kill in the middle of an append leaves: the start of a line and of a multi-line change.
    appendFileSync(state, `{"op":"records","env":"${env.key}","puts":[],"deletes":[],"more":true}\n{"op":"records","env":"${env.key}","pu`);

    const second = await start(state);
    expect([...(await customerNames(second.url, env))]).toEqual(['DUR0001']);
    expect((await post(second.url, 'DUR0002')).status).toBe(201);
    await kill9(second.child);
    expect(readFileSync(state, 'utf8')).not.toContain('"pu\n');

    const third = await start(state);
    expect([...(await customerNames(third.url, env))].sort()).toEqual(['DUR0001', 'DUR0002']);
    await kill9(third.child);
  }, 120_000);
});

describe('kill -9 mid-generate in two environments at once (issue 19 § Bad input and reliability)', () => {
  it('their sliced journal lines never interleave: the state replays, each environment keeps whole 1,000-document slices only', async () => {
    const { statSync } = await import('node:fs');
    const { startNodeHost } = await import('../../src/hosts/node/server.ts');
    const { KIND } = await import('../../src/engine/products/receivables/book/records.ts');
    const state = join(mkdtempSync(join(tmpdir(), 'erp-sim-dur-')), 'state.jsonl');
    const first = await start(state);
    const make = async (product: string) =>
      ((await (await fetch(`${first.url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product }) })).json()) as { key: string }).key;
    const [rec, od] = [await make('receivables'), await make('odata')];
    const base = statSync(state).size;
    const gen = (key: string) => fetch(`${first.url}/sim/_admin/environments/${key}/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count": 30000}' }).catch(() => null);
    void gen(rec);
    void gen(od);
    // Killed once some slices are in the journal and both generates are still running.
    await expect.poll(() => statSync(state).size - base, { timeout: 60_000, interval: 50 }).toBeGreaterThan(8_000_000);
    await kill9(first.child);

    const host = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: state });
    try {
      const fresh = await host.engine.handle(new Request(`${host.url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"receivables"}' }), { host: true });
      const seeded = (await host.engine.store.data(((await fresh.json()) as { key: string }).key)).count(KIND.invoice);
      const recData = await host.engine.store.data(rec);
      const invoices = recData.list<{ lineIds: number[] }>(KIND.invoice);
      expect((invoices.length - seeded) % 1000).toBe(0);
      // Every invoice whole: each line it names is there.
      for (const inv of invoices) for (const l of inv.lineIds) expect(recData.get(KIND.invoiceLine, String(l))).toBeDefined();
      const freshOd = await host.engine.handle(new Request(`${host.url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"odata"}' }), { host: true });
      const odSeed = (await host.engine.store.data(((await freshOd.json()) as { key: string }).key)).count('CUSTOMERS');
      const customers = (await host.engine.store.data(od)).count('CUSTOMERS');
      expect((customers - odSeed) % 1000).toBe(0);
      expect(invoices.length - seeded + customers - odSeed).toBeGreaterThan(0);
    } finally {
      await host.close();
    }
  }, 180_000);
});
