/**
 * The createSimpleInvoiceResponse: result (types namespace) holding CustomerTrxId, TransactionNumber
 * and ServiceStatus (service namespace), exactly in the order the WSDL declares them.
 */
import { SOAP_CONTENT_TYPE, soapEnvelope } from '../../../core/soap.ts';
import { el } from '../../../core/xml-tree.ts';
import type { InvoiceRow } from '../book/records.ts';
import { OPERATION, SERVICE_NS, SERVICE_STATUS, TYPES_NS } from './names.ts';

export function resultResponse(invoice: Pick<InvoiceRow, 'CustomerTransactionId' | 'TransactionNumber'>): Response {
  const result = [
    el('ns1:CustomerTrxId', undefined, [String(invoice.CustomerTransactionId)]),
    el('ns1:TransactionNumber', undefined, [invoice.TransactionNumber]),
    el('ns1:ServiceStatus', undefined, [SERVICE_STATUS.success]),
  ];
  const body = el(`ns0:${OPERATION}Response`, { 'xmlns:ns0': TYPES_NS, 'xmlns:ns1': SERVICE_NS }, [el('ns0:result', undefined, result)]);
  return new Response(soapEnvelope(body), { status: 200, headers: { 'content-type': SOAP_CONTENT_TYPE } });
}
