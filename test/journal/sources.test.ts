// Who sent a request (issue 24 § 1.3-4): "Each entry has a source (console, playground view, outside
// client, automatic token)"; "Steps count only the learner's requests (console, or an outside
// client), never the views' own reads". The playground marks its requests with X-Sim-Source.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/engine/journal/types.ts';
import { openApi, REST } from '../receivables/invoices/helpers.ts';
import { odataEnv } from '../odata/helpers.ts';
import type { TestSim } from '../support/sim.ts';

async function journal(sim: TestSim, key: string, query = ''): Promise<{ status: number; items: JournalEntry[]; error?: string }> {
  await sim.engine.settled();
  const res = await sim.admin('GET', `/environments/${key}/journal${query}`);
  return { status: res.status, items: res.body.items, error: res.body.error };
}

describe('journal sources (issue 24 § 1.4)', () => {
  it('labels each entry by the X-Sim-Source its request carried (anything else is an outside client) and keeps no such header', async () => {
    const api = await openApi();
    for (const source of ['console', 'view', 'auto-token', 'bogus']) await api.call('GET', `${REST}/receivablesInvoices?limit=1&n=${source}`, undefined, { 'X-Sim-Source': source });
    await api.call('GET', `${REST}/receivablesInvoices?limit=1&n=none`);
    const { items } = await journal(api.sim, api.key, '?limit=5');
    expect(items.map((e) => [new URL(`http://x${e.path}`).searchParams.get('n'), e.source])).toEqual([
      ['none', 'outside'],
      ['bogus', 'outside'],
      ['auto-token', 'auto-token'],
      ['view', 'view'],
      ['console', 'console'],
    ]);
    for (const e of items) expect(Object.keys(e.request.headers)).not.toContain('x-sim-source');
  });

  it('filters by source (?source=console,outside); an unknown source is a 400 naming the allowed ones', async () => {
    const api = await openApi();
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`, undefined, { 'x-sim-source': 'view' });
    await api.call('GET', `${REST}/receivablesInvoices?limit=2`, undefined, { 'x-sim-source': 'console' });
    const learner = await journal(api.sim, api.key, '?source=console,outside');
    expect(learner.items.map((e) => e.source)).toEqual(['console', 'outside']); // the console's GET, then the token the helper fetched
    expect((await journal(api.sim, api.key, '?source=view')).items.map((e) => e.path)).toEqual([`${REST}/receivablesInvoices?limit=1`]);
    const bad = await journal(api.sim, api.key, '?source=console,robots');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/console, view, auto-token, outside.*'robots'/);
  });

  it('operations inside a $batch carry the source of their $batch', async () => {
    const o = await odataEnv();
    const res = await o.req('POST', '/$batch', {
      headers: { 'content-type': 'application/json', 'x-sim-source': 'console' },
      body: JSON.stringify({ requests: [{ id: 'a', method: 'GET', url: "CUSTOMERS('C1001')" }] }),
    });
    expect(res.status).toBe(200);
    const { items } = await journal(o.sim, o.key, '?limit=2');
    expect(items.map((e) => [e.service, e.source])).toEqual([
      ['odata', 'console'],
      ['batch', 'console'],
    ]);
  });
});

describe('lessons count only the learner\'s requests (issue 24 § 1.3)', () => {
  it('a view\'s own read and an automatic token tick nothing; the same requests from the console do', async () => {
    const api = await openApi();
    const progress = async () => {
      await api.sim.engine.settled();
      const res = await api.sim.admin('GET', `/environments/${api.key}/lessons`);
      return (res.body.items as { id: string; steps: { done: boolean }[] }[]).find((l) => l.id === 'get-a-token')!.steps.map((s) => s.done);
    };
    const client = (await api.sim.admin('POST', `/environments/${api.key}/credentials`, { type: 'oauth-client', privileges: [] })).body;
    // The helper's own token (an outside client) ticks step 1; clear it for a clean start.
    await api.sim.admin('DELETE', `/environments/${api.key}/journal`);
    const token = (source: string) =>
      api.sim.fetch(`${api.base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sim-source': source },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
      });
    expect((await token('auto-token')).status).toBe(200);
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`, undefined, { 'x-sim-source': 'view' });
    expect(await progress()).toEqual([false, false]);
    expect((await token('console')).status).toBe(200);
    expect(await progress()).toEqual([true, false]);
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`, undefined, { 'x-sim-source': 'view' });
    expect(await progress()).toEqual([true, false]);
    await api.call('GET', `${REST}/receivablesInvoices?limit=1`);
    expect(await progress()).toEqual([true, true]);
  });
});
