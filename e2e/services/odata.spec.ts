// A representative subset of the OData service, through the real service worker in Chromium
// (issue 4). The full rule-by-rule suite runs against the engine in Node (test/odata).
import { expect, test } from '../fixtures.ts';
import { pageFetch, waitForController } from '../foundation/helpers.ts';

test('metadata, Basic auth, query, create and $batch through the worker', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const env = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' })).body as {
    key: string;
    credentials: { apiUsers: { username: string; password: string }[]; personalAccessTokens: { token: string; owner: string }[] };
  };
  const root = `/sim/${env.key}/odata/Priority/tabula.ini/demo`;
  const user = env.credentials.apiUsers[0] as { username: string; password: string };
  const auth = { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };

  // spec 001 § Errors: missing credential -> empty 401 with WWW-Authenticate: Basic (no realm).
  const anon = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, www: res.headers.get('www-authenticate'), body: await res.text() };
  }, `${root}/CUSTOMERS`);
  expect(anon).toEqual({ status: 401, www: 'Basic', body: '' });

  // spec 001 § Root and metadata: EDMX as application/xml.
  const meta = await pageFetch(page, `${root}/$metadata`, { headers: auth });
  expect(meta.status).toBe(200);
  expect(meta.contentType).toContain('application/xml');
  expect(String(meta.body)).toContain('Namespace="Priority.OData"');

  // spec 001 § Authentication 2: a PAT as the username with the literal password PAT runs as its owner.
  const pat = env.credentials.personalAccessTokens[0] as { token: string; owner: string };
  const login = await pageFetch(page, `${root}/GetLoginName`, { headers: { authorization: `Basic ${Buffer.from(`${pat.token}:PAT`).toString('base64')}` } });
  expect((login.body as { value: string }).value).toBe(pat.owner);

  // spec 001 § Entity sets: create a customer (201, Active) and read it back with $filter.
  const created = await pageFetch(page, `${root}/CUSTOMERS`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ CUSTNAME: 'E2E-1', CUSTDES: 'Browser Test Ltd' }),
  });
  expect(created.status).toBe(201);
  expect((created.body as { STATDES: string }).STATDES).toBe('Active');
  const found = await pageFetch(page, `${root}/CUSTOMERS?$filter=CUSTNAME eq 'E2E-1'&$select=CUSTNAME,CUSTDES`, { headers: auth });
  expect((found.body as { value: unknown[] }).value).toEqual([{ CUSTNAME: 'E2E-1', CUSTDES: 'Browser Test Ltd' }]);

  // spec 001 § $batch: in order, ids echoed with their JSON type, $count as a number.
  const batch = await pageFetch(page, `${root}/$batch`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [{ id: 1, method: 'get', url: "CUSTOMERS('E2E-1')" }, { id: 'c', method: 'GET', url: '/CUSTOMERS/$count' }] }),
  });
  expect(batch.status).toBe(200);
  const responses = (batch.body as { responses: { id: unknown; status: number; body: unknown }[] }).responses;
  expect(responses.map((r) => [r.id, r.status])).toEqual([[1, 200], ['c', 200]]);
  expect(typeof responses[1]?.body).toBe('number');
});
