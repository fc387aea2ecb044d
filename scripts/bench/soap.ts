/**
 * SOAP through the service worker (issue 11 § Targets): POST createSimpleInvoice (WS-Security
 * PasswordText, two lines) against POST receivablesInvoices with the same content, interleaved in
 * one page, each a new invoice. Target: SOAP at most 2x REST. Also the WSDL GET and a hostile
 * envelope (DOCTYPE) for scale. Needs `npm run build` first (run.ts does it).
 */
import { controlledPage, ms, stats, table } from './lib.ts';

const PORT = 4184;
const ROUNDS = 150;

const { page, close } = await controlledPage(PORT);
try {
  const samples = await page.evaluate(async (rounds) => {
    const rec = await (await fetch('/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' })).json();
    // Runs only on demand: a due AutoMatch run inside the timed loop would be timed with the next request.
    await fetch(`/sim/_admin/environments/${rec.key}/automatch`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"schedule":{"enabled":false}}' });
    const client = rec.credentials.oauthClients[0];
    const user = rec.credentials.soapUsers[0];
    const tokenRes = await fetch(`/sim/${rec.key}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const restHeaders = { authorization: `Bearer ${(await tokenRes.json()).access_token}`, 'content-type': 'application/json' };
    const rest = `/sim/${rec.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`;
    const service = `/sim/${rec.key}/fscmService/InvoiceService`;
    const NS = 'http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/';
    const soapHeaders = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}createSimpleInvoice"` };
    const invoice = JSON.stringify({
      BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD',
      receivablesInvoiceLines: [{ Description: 'Pump', Quantity: 2, UnitSellingPrice: 450.25 }, { Description: 'Freight', Quantity: 1, UnitSellingPrice: 75 }],
    });
    const envelope = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:typ="${NS}types/" xmlns:inv="${NS}">
  <soapenv:Header><wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken>
    <wsse:Username>${user.username}</wsse:Username>
    <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${user.password}</wsse:Password>
  </wsse:UsernameToken></wsse:Security></soapenv:Header>
  <soapenv:Body><typ:createSimpleInvoice><typ:invoiceHeaderInformation>
    <inv:BusinessUnit>US1 Business Unit</inv:BusinessUnit><inv:TransactionSource>Manual</inv:TransactionSource><inv:TransactionType>Invoice</inv:TransactionType>
    <inv:BillToAccountNumber>10010</inv:BillToAccountNumber><inv:InvoiceCurrencyCode>USD</inv:InvoiceCurrencyCode>
    <inv:InvoiceLine><inv:Description>Pump</inv:Description><inv:Quantity>2</inv:Quantity><inv:UnitSellingPrice>450.25</inv:UnitSellingPrice></inv:InvoiceLine>
    <inv:InvoiceLine><inv:Description>Freight</inv:Description><inv:Quantity>1</inv:Quantity><inv:UnitSellingPrice>75</inv:UnitSellingPrice></inv:InvoiceLine>
  </typ:invoiceHeaderInformation></typ:createSimpleInvoice></soapenv:Body>
</soapenv:Envelope>`;
    const laughs = `<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${envelope.replace('Pump', '&b;')}`;
    const out: number[][] = [[], [], [], []];
    const timed = async (i: number, url: string, init: RequestInit, status: number) => {
      const t = performance.now();
      const res = await fetch(url, init);
      await res.text();
      if (res.status !== status) throw new Error(`${url}: ${res.status}`);
      (out[i] as number[]).push(performance.now() - t);
    };
    const round = async () => {
      await timed(0, rest, { method: 'POST', headers: restHeaders, body: invoice }, 201);
      await timed(1, service, { method: 'POST', headers: soapHeaders, body: envelope }, 200);
      await timed(2, `${service}?WSDL`, {}, 200);
      await timed(3, service, { method: 'POST', headers: soapHeaders, body: laughs }, 400);
    };
    for (let i = 0; i < 10; i++) await round();
    for (const o of out) o.length = 0;
    for (let i = 0; i < rounds; i++) await round();
    return out;
  }, ROUNDS);
  const [rest, soap, wsdl, dtd] = samples.map((s) => stats(s));
  if (!rest || !soap || !wsdl || !dtd) throw new Error('missing samples');
  table('SOAP through the service worker (seeded book, interleaved)', [
    { request: 'POST receivablesInvoices (2 lines, JSON)', median: ms(rest.median), p95: ms(rest.p95) },
    { request: 'POST createSimpleInvoice (2 lines, WS-Security)', median: ms(soap.median), p95: ms(soap.p95) },
    { request: 'GET InvoiceService?WSDL', median: ms(wsdl.median), p95: ms(wsdl.p95) },
    { request: 'POST with a DOCTYPE (DtdForbidden)', median: ms(dtd.median), p95: ms(dtd.p95) },
  ]);
  const ratio = soap.median / rest.median;
  console.log(`createSimpleInvoice / POST receivablesInvoices through the worker: ${ratio.toFixed(2)}x (target <= 2x: ${ratio <= 2 ? 'met' : 'NOT met'})`);
} finally {
  await close();
}
