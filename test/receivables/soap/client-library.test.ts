// A standard SOAP client from the npm registry (`soap`) against the Node host (issue 11, Tests and
// real clients): client built from ?WSDL, createSimpleInvoice with WS-Security PasswordText, the same
// invoice read over REST, and a fault object for a bad customer (spec 000 § SOAP invoice service,
// Authentication 4, Errors: SOAP faults).
import * as soap from 'soap';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNodeHost } from '../../../src/hosts/node/server.ts';
import { SERVICE_PATH } from '../../../src/engine/products/receivables/soap/names.ts';
import { form, REST, SCOPE } from '../framework/support.ts';

type Host = Awaited<ReturnType<typeof startNodeHost>>;
let host: Host;
let base: string;
let user: { username: string; password: string };
let oauth: { clientId: string; clientSecret: string };

beforeAll(async () => {
  host = await startNodeHost({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${host.url}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' });
  const env = (await res.json()) as { baseUrl: string; credentials: { soapUsers: typeof user[]; oauthClients: typeof oauth[] } };
  base = env.baseUrl;
  user = env.credentials.soapUsers[0] as typeof user;
  oauth = env.credentials.oauthClients[0] as typeof oauth;
});

afterAll(async () => {
  await host?.close();
});

const header = {
  BusinessUnit: 'US1 Business Unit',
  TransactionSource: 'Manual',
  TransactionType: 'Invoice',
  BillToAccountNumber: '10010',
  BillToLocation: 'Acme Chicago HQ',
  PaymentTermsName: '30 NET',
  InvoiceCurrencyCode: 'USD',
};
const lines = [
  { LineNumber: 1, Description: 'Hydraulic pump assembly HP-200', Quantity: { attributes: { unitCode: 'Ea' }, $value: '2' }, UnitSellingPrice: { attributes: { currencyCode: 'USD' }, $value: '1450.00' } },
  { LineNumber: 2, Description: 'On-site installation', Quantity: '6', UnitSellingPrice: '95.5' },
];

async function client(): Promise<soap.Client> {
  const c = await soap.createClientAsync(`${base}${SERVICE_PATH}?WSDL`, { strict: true } as soap.IOptions);
  c.setSecurity(new soap.WSSecurity(user.username, user.password, { passwordType: 'PasswordText', hasTimeStamp: true, mustUnderstand: true }));
  return c;
}

it('builds a client from ?WSDL served by the Node host and describes the operation', async () => {
  const c = await client();
  const description = c.describe() as Record<string, Record<string, Record<string, unknown>>>;
  expect(Object.keys(description)).toEqual(['InvoiceService']);
  expect(Object.keys(description.InvoiceService?.InvoiceServiceSoapHttpPort ?? {})).toEqual(['createSimpleInvoice']);
});

it('creates an invoice with WS-Security PasswordText and reads the same invoice over REST', async () => {
  const c = await client();
  const [result, raw] = await c.createSimpleInvoiceAsync({ invoiceHeaderInformation: { ...header, InvoiceLine: lines } });
  expect(raw).toContain('createSimpleInvoiceResponse');
  expect(result.result.ServiceStatus).toBe('SUCCESS');
  const id = String(result.result.CustomerTrxId);
  expect(result.result.TransactionNumber).toBe(`INV-${id}`);
  // The request the library sent carried the UsernameToken with the PasswordText type.
  expect(c.lastRequest).toContain('#PasswordText');
  expect(c.lastRequest).toContain('Timestamp');

  const tokenRes = await fetch(`${base}/oauth/token`, form({ grant_type: 'client_credentials', scope: SCOPE, client_id: oauth.clientId, client_secret: oauth.clientSecret }));
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const rest = await fetch(`${base}${REST}/receivablesInvoices/${id}?expand=receivablesInvoiceLines`, { headers: { authorization: `Bearer ${token}` } });
  expect(rest.status).toBe(200);
  const inv = (await rest.json()) as Record<string, any>; // any: REST item JSON
  expect(inv.TransactionNumber).toBe(`INV-${id}`);
  expect(inv.BillToCustomerNumber).toBe('10010');
  expect(inv.BillToSite).toBe('Acme Chicago HQ');
  expect(inv.PaymentTerms).toBe('30 NET');
  expect(inv.EnteredAmount).toBe(3473);
  expect(inv.receivablesInvoiceLines.map((l: any) => [l.LineNumber, l.Quantity, l.UnitSellingPrice, l.LineAmount])).toEqual([ // any: REST line JSON
    [1, 2, 1450, 2900],
    [2, 6, 95.5, 573],
  ]);
});

it('sees a fault object with the AR code for a bad customer', async () => {
  const c = await client();
  const err = await c.createSimpleInvoiceAsync({ invoiceHeaderInformation: { ...header, BillToAccountNumber: '99999', BillToLocation: undefined, InvoiceLine: lines } }).then(
    () => null,
    (e: any) => e, // any: the library's error carries root/response
  );
  expect(err).not.toBeNull();
  expect(err.response.status).toBe(500);
  const fault = err.root.Envelope.Body.Fault;
  expect(fault.faultcode).toBe('env:Server');
  expect(fault.faultstring).toMatch(/^AR-1010: /);
  const message = fault.detail.ServiceErrorMessage;
  expect(message.code).toBe('AR-1010');
  expect(message.detail.attributeName).toBe('BillToAccountNumber');
  expect(message.detail.objectName).toBe('invoiceHeaderInformation');
});

it('sees env:Client.AuthFailed as a fault object for a wrong password (spec 000 § Errors: SOAP faults)', async () => {
  const c = await client();
  c.setSecurity(new soap.WSSecurity(user.username, 'wrong', { passwordType: 'PasswordText' }));
  const err = await c.createSimpleInvoiceAsync({ invoiceHeaderInformation: { ...header, InvoiceLine: lines } }).then(() => null, (e: any) => e); // any: library error
  expect(err.response.status).toBe(401);
  expect(err.root.Envelope.Body.Fault.faultcode).toBe('env:Client.AuthFailed');
});
