/**
 * The createSimpleInvoiceResponse: result (types namespace) holding CustomerTrxId, TransactionNumber
 * and ServiceStatus (service namespace), exactly in the order the WSDL declares them.
 */
import { SOAP_CONTENT_TYPE, soapEnvelope } from '../../../core/soap.ts';
import { escapeXml } from '../../../core/xml.ts';
import type { InvoiceRow } from '../book/records.ts';
import { OPERATION, SERVICE_NS, SERVICE_STATUS, TYPES_NS } from './names.ts';

export function resultResponse(invoice: Pick<InvoiceRow, 'CustomerTransactionId' | 'TransactionNumber'>): Response {
  const result =
    `<ns1:CustomerTrxId>${invoice.CustomerTransactionId}</ns1:CustomerTrxId>` +
    `<ns1:TransactionNumber>${escapeXml(invoice.TransactionNumber)}</ns1:TransactionNumber>` +
    `<ns1:ServiceStatus>${SERVICE_STATUS.success}</ns1:ServiceStatus>`;
  const body = `<ns0:${OPERATION}Response xmlns:ns0="${TYPES_NS}" xmlns:ns1="${SERVICE_NS}"><ns0:result>${result}</ns0:result></ns0:${OPERATION}Response>`;
  return new Response(soapEnvelope(body), { status: 200, headers: { 'content-type': SOAP_CONTENT_TYPE } });
}
