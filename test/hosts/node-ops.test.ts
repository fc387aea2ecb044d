// Issue 38 § 3 (health, metrics, logs, shutdown): what an orchestrator and a dashboard ask a host.
// `_health` answers while the process lives, `_ready` once start-up is done and the store answers,
// `_metrics` in Prometheus text (the admin token under --require-token); `--log-format json` writes
// one object per request or event; SIGTERM lets requests in flight finish and exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ROOT = '/odata/Priority/tabula.ini/demo';
const ADMIN = 'simadmin_ops-test-token-0123456789';
const hosts: NodeHost[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

async function odataEnv(url: string, init: RequestInit = {}): Promise<{ key: string; auth: string }> {
  const res = await fetch(`${url}/sim/_admin/environments`, { method: 'POST', ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) }, body: '{"product":"odata"}' });
  expect(res.status).toBe(201);
  const env = (await res.json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = env.credentials.apiUsers[0] as { username: string; password: string };
  return { key: env.key, auth: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
}

describe('health and readiness (issue 38 § 3)', () => {
  it('_health answers 200 at once; _ready answers 503 "starting" until start-up is done, then 200', async () => {
    let done = () => {};
    const startup = new Promise<void>((r) => (done = r));
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', startup });
    hosts.push(host);
    expect((await fetch(`${host.url}/sim/_health`)).status).toBe(200);
    const starting = await fetch(`${host.url}/sim/_ready`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: 'not ready', reason: 'starting' });
    done();
    await startup;
    expect((await fetch(`${host.url}/sim/_ready`)).status).toBe(200);
  });

  it('_ready answers 503 with the store\'s reason when the store does not answer', async () => {
    let problem: string | null = 'store unreachable: connection refused';
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', storeProbe: async () => problem });
    hosts.push(host);
    const res = await fetch(`${host.url}/sim/_ready`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { reason: string }).reason).toBe('store unreachable: connection refused');
    problem = null;
    expect((await fetch(`${host.url}/sim/_ready`)).status).toBe(200);
  });

  it('the routes take GET only, and need no token even from another address', async () => {
    const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
    hosts.push(host);
    expect((await fetch(`${host.url}/sim/_health`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${host.url}/sim/_metrics`)).status).toBe(200);
  });
});

describe('metrics (issue 38 § 3)', () => {
  it('counts requests by product and status class, their durations, and the environments', async () => {
    const host = await startNodeHost({ port: 0, host: '127.0.0.1' });
    hosts.push(host);
    const env = await odataEnv(host.url);
    for (let i = 0; i < 3; i++) expect((await fetch(`${host.url}/sim/${env.key}${ROOT}/CUSTOMERS?$top=1`, { headers: { authorization: env.auth } })).status).toBe(200);
    expect((await fetch(`${host.url}/sim/${env.key}${ROOT}/CUSTOMERS('NONE')`, { headers: { authorization: env.auth } })).status).toBe(404);
    const res = await fetch(`${host.url}/sim/_metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^sim_requests_total\{product="odata",status_class="2xx"\} 3$/m);
    expect(text).toMatch(/^sim_requests_total\{product="odata",status_class="4xx"\} 1$/m);
    expect(text).toMatch(/^sim_requests_total\{product="control",status_class="2xx"\} 1$/m);
    expect(text).toMatch(/^sim_request_duration_seconds_count\{product="odata"\} 4$/m);
    expect(text).toMatch(/^sim_request_duration_seconds_bucket\{le="\+Inf",product="odata"\} 4$/m);
    expect(text).toMatch(/^sim_environments 1$/m);
    expect(text).toMatch(/^# TYPE sim_store_operations_total counter$/m);
    expect(text).toMatch(/^# TYPE sim_store_errors_total counter$/m);
    // The probes themselves are not counted: a scraper's traffic would drown the clients'.
    expect(text).not.toMatch(/product="other"/);
  });

  it('under --require-token, _metrics takes the admin token and nothing else; _health and _ready stay open', async () => {
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', requireToken: true, adminToken: ADMIN });
    hosts.push(host);
    expect((await fetch(`${host.url}/sim/_metrics`)).status).toBe(401);
    const env = await odataEnv(host.url, { headers: { authorization: `Bearer ${ADMIN}` } });
    const owner = ((await (await fetch(`${host.url}/sim/_admin/environments`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()) as { items: unknown[] }).items;
    expect(owner.length).toBe(1);
    expect((await fetch(`${host.url}/sim/_metrics`, { headers: { authorization: 'Bearer simadmin_not-the-right-token-000000' } })).status).toBe(401);
    expect((await fetch(`${host.url}/sim/_metrics`, { headers: { authorization: env.auth } })).status).toBe(401);
    expect((await fetch(`${host.url}/sim/_metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(200);
    expect((await fetch(`${host.url}/sim/_health`)).status).toBe(200);
    expect((await fetch(`${host.url}/sim/_ready`)).status).toBe(200);
  });
});

describe('JSON log (issue 38 § 3)', () => {
  it('one JSON object per request: time, level, env, method, path, status, duration (secrets redacted)', async () => {
    const lines: string[] = [];
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', log: (l) => lines.push(l), logFormat: 'json' });
    hosts.push(host);
    const env = await odataEnv(host.url);
    await fetch(`${host.url}/sim/${env.key}${ROOT}/CUSTOMERS('NONE')`, { headers: { authorization: env.auth } });
    const objects = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toHaveLength(2);
    const last = objects[1] as Record<string, unknown>;
    expect(Object.keys(last).sort()).toEqual(['duration', 'env', 'level', 'method', 'path', 'status', 'time']);
    expect(last).toMatchObject({ level: 'warn', env: env.key, method: 'GET', path: `/sim/${env.key}${ROOT}/CUSTOMERS('NONE')`, status: 404 });
    expect(typeof last.duration).toBe('number');
    expect(new Date(last.time as string).toISOString()).toBe(last.time);
    expect(objects[0]).toMatchObject({ level: 'info', method: 'POST', path: '/sim/_admin/environments', status: 201 });
  });
});

/** The CLI's stdout under --log-format json until its start event, then stopped. */
async function jsonStart(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--no-warm-up', '--log-format', 'json', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (/"event":"start"/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`host exited (${code}): ${out}`)));
  });
  child.kill('SIGKILL');
  return out;
}

describe('the start banner under --log-format json (issue 38 § 3: one JSON object per event)', () => {
  it('is one JSON object among JSON lines, with the environments made at start and none of their secrets nor the generated admin token', async () => {
    const out = await jsonStart([]);
    const lines = out.split('\n').filter(Boolean);
    const objects = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const banners = objects.filter((o) => o.event === 'banner');
    expect(banners).toHaveLength(1);
    const banner = banners[0] as Record<string, unknown>;
    expect(objects.indexOf(banner)).toBeLessThan(objects.findIndex((o) => o.event === 'start'));
    expect(banner).toMatchObject({ level: 'info', store: 'memory', classCodes: 0, environmentsCreated: expect.stringContaining('not printed') });
    expect(new Date(banner.time as string).toISOString()).toBe(banner.time);
    expect(banner.adminToken).toMatch(/^generated by this start and not printed/);
    const envs = banner.environments as { product: string; key: string; baseUrl: string }[];
    expect(envs.map((e) => e.product)).toEqual(['receivables', 'odata']);
    for (const e of envs) expect(e.baseUrl).toBe(`${banner.url as string}/sim/${e.key}`);
    // No token of any kind, no credential.
    expect(out).not.toMatch(/simadmin_|simowner_|clientSecret|password/);
  }, 30_000);

  it('never prints a chosen admin token or class code: the join link shows where the code goes', async () => {
    const code = 'simclass_json-banner-code';
    const out = await jsonStart(['--class-code', code, '--require-token'], { SIM_ADMIN_TOKEN: ADMIN });
    const objects = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const banner = objects.find((o) => o.event === 'banner') as Record<string, unknown>;
    expect(banner).toMatchObject({ adminToken: 'the one chosen at start (not printed)', classCodes: 1, access: 'every control API request needs a token', environments: [] });
    const klass = banner.class as { join: string[]; trainer: string };
    expect(klass.join).toEqual([`${banner.url as string}/#/join/<class-code>`]);
    expect(klass.trainer).toBe(`${banner.url as string}/#/trainer`);
    expect(out).not.toContain(code);
    expect(out).not.toContain(ADMIN);
    expect(out).not.toContain('simadmin_');
  }, 30_000);
});

describe('SIGTERM (issue 38 § 3)', () => {
  it('stops accepting, lets the request in flight finish, exits 0, logging JSON events', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/hosts/node/cli.ts', '--port', '0', '--no-warm-up', '--log-format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
        if (m && /"event":"start"/.test(out)) resolve(m[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`host exited (${code}): ${out}`)));
    });
    const env = await odataEnv(url);
    // A latency rule holds the next GET for 1.5 s: SIGTERM arrives while it is in flight.
    const rule = await fetch(`${url}/sim/_admin/environments/${env.key}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'latency', path: '*/CUSTOMERS', latencyMs: 1500 }) });
    expect(rule.status).toBe(201);
    const slow = fetch(`${url}/sim/${env.key}${ROOT}/CUSTOMERS?$top=1`, { headers: { authorization: env.auth } });
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // No longer accepting: a new connection is refused while the slow request still runs.
    await expect(fetch(`${url}/sim/_health`)).rejects.toThrow();
    expect((await slow).status).toBe(200);
    expect(await exited).toBe(0);
    const events = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event?: string; status?: number; path?: string });
    // Every line is JSON, the banner included (its own event, before start).
    expect(out.split('\n').filter(Boolean).every((l) => l.startsWith('{'))).toBe(true);
    expect(events.map((e) => e.event).filter(Boolean)).toEqual(['banner', 'start', 'stop', 'stopped']);
    expect(events.some((e) => e.status === 200 && e.path?.includes('/CUSTOMERS'))).toBe(true);
  }, 30_000);
});
