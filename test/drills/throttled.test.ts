// Issue 39 § 3: "The drill gets an optional `throttled` step under the real-limits profile." The step
// gives the real-limits profile's own 429 (OD-429-THROTTLED, Retry-After) as if the user's calls of the
// minute were spent, and judges the client by the profile's rule: the emulated product throttles per
// user, so no call of that user may come before Retry-After has passed (each one is refused 429
// again and fails the step); the same request after the wait passes. Source of the limits: Priority
// Software, REST API documentation, https://prioritysoftware.github.io/restapi/ (request limits: 100
// calls a minute per user, 10 running and 5 queued); RFC 6585 § 4 and RFC 9110 § 10.2.3 (Retry-After).
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/engine/index.ts';
import { createEnv, createTestSim, type TestSim } from '../support/sim.ts';
import { ODATA, send } from './clients.ts';

const basic = (user: string, password: string) => ({ authorization: `Basic ${btoa(`${user}:${password}`)}` });

async function odata(profile: 'spec' | 'real-product' = 'real-product') {
  const sim = await createTestSim({ fakeTime: true });
  const env = await createEnv(sim, 'odata');
  if (profile === 'real-product') expect((await sim.admin('PUT', `/environments/${env.key}/limits`, { profile })).status).toBe(200);
  const user = env.credentials.apiUsers[0];
  const auth = basic(user.username, user.password);
  const get = (path: string, headers: Record<string, string> = auth) => send(sim, `${env.base}${ODATA}${path}`, { headers });
  const drills = `/environments/${env.key}/drills`;
  const report = async (id = 'drill-1') => {
    await sim.engine.settled();
    return (await sim.admin('GET', `${drills}/${id}`)).body;
  };
  return { sim, env, auth, get, drills, report };
}

async function journal(sim: TestSim, key: string): Promise<JournalEntry[]> {
  await sim.engine.settled();
  return (await sim.admin('GET', `/environments/${key}/journal?limit=50`)).body.items;
}

