// The SOAP InvoiceService through the real service worker in Chromium: a representative subset of
// test/receivables/soap (spec 000 § SOAP invoice service, Authentication 4, Errors: SOAP faults;
// issue 11), and the console sending SOAP with the environment's SOAP user (issue 11 § 3).
import { expect, test } from '../fixtures.ts';
import { createEnv, responseStatus, shot } from '../app/helpers.ts';
import { pageFetch, waitForController } from '../foundation/helpers.ts';
import { createSimpleInvoiceEnvelope, SOAP_HEADERS } from '../soap-sample.ts';

const SERVICE = '/fscmService/InvoiceService';
test('WSDL, createSimpleInvoice visible over REST, faults and hostile XML through the worker', async ({ page }) => {
  await page.goto('/');
  await waitForController(page);
  const env = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' })).body as {
    key: string;
    credentials: { oauthClients: { clientId: string; clientSecret: string }[]; soapUsers: { username: string; password: string }[] };
  };
  const base = `/sim/${env.key}`;
  const user = env.credentials.soapUsers[0] as { username: string; password: string };
  const origin = new URL(page.url()).origin;

  // ?WSDL without authentication; the address is this origin and environment (read with the browser's DOMParser).
  const wsdl = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const doc = new DOMParser().parseFromString(await res.text(), 'text/xml');
    const address = doc.getElementsByTagNameNS('http://schemas.xmlsoap.org/wsdl/soap/', 'address')[0]?.getAttribute('location');
    return { status: res.status, type: res.headers.get('content-type'), address, parseError: doc.getElementsByTagName('parsererror').length };
  }, `${base}${SERVICE}?WSDL`);
  expect(wsdl).toEqual({ status: 200, type: 'text/xml; charset=utf-8', address: `${origin}${base}${SERVICE}`, parseError: 0 });

  // createSimpleInvoice through the shared create path: visible over REST at once, same rounding.
  const created = await pageFetch(page, `${base}${SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: createSimpleInvoiceEnvelope(user.username, user.password) });
  expect(created.status).toBe(200);
  const id = /<ns1:CustomerTrxId>(\d+)<\/ns1:CustomerTrxId>/.exec(String(created.body))?.[1];
  expect(id).toBeTruthy();
  expect(String(created.body)).toContain('<ns1:ServiceStatus>SUCCESS</ns1:ServiceStatus>');
  const client = env.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const token = await pageFetch(page, `${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=urn%3Aopc%3Aresource%3Aconsumer%3A%3Aall&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
  });
  const rest = await pageFetch(page, `${base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices/${id}`, { headers: { authorization: `Bearer ${(token.body as { access_token: string }).access_token}` } });
  expect(rest.status).toBe(200);
  expect(rest.body).toMatchObject({ TransactionNumber: `INV-${id}`, BillToCustomerNumber: '10010', EnteredAmount: 100.01 });

  // Application fault: 500 env:Server with ServiceErrorMessage carrying the REST code.
  const bad = await pageFetch(page, `${base}${SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: createSimpleInvoiceEnvelope(user.username, user.password, '99999') });
  expect(bad.status).toBe(500);
  expect(String(bad.body)).toContain('<faultcode>env:Server</faultcode>');
  expect(String(bad.body)).toContain('<tns:code>AR-1010</tns:code>');
  expect(String(bad.body)).toContain('<tns:attributeName>BillToAccountNumber</tns:attributeName>');

  // Security and XML faults with their statuses.
  const wrong = await pageFetch(page, `${base}${SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: createSimpleInvoiceEnvelope(user.username, 'wrong') });
  expect([wrong.status, String(wrong.body).includes('<faultcode>env:Client.AuthFailed</faultcode>')]).toEqual([401, true]);
  const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${createSimpleInvoiceEnvelope(user.username, user.password).replace('Widgets', '&c;')}`;
  const dtd = await pageFetch(page, `${base}${SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: laughs });
  expect([dtd.status, String(dtd.body).includes('env:Client.DtdForbidden')]).toEqual([400, true]);
  const deep = await page.evaluate(async ([url, headers]) => {
    const body = `<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</e:Body></e:Envelope>`;
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    return { status: res.status, malformed: text.includes('env:Client.MalformedXml'), ms: performance.now() - t0 };
  }, [`${base}${SERVICE}`, SOAP_HEADERS] as const);
  console.log(`deeply nested envelope (50k levels) refused through the worker in ${deep.ms.toFixed(1)} ms`);
  expect([deep.status, deep.malformed]).toEqual([400, true]);

  // Unknown environment on a SOAP path: SIM-1000 as a SOAP fault, before authentication.
  const unknown = await pageFetch(page, `/sim/env_00000000000000000000000000000000${SERVICE}?WSDL`);
  expect(unknown.status).toBe(404);
  expect(String(unknown.body)).toContain('<faultcode>env:Client.UnknownEnvironment</faultcode>');
  expect(String(unknown.body)).toContain('<tns:code>SIM-1000</tns:code>');
});

