// The opt-in real-limits profile of an OData environment (issue 39 § 2): the emulated product's
// documented limits beyond spec 001, which stay off by default (spec 001 § Limits: the collection cap
// "is not simulated"; no rate limit). Source: Priority Software, REST API documentation,
// https://prioritysoftware.github.io/restapi/ (request limits: 100 calls a minute per user, 10
// running and 5 queued; MAXAPILINES 2000 rows by default; X-App-Id / X-App-Key of an application licence).
import { beforeAll, describe, expect, it } from 'vitest';
import { REAL_LIMITS } from '../../../src/engine/core/limits-profile.ts';
import { Throttle } from '../../../src/engine/limits/throttle.ts';
import { matchCatalog } from '../../../src/engine/journal/catalog-match.ts';
import { builtInCatalog } from '../../../src/engine/teaching/catalogs.ts';
import { createEnv } from '../../support/sim.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
});

const setProfile = (profile: string, key = e.key) => e.sim.admin('PUT', `/environments/${key}/limits`, { profile });

describe('the limits route', () => {
  it('defaults to spec; PUT real-product is stored and GET shows it; bad bodies get 400 and change nothing', async () => {
    expect((await e.sim.admin('GET', `/environments/${e.key}/limits`)).body).toEqual({ profile: 'spec', limits: null });
    const put = await setProfile('real-product');
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ profile: 'real-product', limits: { callsPerMinute: 100, running: 10, waiting: 5, maxApiLines: 2000 } });
    expect((await e.sim.admin('GET', `/environments/${e.key}/limits`)).body.profile).toBe('real-product');
    for (const body of [{ profile: 'fast' }, { profile: 'spec', extra: 1 }, [], 'x', {}]) {
      expect((await e.sim.admin('PUT', `/environments/${e.key}/limits`, body)).status).toBe(400);
    }
    expect((await e.sim.admin('GET', `/environments/${e.key}/limits`)).body.profile).toBe('real-product');
    expect((await setProfile('spec')).body.profile).toBe('spec');
    expect((await e.sim.admin('GET', '/environments/env_nope0000/limits')).status).toBe(404);
  });

  it('a receivables environment has no real-limits profile (the OData product’s limits)', async () => {
    const r = await createEnv(e.sim, 'receivables');
    expect((await setProfile('real-product', r.key)).status).toBe(400);
  });

  it('the profile travels in a snapshot and survives a reset', async () => {
    const o = await odataEnv(e.sim);
    await setProfile('real-product', o.key);
    expect((await e.sim.admin('POST', `/environments/${o.key}/reset`)).status).toBe(200);
    expect((await e.sim.admin('GET', `/environments/${o.key}/limits`)).body.profile).toBe('real-product');
    const exported = await e.sim.admin('GET', `/environments/${o.key}/snapshot`);
    expect(exported.body.records['sim.limits']).toEqual([['profile', { id: 'profile', profile: 'real-product' }]]);
    const imported = await e.sim.admin('POST', '/environments/import', exported.body);
    expect(imported.status).toBe(201);
    expect((await e.sim.admin('GET', `/environments/${imported.body.key}/limits`)).body.profile).toBe('real-product');
  });
});

