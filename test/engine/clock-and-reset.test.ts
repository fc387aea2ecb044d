// Environment clocks (issue 2 § 2 Clock, § 3 clock API) and reset (issue 2 § 3).
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim } from '../support/sim.ts';

describe('environment clock', () => {
  it('starts at host time and moves by days or to a date, per environment (issue 2 § 3 clock)', async () => {
    const sim = await createTestSim({ now: '2026-03-15T10:00:00.000Z' });
    const a = await createEnv(sim, 'receivables');
    const b = await createEnv(sim, 'receivables');
    expect((await sim.admin('GET', `/environments/${a.key}/clock`)).body).toEqual({ now: '2026-03-15T10:00:00.000Z' });
    expect((await sim.admin('PUT', `/environments/${a.key}/clock`, { advanceDays: 40 })).body).toEqual({ now: '2026-04-24T10:00:00.000Z' });
    expect((await sim.admin('GET', `/environments/${b.key}/clock`)).body.now).toBe('2026-03-15T10:00:00.000Z');
    expect((await sim.admin('PUT', `/environments/${a.key}/clock`, { now: '2027-01-01T00:00:00Z' })).body).toEqual({ now: '2027-01-01T00:00:00.000Z' });
    // The host clock keeps running under the offset, as a test clock in a sandbox does.
    sim.clock.now += 60_000;
    expect((await sim.admin('GET', `/environments/${a.key}/clock`)).body.now).toBe('2027-01-01T00:01:00.000Z');
    expect((await sim.admin('PUT', `/environments/${a.key}/clock`, { now: '2026-12-31' })).body.now).toBe('2026-12-31T00:00:00.000Z');
  });
});

describe('reset', () => {
  it('puts the data back to the seeded book and keeps credentials (issue 2 § 3 reset)', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata');
    const before = await sim.engine.store.data(env.key);
    const snapshot = new Map(before.kindNames().filter((k) => !k.startsWith('sim.')).map((k) => [k, JSON.stringify(before.list(k))]));
    await sim.engine.store.write(env.key, (tx) => {
      tx.put('CUSTOMERS', 'EXTRA', { CUSTNAME: 'EXTRA' });
    });
    const res = await sim.admin('POST', `/environments/${env.key}/reset`);
    expect(res.status).toBe(200);
    const after = await sim.engine.store.data(env.key);
    expect(after.get('CUSTOMERS', 'EXTRA')).toBeUndefined();
    for (const [kind, rows] of snapshot) expect(JSON.stringify(after.list(kind))).toBe(rows);
    expect(res.body.credentials).toHaveLength(2);
  });
});
