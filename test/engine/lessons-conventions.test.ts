// The two lessons on the real products' conventions (issue 39 § 3, Teaching): checked from the journal
// like the others, against the answers the simulator really gives.
import { describe, expect, it } from 'vitest';
import { checkLessons } from '../../src/engine/lessons/check.ts';
import { LESSONS } from '../../src/engine/lessons/lessons.ts';
import { createBody, INVOICES, openApi } from '../receivables/invoices/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';

const done = async (sim: { admin: (m: string, p: string) => Promise<{ body: any }> }, key: string, id: string) => { // any: JSON test payloads
  const items = (await sim.admin('GET', `/environments/${key}/lessons`)).body.items as { id: string; steps: { done: boolean }[] }[];
  return items.find((l) => l.id === id)?.steps.map((s) => s.done);
};

describe("Don't overwrite a colleague's change", () => {
  it('read, a colleague’s change, 412 on the stale tag, re-read, update with the new tag', async () => {
    const api = await openApi();
    const id = (await api.call('POST', INVOICES, createBody())).body.CustomerTransactionId;
    const read = await api.call('GET', `${INVOICES}/${id}`);
    const tag = read.headers.get('etag') as string;
    expect(await done(api.sim, api.key, 'dont-overwrite')).toEqual([true, false, false, false, false]);
    await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' });
    expect((await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete' }, { 'if-match': tag })).status).toBe(412);
    const fresh = (await api.call('GET', `${INVOICES}/${id}`)).headers.get('etag') as string;
    expect(await done(api.sim, api.key, 'dont-overwrite')).toEqual([true, true, true, true, false]);
    expect((await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete' }, { 'if-match': fresh })).status).toBe(200);
    expect(await done(api.sim, api.key, 'dont-overwrite')).toEqual([true, true, true, true, true]);
  });
});

describe('Back off when throttled', () => {
  it('a 429 under the real-limits profile, then a read that passes', async () => {
    const o = await odataEnv();
    await o.sim.admin('PUT', `/environments/${o.key}/limits`, { profile: 'real-product' });
    for (let i = 0; i < 101; i++) await o.get('/CUSTOMERS?$top=1');
    expect(await done(o.sim, o.key, 'back-off-when-throttled')).toEqual([true, false]);
    const now = (await o.sim.admin('GET', `/environments/${o.key}/clock`)).body.now as string;
    await o.sim.admin('PUT', `/environments/${o.key}/clock`, { now: new Date(Date.parse(now) + 61_000).toISOString() });
    expect((await o.get('/CUSTOMERS?$top=1')).status).toBe(200);
    expect(await done(o.sim, o.key, 'back-off-when-throttled')).toEqual([true, true]);
  });

  it('both lessons are listed with the others, as data', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(expect.arrayContaining(['dont-overwrite', 'back-off-when-throttled']));
    expect(checkLessons(LESSONS.filter((l) => l.id === 'dont-overwrite'), [], { rows: {} })[0]?.steps).toHaveLength(5);
  });
});