describe('starting a drill with the throttled step (issue 39 § 3: optional, under the real-limits profile)', () => {
  it('the standard plan leaves it out; a custom plan takes it only in an OData environment under real-product, otherwise 400 saying how', async () => {
    const { sim, drills } = await odata('spec');
    const refused = await sim.admin('POST', drills, { plan: ['throttled'] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/needs an OData environment running that profile: PUT \/sim\/_admin\/environments\/<key>\/limits \{"profile": "real-product"\} first/);
    expect((await sim.admin('GET', drills)).body.items).toEqual([]);
    const standard = await sim.admin('POST', drills, { plan: 'standard' });
    expect(standard.body.steps.map((s: { kind: string }) => s.kind)).not.toContain('throttled');

    const receivables = await createEnv(sim, 'receivables');
    const r = await sim.admin('POST', `/environments/${receivables.key}/drills`, { plan: ['unavailable', 'throttled'] });
    expect(r.status).toBe(400);
    // The help names the step and where it applies.
    expect((await sim.admin('POST', `/environments/${receivables.key}/drills`, { plan: ['teapot'] })).body.error).toContain('throttled only in an OData environment under the real-limits profile');
  });

  it('under real-product the report shows the step with its words, rule and catalog entry OD-429-THROTTLED', async () => {
    const { sim, drills } = await odata();
    const res = await sim.admin('POST', drills, { plan: ['unavailable', { kind: 'throttled' }] });
    expect(res.status).toBe(201);
    const step = res.body.steps[1];
    expect(step).toMatchObject({ n: 2, kind: 'throttled', title: 'Throttled (real-limits profile)', phase: 'queued', catalog: { code: 'OD-429-THROTTLED', title: 'Too many requests (real-limits profile)' } });
    expect(step.appliesTo).toMatch(/real-limits profile/);
    expect(step.expect).toMatch(/No call of that user before Retry-After \(2 s\)/);
    expect(step.rule).toMatch(/^spec 001 § Limits sets no rate limit; the real-limits profile/);
  });
});

describe('the throttled step fires and judges (issue 39 § 2 throttling, § 3 drill)', () => {
  it('fires on the next OData call with a valid credential: the profile\'s 429 envelope with Retry-After, marked and journaled with its catalog entry', async () => {
    const { sim, env, get, drills, report } = await odata();
    await sim.admin('POST', drills, { plan: ['throttled'] });
    // A wrong credential gets its own 401 and leaves the step armed.
    const wrong = await get('/CUSTOMERS?$top=1', basic('apiuser', 'wrong'));
    expect(wrong.status).toBe(401);
    expect((await report()).steps[0].phase).toBe('armed');
    const res = await get('/CUSTOMERS?$top=1');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('x-sim-injected')).toBe('drill-1 step 1');
    const body = await res.json();
    expect(body).toEqual({ error: { code: '429', message: expect.stringMatching(/^Too many requests: this user made 100 calls within the last minute/), target: null, details: [], innererror: null } });
    const [entry] = await journal(sim, env.key);
    expect(entry).toMatchObject({
      status: 429,
      injected: 'drill-1 step 1',
      drill: { id: 'drill-1', n: 1, kind: 'throttled', catalog: 'OD-429-THROTTLED' },
      explanation: { rule: 'drill drill-1 step 1 (throttled)', catalog: { code: 'OD-429-THROTTLED' } },
    });
    expect(entry!.explanation!.sentence).toMatch(/real-limits profile's 429 with Retry-After: 2 on purpose/);
    expect((await report()).steps[0]).toMatchObject({ phase: 'watching', request: `GET ${ODATA}/CUSTOMERS?$top=1` });
  });

  it('a client that makes no call as that user for Retry-After, then repeats the request, passes', async () => {
    const { sim, env, get, drills, report } = await odata();
    await sim.admin('POST', drills, { plan: ['throttled'] });
    expect((await get('/CUSTOMERS?$top=1')).status).toBe(429);
    // Another user is not throttled by it: the profile counts per user.
    const other = (await sim.admin('POST', `/environments/${env.key}/credentials`, { type: 'api-user', username: 'integration' })).body;
    const theirs = await get('/CUSTOMERS?$top=1', basic(other.username, other.password));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('x-sim-injected')).toBeNull();
    sim.clock.now += 2100;
    const again = await get('/CUSTOMERS?$top=1');
    expect(again.status).toBe(200);
    const r = await report();
    expect(r.steps[0]).toMatchObject({ phase: 'done', verdict: 'pass' });
    expect(r.steps[0].explanation).toMatch(/^Made no call as this user for 2\.1 s \(Retry-After: 2\), then sent the same request again \(answered 200\): right\. On the throttling 429 a good client pauses every call of that user/);
    expect(r.steps[0].evidence).toHaveLength(2);
    expect(r.score).toEqual({ passed: 1, failed: 0, notExercised: 0 });
  });

  it('another call of the same user before Retry-After is refused 429 again (the seconds left) and fails the step', async () => {
    const { sim, env, get, drills, report } = await odata();
    await sim.admin('POST', drills, { plan: ['throttled', 'unavailable'] });
    expect((await get('/CUSTOMERS?$top=1')).status).toBe(429);
    sim.clock.now += 700;
    const early = await get('/AGENTS?$top=1');
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('2'); // 1.3 s left, in whole seconds
    expect(early.headers.get('x-sim-injected')).toBe('drill-1 step 1');
    const r = await report();
    expect(r.steps[0]).toMatchObject({ phase: 'done', verdict: 'fail' });
    expect(r.steps[0].explanation).toMatch(/^Sent another call of the same user \(GET .*\/AGENTS\?\$top=1\) after 0\.7 s, before the 2 s Retry-After had passed: the real-limits profile refuses every call of the user until then, and answered it 429 again\./);
    expect(r.steps[0].evidence).toHaveLength(2);
    expect(r.steps[1].phase).toBe('armed');
    const entries = await journal(sim, env.key);
    expect(entries[0]).toMatchObject({ status: 429, injected: 'drill-1 step 1', drill: { kind: 'throttled' } });
    expect(entries[0]!.explanation!.sentence).toMatch(/Retry-After \(2 s\) had not passed/);
  });

  it('the same request repeated too soon fails; no repeat within 60 s fails when the report is read after the window', async () => {
    const soon = await odata();
    await soon.sim.admin('POST', soon.drills, { plan: ['throttled'] });
    expect((await soon.get('/CUSTOMERS?$top=1')).status).toBe(429);
    soon.sim.clock.now += 1500;
    const again = await soon.get('/CUSTOMERS?$top=1');
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('1');
    expect((await soon.report()).steps[0].explanation).toMatch(/^Sent the same request again after 1\.5 s, before the 2 s Retry-After had passed/);

    const gone = await odata();
    await gone.sim.admin('POST', gone.drills, { plan: ['throttled'] });
    expect((await gone.get('/CUSTOMERS?$top=1')).status).toBe(429);
    const injectedAt = gone.sim.clock.now;
    gone.sim.clock.now += 60_001;
    const r = await gone.report();
    expect(r.steps[0]).toMatchObject({ verdict: 'fail', judgedAt: new Date(injectedAt + 60_000).toISOString() });
    expect(r.steps[0].explanation).toMatch(/^Did not send the refused request again within 60 s: the call was lost\./);
  });

  it('switched back to the spec profile while armed, the step does not fire and is not exercised after 60 s', async () => {
    const { sim, env, get, drills, report } = await odata();
    await sim.admin('POST', drills, { plan: ['throttled'] });
    await sim.admin('PUT', `/environments/${env.key}/limits`, { profile: 'spec' });
    const res = await get('/CUSTOMERS?$top=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sim-injected')).toBeNull();
    sim.clock.now += 60_001;
    expect((await report()).steps[0]).toMatchObject({ verdict: 'not exercised' });
  });
});
