/**
 * SOAP faults of the InvoiceService. Transport, XML and security problems are env:Client.* faults
 * with the statuses of spec 000 § Errors (SOAP faults) and Authentication 4; codes the spec does not
 * name follow the same pattern (docs/reference/receivables.md § SOAP lists them all). Application errors
 * are the real product's shape: HTTP 500, env:Server, and detail > ServiceErrorMessage carrying the
 * same code REST answers (AR-1010, SIM-REST-4009, ...), its message and the offending element.
 */
import { serviceErrorMessage, soapFaultResponse } from '../../../core/soap.ts';
import { RestError } from '../rest/errors.ts';
import { HEADER_ELEMENTS, LINE_ELEMENT, LINE_ELEMENTS, REST_LINES } from './names.ts';

/** env:Client.* faults: code suffix and HTTP status. */
export const CLIENT_FAULTS = {
  AuthRequired: 401,
  AuthFailed: 401,
  PasswordTypeUnsupported: 401,
  TokenTypeUnsupported: 401,
  MalformedXml: 400,
  DtdForbidden: 400,
  InvalidSoapAction: 400,
  RequestTooLarge: 413,
  TooManyLines: 413,
  UnsupportedMediaType: 415,
  MethodNotAllowed: 405,
  NoSuchService: 404,
} as const;

export type ClientFault = keyof typeof CLIENT_FAULTS;

/** The simulator's own application codes for SOAP-only refusals (REST codes are reused otherwise). */
export const SOAP_CODES = {
  /** A real element or attribute the simulator does not support, or one the schema does not have. */
  UNSUPPORTED_ELEMENT: 'SIM-SOAP-4001',
  /** An element the schema allows once, sent more than once. */
  REPEATED_ELEMENT: 'SIM-SOAP-4002',
} as const;

export const MUST_UNDERSTAND = 'env:MustUnderstand';

/** A refusal of the request before the invoice service runs; thrown by the request readers. */
export class SoapFault extends Error {
  constructor(
    readonly fault: ClientFault | typeof MUST_UNDERSTAND,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get faultcode(): string {
    return this.fault === MUST_UNDERSTAND ? MUST_UNDERSTAND : `env:Client.${this.fault}`;
  }

  get status(): number {
    // SOAP 1.1 § 6.2: a MustUnderstand fault is a 500.
    return this.fault === MUST_UNDERSTAND ? 500 : CLIENT_FAULTS[this.fault];
  }

  toResponse(): Response {
    return soapFaultResponse(this.status, this.faultcode, this.message, undefined, this.headers);
  }
}

export const fault = (kind: ClientFault, message: string, headers?: Record<string, string>) => new SoapFault(kind, message, headers);

// ---- REST names -> SOAP names ------------------------------------------------------------------

const HEADER_NAMES = new Map(HEADER_ELEMENTS.filter((e) => e.rest).map((e) => [e.rest as string, e.name]));
const LINE_NAMES = new Map(LINE_ELEMENTS.filter((e) => e.rest).map((e) => [e.rest as string, e.name]));
const HEADER_OBJECT = 'invoiceHeaderInformation';

/** A REST error path as the SOAP element it came from: objectName (invoiceHeaderInformation, InvoiceLine[2]) and attributeName. */
export function soapLocation(path: string | undefined): SoapLocation {
  if (!path) return { objectName: HEADER_OBJECT };
  const line = /^receivablesInvoiceLines(?:\[(\d+)\](?:\.(\w+))?)?$/.exec(path);
  if (line) {
    if (line[1] === undefined) return { objectName: HEADER_OBJECT, attributeName: LINE_ELEMENT };
    const objectName = `${LINE_ELEMENT}[${Number(line[1]) + 1}]`;
    return line[2] ? { objectName, attributeName: LINE_NAMES.get(line[2]) ?? line[2] } : { objectName };
  }
  return { objectName: HEADER_OBJECT, attributeName: HEADER_NAMES.get(path) ?? path };
}

const RENAMES = new Map<string, string>([...HEADER_NAMES, [REST_LINES, LINE_ELEMENT]]);
const RENAME_RE = new RegExp(`${REST_LINES}\\[(\\d+)\\]\\.?|\\b(${[...RENAMES.keys()].join('|')})\\b`, 'g');

/** A REST message in SOAP names: BillToCustomerNumber -> BillToAccountNumber, receivablesInvoiceLines[0].Quantity -> InvoiceLine[1]/Quantity. */
export function soapMessage(message: string): string {
  return message.replace(RENAME_RE, (whole, index: string | undefined, name: string | undefined) => {
    if (index !== undefined) return `${LINE_ELEMENT}[${Number(index) + 1}]${whole.endsWith('.') ? '/' : ''}`;
    return RENAMES.get(name ?? '') ?? whole;
  });
}

/** Where in the request an application error points: the object (invoiceHeaderInformation, InvoiceLine[2]) and the element. */
export interface SoapLocation {
  objectName: string;
  attributeName?: string;
}

/**
 * An application error found while reading the request's elements: its message and location are
 * already in SOAP names (REST errors from the create path are translated by applicationFault).
 */
export class SoapValueError extends RestError {
  constructor(
    code: string,
    detail: string,
    readonly location: SoapLocation,
  ) {
    super(400, code, detail);
  }
}

/**
 * The application fault for an error of the shared invoice create path: HTTP 500, env:Server,
 * faultstring "<code>: <message>", detail > ServiceErrorMessage with one detail entry per offending
 * attribute (REST's o:errorDetails), all in SOAP names.
 */
export function applicationFault(err: RestError): Response {
  const named = err instanceof SoapValueError;
  const message = named ? err.detail : soapMessage(err.detail);
  const details = named
    ? [{ code: err.code, message, where: err.location }]
    : (err.init.details?.length ? err.init.details : [{ detail: err.detail, code: err.code, path: err.init.path }]).map((d) => ({
        code: d.code ?? err.code,
        message: soapMessage(d.detail),
        where: soapLocation(d.path),
      }));
  const body = serviceErrorMessage(
    { code: err.code, message, severity: 'SEVERITY_ERROR', exceptionClassName: 'oracle.jbo.JboException' },
    details.map((d) => ({ code: d.code, message: d.message, severity: 'SEVERITY_ERROR', attributeName: d.where.attributeName, objectName: d.where.objectName })),
  );
  return soapFaultResponse(500, 'env:Server', `${err.code}: ${message}`, body);
}
