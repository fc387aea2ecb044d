// Which catalog entry an answer is (issue 24 § 1.1: "pick the catalog entry by code and message (or
// the entry the request reproduces), never the first entry of a shared code"), for the console and
// the journal alike (src/engine/journal/catalog-match.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEntry, ExampleRequest } from '../../../src/engine/core/types.ts';
import { matchCatalog } from '../../../src/engine/journal/catalog-match.ts';
import { answerCode } from '../../../src/engine/journal/codes.ts';
import type { JournalEntry } from '../../../src/engine/journal/types.ts';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import { getToken, REST, receivablesEnv, type ReceivablesEnv } from './support.ts';
import { fillVariables } from '../../support/sim.ts';
import { explain } from '../../../src/engine/journal/explain.ts';

let r: ReceivablesEnv;
let soapUser: { username: string; password: string };
const errors = receivablesCatalog().errors;
beforeAll(async () => {
  r = await receivablesEnv();
  soapUser = (await r.sim.admin('POST', `/environments/${r.key}/credentials`, { type: 'soap-user' })).body;
});

async function send(ex: ExampleRequest, reset = true): Promise<{ status: number; text: string }> {
  if (reset && ex.method !== 'GET' && ex.path !== '/oauth/token') await r.sim.admin('POST', `/environments/${r.key}/reset`);
  const headers: Record<string, string> = { ...(ex.headers ?? {}) };
  const body = ex.body === undefined ? undefined : fillVariables(ex.body, { clientId: r.full.clientId, clientSecret: r.full.clientSecret, soapUser: soapUser.username, soapPassword: soapUser.password });
  if (ex.auth === 'none') headers.authorization = '';
  if (ex.privileges) headers.authorization = `Bearer ${await getToken(r.sim, r.base, ex.privileges.length === 0 ? r.none : r.full)}`;
  const res = await r.call(ex.path, { method: ex.method, headers, body });
  return { status: res.status, text: await res.text() };
}

