// Issue 23 § The app: "a lesson that walks through one drill by hand". Its steps are checked from
// the journal (the drill marks each injected answer with its step kind), so the sequence a person
// sends from the console, with the pauses the lesson asks for, completes the lesson and passes
// the drill; a run that skips the pauses does not.
import { describe, expect, it } from 'vitest';
import { checkLessons } from '../../src/engine/lessons/check.ts';
import { LESSONS } from '../../src/engine/lessons/lessons.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';
import { createEnv, createTestSim } from '../support/sim.ts';
import { NetworkError, oauthSigner, REST, send } from './clients.ts';

const LIST = `${REST}/receivablesInvoices?limit=10&totalResults=true`;

describe('the drill-by-hand lesson (issue 23 § The app)', () => {
  it('the console-like sequence with the lesson\'s pauses completes every lesson step and passes the drill', async () => {
    const sim = await createTestSim({ fakeTime: true });
    const env = await createEnv(sim, 'receivables');
    const signer = oauthSigner(sim, env.base, env.credentials.oauthClients[0]);
    expect((await sim.admin('POST', `/environments/${env.key}/drills`, { plan: 'standard' })).status).toBe(201);
    // Bodies are read, as the console reads them (the journal copies them alongside).
    const status = async (res: Response) => (await res.text(), res.status);
    const get = async (fresh = false) => status(await send(sim, `${env.base}${LIST}`, { headers: { authorization: await signer.authorization(fresh) } }));
    const receipt = (n: string) => JSON.stringify({ ReceiptNumber: n, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 125.5, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010' });
    const post = async (n: string) => status(await send(sim, `${env.base}${REST}/standardReceipts`, { method: 'POST', body: receipt(n), headers: { authorization: await signer.authorization(false), 'content-type': 'application/json', 'upsert-mode': 'true' } }));

    expect(await get()).toBe(401);
    expect(await get(true)).toBe(200); // the console's own retry with a new token
    sim.clock.now += 4000;
    expect(await get()).toBe(429);
    sim.clock.now += 3000; // "count to three"
    expect(await get()).toBe(200);
    sim.clock.now += 1000;
    expect(await get()).toBe(503);
    sim.clock.now += 700;
    expect(await get()).toBe(200);
    sim.clock.now += 5000;
    expect(await post('CHK-40022')).toBe(500);
    sim.clock.now += 3000;
    expect(await post('CHK-40022')).toBe(200);
    sim.clock.now += 9000;
    await expect(post('CHK-40023')).rejects.toBeInstanceOf(NetworkError);
    sim.clock.now += 4000;
    expect(await post('CHK-40023')).toBe(201);
    sim.clock.now += 60_000; // the lesson's minute: step 5 watches 60 s for a second receipt
    expect(await get()).toBe(200); // 8 s later on the test clock

    await sim.engine.settled();
    const progress = (await sim.admin('GET', `/environments/${env.key}/lessons`)).body.items.find((l: { id: string }) => l.id === 'drill-by-hand');
    expect(progress.steps.map((s: { done: boolean }) => s.done)).toEqual(Array(10).fill(true));
    const report = (await sim.admin('GET', `/environments/${env.key}/drills/drill-1`)).body;
    expect(report.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'info']);
  });

  it('the checker follows the drill marks: without the 429 the "wait two seconds" step cannot complete', () => {
    let id = 1;
    const e = (over: Partial<JournalEntry> & Pick<JournalEntry, 'method' | 'path' | 'status'>): JournalEntry => ({ id: id++, at: '2026-03-15T10:00:00.000Z', product: 'receivables', service: 'rest', ms: 1, request: { headers: {} }, response: { headers: {} }, ...over });
    const mark = (kind: string, n: number) => ({ injected: `drill-1 step ${n}`, drill: { id: 'drill-1', n, kind, note: '' } });
    const expired = e({ method: 'GET', path: LIST, status: 401, ...mark('token-expired', 1) });
    const ok = e({ method: 'GET', path: LIST, status: 200 });
    const limited = e({ method: 'GET', path: LIST, status: 429, ...mark('rate-limited', 2) });
    const lesson = LESSONS.filter((l) => l.id === 'drill-by-hand');
    const done = (entries: JournalEntry[]) => checkLessons(lesson, entries, { rows: {} })[0]!.steps.map((s) => s.done).slice(0, 3);
    expect(done([expired, ok])).toEqual([true, false, false]);
    // A fault rule's 429 is no drill step.
    expect(done([expired, e({ method: 'GET', path: LIST, status: 429, injected: 'fault-1' }), ok])).toEqual([true, false, false]);
    expect(done([expired, limited, e({ method: 'GET', path: LIST, status: 200 })])).toEqual([true, true, true]);
  });
});
