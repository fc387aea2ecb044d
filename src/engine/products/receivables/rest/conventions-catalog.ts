/**
 * Catalog entries of the real framework's conventions beyond spec 000 (ETags, REST-Framework-Version,
 * batch actions): each with its meaning, the rule it comes from, how to avoid it, and a request that
 * reproduces it on a freshly seeded environment.
 */
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { KIND, type InvoiceRow } from '../book/records.ts';
import { seededScratchBook } from '../book/seeded.ts';
import { jsonExample } from './catalog-info.ts';
import { FW } from './errors.ts';
import { FSCM_BASE } from './links.ts';

const GROUP = 'Errors';
const INV = `${FSCM_BASE}/receivablesInvoices`;

function seededOpenInvoice(): InvoiceRow {
  const row = seededScratchBook().list<InvoiceRow>(KIND.invoice).find((r) => r.scenario === 'open');
  if (!row) throw new Error('catalog: no seeded open invoice');
  return row;
}

const BATCH_HEADERS = { 'content-type': 'application/vnd.oracle.adf.batch+json' };

export function conventionErrorEntries(): ErrorEntry[] {
  const open = seededOpenInvoice();
  const item = `${INV}/${open.CustomerTransactionId}`;
  return [
    {
      code: FW.NOT_MODIFIED,
      status: 304,
      title: 'Not Modified (ETag still current)',
      meaning: 'A GET of one item with If-None-Match naming its current ETag (or *): the copy the client holds is current, so the answer is 304 with no body and the ETag header. The real framework’s convention beyond the spec.',
      spec: '000 Incremental sync; real-product-facts Error bodies and media types; RFC 9110 § 13.1.2 (If-None-Match) and RFC 9110 § 15.4.5 (304)',
      reproduce: jsonExample('err-not-modified', GROUP, `Read ${open.TransactionNumber} with If-None-Match: *`, 'GET', item, 304, undefined, { headers: { 'if-none-match': '*' } }),
      avoid: 'Nothing to fix: keep using the copy you hold. Send If-None-Match only with an ETag you stored from an earlier answer of the same item, and expect an empty body.',
    },
    {
      code: FW.PRECONDITION_FAILED,
      status: 412,
      title: 'Precondition Failed (stale ETag)',
      meaning: 'A PATCH or DELETE with If-Match naming an ETag the item no longer has: someone changed the record (or one of its children) since it was read. Nothing was changed; the ETag header carries the current tag. The real framework’s convention beyond the spec.',
      spec: '000 Incremental sync; Invoices; real-product-facts Error bodies and media types; RFC 9110 § 13.1.1 (If-Match) and RFC 9110 § 15.5.13 (412)',
      reproduce: jsonExample('err-precondition', GROUP, `Freeze ${open.TransactionNumber} with a stale If-Match`, 'PATCH', item, 412, { InvoiceStatus: 'Frozen' }, { headers: { 'content-type': 'application/json', 'if-match': '"0000000000"' } }),
      avoid: 'Read the item again (GET), look at what changed, then repeat your change with the new ETag in If-Match; never drop If-Match just to force the write through.',
    },
    {
      code: FW.INVALID_FRAMEWORK_VERSION,
      status: 400,
      title: 'Unsupported REST-Framework-Version',
      meaning: 'A REST-Framework-Version header other than 1 to 9. Oracle documents the versions but not the refusal; the simulator answers 400 in the framework’s error body, as for any bad parameter.',
      spec: '000 Versioning; real-product-facts Error bodies and media types',
      reproduce: jsonExample('err-framework-version', GROUP, 'List invoices with REST-Framework-Version: 10', 'GET', `${INV}?limit=1`, 400, undefined, { headers: { 'rest-framework-version': '10' } }),
      avoid: 'Send REST-Framework-Version as a whole number from 1 to 9, or leave the header out (version 1); the simulator answers the same under each.',
    },
    {
      code: FW.INVALID_BATCH,
      status: 400,
      title: 'Malformed batch',
      meaning: 'A POST of application/vnd.oracle.adf.batch+json whose body is not {"parts": [...]}, or a part without a string id, a path starting with / under the version root, or one of the operations get, create, upsert, update, replace, delete, or a part with a field standing for a header (headers, Upsert-Mode: a part carries none). Nothing ran.',
      spec: '000 Versioning; Errors, Other behaviours; real-product-facts Error bodies and media types',
      reproduce: jsonExample('err-batch-shape', GROUP, 'A batch part with an unknown operation', 'POST', FSCM_BASE, 400, { parts: [{ id: '1', path: '/receivablesInvoices', operation: 'merge' }] }, { headers: BATCH_HEADERS }),
      avoid: 'Send {"parts": [{"id", "path", "operation", "payload"}]} with a unique id per part, a path relative to the version root (/receivablesInvoices/…), and operation get, create, upsert, update, replace or delete. Upsert-Mode goes in the batch request’s headers (every create part) or in one part’s operation "upsert".',
    },
    {
      code: FW.BATCH_PART_FAILED,
      status: 400,
      title: 'Batch part failed (nothing applied)',
      meaning: 'One part of a batch failed as the same request alone would (here AR-1000): the batch is all-or-none, so no part was applied, and the answer lists only the failing part with its error as payload. The status is the failing part’s.',
      spec: '000 Invoices Create rule 1; Errors table; real-product-facts Error bodies and media types',
      reproduce: jsonExample('err-batch-part', GROUP, 'A batch of two invoice creates, the second without its required attributes', 'POST', FSCM_BASE, 400, {
        parts: [
          { id: 'first', path: '/receivablesInvoices', operation: 'create', payload: { BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'Widget', Quantity: 1, UnitSellingPrice: 10 }] } },
          { id: 'second', path: '/receivablesInvoices', operation: 'create', payload: { BillToCustomerNumber: '10010' } },
        ],
      }, { headers: BATCH_HEADERS }),
      avoid: 'Fix the part the answer names (its payload is the error that part alone would get) and send the whole batch again: the parts that looked fine were not applied either.',
    },
  ];
}

/** Ready requests of the conventions (the console's catalog and the Postman export). */
export function conventionExamples(): ExampleRequest[] {
  const open = seededOpenInvoice();
  const item = `${INV}/${open.CustomerTransactionId}`;
  const group = 'Real-product conventions';
  return [
    jsonExample('conv-version', group, 'List invoices with REST-Framework-Version: 4 (same answer as without)', 'GET', `${INV}?limit=5`, 200, undefined, { headers: { 'rest-framework-version': '4' } }),
    jsonExample('conv-etag-read', group, `Read ${open.TransactionNumber}: note its ETag header`, 'GET', item, 200),
    jsonExample('conv-if-none-match', group, `Read ${open.TransactionNumber} again only if it changed (If-None-Match)`, 'GET', item, 304, undefined, { headers: { 'if-none-match': '*' } }),
    jsonExample('conv-if-match', group, `Freeze ${open.TransactionNumber} only if unchanged (If-Match: paste the ETag)`, 'PATCH', item, 412, { InvoiceStatus: 'Frozen' }, { headers: { 'content-type': 'application/json', 'if-match': '"paste-the-etag-here"' } }),
    jsonExample('conv-batch', group, 'Batch: create an invoice and read the receipt methods, all or none', 'POST', FSCM_BASE, 200, {
      parts: [
        { id: 'invoice', path: '/receivablesInvoices', operation: 'create', payload: { BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ Description: 'Widget', Quantity: 2, UnitSellingPrice: 10 }] } },
        { id: 'methods', path: '/receiptMethods?limit=3', operation: 'get' },
      ],
    }, { headers: BATCH_HEADERS }),
  ];
}