describe('catalog match (issue 24 § 1.1)', () => {
  it('"Create a credit memo with two lines" sent twice is explained as a used transaction number, not as a wrong attribute type', async () => {
    const create = receivablesCatalog().examples.find((x) => x.title.startsWith('Create a credit memo with two lines')) as ExampleRequest;
    expect((await send(create)).status).toBe(201);
    const again = await send(create, false);
    expect(again.status).toBe(400);
    expect(answerCode(again.text)).toMatchObject({ code: 'SIM-REST-4009', detail: expect.stringContaining('CM-7001 is already used') });
    const match = matchCatalog(errors, { status: again.status, body: again.text, method: create.method, path: create.path });
    expect(match?.entries.map((e) => e.title)).toEqual(['Credit memo: transaction number already used']);
    expect(match?.entries[0]?.avoid).not.toMatch(/JSON numbers/);

    // The journal explains the same answer the same way.
    await r.sim.engine.settled();
    const items = (await r.sim.admin('GET', `/environments/${r.key}/journal?status=400&limit=1`)).body.items as JournalEntry[];
    expect(items[0]!.explanation?.catalog).toEqual({ code: 'SIM-REST-4009', title: 'Credit memo: transaction number already used' });
  });

  it('every entry with a reproducing request is the entry its own answer matches (codes shared by several entries included)', async () => {
    const wrong: string[] = [];
    for (const e of errors) {
      if (!e.reproduce) continue;
      const { status, text } = await send(e.reproduce);
      const match = matchCatalog(errors, { status, body: text, method: e.reproduce.method, path: e.reproduce.path });
      // A SOAP application fault is explained by the REST code inside it (its ServiceErrorMessage).
      const inner = answerCode(text).inner?.[0];
      const want = e.code === 'env:Server' && inner ? errors.find((x) => x.code === inner && x.title === 'Unknown customer') : e;
      if (match?.entries.length !== 1 || match.entries[0] !== want) wrong.push(`${e.code} ${e.title}: ${match?.how} ${match?.entries.map((x) => x.title).join(' / ')}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('the reproducing requests hold on an environment created on another day: none depends on the date the catalog was written (spec 000 § Errors; a hand-typed sweep found one)', async () => {
    const later = await receivablesEnv({ now: '2027-11-29T10:00:00.000Z' });
    const user = (await later.sim.admin('POST', `/environments/${later.key}/credentials`, { type: 'soap-user' })).body as { username: string; password: string };
    const wrong: string[] = [];
    for (const e of errors) {
      const ex = e.reproduce;
      if (!ex) continue;
      if (ex.method !== 'GET' && ex.path !== '/oauth/token') await later.sim.admin('POST', `/environments/${later.key}/reset`);
      const headers: Record<string, string> = { ...(ex.headers ?? {}) };
      const body = ex.body === undefined ? undefined : fillVariables(ex.body, { clientId: later.full.clientId, clientSecret: later.full.clientSecret, soapUser: user.username, soapPassword: user.password });
      if (ex.auth === 'none') headers.authorization = '';
      if (ex.privileges) headers.authorization = `Bearer ${await getToken(later.sim, later.base, ex.privileges.length === 0 ? later.none : later.full)}`;
      const res = await later.call(ex.path, { method: ex.method, headers, body });
      if (res.status !== (ex.expectStatus ?? e.status)) wrong.push(`${e.code} ${e.title}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a shared code the answer does not tell apart is the family of its entries, never the first of them', () => {
    const entry = (title: string, path: string): ErrorEntry => ({ code: 'X-1', status: 400, title, meaning: 'm', spec: '000', reproduce: { id: title, group: 'g', title, method: 'POST', path, auth: 'bearer' } });
    const list = [entry('First', `${REST}/receivablesInvoices`), entry('Second', `${REST}/receivablesInvoices`)];
    const body = JSON.stringify({ 'o:errorCode': 'X-1', detail: 'Something else.' });
    const match = matchCatalog(list, { status: 400, body, method: 'POST', path: `${REST}/receivablesInvoices` });
    expect(match).toMatchObject({ how: 'family', sharedCode: 'X-1' });
    expect(match?.entries.map((e) => e.title)).toEqual(['First', 'Second']);
    // The entry the request reproduces is known outright (by its request's id).
    expect(matchCatalog(list, { status: 400, body }, 'Second')?.entries.map((e) => e.title)).toEqual(['Second']);
    // A message pattern singles one out.
    const patterned = [{ ...list[0]!, message: 'nothing like it' }, { ...list[1]!, message: 'something else' }];
    expect(matchCatalog(patterned, { status: 400, body })?.entries.map((e) => e.title)).toEqual(['Second']);
  });

  it('a q typed with a typo on invoices is the general "Invalid q", not the family of SIM-REST-4001, and the journal cites its rule (spec 000 § Common query parameters, q)', async () => {
    const path = `${REST}/receivablesInvoices?q=${encodeURIComponent("InvoiceStatu='Complete'")}`;
    const res = await r.call(path, { headers: { authorization: `Bearer ${await getToken(r.sim, r.base, r.full)}` } });
    const body = await res.text();
    expect(res.status).toBe(400);
    const match = matchCatalog(errors, { status: 400, body, method: 'GET', path });
    expect(match).toMatchObject({ how: 'code' });
    expect(match?.entries.map((e) => e.title)).toEqual(['Invalid q']);
    // The resource-specific entries still answer for their own resource's non-queryable attribute.
    const memo = `${REST}/receivablesCreditMemos?q=${encodeURIComponent('EnteredAmount<0')}`;
    const memoRes = await r.call(memo, { headers: { authorization: `Bearer ${await getToken(r.sim, r.base, r.full)}` } });
    expect(matchCatalog(errors, { status: 400, body: await memoRes.text(), method: 'GET', path: memo })?.entries.map((e) => e.title)).toEqual(['Credit memo: q on a non-queryable attribute']);
    // A typo in a credit memo's q is the general entry too: the specific one is about queryability.
    const typo = `${REST}/receivablesCreditMemos?q=${encodeURIComponent("CreditMemoStatu='Complete'")}`;
    const typoRes = await r.call(typo, { headers: { authorization: `Bearer ${await getToken(r.sim, r.base, r.full)}` } });
    expect(matchCatalog(errors, { status: 400, body: await typoRes.text(), method: 'GET', path: typo })?.entries.map((e) => e.title)).toEqual(['Invalid q']);
    const entry: JournalEntry = { id: 1, at: '', product: 'receivables', service: 'rest', method: 'GET', path, status: 400, ms: 0, code: 'SIM-REST-4001', request: { headers: {} }, response: { headers: {}, body } };
    expect(explain(errors, entry)).toMatchObject({ rule: expect.stringContaining('000 Common query parameters'), catalog: { code: 'SIM-REST-4001', title: 'Invalid q' } });
  });
});
