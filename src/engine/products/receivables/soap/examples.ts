/**
 * Ready SOAP requests for the UI console and the error catalog (catalog side: not in the worker).
 * `{{soapUser}}` and `{{soapPassword}}` are filled by the console with the environment's SOAP user. The
 * builders are also what the tests send, so the catalog shows exactly what is tested.
 */
import { SOAP11_ENV_NS } from '../../../core/soap.ts';
import { el, xmlFragment } from '../../../core/xml-tree.ts';
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { SOAP_CODES } from './faults.ts';
import { MAX_INVOICE_LINES, OPERATION, PASSWORD_DIGEST, PASSWORD_TEXT, SERVICE_NS, SERVICE_PATH, SOAP_ACTION, TYPES_NS, WSSE_NS, WSU_NS } from './names.ts';

export const SOAP_HEADERS = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` };

/** One element with its text, written (and escaped) by the XML builder; the layout around it is the template's. */
const leaf = (name: string, text: string, attrs?: Record<string, string | undefined>) => xmlFragment(el(name, attrs, [text]));

/** A WS-Security header with a UsernameToken (PasswordText unless told otherwise). */
export function securityHeader(username: string, password: string, type: string = PASSWORD_TEXT): string {
  return `<wsse:Security xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}" soapenv:mustUnderstand="1">
      <wsse:UsernameToken wsu:Id="UsernameToken-1">
        ${leaf('wsse:Username', username)}
        ${leaf('wsse:Password', password, { Type: type })}
      </wsse:UsernameToken>
    </wsse:Security>`;
}

/** A SOAP 1.1 envelope with the prefixes SOAP tools use for this service (typ: types, inv: service). */
export function soapRequest(bodyXml: string, headerXml: string | null): string {
  const header = headerXml === null ? '' : `\n  <soapenv:Header>\n    ${headerXml}\n  </soapenv:Header>`;
  return `<soapenv:Envelope xmlns:soapenv="${SOAP11_ENV_NS}" xmlns:typ="${TYPES_NS}" xmlns:inv="${SERVICE_NS}">${header}
  <soapenv:Body>
${bodyXml}
  </soapenv:Body>
</soapenv:Envelope>
`;
}

export interface SimpleLine {
  LineNumber?: number;
  Description?: string;
  Quantity: string;
  UnitSellingPrice: string;
  unitCode?: string;
  currencyCode?: string;
}

/** createSimpleInvoice with header elements (SOAP names, in the order given) and lines. */
export function createSimpleInvoiceXml(header: Record<string, string>, lines: readonly SimpleLine[], extraHeaderXml = ''): string {
  const fields = Object.entries(header).map(([k, v]) => `        ${leaf(`inv:${k}`, v)}`);
  const lineXml = lines.map((l) => {
    const parts = [
      l.LineNumber === undefined ? '' : leaf('inv:LineNumber', String(l.LineNumber)),
      l.Description === undefined ? '' : leaf('inv:Description', l.Description),
      leaf('inv:Quantity', l.Quantity, { unitCode: l.unitCode || undefined }),
      leaf('inv:UnitSellingPrice', l.UnitSellingPrice, { currencyCode: l.currencyCode || undefined }),
    ].filter(Boolean);
    return `        <inv:InvoiceLine>\n          ${parts.join('\n          ')}\n        </inv:InvoiceLine>`;
  });
  return `    <typ:${OPERATION}>
      <typ:invoiceHeaderInformation>
