// Environment clocks (issue 2 § 2 Clock, § 3 clock API) and reset (issue 2 § 3).
import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim } from '../support/sim.ts';

describe('environment clock', () => {
  it('starts at host time and moves by days or to a date, per environment (issue 2 § 3 clock)', async () => {
    const sim = await createTestSim({ now: '2026-03-15T10:00:00.000Z' });
    const a = await createEnv(sim, 'receivables');
    const b = await createEnv(sim, 'receivables');
    expect((await sim.admin('GET', `/environments/${a.key}/clock`)).body).toEqual({ now: '2026-03-15T10:00:00.000Z', frozen: false });
    expect((await sim.admin('PUT', `/environments/${a.key}/clock`, { advanceDays: 40 })).body).toEqual({ now: '2026-04-24T10:00:00.000Z', frozen: false });
    expect((await sim.admin('GET', `/environments/${b.key}/clock`)).body.now).toBe('2026-03-15T10:00:00.000Z');
    expect((await sim.admin('PUT', `/environments/${a.key}/clock`, { now: '2027-01-01T00:00:00Z' })).body).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: false });
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

const INVOICES = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

async function bearer(sim: Awaited<ReturnType<typeof createTestSim>>, env: Awaited<ReturnType<typeof createEnv>>): Promise<string> {
  const client = env.credentials.oauthClients[0];
  const res = await sim.fetch(`/sim/${env.key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}` },
    body: `grant_type=client_credentials&scope=${encodeURIComponent(client.scope)}`,
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('two resets (issue 43 § 1)', () => {
  it('"all": the seeded book, the clock at the start, no fault rules, journal or drills; a token issued before still works', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const token = await bearer(sim, env);
    const base = `/environments/${env.key}`;
    const rows = async () => {
      const data = await sim.engine.store.data(env.key);
      return JSON.stringify(data.kindNames().filter((k) => !k.startsWith('sim.')).map((k) => [k, data.list(k)]));
    };
    const book = await rows();
    expect((await sim.fetch(`/sim/${env.key}${INVOICES}/300000000001351`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
    expect(await rows()).not.toBe(book);
    await sim.admin('PUT', `${base}/clock`, { advanceDays: 30 });
    expect((await sim.admin('POST', `${base}/faults`, { kind: 'status', status: 503, path: '*/standardReceipts' })).status).toBe(201);
    expect((await sim.admin('POST', `${base}/drills`, { plan: 'standard' })).status).toBe(201);
    expect((await sim.admin('GET', `${base}/journal`)).body.items.length).toBeGreaterThan(0);

    const res = await sim.admin('POST', `${base}/reset`, { scope: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('all');
    expect(res.body.clock).toMatchObject({ now: '2026-03-15T10:00:00.000Z', frozen: false });
    expect((await sim.admin('GET', `${base}/faults`)).body.items).toEqual([]);
    expect((await sim.admin('GET', `${base}/drills`)).body.items).toEqual([]);
    expect((await sim.admin('GET', `${base}/journal`)).body.items).toEqual([]);
    expect(await rows()).toBe(book);
    const read = await sim.fetch(`/sim/${env.key}${INVOICES}/300000000001351`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(res.body.credentials).toHaveLength(env.credentials.oauthClients.length + env.credentials.soapUsers.length);
  });

  it('"all" is the default; "data" (the playground\'s Reset) keeps the clock, the fault rules and the journal', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const base = `/environments/${env.key}`;
    await sim.admin('PUT', `${base}/clock`, { advanceDays: 2 });
    await sim.admin('POST', `${base}/faults`, { kind: 'status', status: 500, path: '/x' });
    await sim.fetch(`/sim/${env.key}${INVOICES}`);
    const data = await sim.admin('POST', `${base}/reset`, { scope: 'data' });
    expect(data.body).toMatchObject({ scope: 'data', clock: { now: '2026-03-17T10:00:00.000Z' } });
    expect((await sim.admin('GET', `${base}/faults`)).body.items).toHaveLength(1);
    expect((await sim.admin('GET', `${base}/journal`)).body.items).toHaveLength(1);
    const bare = await sim.admin('POST', `${base}/reset`);
    expect(bare.body).toMatchObject({ scope: 'all', clock: { now: '2026-03-15T10:00:00.000Z' } });
    expect((await sim.admin('GET', `${base}/faults`)).body.items).toHaveLength(0);
    const wrong = await sim.admin('POST', `${base}/reset`, { scope: 'everything' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('"scope" must be "all"');
  });
});

describe('a clock a suite can repeat (issue 43 § 2)', () => {
  it('a frozen "now" seeds the book from that instant and moves only when set or advanced; a reset returns to it', async () => {
    const sim = await createTestSim({ now: '2026-11-29T03:00:00.000Z' });
    const made = await sim.admin('POST', '/environments', { product: 'receivables', clock: { now: '2026-05-01T09:00:00Z', frozen: true } });
    expect(made.status).toBe(201);
    const base = `/environments/${made.body.key}`;
    expect((await sim.admin('GET', `${base}/clock`)).body).toEqual({ now: '2026-05-01T09:00:00.000Z', frozen: true });
    sim.clock.now += 3_600_000;
    expect((await sim.admin('GET', `${base}/clock`)).body.now).toBe('2026-05-01T09:00:00.000Z');
    expect((await sim.admin('PUT', `${base}/clock`, { advance: { days: 1, minutes: 30 } })).body).toEqual({ now: '2026-05-02T09:30:00.000Z', frozen: true });
    sim.clock.now += 3_600_000;
    expect((await sim.admin('GET', `${base}/clock`)).body.now).toBe('2026-05-02T09:30:00.000Z');
    // Unfrozen, it runs from where it stands.
    expect((await sim.admin('PUT', `${base}/clock`, { frozen: false })).body).toEqual({ now: '2026-05-02T09:30:00.000Z', frozen: false });
    sim.clock.now += 60_000;
    expect((await sim.admin('GET', `${base}/clock`)).body.now).toBe('2026-05-02T09:31:00.000Z');
    expect((await sim.admin('POST', `${base}/reset`, { scope: 'all' })).body.clock).toMatchObject({ now: '2026-05-01T09:00:00.000Z', frozen: true });
  });

  it('frozen: false runs from the set point', async () => {
    const sim = await createTestSim({ now: '2026-11-29T03:00:00.000Z' });
    const made = await sim.admin('POST', '/environments', { product: 'odata', clock: { now: '2026-05-01T09:00:00Z', frozen: false } });
    const base = `/environments/${made.body.key}`;
    sim.clock.now += 120_000;
    expect((await sim.admin('GET', `${base}/clock`)).body).toEqual({ now: '2026-05-01T09:02:00.000Z', frozen: false });
    await sim.admin('PUT', `${base}/clock`, { advanceDays: 3 });
    expect((await sim.admin('POST', `${base}/reset`)).body.clock.now).toBe('2026-05-01T09:00:00.000Z');
  });

  it('the same options on two host days export byte-identical snapshots', async () => {
    const files: string[] = [];
    for (const hostDay of ['2026-11-29T03:00:00.000Z', '2027-02-14T18:45:00.000Z']) {
      for (const product of ['receivables', 'odata'] as const) {
        const sim = await createTestSim({ now: hostDay });
        const made = await sim.admin('POST', '/environments', { product, name: 'fixed', clock: { now: '2026-05-01T09:00:00Z', frozen: true } });
        const res = await sim.fetch(`/sim/_admin/environments/${made.body.key}/snapshot`);
        files.push(`${product}:${await res.text()}`);
      }
    }
    expect(files[2]).toBe(files[0]);
    expect(files[3]).toBe(files[1]);
    expect(files[0]).toContain('"now":"2026-05-01T09:00:00.000Z"');
  });

  it('refuses a bad clock option or move, naming the argument', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const clock = `/environments/${env.key}/clock`;
    const cases: [unknown, string][] = [
      [{ advance: { weeks: 1 } }, '"weeks" is not a unit'],
      [{ advance: {} }, '"advance" is empty'],
      [{ advance: { days: 0.0001 } }, 'whole minutes'],
      [{ advanceDays: 1.5 }, '"advanceDays" must be a whole number of days'],
      [{ speed: 2 }, 'Unknown field "speed"'],
      [{}, 'Send {"now"'],
      [{ frozen: 'yes' }, '"frozen" must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await sim.admin('PUT', clock, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect((await sim.admin('PUT', clock, { advance: { days: 1.5 } })).body.now).toBe('2026-03-16T22:00:00.000Z');
    for (const [body, message] of [
      [{ product: 'receivables', clock: { now: 'tomorrow' } }, '"clock.now" is required'],
      [{ product: 'receivables', clock: { now: '2026-05-01', frozen: 1 } }, '"clock.frozen"'],
      [{ product: 'receivables', clock: { now: '2026-05-01', speed: 2 } }, 'Unknown field "clock.speed"'],
    ] as const) {
      const res = await sim.admin('POST', '/environments', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
  });
});
