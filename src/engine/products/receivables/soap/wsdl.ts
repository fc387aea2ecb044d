/**
 * The InvoiceService WSDL 1.1 (document/literal, SOAP 1.1 binding, XML Schema inline), built from
 * the element tables in names.ts. What strict toolkits need (real-product-facts § SOAP
 * InvoiceService): a service with a soap:address (here the request's own origin and environment, so
 * it works at any host and sub-path), parts declared with element=, every element a part or fault
 * names declared in a schema, soap:operation with a soapAction, the SOAP 1.1 port first.
 */
import { ADF_ERRORS_NS } from '../../../core/soap.ts';
import { escapeXml } from '../../../core/xml.ts';
import { HEADER_ELEMENTS, LINE_ELEMENT, LINE_ELEMENTS, OPERATION, SERVICE_NS, SERVICE_PATH, SERVICE_STATUS, SOAP_ACTION, TYPES_NS, type SoapElement } from './names.ts';

const XSD_TYPE: Record<SoapElement['type'], string> = { string: 'xsd:string', date: 'xsd:date', decimal: 'xsd:decimal', integer: 'xsd:integer' };

function elementDecl(e: SoapElement): string {
  const type = e.attribute === 'unitCode' ? 'svc:MeasureType' : e.attribute === 'currencyCode' ? 'svc:AmountType' : XSD_TYPE[e.type];
  const note = e.rest ? '' : '<xsd:annotation><xsd:documentation>Not supported by the simulator: refused with SIM-SOAP-4001.</xsd:documentation></xsd:annotation>';
  return `<xsd:element name="${e.name}" type="${type}" minOccurs="0" nillable="true">${note}</xsd:element>`;
}

/** A decimal with an attribute (Quantity@unitCode, UnitSellingPrice@currencyCode). */
const withAttribute = (name: string, attribute: string) =>
  `<xsd:complexType name="${name}"><xsd:simpleContent><xsd:extension base="xsd:decimal"><xsd:attribute name="${attribute}" type="xsd:normalizedString" use="optional"/></xsd:extension></xsd:simpleContent></xsd:complexType>`;

const ERRORS_SCHEMA = `<xsd:schema targetNamespace="${ADF_ERRORS_NS}" elementFormDefault="qualified" xmlns:errors="${ADF_ERRORS_NS}">
<xsd:complexType name="ServiceMessage"><xsd:sequence><xsd:element name="code" type="xsd:string" minOccurs="0"/><xsd:element name="message" type="xsd:string" minOccurs="0"/><xsd:element name="severity" type="xsd:string" minOccurs="0"/><xsd:element name="attributeName" type="xsd:string" minOccurs="0"/><xsd:element name="objectName" type="xsd:string" minOccurs="0"/></xsd:sequence></xsd:complexType>
<xsd:complexType name="ServiceErrorMessage"><xsd:sequence><xsd:element name="code" type="xsd:string" minOccurs="0"/><xsd:element name="message" type="xsd:string" minOccurs="0"/><xsd:element name="severity" type="xsd:string" minOccurs="0"/><xsd:element name="exceptionClassName" type="xsd:string" minOccurs="0"/><xsd:element name="detail" type="errors:ServiceMessage" minOccurs="0" maxOccurs="unbounded"/></xsd:sequence></xsd:complexType>
<xsd:element name="ServiceErrorMessage" type="errors:ServiceErrorMessage"/>
</xsd:schema>`;

