/**
 * The SOAP InvoiceService (spec 000 § SOAP invoice service, Authentication 4, Errors: SOAP faults):
 * GET ?WSDL without authentication; POST createSimpleInvoice through the same invoice create path as
 * POST receivablesInvoices, in one write. Order of checks (docs/reference/receivables.md § SOAP): method,
 * content type, SOAPAction, size, DOCTYPE, XML, envelope and operation element, mustUnderstand
 * headers, WS-Security, then the invoice's elements and the create rules.
 */
import type { Context } from 'hono';
import { SOAP_CONTENT_TYPE, SOAP_ROOT } from '../../../core/soap.ts';
import type { ProductApp, ProductBindings } from '../../../core/types.ts';
import { createInvoice } from '../invoices/create.ts';
import { RestError } from '../rest/errors.ts';
import { checkContentType, checkMustUnderstand, checkSoapAction, readBodyText, readEnvelope } from './envelope.ts';
import { applicationFault, fault, SoapFault } from './faults.ts';
import { invoiceBodyOf } from './mapping.ts';
import { SERVICE_PATH } from './names.ts';
import { resultResponse } from './result.ts';
import { authenticate } from './security.ts';
import { invoiceServiceWsdl } from './wsdl.ts';

type SoapContext = Context<ProductBindings>;

const ALLOW = { allow: 'GET, POST' };
const wantsWsdl = (url: string) => [...new URL(url).searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl');

async function invoiceService(c: SoapContext): Promise<Response> {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') {
    if (!wantsWsdl(c.req.url)) throw fault('MethodNotAllowed', 'GET answers the WSDL only (add ?WSDL); operations are called with POST.', ALLOW);
    return new Response(method === 'HEAD' ? null : invoiceServiceWsdl(c.env.baseUrl), { headers: { 'content-type': SOAP_CONTENT_TYPE } });
  }
  if (method !== 'POST') throw fault('MethodNotAllowed', `${method} is not allowed on InvoiceService; call operations with POST and read the WSDL with GET ?WSDL.`, ALLOW);
  checkContentType(c.req.header('content-type'));
  checkSoapAction(c.req.header('soapaction'));
  const request = readEnvelope(await readBodyText(c.req.raw));
  checkMustUnderstand(request.headerBlocks);
  await authenticate(request.headerBlocks, c.env.credentials);
  const body = invoiceBodyOf(request.operation);
  const created = await c.env.write((tx) => createInvoice(tx, body, c.env.now()));
  return resultResponse(created);
}

/** Faults for everything that goes wrong; anything else is a real failure for the engine to count. */
async function answer(c: SoapContext, run: (c: SoapContext) => Promise<Response>): Promise<Response> {
  try {
    return await run(c);
  } catch (err) {
    if (err instanceof SoapFault) return err.toResponse();
    if (err instanceof RestError) return applicationFault(err);
    throw err;
  }
}

export function registerSoapRoutes(app: ProductApp): void {
  app.all(SERVICE_PATH, (c) => answer(c, invoiceService));
  const noSuchService = (c: SoapContext) =>
    answer(c, async () => {
      throw fault('NoSuchService', `No SOAP service at ${new URL(c.req.url).pathname}; the simulator offers ${SERVICE_PATH} (WSDL at ${SERVICE_PATH}?WSDL).`);
    });
  app.all(SOAP_ROOT, noSuchService);
  app.all(`${SOAP_ROOT}/*`, noSuchService);
}
