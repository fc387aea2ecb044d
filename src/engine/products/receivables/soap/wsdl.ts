/**
 * The InvoiceService WSDL 1.1 (document/literal, SOAP 1.1 binding, XML Schema inline), built from
 * the element tables in names.ts. What strict toolkits need (real-product-facts § SOAP
 * InvoiceService): a service with a soap:address (here the request's own origin and environment, so
 * it works at any host and sub-path), parts declared with element=, every element a part or fault
 * names declared in a schema, soap:operation with a soapAction, the SOAP 1.1 port first.
 */
import { ADF_ERRORS_NS } from '../../../core/soap.ts';
import { el, xmlDocument, type XmlAttrs, type XmlChild, type XmlItem } from '../../../core/xml-tree.ts';
import { HEADER_ELEMENTS, LINE_ELEMENT, LINE_ELEMENTS, OPERATION, SERVICE_NS, SERVICE_PATH, SERVICE_STATUS, SOAP_ACTION, TYPES_NS, type SoapElement } from './names.ts';

const XSD_TYPE: Record<SoapElement['type'], string> = { string: 'xsd:string', date: 'xsd:date', decimal: 'xsd:decimal', integer: 'xsd:integer' };

const xsd = (name: string, attrs?: XmlAttrs, children?: readonly XmlChild[]) => el(`xsd:${name}`, attrs, children);
const wsdl = (name: string, attrs?: XmlAttrs, children?: readonly XmlChild[]) => el(`wsdl:${name}`, attrs, children);
const soap = (name: string, attrs?: XmlAttrs) => el(`soap:${name}`, attrs);
const complexType = (name: string, elements: readonly XmlItem[]) => xsd('complexType', { name }, [xsd('sequence', undefined, elements)]);
/** An optional element of a sequence. */
const optional = (name: string, type: string, more: XmlAttrs = {}) => xsd('element', { name, type, minOccurs: '0', ...more });

function elementDecl(e: SoapElement): XmlItem {
  const type = e.attribute === 'unitCode' ? 'svc:MeasureType' : e.attribute === 'currencyCode' ? 'svc:AmountType' : XSD_TYPE[e.type];
  const note = e.rest ? [] : [xsd('annotation', undefined, [xsd('documentation', undefined, ['Not supported by the simulator: refused with SIM-SOAP-4001.'])])];
  return xsd('element', { name: e.name, type, minOccurs: '0', nillable: 'true' }, note);
}

/** A decimal with an attribute (Quantity@unitCode, UnitSellingPrice@currencyCode). */
const withAttribute = (name: string, attribute: string) =>
  xsd('complexType', { name }, [
    xsd('simpleContent', undefined, [xsd('extension', { base: 'xsd:decimal' }, [xsd('attribute', { name: attribute, type: 'xsd:normalizedString', use: 'optional' })])]),
  ]);

const messageFields = (last: XmlItem) => [...['code', 'message', 'severity'].map((n) => optional(n, 'xsd:string')), last];

const ERRORS_SCHEMA = xsd('schema', { targetNamespace: ADF_ERRORS_NS, elementFormDefault: 'qualified', 'xmlns:errors': ADF_ERRORS_NS }, [
  complexType('ServiceMessage', [...messageFields(optional('attributeName', 'xsd:string')), optional('objectName', 'xsd:string')]),
  complexType('ServiceErrorMessage', [...messageFields(optional('exceptionClassName', 'xsd:string')), optional('detail', 'errors:ServiceMessage', { maxOccurs: 'unbounded' })]),
  xsd('element', { name: 'ServiceErrorMessage', type: 'errors:ServiceErrorMessage' }),
]);

