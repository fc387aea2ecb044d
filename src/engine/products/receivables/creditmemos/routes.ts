/**
 * The Credit memos endpoint table (spec 000 § Credit memos) and its refusals (support matrix:
 * actions approve and rework refused by name with 404; the other credit memo children 404).
 * Reads go through registerReadRoutes; each write is one atomic c.env.write.
 */
import type { ProductApp } from '../../../core/types.ts';
import type { CreditMemoLineRow } from '../book/records.ts';
import {
  collectionPath,
  checkIfMatch,
  createdResponse,
  collectionResponse,
  defaultReadParams,
  DEFAULT_LIMIT,
  findChild,
  findItem,
  FW,
  itemResponse,
  methodNotAllowed,
  noSuchResource,
  param,
  parentRef,
  queryOf,
  readJsonBody,
  refuseAnyQuery,
  registerReadRoutes,
  REST_CODES,
  RestError,
  type RestContext,
} from '../rest/index.ts';
import { KIND } from '../book/records.ts';
import { createCreditMemo } from './create.ts';
import { creditMemoLineResource, creditMemoResource, LINES, OTHER_LINE_CHILDREN, OTHER_MEMO_CHILDREN, REFUSED_MEMO_ACTIONS } from './definitions.ts';
import { addMemoLines } from './lines.ts';
import { patchCreditMemo } from './update.ts';

const pathOf = (c: RestContext) => new URL(c.req.url).pathname;
const noQuery = (c: RestContext, what: string) => refuseAnyQuery(c, REST_CODES.BAD_PARAM, what);

/** 404 naming a child the emulated product has and the simulator does not offer. */
export function childNotOffered(name: string, parent: string): RestError {
  return new RestError(404, FW.NO_SUCH_RESOURCE, `The child ${name} of ${parent} exists in the emulated product but is not offered by the simulator.`, { path: name });
}

/** 400 for expand naming such a child (read before the framework's generic refusal). */
function refuseOtherChildrenInExpand(c: RestContext): void {
  const expand = queryOf(c).get('expand');
  if (!expand) return;
  for (const name of expand.split(',').map((s) => s.trim())) {
    if ((OTHER_MEMO_CHILDREN as readonly string[]).includes(name)) {
      throw new RestError(400, FW.INVALID_EXPAND, `${name} is a child of the emulated product's credit memo that the simulator does not offer; only ${LINES} can be expanded.`, { path: 'expand' });
    }
  }
}

export function registerCreditMemoRoutes(app: ProductApp): void {
  const base = collectionPath(creditMemoResource);

  // Actions: approve and rework (26C) refused by name; no other action exists either.
  app.all(`${base}/:key/action/:action`, (c) => {
    const action = param(c, 'action');
    if ((REFUSED_MEMO_ACTIONS as readonly string[]).includes(action)) {
      throw new RestError(404, FW.NO_SUCH_RESOURCE, `The credit memo action ${action} exists in the emulated product but is not offered by the simulator (it targets the 26B release).`, { path: action });
    }
    throw noSuchResource(pathOf(c));
  });
  // The other children of the header and of a line: 404 by name, whatever the method.
  app.use(`${base}/:key/child/:accessor`, async (c, next) => {
    const accessor = param(c, 'accessor');
    if ((OTHER_MEMO_CHILDREN as readonly string[]).includes(accessor)) throw childNotOffered(accessor, creditMemoResource.name);
    await next();
  });
  app.use(`${base}/:key/child/:accessor/:childKey`, async (c, next) => {
    const accessor = param(c, 'accessor');
    if ((OTHER_MEMO_CHILDREN as readonly string[]).includes(accessor)) throw childNotOffered(accessor, creditMemoResource.name);
    await next();
  });
  app.all(`${base}/:key/child/${LINES}/:lineKey/child/:accessor`, (c) => {
    const accessor = param(c, 'accessor');
    if ((OTHER_LINE_CHILDREN as readonly string[]).includes(accessor)) throw childNotOffered(accessor, LINES);
    throw noSuchResource(pathOf(c));
  });
  app.get(base, async (c, next) => {
    refuseOtherChildrenInExpand(c);
    await next();
  });
  app.get(`${base}/:key`, async (c, next) => {
    refuseOtherChildrenInExpand(c);
    await next();
  });

  registerReadRoutes(app, creditMemoResource);

  app.post(base, async (c) => {
    noQuery(c, 'credit memo create');
    const raw = await readJsonBody(c);
    const created = await c.env.write((tx) => createCreditMemo(tx, raw, c.env.now()));
    return createdResponse(c, creditMemoResource, created, { params: { expand: [LINES] } });
  });

  app.patch(`${base}/:key`, async (c) => {
    const key = param(c, 'key');
    findItem(c, creditMemoResource, key);
    noQuery(c, 'credit memo update');
    const raw = await readJsonBody(c);
    await c.env.write((tx) => {
      checkIfMatch(c, creditMemoResource, findItem(c, creditMemoResource, key));
      return patchCreditMemo(tx, key, raw, c.env.now());
    });
    return itemResponse(c, creditMemoResource, findItem(c, creditMemoResource, key), { params: {} });
  });

  app.post(`${base}/:key/child/:accessor`, async (c) => {
    if (param(c, 'accessor') !== LINES) throw noSuchResource(pathOf(c));
    const key = param(c, 'key');
    findItem(c, creditMemoResource, key); // 400 REST-01002 / 404 before the body is read
    noQuery(c, 'adding credit memo lines');
    const raw = await readJsonBody(c);
    const added = await c.env.write((tx) => addMemoLines(tx, key, raw, c.env.now()));
    const parent = parentRef(c, creditMemoResource, findItem(c, creditMemoResource, key), LINES);
    if (!Array.isArray(raw)) return createdResponse(c, creditMemoLineResource, added[0] as CreditMemoLineRow, { parent });
    const rows = added.map((l) => c.env.data.get<CreditMemoLineRow>(KIND.creditMemoLine, String(l.CustomerTransactionLineId)) ?? l);
    // A set of lines answers the set that was created, in LineNumber order, in one envelope.
    const params = defaultReadParams(creditMemoLineResource, Math.max(DEFAULT_LIMIT, rows.length));
    return collectionResponse(c, creditMemoLineResource, { parent, rows, params, status: 201 });
  });

  // No DELETE or PUT on memos; no update or delete of lines (the endpoint table offers none).
  app.on(['PUT', 'PATCH', 'DELETE'], base, (c) => {
    throw methodNotAllowed(c.req.method, creditMemoResource.name, ['GET', 'POST']);
  });
  app.on(['PUT', 'POST', 'DELETE'], `${base}/:key`, (c) => {
    throw methodNotAllowed(c.req.method, `a ${creditMemoResource.name} item`, ['GET', 'PATCH']);
  });
  app.on(['PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor`, (c) => {
    if (param(c, 'accessor') !== LINES) throw noSuchResource(pathOf(c));
    throw methodNotAllowed(c.req.method, LINES, ['GET', 'POST']);
  });
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], `${base}/:key/child/:accessor/:childKey`, (c) => {
    const accessor = param(c, 'accessor');
    if (accessor !== LINES) throw noSuchResource(pathOf(c));
    const parent = parentRef(c, creditMemoResource, findItem(c, creditMemoResource, param(c, 'key')), accessor);
    findChild(c, parent, param(c, 'childKey'));
    throw methodNotAllowed(c.req.method, LINES, ['GET']);
  });
}