describe('throttling under real-product', () => {
  it('a user’s 101st call within a minute of the environment clock answers 429 with Retry-After; a minute later calls pass again', async () => {
    const o = await odataEnv(e.sim);
    await setProfile('real-product', o.key);
    for (let i = 0; i < REAL_LIMITS.callsPerMinute; i++) expect((await o.get('/CUSTOMERS?$top=1')).status).toBe(200);
    const refused = await o.get('/CUSTOMERS?$top=1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    const body = await refused.json();
    expect(body.error.code).toBe('429');
    expect(body.error.message).toMatch(/^Too many requests/);
    // The journal and the console explain it by its catalog entry (issue 39 § 3).
    const errors = (await builtInCatalog('odata')).errors;
    expect(matchCatalog(errors, { status: 429, body: JSON.stringify(body) })?.entries.map((x) => x.code)).toEqual(['OD-429-THROTTLED']);
    // Another user of the same environment is counted apart (per user).
    expect((await o.req('GET', '/CUSTOMERS?$top=1', { headers: { authorization: `Basic ${btoa(`${o.pat}:PAT`)}` } })).status).toBe(200);
    // The environment's clock, not the host's: move it a minute on.
    const now = (await e.sim.admin('GET', `/environments/${o.key}/clock`)).body.now as string;
    await e.sim.admin('PUT', `/environments/${o.key}/clock`, { now: new Date(Date.parse(now) + 60_001).toISOString() });
    expect((await o.get('/CUSTOMERS?$top=1')).status).toBe(200);
  });

  it('under spec nothing is throttled (spec 001: no rate limit)', async () => {
    const o = await odataEnv(e.sim);
    for (let i = 0; i < REAL_LIMITS.callsPerMinute + 5; i++) expect((await o.get('/CUSTOMERS?$top=1')).status).toBe(200);
  });

  it('at most 10 run and 5 wait per user; more answers 429 at once; a waiting call runs when one ends', async () => {
    const t = new Throttle();
    const running = await Promise.all(Array.from({ length: 10 }, () => t.admit('env', 'u', 0)));
    expect(running.every((a) => a.ok)).toBe(true);
    let started = 0;
    const waiting = Array.from({ length: 5 }, () => t.admit('env', 'u', 0).then((a) => (started++, a)));
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(0);
    const sixteenth = await t.admit('env', 'u', 0);
    expect(sixteenth).toMatchObject({ ok: false, why: 'concurrency', running: 10, waiting: 5 });
    expect((await t.admit('env', 'other', 0)).ok).toBe(true); // per user
    (running[0] as { release: () => void }).release();
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(1);
  });

  it('through the service: with 10 of a user’s requests running and 5 waiting, the 16th answers 429 at once; another user passes; the 15 then finish', async () => {
    const o = await odataEnv(e.sim);
    await setProfile('real-product', o.key);
    // Creates whose bodies are still arriving hold their places (admitted, not finished).
    const finish: (() => void)[] = [];
    const held = Array.from({ length: REAL_LIMITS.running + REAL_LIMITS.waiting }, (_, i) => {
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(enc.encode(`{"CUSTNAME": "HOLD${i}", `));
          finish.push(() => (c.enqueue(enc.encode('"CUSTDES": "Held while 15 run or wait"}')), c.close()));
        },
      });
      return o.req('POST', '/CUSTOMERS', { body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    });
    await new Promise((r) => setTimeout(r, 50));
    const sixteenth = await o.get('/CUSTOMERS?$top=1');
    expect(sixteenth.status).toBe(429);
    expect(sixteenth.headers.get('retry-after')).toBe('1');
    expect((await sixteenth.json()).error.message).toMatch(/this user has 10 requests running and 5 waiting \(at most 10 run and 5 wait\)/);
    const other = (await e.sim.admin('POST', `/environments/${o.key}/credentials`, { type: 'api-user', username: 'integration' })).body;
    expect((await o.req('GET', '/CUSTOMERS?$top=1', { headers: { authorization: `Basic ${btoa(`${other.username}:${other.password}`)}` } })).status).toBe(200);
    for (const f of finish) f();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(15).fill(201));
  });

  it('X-App-Id and X-App-Key are accepted under real-product and ignored under spec', async () => {
    const o = await odataEnv(e.sim);
    const app = { 'x-app-id': 'APP001', 'x-app-key': 'a-licence-key' };
    expect((await o.get('/CUSTOMERS?$top=1', { headers: app })).status).toBe(200);
    await setProfile('real-product', o.key);
    expect((await o.get('/CUSTOMERS?$top=1', { headers: app })).status).toBe(200);
  });
});

describe('the row cap under real-product', () => {
  it('a collection read without $top returns at most 2000 rows (MAXAPILINES); $top and $skip page past it; spec returns all', async () => {
    const o = await odataEnv(e.sim);
    expect((await e.sim.admin('POST', `/environments/${o.key}/generate`, { count: 2100 })).status).toBe(201);
    const total = Number(await (await o.get('/CUSTOMERS/$count')).text());
    expect(total).toBeGreaterThan(2000);
    const all = await (await o.get('/CUSTOMERS?$select=CUSTNAME')).json();
    expect(all.value).toHaveLength(total);
    await setProfile('real-product', o.key);
    const capped = await (await o.get('/CUSTOMERS?$select=CUSTNAME')).json();
    expect(capped.value).toHaveLength(2000);
    const rest = await (await o.get('/CUSTOMERS?$select=CUSTNAME&$skip=2000')).json();
    expect(rest.value).toHaveLength(total - 2000);
    const asked = await (await o.get(`/CUSTOMERS?$select=CUSTNAME&$top=${total}`)).json();
    expect(asked.value).toHaveLength(total);
  });
});