${[...fields, ...lineXml].join('\n')}${extraHeaderXml}
      </typ:invoiceHeaderInformation>
    </typ:${OPERATION}>`;
}

/** The ready request's invoice: Acme Manufacturing (10010) of the seeded book, two lines in USD. */
export const SAMPLE_HEADER: Record<string, string> = {
  BusinessUnit: 'US1 Business Unit',
  TransactionSource: 'Manual',
  TransactionType: 'Invoice',
  BillToAccountNumber: '10010',
  BillToLocation: 'Acme Chicago HQ',
  PaymentTermsName: '30 NET',
  InvoiceCurrencyCode: 'USD',
};
export const SAMPLE_LINES: SimpleLine[] = [
  { LineNumber: 1, Description: 'Hydraulic pump assembly HP-200', Quantity: '2', unitCode: 'Ea', UnitSellingPrice: '1450.00', currencyCode: 'USD' },
  { LineNumber: 2, Description: 'On-site installation', Quantity: '6', unitCode: 'Ea', UnitSellingPrice: '95.50', currencyCode: 'USD' },
];

const USER = securityHeader('{{soapUser}}', '{{soapPassword}}');
const sample = (header = SAMPLE_HEADER, lines = SAMPLE_LINES, extra = '') => createSimpleInvoiceXml(header, lines, extra);

function soap(id: string, group: string, title: string, body: string, expectStatus: number, more: Partial<ExampleRequest> = {}): ExampleRequest {
  return { id, group, title, method: 'POST', path: SERVICE_PATH, headers: SOAP_HEADERS, body, auth: 'soap', expectStatus, ...more };
}

export const soapExamples: ExampleRequest[] = [
  { id: 'soap-wsdl', group: 'SOAP', title: 'InvoiceService WSDL', method: 'GET', path: `${SERVICE_PATH}?WSDL`, auth: 'none', expectStatus: 200 },
  soap('soap-create', 'SOAP', 'createSimpleInvoice for Acme Manufacturing (10010), WS-Security PasswordText', soapRequest(sample(), USER), 200),
  soap('soap-create-fault', 'SOAP', 'createSimpleInvoice for an unknown customer (application fault AR-1010)', soapRequest(sample({ ...SAMPLE_HEADER, BillToAccountNumber: '99999', BillToLocation: '' }), USER), 500),
];

const repro = (id: string, title: string, body: string, status: number, more: Partial<ExampleRequest> = {}) => soap(`err-soap-${id}`, 'Errors', title, body, status, more);
const SAML = `<wsse:Security xmlns:wsse="${WSSE_NS}"><saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="a1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"/></wsse:Security>`;
const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
${soapRequest(sample(), USER).replace('US1 Business Unit', '&lol2;')}`;
const MUST_UNDERSTAND = `<trk:Tracking xmlns:trk="urn:example:tracking" soapenv:mustUnderstand="1">42</trk:Tracking>\n    ${USER}`;