const SERVICE_SCHEMA = xsd('schema', { targetNamespace: SERVICE_NS, elementFormDefault: 'qualified', 'xmlns:svc': SERVICE_NS }, [
  withAttribute('MeasureType', 'unitCode'),
  withAttribute('AmountType', 'currencyCode'),
  complexType('SimpleInvoiceLine', LINE_ELEMENTS.map(elementDecl)),
  complexType('SimpleInvoiceHeader', [...HEADER_ELEMENTS.map(elementDecl), optional(LINE_ELEMENT, 'svc:SimpleInvoiceLine', { maxOccurs: 'unbounded' })]),
  xsd('simpleType', { name: 'ServiceStatus' }, [xsd('restriction', { base: 'xsd:string' }, Object.values(SERVICE_STATUS).map((value) => xsd('enumeration', { value })))]),
  complexType('SimpleInvoiceResult', [optional('CustomerTrxId', 'xsd:long'), optional('TransactionNumber', 'xsd:string'), optional('ServiceStatus', 'svc:ServiceStatus')]),
]);

const wrapper = (name: string, part: string, type: string) =>
  xsd('element', { name }, [xsd('complexType', undefined, [xsd('sequence', undefined, [xsd('element', { name: part, type })])])]);

const TYPES_SCHEMA = xsd('schema', { targetNamespace: TYPES_NS, elementFormDefault: 'qualified', 'xmlns:svc': SERVICE_NS }, [
  xsd('import', { namespace: SERVICE_NS }),
  wrapper(OPERATION, 'invoiceHeaderInformation', 'svc:SimpleInvoiceHeader'),
  wrapper(`${OPERATION}Response`, 'result', 'svc:SimpleInvoiceResult'),
]);

const message = (name: string, part: string, element: string) => wsdl('message', { name }, [wsdl('part', { name: part, element })]);
const literal = () => soap('body', { use: 'literal' });

/** Everything but the service's address, which depends on the request. */
const DEFINITIONS: XmlItem[] = [
  wsdl('documentation', undefined, [
    'Receivables InvoiceService (ERP integration simulator). Authentication: WS-Security UsernameToken with a PasswordText password (secext 1.0) in the SOAP header, with a SOAP user of this environment.',
  ]),
  wsdl('types', undefined, [ERRORS_SCHEMA, SERVICE_SCHEMA, TYPES_SCHEMA]),
  message(`InvoiceService_${OPERATION}`, 'parameters', `types:${OPERATION}`),
  message(`InvoiceService_${OPERATION}Response`, 'parameters', `types:${OPERATION}Response`),
  message('ServiceException', 'ServiceErrorMessage', 'errors:ServiceErrorMessage'),
  wsdl('portType', { name: 'InvoiceService' }, [
    wsdl('operation', { name: OPERATION }, [
      wsdl('input', { message: `tns:InvoiceService_${OPERATION}` }),
      wsdl('output', { message: `tns:InvoiceService_${OPERATION}Response` }),
      wsdl('fault', { name: 'ServiceException', message: 'tns:ServiceException' }),
    ]),
  ]),
  wsdl('binding', { name: 'InvoiceServiceSoapHttp', type: 'tns:InvoiceService' }, [
    soap('binding', { style: 'document', transport: 'http://schemas.xmlsoap.org/soap/http' }),
    wsdl('operation', { name: OPERATION }, [
      soap('operation', { soapAction: SOAP_ACTION }),
      wsdl('input', undefined, [literal()]),
      wsdl('output', undefined, [literal()]),
      wsdl('fault', { name: 'ServiceException' }, [soap('fault', { name: 'ServiceException', use: 'literal' })]),
    ]),
  ]),
];

/** The WSDL document; `baseUrl` is the environment base the request came in on. */
export function invoiceServiceWsdl(baseUrl: string): string {
  const port = wsdl('port', { name: 'InvoiceServiceSoapHttpPort', binding: 'tns:InvoiceServiceSoapHttp' }, [soap('address', { location: `${baseUrl}${SERVICE_PATH}` })]);
  const root = wsdl(
    'definitions',
    {
      name: 'InvoiceService',
      targetNamespace: SERVICE_NS,
      'xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
      'xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
      'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'xmlns:tns': SERVICE_NS,
      'xmlns:types': TYPES_NS,
      'xmlns:errors': ADF_ERRORS_NS,
    },
    [...DEFINITIONS, wsdl('service', { name: 'InvoiceService' }, [port])],
  );
  return xmlDocument(root, { encoding: 'UTF-8', indent: true });
}
