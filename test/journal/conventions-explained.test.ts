// Issue 39 § 3: "Every new answer (304, 412, 429, a batch part's failure) has a catalog entry … The
// journal and the console explain it." Each answer, sent as a client would, is recorded with an
// explanation naming its catalog entry (the console shows the same explanation of its exchange).
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/engine/index.ts';
import { createBody, INVOICES, openApi, REST } from '../receivables/invoices/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';
import type { TestSim } from '../support/sim.ts';

async function entries(sim: TestSim, key: string): Promise<JournalEntry[]> {
  await sim.engine.settled();
  return (await sim.admin('GET', `/environments/${key}/journal?limit=100`)).body.items;
}

describe('the journal explains the conventions’ answers by their catalog entries', () => {
  it('304 (If-None-Match), 412 (a stale If-Match), a bad REST-Framework-Version, a malformed batch and a batch part that failed', async () => {
    const api = await openApi();
    const made = await api.call('POST', INVOICES, createBody());
    const item = `${INVOICES}/${made.body.CustomerTransactionId}`;
    const tag = made.headers.get('etag') as string;
    expect((await api.call('GET', item, undefined, { 'if-none-match': tag })).status).toBe(304);
    expect((await api.call('PATCH', item, { InvoiceStatus: 'Frozen' })).status).toBe(200);
    expect((await api.call('PATCH', item, { InvoiceStatus: 'Complete' }, { 'if-match': tag })).status).toBe(412);
    expect((await api.call('GET', `${INVOICES}?limit=1`, undefined, { 'rest-framework-version': '10' })).status).toBe(400);
    const batch = { 'content-type': 'application/vnd.oracle.adf.batch+json' };
    expect((await api.call('POST', REST, { parts: [{ id: 'x', path: '/receivablesInvoices', operation: 'merge' }] }, batch)).status).toBe(400);
    expect((await api.call('POST', REST, { parts: [{ id: 'bad', path: '/receivablesInvoices', operation: 'create', payload: { BillToCustomerNumber: '10010' } }] }, batch)).status).toBe(400);
    const all = await entries(api.sim, api.key);
    const explained = (status: number, path: string) => all.find((e) => e.status === status && e.path.startsWith(path))?.explanation?.catalog?.code;
    expect(explained(304, item)).toBe('SIM-REST-3040');
    expect(all.find((e) => e.status === 304)?.explanation?.sentence).toMatch(/^A GET of one item with If-None-Match naming its current ETag/);
    expect(explained(412, item)).toBe('SIM-REST-4120');
    expect(explained(400, `${INVOICES}?limit=1`)).toBe('SIM-REST-4015');
    const batches = all.filter((e) => e.path === REST).map((e) => e.explanation?.catalog?.code);
    expect(batches.sort()).toEqual(['SIM-REST-4016', 'SIM-REST-4017']);
  });

  it('the real-limits profile’s 429 is explained as OD-429-THROTTLED', async () => {
    const o = await odataEnv();
    await o.sim.admin('PUT', `/environments/${o.key}/limits`, { profile: 'real-product' });
    for (let i = 0; i < 100; i++) await o.get('/CUSTOMERS?$top=1');
    expect((await o.get('/CUSTOMERS?$top=1')).status).toBe(429);
    const [last] = await entries(o.sim, o.key);
    expect(last).toMatchObject({ status: 429, explanation: { catalog: { code: 'OD-429-THROTTLED' } } });
    expect(last!.explanation!.sentence).toMatch(/^Too many requests/);
  });
});