/** SOAP faults (spec 000 § Errors: SOAP faults; Authentication 4) and the simulator's own, each with a reproduction. */
export const SOAP_ERROR_ENTRIES: ErrorEntry[] = [
  { code: 'env:Client.AuthRequired', status: 401, title: 'SOAP authentication required', meaning: 'No WS-Security header, or a Security header (secext 1.0 namespace) without a UsernameToken.', spec: '000 Errors, SOAP faults; Authentication 4', reproduce: repro('auth-required', 'createSimpleInvoice without a Security header', soapRequest(sample(), null), 401), avoid: 'Put a wsse:Security header (secext 1.0 namespace) holding a wsse:UsernameToken with Username and a PasswordText Password in soapenv:Header.' },
  { code: 'env:Client.AuthFailed', status: 401, title: 'SOAP authentication failed', meaning: 'Unknown SOAP user, wrong password, revoked user, or a user of another environment: one identical fault for all four. SOAP users never expire.', spec: '000 Errors, SOAP faults; Authentication 4', reproduce: repro('auth-failed', 'Wrong password', soapRequest(sample(), securityHeader('{username}', 'wrong-password')), 401), avoid: 'Send the username and password of a SOAP user of this environment (credential type soap-user); a revoked user needs a new credential.' },
  { code: 'env:Client.PasswordTypeUnsupported', status: 401, title: 'PasswordDigest refused', meaning: 'A UsernameToken password of type PasswordDigest (or any type other than PasswordText).', spec: '000 Authentication 4', reproduce: repro('password-digest', 'UsernameToken with PasswordDigest', soapRequest(sample(), securityHeader('{username}', 'c2VjcmV0ZGlnZXN0', PASSWORD_DIGEST)), 401), avoid: 'Send the password with Type …#PasswordText (or no Type); switch PasswordDigest off in the SOAP toolkit.' },
  { code: 'env:Client.TokenTypeUnsupported', status: 401, title: 'Security token not supported', meaning: 'A SAML assertion or another token type (BinarySecurityToken, signatures) instead of a UsernameToken: SAML is not implemented.', spec: '000 Authentication 4 (SAML is not implemented)', reproduce: repro('saml', 'SAML assertion instead of a UsernameToken', soapRequest(sample(), SAML), 401), avoid: 'Authenticate with a WS-Security UsernameToken (PasswordText), not a SAML assertion, BinarySecurityToken or signature.' },
  { code: 'env:Client.MalformedXml', status: 400, title: 'Malformed XML or envelope', meaning: 'Not well-formed XML (or past the limits: 32 levels, 64 attributes per element, 6,000 elements), not a SOAP 1.1 envelope, an empty Body, an operation element other than createSimpleInvoice, or a structure the schema does not allow.', spec: '000 Errors, SOAP faults', reproduce: repro('malformed', 'Envelope cut short', soapRequest(sample(), USER).slice(0, 200), 400), avoid: 'Send a well-formed SOAP 1.1 envelope (namespace http://schemas.xmlsoap.org/soap/envelope/) whose Body holds one createSimpleInvoice element shaped as the WSDL says; build it with a SOAP toolkit from ?WSDL.' },
  { code: 'env:Client.DtdForbidden', status: 400, title: 'DOCTYPE forbidden', meaning: 'Any DOCTYPE, refused on the raw text before anything is parsed or expanded (external entities, billion laughs).', spec: '000 Errors, SOAP faults; SOAP invoice service', reproduce: repro('dtd', 'Entity expansion in a DOCTYPE', BILLION_LAUGHS, 400), avoid: 'Send the envelope without any <!DOCTYPE> declaration.' },
  { code: 'env:Client.InvalidSoapAction', status: 400, title: 'SOAPAction missing or wrong', meaning: `The SOAPAction header is required; its value is "" or "${SOAP_ACTION}".`, spec: '000 SOAP invoice service (header SOAPAction required)', reproduce: repro('soapaction', 'createSimpleInvoice without SOAPAction', soapRequest(sample(), USER), 400, { headers: { 'content-type': 'text/xml; charset=utf-8' } }), avoid: `Send the header SOAPAction: "${SOAP_ACTION}" (or SOAPAction: "") with every POST.` },
  { code: 'env:Client.UnsupportedMediaType', status: 415, title: 'Not text/xml', meaning: 'A Content-Type other than text/xml; charset=utf-8 (SOAP 1.2’s application/soap+xml included).', spec: '000 SOAP invoice service (SOAP 1.1, text/xml; charset=utf-8)', reproduce: repro('media-type', 'SOAP 1.2 content type', soapRequest(sample(), USER), 415, { headers: { ...SOAP_HEADERS, 'content-type': 'application/soap+xml; charset=utf-8' } }), avoid: 'Send Content-Type: text/xml; charset=utf-8 (SOAP 1.1), not application/soap+xml.' },
  { code: 'env:Client.RequestTooLarge', status: 413, title: 'Request too large', meaning: 'A body over 1 MiB (1048576 bytes), refused before it is parsed (no one-click request: the catalog would carry the megabyte). From the command line against the Node host: head -c 1100000 /dev/zero | tr "\\0" x | curl -s -X POST "$BASE/fscmService/InvoiceService" -H "Content-Type: text/xml" -H "SOAPAction: \\"\\"" --data-binary @-', spec: '000 Limits (maximum request size: not shown; the simulator’s limit)', avoid: 'Keep the body under 1 MiB: split a long invoice into several createSimpleInvoice calls, or add lines over REST (POST receivablesInvoiceLines) afterwards.', notReproducible: 'A body over 1 MiB is too large to carry in the catalog: send it with curl against the Node host as the meaning shows.' },
  { code: 'env:Client.TooManyLines', status: 413, title: 'Too many invoice lines', meaning: `More than ${MAX_INVOICE_LINES} InvoiceLine elements in one createSimpleInvoice, counted on the raw text before it is parsed or authenticated, so even a 1 MiB envelope of 20,000 lines is refused in milliseconds (no one-click request: the catalog would carry the lines). From the command line against the Node host: generate ${MAX_INVOICE_LINES + 1} <inv:InvoiceLine> elements into the ready request's envelope and POST it.`, spec: '000 Limits (maximum lines per invoice: not shown; the simulator’s limit)', avoid: `Keep an invoice at ${MAX_INVOICE_LINES} lines or fewer: split a longer one into several invoices, or add lines over REST (POST receivablesInvoiceLines) afterwards.`, notReproducible: `${MAX_INVOICE_LINES + 1} invoice lines are too large to carry in the catalog: generate them as the meaning shows.` },
  { code: 'env:Client.MethodNotAllowed', status: 405, title: 'Method not allowed', meaning: 'GET without ?WSDL, or a method other than GET and POST (Allow: GET, POST).', spec: '000 SOAP invoice service (WSDL at ?WSDL; operations over POST)', reproduce: { id: 'err-soap-method', group: 'Errors', title: 'GET the endpoint without ?WSDL', method: 'GET', path: SERVICE_PATH, auth: 'none', expectStatus: 405 }, avoid: 'POST operations to the endpoint; use GET only with ?WSDL.' },
  { code: 'env:Client.NoSuchService', status: 404, title: 'No such SOAP service', meaning: 'A path under /fscmService other than InvoiceService.', spec: '000 SOAP invoice service (the only SOAP service)', reproduce: { id: 'err-soap-service', group: 'Errors', title: 'WSDL of a service the simulator does not offer', method: 'GET', path: '/fscmService/ReceiptService?WSDL', auth: 'none', expectStatus: 404 }, avoid: 'Use /fscmService/InvoiceService, the only SOAP service; receipts are recorded over REST (standardReceipts).' },
  { code: 'env:Client.UnknownEnvironment', status: 404, title: 'Unknown environment (SOAP)', meaning: 'SIM-1000 on a SOAP path: the environment key does not exist; checked before authentication, answered as a SOAP fault with ServiceErrorMessage code SIM-1000.', spec: '000 What the service does 2 (the key selects the tenant)', reproduce: { id: 'err-soap-env', group: 'Errors', title: 'WSDL of an environment that does not exist', method: 'GET', path: '/../env_00000000000000000000000000000000/fscmService/InvoiceService?WSDL', auth: 'none', expectStatus: 404 }, avoid: 'Use the environment key exactly as the simulator shows it (env_…) in the SOAP address.' },
  { code: 'env:MustUnderstand', status: 500, title: 'Header not understood', meaning: 'A SOAP header block other than wsse:Security marked mustUnderstand="1" (SOAP 1.1 § 4.2.3).', spec: '000 SOAP invoice service (SOAP 1.1)', reproduce: repro('must-understand', 'A mustUnderstand header the service does not know', soapRequest(sample(), MUST_UNDERSTAND), 500), avoid: 'Mark mustUnderstand="1" only on wsse:Security; send other header blocks without it, or leave them out.' },
  { code: 'env:Server', status: 500, title: 'Application fault', meaning: 'The invoice create rules refused the request: HTTP 500, faultcode env:Server, detail > ServiceErrorMessage with the same code REST answers (AR-1000, AR-1010, SIM-REST-4009, …), the message and one detail per offending element (attributeName, objectName), in SOAP names.', spec: '000 Invoices Create rules; Errors table', reproduce: repro('application', 'Unknown customer 99999 (AR-1010)', soapRequest(sample({ ...SAMPLE_HEADER, BillToAccountNumber: '99999', BillToLocation: '' }), USER), 500), avoid: 'Fix what ServiceErrorMessage names (code, attributeName): the REST invoice create rules apply, e.g. an existing BillToAccountNumber and every required header element.' },
  { code: SOAP_CODES.UNSUPPORTED_ELEMENT, status: 500, title: 'Element not supported', meaning: 'A real InvoiceService element or attribute the simulator does not support (GlDate, ConversionRateType, ConversionRate, ItemNumber, MemoLineName, TaxClassificationCode, SalesOrder, SalesOrderLine, a unitCode other than Ea), or an element the schema does not have (also one in the wrong namespace): refused by name in an application fault, never ignored.', spec: '000 What the service does 1 (only what is listed is supported)', reproduce: repro('unsupported', 'createSimpleInvoice with a GL date', soapRequest(sample(SAMPLE_HEADER, SAMPLE_LINES, '\n        <inv:GlDate>2026-01-31</inv:GlDate>'), USER), 500), avoid: 'Send only the supported elements in the WSDL namespaces: leave out GlDate, ConversionRateType, ConversionRate, ItemNumber, MemoLineName, TaxClassificationCode, SalesOrder, SalesOrderLine, and send unitCode Ea or none.' },
  { code: SOAP_CODES.REPEATED_ELEMENT, status: 500, title: 'Element repeated', meaning: 'An element the schema allows once (all but InvoiceLine) sent twice, in an application fault naming it.', spec: '000 SOAP invoice service', reproduce: repro('repeated', 'Two business units', soapRequest(sample(SAMPLE_HEADER, SAMPLE_LINES, '\n        <inv:BusinessUnit>US2 Business Unit</inv:BusinessUnit>'), USER), 500), avoid: 'Send each element once; only InvoiceLine repeats.' },
];
