/**
 * SOAP 1.1 envelopes and faults as the simulator writes them. Kept in core because the engine answers
 * one fault itself (SIM-1000, unknown environment, before any product code runs); the receivables
 * InvoiceService builds every other fault on the same writer.
 */
import { el, xmlDocument, type XmlItem } from './xml-tree.ts';

export const SOAP11_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** The real product's application error namespace (ServiceErrorMessage). */
export const ADF_ERRORS_NS = 'http://xmlns.oracle.com/adf/svc/errors/';
export const SOAP_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** The first path segment every SOAP service of the receivables product lives under. */
export const SOAP_ROOT = '/fscmService';

/** True when a path (relative to the environment base) is a SOAP path. */
export function isSoapPath(path: string): boolean {
  return path === SOAP_ROOT || path.startsWith(`${SOAP_ROOT}/`);
}

/** A SOAP 1.1 envelope around one body element, on one line. */
export function soapEnvelope(body: XmlItem): string {
  return xmlDocument(el('env:Envelope', { 'xmlns:env': SOAP11_ENV_NS }, [el('env:Header'), el('env:Body', undefined, [body])]), { encoding: 'UTF-8' });
}

/** The `env:Fault` element: unqualified faultcode/faultstring (what strict toolkits read), optional detail. */
export function faultElement(faultcode: string, faultstring: string, detail?: XmlItem): XmlItem {
  return el('env:Fault', undefined, [el('faultcode', undefined, [faultcode]), el('faultstring', undefined, [faultstring]), ...(detail ? [el('detail', undefined, [detail])] : [])]);
}

/** A fault response: always an XML body, whatever the status (toolkits parse 401 and 404 bodies too). */
export function soapFaultResponse(status: number, faultcode: string, faultstring: string, detail?: XmlItem, headers: Record<string, string> = {}): Response {
  return new Response(soapEnvelope(faultElement(faultcode, faultstring, detail)), {
    status,
    headers: { 'content-type': SOAP_CONTENT_TYPE, ...headers },
  });
}

/** Fields of a ServiceErrorMessage or of one of its detail entries, in order; an absent or empty one is left out. */
export type ServiceMessageFields = Readonly<Record<string, string | undefined>>;

const fields = (f: ServiceMessageFields): XmlItem[] => Object.entries(f).flatMap(([name, value]) => (value ? [el(`tns:${name}`, undefined, [value])] : []));

/** The real product's ServiceErrorMessage (errors namespace): its fields, then one tns:detail per entry. */
export function serviceErrorMessage(message: ServiceMessageFields, details: readonly ServiceMessageFields[] = []): XmlItem {
  return el('tns:ServiceErrorMessage', { 'xmlns:tns': ADF_ERRORS_NS }, [...fields(message), ...details.map((d) => el('tns:detail', undefined, fields(d)))]);
}

/** The SIM-1000 refusal in a form a SOAP client can read (issue 11 § 2: unknown environment on SOAP paths). */
export function soapUnknownEnvironment(detail: string): Response {
  const message = serviceErrorMessage({ code: 'SIM-1000', message: detail, severity: 'SEVERITY_ERROR' });
  return soapFaultResponse(404, 'env:Client.UnknownEnvironment', `SIM-1000 Unknown environment: ${detail}`, message);
}
