// The console explains the answer beside it as the journal would (issue 24 § 1.5): "The near-miss
// hint shows beside the console's response too; an injected fault (e.g. 503) is explained beside it
// too; a $batch answer explains each part (a 200 batch whose part is 409 says so)".
import { describe, expect, it } from 'vitest';
import { explainAnswer, type ConsoleExchange } from '../../src/engine/journal/answer.ts';
import { builtInCatalog } from '../../src/engine/teaching/catalogs.ts';
import { odataEnv } from '../odata/helpers.ts';
import { openApi, REST } from '../receivables/invoices/helpers.ts';
import { ORIGIN } from '../support/sim.ts';

async function exchange(res: Response, x: Omit<ConsoleExchange, 'status' | 'headers' | 'body'>): Promise<ConsoleExchange> {
  return { ...x, status: res.status, headers: [...res.headers.entries()], body: await res.text() };
}

describe('explainAnswer (issue 24 § 1.5)', () => {
  it('a near miss: the hint the journal gives, beside the catalog entry', async () => {
    const api = await openApi();
    const path = `${REST}/receivablesInvoices?fields=TransactionNumbr`;
    const res = await api.sim.fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
    const notes = explainAnswer(await builtInCatalog('receivables'), await exchange(res, { product: 'receivables', method: 'GET', path, baseUrl: `${ORIGIN}${api.base}` }));
    expect(notes.hint).toBe('Did you mean the attribute TransactionNumber?');
    expect(notes.match?.entries[0]?.code).toBe('SIM-REST-4005');
  });

  it('an injected 503 is said to be injected, with the rule and how to retry', async () => {
    const api = await openApi();
    expect((await api.sim.admin('POST', `/environments/${api.key}/faults`, { kind: 'status', status: 503, path: '*/receivablesInvoices', retryAfter: 2 })).status).toBe(201);
    const path = `${REST}/receivablesInvoices`;
    const res = await api.sim.fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(res.status).toBe(503);
    const notes = explainAnswer(await builtInCatalog('receivables'), await exchange(res, { product: 'receivables', method: 'GET', path, baseUrl: `${ORIGIN}${api.base}` }));
    expect(notes.injected).toMatch(/^fault-/);
    expect(notes.explanation?.sentence).toMatch(/injected this 503 .*not spec behaviour\. Retry after 2 s/);
  });

  it('a 200 $batch whose operation answered 409 explains that operation', async () => {
    const o = await odataEnv();
    const body = JSON.stringify({
      requests: [
        { id: '1', method: 'GET', url: "CUSTOMERS('C1001')?$select=CUSTNAME" },
        { id: '2', method: 'POST', url: 'CUSTOMERS', headers: { 'content-type': 'application/json' }, body: { CUSTNAME: 'C1001', CUSTDES: 'Taken' } },
      ],
    });
    const res = await o.req('POST', '/$batch', { headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    const notes = explainAnswer(await builtInCatalog('odata'), await exchange(res, { product: 'odata', method: 'POST', path: '/odata/Priority/tabula.ini/demo/$batch', baseUrl: `${ORIGIN}${o.base}`, requestBody: body }));
    expect(notes.match).toBeNull();
    expect(notes.parts?.map((p) => [p.index, p.method, p.status])).toEqual([
      [1, 'GET', 200],
      [2, 'POST', 409],
    ]);
    expect(notes.parts?.[1]?.sentence?.length).toBeGreaterThan(10);
    expect(notes.parts?.[1]?.sentence).toMatch(/already exists/);
  });
});
