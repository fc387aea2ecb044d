// Issue 40 § 1-2 and § Tests: a custom lesson's steps are ticked by an outside client (fetch against
// a Node host, as curl would) and by the console, never by the playground views' own reads; its
// progress is part of GET /environments/<key>/lessons; it persists in the host's --state file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_HEADER } from '../../src/engine/journal/types.ts';
import { startNodeHost, type NodeHost } from '../../src/hosts/node/server.ts';

const ADMIN = 'simadmin_lesson-progress-admin-0123456789';
const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const dir = mkdtempSync(join(tmpdir(), 'lesson-progress-'));
const state = join(dir, 'state.jsonl');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LESSON = `{
  "id": "read-two-pages",
  "title": "Token, then two invoice reads",
  "product": "receivables",
  "steps": [
    { "title": "Get a token", "instruction": "POST /oauth/token", "check": { "request": { "method": "POST", "path": "*/oauth/token", "status": 200 } } },
    { "title": "Read invoices twice", "instruction": "GET invoices", "check": { "request": { "method": "GET", "path": "*/receivablesInvoices", "status": 200 }, "count": { "atLeast": 2 } } },
    { "title": "Ask for one that does not exist", "instruction": "GET invoices/0", "check": { "request": { "method": "GET", "path": "*/receivablesInvoices/*", "status": "4xx" }, "count": { "exactly": 1 } } }
  ]
}`;

async function start(): Promise<NodeHost> {
  return startNodeHost({ port: 0, host: '127.0.0.1', stateFile: state, adminToken: ADMIN });
}

describe('a custom lesson on a Node host', () => {
  it('ticks steps from an outside client and the console, never from the views; persists in --state', async () => {
    let host = await start();
    const admin = (path: string, init: RequestInit = {}) => fetch(`${host.url}/sim/_admin${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
    try {
      expect((await admin('/lessons', { method: 'POST', body: LESSON })).status).toBe(201);
      const env = (await (await admin('/environments', { method: 'POST', body: JSON.stringify({ product: 'receivables' }) })).json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
      const c = env.credentials.oauthClients[0]!;
      const steps = async () => {
        await host.engine.settled();
        const body = (await (await admin(`/environments/${env.key}/lessons`)).json()) as { items: { id: string; custom?: boolean; steps: { id: string; done: boolean }[] }[] };
        const mine = body.items.find((l) => l.id === 'read-two-pages');
        expect(mine?.custom).toBe(true);
        return mine!.steps.map((s) => s.done);
      };
      const send = (path: string, source: string | null, init: RequestInit = {}) =>
        fetch(`${host.url}/sim/${env.key}${path}`, { ...init, headers: { ...(source ? { [SOURCE_HEADER]: source } : {}), ...(init.headers as Record<string, string>) } }).then(async (r) => ({ status: r.status, body: await r.text() }));
      const tokenBody = `grant_type=client_credentials&scope=${encodeURIComponent('urn:opc:resource:consumer::all')}&client_id=${c.clientId}&client_secret=${c.clientSecret}`;
      const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: tokenBody };

      // The views' own reads (a token, invoice lists) tick nothing.
      const viewToken = JSON.parse((await send('/oauth/token', 'view', form)).body).access_token as string;
      const auth = { authorization: `Bearer ${viewToken}` };
      await send(INV, 'view', { headers: auth });
      await send(INV, 'view', { headers: auth });
      expect(await steps()).toEqual([false, false, false]);

      // An outside client (no source header, as curl sends): the token step.
      expect((await send('/oauth/token', null, form)).status).toBe(200);
      expect(await steps()).toEqual([true, false, false]);
      // One read by the console, one by the outside client: step 2 counts both.
      expect((await send(INV, 'console', { headers: auth })).status).toBe(200);
      expect(await steps()).toEqual([true, false, false]);
      expect((await send(INV, null, { headers: auth })).status).toBe(200);
      expect(await steps()).toEqual([true, true, false]);
      expect((await send(`${INV}/0`, 'console', { headers: auth })).status).toBe(404);
      expect(await steps()).toEqual([true, true, true]);
      // exactly 1: a second such request undoes the step (journal/verify's count, as it says).
      await send(`${INV}/0`, null, { headers: auth });
      expect(await steps()).toEqual([true, true, false]);
    } finally {
      await host.close();
    }
    host = await start();
    try {
      const res = await fetch(`${host.url}/sim/_admin/lessons/read-two-pages`, { headers: { authorization: `Bearer ${ADMIN}` } });
      expect(await res.text()).toBe(LESSON);
    } finally {
      await host.close();
    }
  });
});
