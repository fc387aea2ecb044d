/**
 * Receivables REST framework (ADF-style), driven by resource definitions.
 *
 * Usage (e.g. in invoices/):
 *
 *   import { defineResource, str, num, amount, date, datetime, field, registerReadRoutes,
 *            parseBody, itemResponse, findItem, restError, FW } from '../rest/index.ts';
 *
 *   export const lineDef = defineResource({ name: 'receivablesInvoiceLines', title: 'Invoice Line',
 *     kind: 'invoiceLine', parentField: 'CustomerTransactionId', key: 'CustomerTransactionLineId',
 *     fields: [num('CustomerTransactionLineId', 'key', 'q'), num('LineNumber'), ...],
 *     defaultOrderBy: 'LineNumber:asc', notFound: { code: 'AR-7043' } });
 *   export const invoiceDef = defineResource({ name: 'receivablesInvoices', title: 'Invoice',
 *     kind: 'invoice', key: 'CustomerTransactionId', fields: [...],
 *     children: { receivablesInvoiceLines: lineDef }, defaultOrderBy: 'CustomerTransactionId:desc',
 *     notFound: { code: 'AR-7041' }, badKeyCode: 'REST-01002' });
 *
 *   registerReadRoutes(app, invoiceDef);   // GET collection, describe, item, child collection/item
 *   app.post(collectionPath(invoiceDef), async (c) => {
 *     const body = await parseBody(c, invoiceDef, { mode: 'create', requiredCode: 'AR-1000' });
 *     const row = await c.env.write((tx) => { ...; throw restError(400, 'AR-1010', '...') ... });
 *     return itemResponse(c, invoiceDef, row, { status: 201, params: {}, headers: { location: hrefOf(c, invoiceDef, row) } });
 *   });
 *
 * Rows are stored raw (kind = def.kind, id = String(row[def.key])), one record per row; children
 * hold their parent's key in `parentField`. Number fields may be stored as decimal strings; they
 * are emitted as JSON numbers. A field's `value(row, rc)` computes it on read (`derived` marks it
 * clock-dependent: filterable, not sortable). Throw RestError (restError(...)) anywhere in a route,
 * also inside c.env.write (rolls back); the product's handler answers the framework's error body.
 *
 * Child rows are found through a grouped index over the child kind (rebuilt after each write to
 * that kind: ~0.4 s at 100k rows); give a child def `rowsOf: (parent, data) => rows` (e.g. from
 * ids kept on the parent) to skip it. Auth: oauth/bearer.ts authOf(c) / requirePrivilege(c, priv).
 * Tests: test/receivables/framework/support.ts receivablesEnv() gives an env with a bearer token.
 */
export * from './types.ts';
export * from './define.ts';
export * from './errors.ts';
export * from './media.ts';
export * from './values.ts';
export * from './q.ts';
export * from './params.ts';
export * from './links.ts';
export * from './order.ts';
export * from './serialize.ts';
export * from './collection.ts';
export * from './describe.ts';
export * from './body.ts';
export * from './routes.ts';
export * from './catalog-info.ts';
export * from './etag.ts';