const SERVICE_SCHEMA = `<xsd:schema targetNamespace="${SERVICE_NS}" elementFormDefault="qualified" xmlns:svc="${SERVICE_NS}">
${withAttribute('MeasureType', 'unitCode')}
${withAttribute('AmountType', 'currencyCode')}
<xsd:complexType name="SimpleInvoiceLine"><xsd:sequence>${LINE_ELEMENTS.map(elementDecl).join('')}</xsd:sequence></xsd:complexType>
<xsd:complexType name="SimpleInvoiceHeader"><xsd:sequence>${HEADER_ELEMENTS.map(elementDecl).join('')}<xsd:element name="${LINE_ELEMENT}" type="svc:SimpleInvoiceLine" minOccurs="0" maxOccurs="unbounded"/></xsd:sequence></xsd:complexType>
<xsd:simpleType name="ServiceStatus"><xsd:restriction base="xsd:string">${Object.values(SERVICE_STATUS).map((v) => `<xsd:enumeration value="${v}"/>`).join('')}</xsd:restriction></xsd:simpleType>
<xsd:complexType name="SimpleInvoiceResult"><xsd:sequence><xsd:element name="CustomerTrxId" type="xsd:long" minOccurs="0"/><xsd:element name="TransactionNumber" type="xsd:string" minOccurs="0"/><xsd:element name="ServiceStatus" type="svc:ServiceStatus" minOccurs="0"/></xsd:sequence></xsd:complexType>
</xsd:schema>`;

const TYPES_SCHEMA = `<xsd:schema targetNamespace="${TYPES_NS}" elementFormDefault="qualified" xmlns:svc="${SERVICE_NS}">
<xsd:import namespace="${SERVICE_NS}"/>
<xsd:element name="${OPERATION}"><xsd:complexType><xsd:sequence><xsd:element name="invoiceHeaderInformation" type="svc:SimpleInvoiceHeader"/></xsd:sequence></xsd:complexType></xsd:element>
<xsd:element name="${OPERATION}Response"><xsd:complexType><xsd:sequence><xsd:element name="result" type="svc:SimpleInvoiceResult"/></xsd:sequence></xsd:complexType></xsd:element>
</xsd:schema>`;

/** The WSDL document; `baseUrl` is the environment base the request came in on. */
export function invoiceServiceWsdl(baseUrl: string): string {
  const address = escapeXml(`${baseUrl}${SERVICE_PATH}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="InvoiceService" targetNamespace="${SERVICE_NS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="${SERVICE_NS}" xmlns:types="${TYPES_NS}" xmlns:errors="${ADF_ERRORS_NS}">
<wsdl:documentation>Receivables InvoiceService (ERP integration simulator). Authentication: WS-Security UsernameToken with a PasswordText password (secext 1.0) in the SOAP header, with a SOAP user of this environment.</wsdl:documentation>
<wsdl:types>
${ERRORS_SCHEMA}
${SERVICE_SCHEMA}
${TYPES_SCHEMA}
</wsdl:types>
<wsdl:message name="InvoiceService_${OPERATION}"><wsdl:part name="parameters" element="types:${OPERATION}"/></wsdl:message>
<wsdl:message name="InvoiceService_${OPERATION}Response"><wsdl:part name="parameters" element="types:${OPERATION}Response"/></wsdl:message>
<wsdl:message name="ServiceException"><wsdl:part name="ServiceErrorMessage" element="errors:ServiceErrorMessage"/></wsdl:message>
<wsdl:portType name="InvoiceService">
<wsdl:operation name="${OPERATION}"><wsdl:input message="tns:InvoiceService_${OPERATION}"/><wsdl:output message="tns:InvoiceService_${OPERATION}Response"/><wsdl:fault name="ServiceException" message="tns:ServiceException"/></wsdl:operation>
</wsdl:portType>
<wsdl:binding name="InvoiceServiceSoapHttp" type="tns:InvoiceService">
<soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
<wsdl:operation name="${OPERATION}"><soap:operation soapAction="${SOAP_ACTION}"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output><wsdl:fault name="ServiceException"><soap:fault name="ServiceException" use="literal"/></wsdl:fault></wsdl:operation>
</wsdl:binding>
<wsdl:service name="InvoiceService">
<wsdl:port name="InvoiceServiceSoapHttpPort" binding="tns:InvoiceServiceSoapHttp"><soap:address location="${address}"/></wsdl:port>
</wsdl:service>
</wsdl:definitions>
`;
}
