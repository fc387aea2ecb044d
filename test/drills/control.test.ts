// Issue 23 § Contract, the control routes: start (standard or a list of steps), one drill at a
// time (409), stop and remove (DELETE), the report's shape, give-ups judged lazily after 60 s of
// the host clock with no timer, state that survives an engine restart over the same IndexedDB,
// and bad input answered 400 with the allowed plans.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createEngine, DexieJournalPersistence, openDatabase } from '../../src/engine/index.ts';
import { STEP_KINDS } from '../../src/engine/drills/types.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { clockSleep, createEnv, createTestSim } from '../support/sim.ts';
import { oauthSigner, REST, send } from './clients.ts';

async function receivables() {
  const sim = await createTestSim({ fakeTime: true });
  const env = await createEnv(sim, 'receivables');
  return { sim, env, drills: `/environments/${env.key}/drills` };
}

describe('starting and stopping a drill (issue 23 § Contract)', () => {
  it('POST {"plan": "standard"} answers 201 with the six steps, each with n, kind, appliesTo and expect, and a Location', async () => {
    const { sim, env, drills } = await receivables();
    const res = await sim.fetch(`/sim/_admin${drills}`, { method: 'POST', body: '{"plan":"standard"}' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(res.headers.get('location')).toBe(`/sim/_admin/environments/${env.key}/drills/${body.id}`);
    expect(body).toMatchObject({ id: 'drill-1', status: 'running', plan: 'standard', product: 'receivables', score: { passed: 0, failed: 0, notExercised: 0 } });
    // The six of issue 23; the optional `throttled` (issue 39 § 3) is never in the standard plan.
    const six = ['token-expired', 'rate-limited', 'unavailable', 'server-error-after-write', 'connection-dropped-before-write', 'slow-answer'];
    expect(body.steps.map((s: { n: number; kind: string }) => [s.n, s.kind])).toEqual(six.map((k, i) => [i + 1, k]));
    expect(STEP_KINDS).toEqual([...six, 'throttled']);
    for (const s of body.steps) {
      expect(s.appliesTo.length).toBeGreaterThan(20);
      expect(s.expect.length).toBeGreaterThan(20);
      expect(s.verdict).toBe('pending');
      expect(s.evidence).toEqual([]);
    }
    expect(body.steps[0]).toMatchObject({ phase: 'armed', deadline: '2026-03-15T10:01:00.000Z' });
    expect(body.steps[1]).toMatchObject({ phase: 'queued', deadline: null });
  });

  it('a list of steps (kinds or {"kind"}) is a custom plan, repeats allowed; bad plans are 400 naming the kinds', async () => {
    const { sim, drills } = await receivables();
    const custom = await sim.admin('POST', drills, { plan: ['unavailable', { kind: 'rate-limited' }, 'unavailable'] });
    expect(custom.status).toBe(201);
    expect(custom.body.plan).toBe('custom');
    expect(custom.body.steps.map((s: { kind: string }) => s.kind)).toEqual(['unavailable', 'rate-limited', 'unavailable']);
    await sim.admin('DELETE', `${drills}/${custom.body.id}`);
    for (const body of ['', 'not json', '[]', '{}', '{"plan":"gentle"}', '{"plan":[]}', '{"plan":["teapot"]}', '{"plan":[{"kind":"unavailable","extra":1}]}', `{"plan":${JSON.stringify(Array(13).fill('unavailable'))}}`, '{"plan":"standard","speed":2}']) {
      const res = await sim.admin('POST', drills, body);
      expect(res.status, body).toBe(400);
      expect(res.body.error, body).toContain('token-expired, rate-limited, unavailable, server-error-after-write, connection-dropped-before-write, slow-answer');
    }
    expect((await sim.admin('POST', '/environments/env_00000000000000000000000000000000/drills', { plan: 'standard' })).status).toBe(404);
  });

  it('one drill at a time (409 naming it); DELETE stops a running one (its report stays), a second DELETE removes it', async () => {
    const { sim, drills } = await receivables();
    const first = await sim.admin('POST', drills, { plan: 'standard' });
    const again = await sim.admin('POST', drills, { plan: 'standard' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ running: 'drill-1' });
    expect(again.body.error).toMatch(/one drill at a time/);
    expect((await sim.admin('DELETE', `${drills}/${first.body.id}`)).status).toBe(204);
    const stopped = await sim.admin('GET', `${drills}/${first.body.id}`);
    expect(stopped.body).toMatchObject({ status: 'finished', stopped: true, score: { passed: 0, failed: 0, notExercised: 6 } });
    expect(stopped.body.steps[0].explanation).toBe('The drill was stopped before this step was exercised.');
    const second = await sim.admin('POST', drills, { plan: ['slow-answer'] });
    expect(second.body.id).toBe('drill-2');
    const list = await sim.admin('GET', drills);
    expect(list.body.items.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      ['drill-2', 'running'],
      ['drill-1', 'finished'],
    ]);
    expect((await sim.admin('DELETE', `${drills}/drill-1`)).status).toBe(204);
    expect((await sim.admin('GET', `${drills}/drill-1`)).status).toBe(404);
    expect((await sim.admin('DELETE', `${drills}/drill-9`)).status).toBe(404);
    expect((await sim.admin('GET', `${drills}/drill-9/junit.xml`)).status).toBe(404);
    // Ids are never reused, even after a removal.
    await sim.admin('DELETE', `${drills}/drill-2`);
    expect((await sim.admin('POST', drills, { plan: ['slow-answer'] })).body.id).toBe('drill-3');
  });

  it('a step with no fitting request gives up after 60 s of the host clock, judged on the next read, at its deadline', async () => {
    const { sim, drills } = await receivables();
    const d = (await sim.admin('POST', drills, { plan: 'standard' })).body;
    sim.clock.now += 59_000;
    expect((await sim.admin('GET', `${drills}/${d.id}`)).body.steps[0].verdict).toBe('pending');
    sim.clock.now += 2_000;
    const r = (await sim.admin('GET', `${drills}/${d.id}`)).body;
    expect(r.steps[0]).toMatchObject({ verdict: 'not exercised', judgedAt: '2026-03-15T10:01:00.000Z' });
    expect(r.steps[0].explanation).toMatch(/^No request fitting this step came within 60 s\. It fires on the next REST request presenting a live bearer token/);
    expect(r.steps[1]).toMatchObject({ phase: 'armed', verdict: 'pending', deadline: '2026-03-15T10:02:00.000Z' });
    // Nothing runs in between: ten minutes later one read settles every step, each at its own deadline.
    sim.clock.now += 600_000;
    const all = (await sim.admin('GET', `${drills}/${d.id}`)).body;
    expect(all.status).toBe('finished');
    expect(all.finishedAt).toBe('2026-03-15T10:06:00.000Z');
    expect(all.steps.map((s: { judgedAt: string }) => s.judgedAt.slice(11, 19))).toEqual(['10:01:00', '10:02:00', '10:03:00', '10:04:00', '10:05:00', '10:06:00']);
    expect(all.score).toEqual({ passed: 0, failed: 0, notExercised: 6 });
  });

  it('drill state is stored with the environment: a new engine over the same IndexedDB carries on where the old one stopped', async () => {
    const idb = new IDBFactory();
    const name = `drill-${Math.random().toString(36).slice(2)}`;
    const clock = { now: Date.parse('2026-03-15T10:00:00Z') };
    // The worker's setup: records and the request journal both in IndexedDB.
    const open = () => createEngine({ db: openDatabase(name, idb, IDBKeyRange), journal: new DexieJournalPersistence(`${name}-journal`, idb, IDBKeyRange), clock: () => clock.now, sleep: clockSleep(clock), catalog: builtInCatalog });
    const first = await open();
    const sim1 = { engine: first, clock, fetch: (p: string, i?: RequestInit) => first.handle(new Request(`http://sim.test${p}`, i)) };
    const env = await (await sim1.fetch('/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' })).json();
    const base = `/sim/${env.key}`;
    await sim1.fetch(`/sim/_admin/environments/${env.key}/drills`, { method: 'POST', body: '{"plan":"standard"}' });
    const client = env.credentials.oauthClients[0];
    const signer1 = oauthSigner(sim1, base, client);
    const res = await send(sim1, `${base}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: await signer1.authorization(false) } });
    expect(res.status).toBe(401);
    await first.settled();

    const second = await open(); // the worker restarted: memory is gone, IndexedDB is not
    const sim2 = { engine: second, clock, fetch: (p: string, i?: RequestInit) => second.handle(new Request(`http://sim.test${p}`, i)) };
    const read = async () => (await sim2.fetch(`/sim/_admin/environments/${env.key}/drills/drill-1`)).json();
    const mid = await read();
    expect(mid.steps[0]).toMatchObject({ phase: 'watching', verdict: 'pending', request: `GET ${REST}/receivablesInvoices?limit=1`, evidence: [2] });
    clock.now += 1500;
    const signer2 = oauthSigner(sim2, base, client);
    expect((await send(sim2, `${base}${REST}/receivablesInvoices?limit=1`, { headers: { authorization: await signer2.authorization(true) } })).status).toBe(200);
    await second.settled();
    const done = await read();
    expect(done.steps[0]).toMatchObject({ verdict: 'pass', evidence: [2, 3, 4] });
    expect(done.steps[0].explanation).toMatch(/^Fetched a new token and repeated the request with it 1\.5 s after the 401/);
    expect(done.steps[1].phase).toBe('armed');
  });
});
