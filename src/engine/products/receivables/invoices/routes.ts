/**
 * The Invoices endpoint table (spec 000 § Invoices) on the REST framework: reads through
 * registerReadRoutes, writes here, each write one atomic c.env.write.
 */
import type { ProductApp } from '../../../core/types.ts';
import {
  checkIfMatch,
  checkPathKey,
  collectionPath,
  createdResponse,
  collectionResponse,
  defaultReadParams,
  DEFAULT_LIMIT,
  findChild,
  findItem,
  itemResponse,
  lookup,
  methodNotAllowed,
  noSuchResource,
  param,
  parentRef,
  readJsonBody,
  refuseAnyQuery,
  registerReadRoutes,
  REST_CODES,
  type RestContext,
} from '../rest/index.ts';
import type { InvoiceRow } from '../book/records.ts';
import { createInvoice } from './create.ts';
import { installmentResource, invoiceResource, lineResource } from './definitions.ts';
import { addLine } from './lines.ts';
import { splitInstallments } from './split.ts';
import { deleteInvoice, patchInvoice } from './update.ts';

const LINES = 'receivablesInvoiceLines';
const INSTALLMENTS = 'receivablesInvoiceInstallments';

const pathOf = (c: RestContext) => new URL(c.req.url).pathname;

/** Writes take no query parameter (spec 000 § Common query parameters: refused by name, 400). */
const noQuery = (c: RestContext, what: string) => refuseAnyQuery(c, REST_CODES.BAD_PARAM, what);

export function registerInvoiceRoutes(app: ProductApp): void {
  const base = collectionPath(invoiceResource);

  // Unknown actions first (complete, approve, rework, anything else): plain 404 (spec 000 § What the service does 3).
  app.post(`${base}/:key/action/:action`, async (c) => {
    if (param(c, 'action') !== 'splitInstallments') throw noSuchResource(pathOf(c));
    const key = param(c, 'key');
    findItem(c, invoiceResource, key);
    noQuery(c, 'the splitInstallments action');
    const raw = await readJsonBody(c);
    await c.env.write((tx) => splitInstallments(tx, key, raw, c.env.now()));
    const row = findItem(c, invoiceResource, key);
    // The whole new schedule in one envelope, however many installments it has.
    const params = defaultReadParams(installmentResource, Math.max(DEFAULT_LIMIT, (row as InvoiceRow).installmentIds.length));
    return collectionResponse(c, installmentResource, { parent: parentRef(c, invoiceResource, row, INSTALLMENTS), params });
  });
  app.all(`${base}/:key/action/:action`, (c) => {
    if (param(c, 'action') !== 'splitInstallments') throw noSuchResource(pathOf(c));
    throw methodNotAllowed(c.req.method, 'the splitInstallments action', ['POST']);
  });

  registerReadRoutes(app, invoiceResource);

  app.post(base, async (c) => {
    noQuery(c, 'invoice create');
    const raw = await readJsonBody(c);
    const created = await c.env.write((tx) => createInvoice(tx, raw, c.env.now()));
    return createdResponse(c, invoiceResource, created, { params: { expand: [LINES] } });
  });

  app.patch(`${base}/:key`, async (c) => {
    const key = param(c, 'key');
    findItem(c, invoiceResource, key);
    noQuery(c, 'invoice update');
    const raw = await readJsonBody(c);
    await c.env.write((tx) => {
      checkIfMatch(c, invoiceResource, findItem(c, invoiceResource, key));
      return patchInvoice(tx, key, raw, c.env.now());
    });
    return itemResponse(c, invoiceResource, findItem(c, invoiceResource, key), { params: {} });
  });

  app.delete(`${base}/:key`, async (c) => {
    const key = param(c, 'key');
    checkPathKey(invoiceResource, key);
    noQuery(c, 'invoice delete');
    await c.env.write((tx) => {
      const row = lookup(c, invoiceResource, key);
      if (row) checkIfMatch(c, invoiceResource, row);
      return deleteInvoice(tx, key);
    });
    return new Response(null, { status: 204 });
  });

  app.post(`${base}/:key/child/:accessor`, async (c) => {
    const accessor = param(c, 'accessor');
    if (accessor === INSTALLMENTS) throw methodNotAllowed('POST', INSTALLMENTS + ' (use the splitInstallments action)');
    if (accessor !== LINES) throw noSuchResource(pathOf(c));
    const key = param(c, 'key');
    findItem(c, invoiceResource, key); // 400 REST-01002 / 404 AR-7041 before the body is read
    noQuery(c, 'adding an invoice line');
    const raw = await readJsonBody(c);
    const line = await c.env.write((tx) => addLine(tx, key, raw, c.env.now()));
    return createdResponse(c, lineResource, line, { parent: parentRef(c, invoiceResource, findItem(c, invoiceResource, key), LINES) });
  });

  // No update or delete on lines; no per-installment writes (spec 000 § Add-line rule, support matrix).
  app.on(['PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor`, (c) => {
    const accessor = param(c, 'accessor');
    if (accessor !== LINES && accessor !== INSTALLMENTS) throw noSuchResource(pathOf(c));
    throw methodNotAllowed(c.req.method, accessor, accessor === LINES ? ['GET', 'POST'] : ['GET']);
  });
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor/:childKey`, (c) => {
    const accessor = param(c, 'accessor');
    if (accessor !== LINES && accessor !== INSTALLMENTS) throw noSuchResource(pathOf(c));
    const parent = parentRef(c, invoiceResource, findItem(c, invoiceResource, param(c, 'key')), accessor);
    findChild(c, parent, param(c, 'childKey'));
    throw methodNotAllowed(c.req.method, accessor, ['GET']);
  });
  app.on(['PUT', 'PATCH', 'DELETE'], base, (c) => {
    throw methodNotAllowed(c.req.method, invoiceResource.name, ['GET', 'POST']);
  });
  app.on(['PUT', 'POST'], `${base}/:key`, (c) => {
    throw methodNotAllowed(c.req.method, `a ${invoiceResource.name} item`, ['GET', 'PATCH', 'DELETE']);
  });
}
