// The createSimpleInvoice request the browser tests and the first-visit bench send
// (spec 000, SOAP createSimpleInvoice: a WS-Security UsernameToken with PasswordText).
export const CREATE_SIMPLE_INVOICE_ACTION = '"http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/createSimpleInvoice"';
export const SOAP_HEADERS = { 'content-type': 'text/xml; charset=utf-8', soapaction: CREATE_SIMPLE_INVOICE_ACTION };

export function createSimpleInvoiceEnvelope(username: string, password: string, account = '10010'): string {
  return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:typ="http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/types/" xmlns:inv="http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/">
  <soapenv:Header><wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken>
    <wsse:Username>${username}</wsse:Username>
    <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${password}</wsse:Password>
  </wsse:UsernameToken></wsse:Security></soapenv:Header>
  <soapenv:Body><typ:createSimpleInvoice><typ:invoiceHeaderInformation>
    <inv:BusinessUnit>US1 Business Unit</inv:BusinessUnit><inv:TransactionSource>Manual</inv:TransactionSource><inv:TransactionType>Invoice</inv:TransactionType>
    <inv:BillToAccountNumber>${account}</inv:BillToAccountNumber><inv:InvoiceCurrencyCode>USD</inv:InvoiceCurrencyCode>
    <inv:InvoiceLine><inv:Description>Widgets</inv:Description><inv:Quantity unitCode="Ea">3</inv:Quantity><inv:UnitSellingPrice currencyCode="USD">33.335</inv:UnitSellingPrice></inv:InvoiceLine>
  </typ:invoiceHeaderInformation></typ:createSimpleInvoice></soapenv:Body>
</soapenv:Envelope>`;
}

/** A receivables and an OData environment with what each product's first request needs. */
export interface TwoProductEnvs {
  key: string;
  bearer: string;
  soap: { username: string; password: string };
  okey: string;
  basic: string;
}

/** Page script (run with `page.evaluate`) that makes both environments through the control API. */
export const MAKE_TWO_PRODUCT_ENVS = `(async () => {
  const post = (body) => fetch('sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const rec = await post({ product: 'receivables' });
  const od = await post({ product: 'odata' });
  const c = rec.credentials.oauthClients[0];
  const tok = await (await fetch('sim/' + rec.key + '/oauth/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: c.clientId, client_secret: c.clientSecret }) })).json();
  const u = od.credentials.apiUsers[0];
  return { key: rec.key, bearer: 'Bearer ' + tok.access_token, soap: rec.credentials.soapUsers[0], okey: od.key, basic: 'Basic ' + btoa(u.username + ':' + u.password) };
})()`;
