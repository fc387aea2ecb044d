// The trainer's view reads /sim/_admin/activity: what each trainee last did, in host time, counting
// only the learner's own requests (the console's or an outside client's; not the playground's reads
// nor the console's automatic token). Found by a trainer with three trainees: "Last request" gave no
// method, path or status; a trainee whose clock was moved +30 d showed a 30 s old error as "30 d ago";
// an idle trainee looked active from the console's token re-fetch.
import { describe, expect, it } from 'vitest';
import { SOURCE_HEADER } from '../../src/engine/journal/types.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

const INVOICES = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';

async function setUp() {
  const sim = await createTestSim();
  const env = await createEnv(sim, 'receivables', 'Ada');
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const token = async (source: string) => {
    const res = await sim.fetch(`${env.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [SOURCE_HEADER]: source },
      body: `grant_type=client_credentials&scope=urn:opc:resource:consumer::all&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const activity = async () => {
    await sim.engine.settled();
    return (await sim.admin('GET', '/activity')).body.items[0];
  };
  return { sim, env, token, activity };
}

describe('trainer activity (the trainer view)', () => {
  it('names the last request (method, path, status) and counts only the learner’s requests', async () => {
    const { sim, env, token, activity } = await setUp();
    const bearer = await token('console');
    await sim.fetch(`${env.base}${INVOICES}?q=InvoiceStatu='Complete'`, { headers: { authorization: `Bearer ${bearer}`, [SOURCE_HEADER]: 'console' } });
    const before = await activity();
    expect(before.requests).toBe(2);
    expect(before.lastRequest).toMatchObject({ method: 'GET', path: `${INVOICES}?q=InvoiceStatu=%27Complete%27`, status: 400 });
    expect(before.lastError).toMatchObject({ code: 'SIM-REST-4001', status: 400 });
    // Later: the console's own token re-fetch and a view's read are not the trainee's activity.
    sim.clock.now += 60_000;
    await token('auto-token');
    await sim.fetch(`${env.base}${INVOICES}?limit=5`, { headers: { authorization: `Bearer ${bearer}`, [SOURCE_HEADER]: 'view' } });
    const after = await activity();
    expect(after.requests).toBe(2);
    expect(after.lastActivityAt).toBe(before.lastActivityAt);
    expect(after.lastRequest).toEqual(before.lastRequest);
  });

  it('keeps host times when the trainee’s clock is moved, and says the clock moved', async () => {
    const { sim, env, token, activity } = await setUp();
    await token('console');
    const hostAt = new Date(sim.clock.now).toISOString();
    expect((await sim.admin('PUT', `/environments/${env.key}/clock`, { advanceDays: 30 })).status).toBe(200);
    const row = await activity();
    expect(row.lastActivityAt).toBe(hostAt);
    expect(row.lastRequest.at).toBe(hostAt);
    expect(row.clockOffsetMs).toBe(30 * 86_400_000);
  });
});

// A class run with its own lessons (`--class-lesson`) counted every lesson of the product in the
// trainer's view ("6/29 steps" for a 3-step lesson): `lesson=` names the lessons that count, in order.
describe('trainer activity for a class with its own lessons', () => {
  const LESSON = {
    id: 'token-then-read',
    title: 'Token, then a read',
    product: 'receivables',
    steps: [
      { title: 'Get a token', instruction: 'POST /oauth/token', check: { request: { method: 'POST', path: '*/oauth/token', status: 200 } } },
      { title: 'Read invoices', instruction: 'GET invoices', check: { request: { method: 'GET', path: '*/receivablesInvoices', status: 200 } } },
    ],
  };

  it('counts only the named lessons, in the order named, and leaves out ids the product lacks', async () => {
    const { sim, token, activity } = await setUp();
    expect((await sim.admin('POST', '/lessons', LESSON)).status).toBe(201);
    await token('console');
    const everything = await activity();
    expect(everything.lessons.length).toBeGreaterThan(1);
    expect(everything.stepsTotal).toBeGreaterThan(2);

    const builtIn = everything.lessons.find((l: { id: string }) => l.id !== LESSON.id) as { id: string; steps: number };
    const named = (await sim.admin('GET', `/activity?lesson=${LESSON.id}&lesson=no-such-lesson&lesson=${LESSON.id}`)).body.items[0];
    expect(named.lessons.map((l: { id: string }) => l.id)).toEqual([LESSON.id]);
    expect(named).toMatchObject({ stepsDone: 1, stepsTotal: 2, current: { lesson: LESSON.id, step: 2, steps: 2 } });
    expect(named.lessons[0].stepDone).toEqual([true, false]);

    const two = (await sim.admin('GET', `/activity?lesson=${builtIn.id}&lesson=${LESSON.id}`)).body.items[0];
    expect(two.lessons.map((l: { id: string }) => l.id)).toEqual([builtIn.id, LESSON.id]);
    expect(two.stepsTotal).toBe(builtIn.steps + 2);
  });

  it('names both parameters when an unknown one is sent', async () => {
    const { sim } = await setUp();
    const res = await sim.admin('GET', '/activity?lessons=x');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Unknown parameter 'lessons'. Allowed: env, lesson (each repeatable).");
  });
});
