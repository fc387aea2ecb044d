// A collection runs in order with its checks and captures (issue 24 § 3: "A collection runs in order
// with simple checks per request (status equals, a JSON path exists or equals, a header present),
// showing a pass/fail report"; § 2: "a request can set one from its response").
import { describe, expect, it } from 'vitest';
import { reportLines, runCollection, type RunTarget } from '../../src/collections/run.ts';
import type { Collection } from '../../src/collections/types.ts';
import { createEnv, createTestSim, ORIGIN, type TestSim } from '../support/sim.ts';
import { memoCollection } from './fixtures.ts';

async function receivablesTarget(sim: TestSim, variables: Record<string, string> = {}): Promise<RunTarget> {
  const env = await createEnv(sim, 'receivables', 'Run');
  const c = env.credentials;
  return {
    product: 'receivables',
    baseUrl: `${ORIGIN}${env.base}`,
    environment: 'Run',
    credentials: { clients: c.oauthClients, soapUser: c.soapUsers[0] },
    variables,
    fetch: (url, init) => sim.fetch(url, init),
  };
}

describe('collection runs (issue 24 § 3)', () => {
  it('runs the requests in order, passing a captured id on, and reports every check passed', async () => {
    const sim = await createTestSim();
    const seen: string[] = [];
    const report = await runCollection(memoCollection(), { ...(await receivablesTarget(sim)), onStep: (s) => seen.push(s.name) });
    expect(seen).toEqual(['Create a credit memo', 'Read it back', 'Receipts without receipt privileges']);
    expect(report.steps.map((s) => s.status)).toEqual([201, 200, 403]);
    expect(report.steps[0]!.captured.memoId).toMatch(/^\d{15,16}$/);
    expect(report.steps[1]!.url).toContain(`/receivablesCreditMemos/${report.steps[0]!.captured.memoId}?onlyData=true`);
    expect(report).toMatchObject({ passed: 6, failed: 0 });
    expect(report.steps[1]!.folders).toEqual(['Credit memos']);
    expect(sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('a failing check fails the run and says what was found instead', async () => {
    const sim = await createTestSim();
    const report = await runCollection(memoCollection(true), await receivablesTarget(sim));
    expect(report.failed).toBe(1);
    const failed = report.steps[2]!.checks[0]!;
    expect(failed).toEqual({ label: 'status is 200', pass: false, detail: 'the status is 403' });
    expect(reportLines(report).join('\n')).toMatch(/FAIL {2}status is 200 \(the status is 403\)/);
  });

  it('the environment\'s own variables fill {{names}} and win over the collection\'s; an unknown one stays written', async () => {
    const sim = await createTestSim();
    const report = await runCollection(memoCollection(), await receivablesTarget(sim, { memoNumber: 'CM-ENV-1' }));
    expect(report.steps[0]!.checks[1]).toEqual({ label: '$.TransactionNumber equals {{memoNumber}}', pass: true });
    const read = await sim.fetch(report.steps[1]!.url.replace(ORIGIN, ''), { headers: { authorization: 'none' } });
    expect(read.status).toBe(401);
    const c: Collection = { ...memoCollection(), items: [{ type: 'request', id: 'u', name: 'unknown', request: { method: 'GET', path: '/fscmRestApi/resources/11.13.18.05/receivablesInvoices/{{nothing}}', headers: [], body: '', auth: 'bearer' }, checks: [{ kind: 'status', equals: 404 }], captures: [] }] };
    const unknown = await runCollection(c, await receivablesTarget(sim));
    expect(unknown.steps[0]!.url).toContain('/receivablesInvoices/{{nothing}}');
  });

  it('OData: Basic with the API user, a PAT, {{token}} as the PAT, and a JSON path into value[]', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'odata', 'Run');
    const root = '/odata/Priority/tabula.ini/demo';
    const c: Collection = {
      id: 'o',
      name: 'OData',
      product: 'odata',
      variables: [],
      updatedAt: '',
      items: [
        { type: 'request', id: 'a', name: 'Customers', request: { method: 'GET', path: `${root}/CUSTOMERS?$top=2&$select=CUSTNAME`, headers: [], body: '', auth: 'basic' }, checks: [{ kind: 'json', path: '$.value[-1].CUSTNAME' }], captures: [{ name: 'last', from: '$.value[1].CUSTNAME' }] },
        { type: 'request', id: 'b', name: 'One', request: { method: 'GET', path: `${root}/CUSTOMERS('{{last}}')`, headers: [], body: '', auth: 'pat' }, checks: [{ kind: 'json', path: '$.CUSTNAME', equals: '{{last}}' }, { kind: 'status', equals: 200 }], captures: [] },
        { type: 'request', id: 'c', name: 'Login', request: { method: 'GET', path: `${root}/GetLoginName`, headers: [{ name: 'Authorization', value: 'Basic {{patBasic}}' }], body: '', auth: 'none' }, checks: [{ kind: 'status', equals: 200 }], captures: [] },
      ],
    };
    const pat = env.credentials.personalAccessTokens[0].token as string;
    const report = await runCollection(c, {
      product: 'odata',
      baseUrl: `${ORIGIN}${env.base}`,
      environment: 'Run',
      credentials: { clients: [], apiUser: env.credentials.apiUsers[0], pat },
      variables: { patBasic: btoa(`${pat}:PAT`) },
      fetch: (url, init) => sim.fetch(url, init),
    });
    expect(report.steps.map((s) => s.status)).toEqual([200, 200, 200]);
    // A check's expected text has its variables filled too.
    expect(report.steps[1]!.checks[0]).toEqual({ label: '$.CUSTNAME equals {{last}}', pass: true });
    expect(report.failed).toBe(0);
  });
});