test('the console sends the ready createSimpleInvoice with the SOAP user filled in, XML in Monaco, WSDL one click away', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'SOAP console');
  await page.getByRole('link', { name: 'Open console' }).click();

  // The WSDL is one click away in the example list.
  await page.locator('[data-example-id="soap-wsdl"]').click();
  await expect(page.getByTestId('url')).toHaveValue(`${new URL(page.url()).origin}/sim/${key}${SERVICE}?WSDL`);
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(200);
  await expect(page.getByTestId('response-body')).toContainText('createSimpleInvoice');

  await page.locator('[data-example-id="soap-create"]').click();
  // The body editor is Monaco with the XML language (XML highlighting).
  await expect(page.getByTestId('body-editor')).toContainText('wsse:UsernameToken');
  const colorOf = (text: string) => page.getByTestId('body-editor').locator('.view-line span span').filter({ hasText: new RegExp(`^${text}$`) }).first().evaluate((el) => getComputedStyle(el).color);
  expect(await colorOf('soapenv:Header')).not.toBe(await colorOf('\\{\\{soapUser\\}\\}'));
  await shot(page, 'soap-console-request');
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(200);
  // The SOAP wrappers do not count as levels of the response tree: the result shows opened.
  await expect(page.getByTestId('response-body')).toContainText('<ns1:ServiceStatus>SUCCESS</ns1:ServiceStatus>');
  await shot(page, 'soap-console-response');

  // The snippet is the same call from the command line, with the SOAP user's password filled in.
  await page.getByTestId('tab-snippets').click();
  await page.getByRole('button', { name: 'curl', exact: true }).click();
  const snippet = (await page.getByTestId('snippet').textContent()) ?? '';
  // curl -sS: no progress meter, errors still said (issue 24 § 1.2).
  expect(snippet).toContain(`curl -sS -X POST '${new URL(page.url()).origin}/sim/${key}${SERVICE}'`);
  expect(snippet).toContain("-H 'soapaction: ");
  expect(snippet).toContain('text/xml; charset=utf-8');
  expect(snippet).not.toContain('{password}');
  expect(snippet).not.toContain('{{soapPassword}}');
  expect(snippet).toMatch(/<wsse:Username>soap\.user\.[0-9a-f]+<\/wsse:Username>/);
  // The password is filled in, or (snippets keep secrets out of the text) a shell variable the snippet explains
  // ($SOAP_PASSWORD since issue 24 § 1.2 names every identity and secret of the SOAP user so).
  expect(snippet).toMatch(/<wsse:Password Type="[^"]+#PasswordText">([0-9a-f]{32}|'"\$SOAP_PASSWORD"')<\/wsse:Password>/);
  await shot(page, 'soap-console-snippet');

  // SOAP faults are in the error catalog, reproduced with one click (the SOAP user filled in again).
  for (const [code, status] of [['env:Client.AuthFailed', 401], ['env:Client.DtdForbidden', 400], ['SIM-SOAP-4001', 500]] as const) {
    await page.goto('/#/errors');
    await page.getByTestId('error-search').fill(code);
    await page.locator(`tr[data-code="${code}"]`).getByTestId('reproduce').click();
    await expect(page).toHaveURL(/#\/console\/env_/);
    expect(await responseStatus(page)).toBe(status);
    await expect(page.getByTestId('response-body')).toContainText(code.startsWith('SIM-') ? `<tns:code>${code}</tns:code>` : `<faultcode>${code}</faultcode>`);
  }
  await shot(page, 'soap-errors-reproduced');
});

test('under a sub-path deployment the WSDL address and the SOAP call use /erp-sim/sim', async ({ page }) => {
  const SUB = 'http://127.0.0.1:4174/erp-sim/';
  await page.goto(SUB);
  await waitForController(page);
  const created = await pageFetch(page, '/erp-sim/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables"}' });
  const env = created.body as { key: string; credentials: { soapUsers: { username: string; password: string }[] } };
  const base = `/erp-sim/sim/${env.key}`;
  const wsdl = await pageFetch(page, `${base}${SERVICE}?WSDL`);
  expect(wsdl.status).toBe(200);
  expect(String(wsdl.body)).toContain(`<soap:address location="http://127.0.0.1:4174${base}${SERVICE}"/>`);
  const user = env.credentials.soapUsers[0] as { username: string; password: string };
  const call = await pageFetch(page, `${base}${SERVICE}`, { method: 'POST', headers: SOAP_HEADERS, body: createSimpleInvoiceEnvelope(user.username, user.password) });
  expect(call.status).toBe(200);
  expect(String(call.body)).toContain('<ns1:ServiceStatus>SUCCESS</ns1:ServiceStatus>');
});
