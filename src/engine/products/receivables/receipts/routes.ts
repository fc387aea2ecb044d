/**
 * The Standard receipts endpoint table (spec 000 § Standard receipts) on the REST framework, with
 * the receipt privileges of Authentication 5 checked per operation after the bearer token (401
 * first): creating receipts and references needs AR_CREATE_RECEIVABLES_RECEIPT_PRIV; reading,
 * PATCH and DELETE need AR_MANAGE_RECEIVABLES_RECEIPT_PRIV. Actions (applyReceipt is 26C) are 404.
 */
import type { Context, Next } from 'hono';
import type { ProductApp, ProductBindings } from '../../../core/types.ts';
import { nextStamp } from '../invoices/store.ts';
import { authOf, requirePrivilege } from '../oauth/bearer.ts';
import { RECEIPT_PRIVILEGES } from '../oauth/privileges.ts';
import {
  checkIfMatch,
  checkPathKey,
  collectionPath,
  createdResponse,
  findChild,
  findItem,
  itemResponse,
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
import { createReceipt } from './create.ts';
import { receiptResource, referenceResource } from './definitions.ts';
import { addReference } from './references.ts';
import { deleteReceipt, patchReceipt } from './update.ts';

const [CREATE_PRIV, MANAGE_PRIV] = RECEIPT_PRIVILEGES as [string, string];
const REFS = 'remittanceReferences';

const pathOf = (c: RestContext) => new URL(c.req.url).pathname;
const noQuery = (c: RestContext, what: string) => refuseAnyQuery(c, REST_CODES.BAD_PARAM, what);
const userOf = (c: RestContext) => authOf(c)?.clientId ?? 'UNKNOWN';

export function registerReceiptRoutes(app: ProductApp): void {
  const base = collectionPath(receiptResource);

  // No receipt actions in 26B (Versioning 2): applyReceipt and anything else is a plain 404.
  app.all(`${base}/:key/action/*`, (c) => {
    throw noSuchResource(pathOf(c));
  });

  const privilege = async (c: Context<ProductBindings>, next: Next) => {
    const path = pathOf(c);
    const method = c.req.method;
    const creating = method === 'POST' && (path.endsWith(base) || path.endsWith(`/child/${REFS}`));
    if (method === 'GET' || method === 'HEAD' || method === 'PATCH' || method === 'DELETE' || creating) {
      requirePrivilege(c, creating ? CREATE_PRIV : MANAGE_PRIV);
    }
    await next();
  };
  app.use(base, privilege);
  app.use(`${base}/*`, privilege);

  registerReadRoutes(app, receiptResource);

  app.post(base, async (c) => {
    noQuery(c, 'receipt create');
    const raw = await readJsonBody(c);
    const upsert = (c.req.header('upsert-mode') ?? '').trim().toLowerCase() === 'true';
    const { receipt, created } = await c.env.write((tx) => createReceipt(tx, raw, c.env.now(), { upsert, user: userOf(c) }));
    return createdResponse(c, receiptResource, receipt, { status: created ? 201 : 200 });
  });

  app.patch(`${base}/:key`, async (c) => {
    const key = param(c, 'key');
    findItem(c, receiptResource, key);
    noQuery(c, 'receipt update');
    const raw = await readJsonBody(c);
    await c.env.write((tx) => {
      checkIfMatch(c, receiptResource, findItem(c, receiptResource, key));
      return patchReceipt(tx, key, raw, c.env.now(), userOf(c));
    });
    return itemResponse(c, receiptResource, findItem(c, receiptResource, key), { params: {} });
  });

  app.delete(`${base}/:key`, async (c) => {
    const key = param(c, 'key');
    checkPathKey(receiptResource, key);
    findItem(c, receiptResource, key);
    noQuery(c, 'receipt delete');
    await c.env.write((tx) => {
      checkIfMatch(c, receiptResource, findItem(c, receiptResource, key));
      return deleteReceipt(tx, key);
    });
    return new Response(null, { status: 204 });
  });

  app.post(`${base}/:key/child/:accessor`, async (c) => {
    if (param(c, 'accessor') !== REFS) throw noSuchResource(pathOf(c));
    const key = param(c, 'key');
    findItem(c, receiptResource, key);
    noQuery(c, 'adding a remittance reference');
    const raw = await readJsonBody(c);
    const now = c.env.now();
    const ref = await c.env.write((tx) => addReference(tx, key, raw, now, nextStamp(tx, now), userOf(c)));
    return createdResponse(c, referenceResource, ref, { parent: parentRef(c, receiptResource, findItem(c, receiptResource, key), REFS) });
  });

  // PATCH/DELETE on remittance references are not offered (support matrix).
  app.on(['PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor`, (c) => {
    if (param(c, 'accessor') !== REFS) throw noSuchResource(pathOf(c));
    throw methodNotAllowed(c.req.method, REFS, ['GET', 'POST']);
  });
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor/:childKey`, (c) => {
    if (param(c, 'accessor') !== REFS) throw noSuchResource(pathOf(c));
    const parent = parentRef(c, receiptResource, findItem(c, receiptResource, param(c, 'key')), REFS);
    findChild(c, parent, param(c, 'childKey'));
    throw methodNotAllowed(c.req.method, REFS, ['GET']);
  });
  app.on(['PUT', 'PATCH', 'DELETE'], base, (c) => {
    throw methodNotAllowed(c.req.method, receiptResource.name, ['GET', 'POST']);
  });
  app.on(['PUT', 'POST'], `${base}/:key`, (c) => {
    throw methodNotAllowed(c.req.method, `a ${receiptResource.name} item`, ['GET', 'PATCH', 'DELETE']);
  });
}
