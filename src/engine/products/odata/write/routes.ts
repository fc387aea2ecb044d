/**
 * Write routes of the OData service: POST, PATCH, PUT and DELETE under the OData root
 * (spec 001 § Endpoints, Write rules, States and transitions). Order of checks, after
 * authentication (product middleware): path (bare 404 family), read-only form (API-permission
 * refusal, before the body), key resolution ('A record with the specified key was not found'),
 * body (rule 1), payload (rule 2), form logic (rules 3-8) in one atomic write.
 */
import type { Context } from 'hono';
import { empty } from '../../../core/http.ts';
import type { EnvContext, ProductApp, ProductBindings, Row } from '../../../core/types.ts';
import { principalOf } from '../auth/index.ts';
import { ODATA_ROOT } from '../config.ts';
import { ODataError, answering, bare404, interfaceErrors, odataError } from '../errors/envelope.ts';
import { MSG } from '../errors/messages.ts';
import { AINVOICEITEMS_SUBFORM, AINVOICES, CUSTOMERS, CUSTPERSONNEL_SUBFORM, kindOf, rootFormOf, type FormDef } from '../forms/index.ts';
import { parseODataPath, targetForm, type EntityRef, type ODataTarget } from '../query/path.ts';
import { STATUS, TEMPORARY } from '../book/flags.ts';
import { readJsonObject } from './body.ts';
import type { WriteCtx } from './context.ts';
import { createContact, createCustomer, updateContact, updateCustomer } from './customers.ts';
import { WriteFailure } from './failure.ts';
import { createInvoice, createLine, deleteLine, updateInvoice, updateLine } from './invoices.ts';
import { WRITE_MSG } from './messages.ts';
import { readPayload, type Payload } from './payload.ts';
import { created, updated } from './respond.ts';

type C = Context<ProductBindings>;
export const WRITE_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE'] as const;

function recordNotFound(): ODataError {
  return new ODataError(400, MSG.recordNotFound);
}

/** The stored row an entity reference names, or the 400 of a write to a missing key. */
function resolve(data: EnvContext['data'], ref: EntityRef): Row {
  const row = data.get(kindOf(ref.form), ref.id);
  if (!row) throw recordNotFound();
  return row;
}

function writeCtx(c: C): WriteCtx {
  const now = c.env.now();
  return { login: principalOf(c).login, now, changedAt: now.toISOString() };
}

async function payloadOf(c: C, form: FormDef, mode: 'create' | 'update'): Promise<Payload> {
  return readPayload(form, await readJsonObject(c.req.raw), mode);
}

/** Run a form write atomically; a refusal thrown inside stores nothing. */
async function atomically<T>(c: C, fn: (tx: Parameters<Parameters<EnvContext['write']>[0]>[0]) => T): Promise<T> {
  return c.env.write(fn);
}

async function post(c: C, t: ODataTarget): Promise<Response> {
  const env = c.env;
  if (t.type === 'set') {
    if (t.count) return bare404();
    if (t.form === CUSTOMERS) {
      const payload = await payloadOf(c, CUSTOMERS, 'create');
      const ctx = writeCtx(c);
      const { row, contacts } = await atomically(c, (tx) => createCustomer(tx, ctx, payload));
      const nested = payload.children.has(CUSTPERSONNEL_SUBFORM.name) ? [{ form: CUSTPERSONNEL_SUBFORM, rows: contacts }] : [];
      return created(env, { form: CUSTOMERS, row, children: nested });
    }
    if (t.form === AINVOICES) {
      const payload = await payloadOf(c, AINVOICES, 'create');
      const ctx = writeCtx(c);
      const { row, lines } = await atomically(c, (tx) => createInvoice(tx, ctx, payload));
      // Rule 7: with no lines the create response omits the subform key.
      return created(env, { form: AINVOICES, row, children: lines.length ? [{ form: AINVOICEITEMS_SUBFORM, rows: lines }] : [] });
    }
    return bare404();
  }
  if (t.type === 'children' && !t.count) {
    const parentRef = t.parent;
    resolve(env.data, parentRef);
    const payload = await payloadOf(c, t.child, 'create');
    const ctx = writeCtx(c);
    if (t.child === CUSTPERSONNEL_SUBFORM) {
      const { parent, row } = await atomically(c, (tx) => {
        const parent = resolve(tx, parentRef);
        return { parent, row: createContact(tx, ctx, parent, payload) };
      });
      return created(env, { form: CUSTPERSONNEL_SUBFORM, row, parent: { form: CUSTOMERS, row: parent } });
    }
    if (t.child === AINVOICEITEMS_SUBFORM) {
      const { header, line } = await atomically(c, (tx) => createLine(tx, ctx, resolve(tx, parentRef), payload));
      return created(env, { form: AINVOICEITEMS_SUBFORM, row: line, parent: { form: AINVOICES, row: header } });
    }
  }
  return bare404();
}

async function patch(c: C, t: ODataTarget): Promise<Response> {
  const env = c.env;
  if (t.type === 'entity') {
    const ref = t.entity;
    resolve(env.data, ref); // the key is resolved before the body is parsed
    const payload = await payloadOf(c, ref.form, 'update');
    const ctx = writeCtx(c);
    if (ref.form === CUSTOMERS) {
      const row = await atomically(c, (tx) => updateCustomer(tx, ctx, resolve(tx, ref), payload));
      return updated(env, { form: CUSTOMERS, row });
    }
    if (ref.form === AINVOICES) {
      const row = await atomically(c, (tx) => updateInvoice(tx, ctx, resolve(tx, ref), payload));
      return updated(env, { form: AINVOICES, row });
    }
    return bare404();
  }
  if (t.type === 'child') {
    resolve(env.data, t.parent);
    resolve(env.data, t.child);
    const payload = await payloadOf(c, t.child.form, 'update');
    const ctx = writeCtx(c);
    if (t.child.form === CUSTPERSONNEL_SUBFORM) {
      const { parent, row } = await atomically(c, (tx) => {
        const parent = resolve(tx, t.parent);
        return { parent, row: updateContact(tx, ctx, parent, resolve(tx, t.child), payload) };
      });
      return updated(env, { form: CUSTPERSONNEL_SUBFORM, row, parent: { form: CUSTOMERS, row: parent } });
    }
    if (t.child.form === AINVOICEITEMS_SUBFORM) {
      const { header, line } = await atomically(c, (tx) => updateLine(tx, ctx, resolve(tx, t.parent), resolve(tx, t.child), payload));
      return updated(env, { form: AINVOICEITEMS_SUBFORM, row: line, parent: { form: AINVOICES, row: header } });
    }
  }
  return bare404();
}

/** DELETE refusal by row state (spec 001 § Errors: four messages). */
function deletionRefusal(form: FormDef, row: Row): Response {
  if (form === CUSTOMERS) {
    return interfaceErrors(CUSTOMERS.name, row[TEMPORARY] ? WRITE_MSG.deleteTemporaryCustomer : WRITE_MSG.deleteNamedCustomer);
  }
  const draft = row['FINAL'] !== 'Y' && row['STATDES'] === STATUS.draft;
  return interfaceErrors(form.name, draft ? WRITE_MSG.deleteDraftInvoice : WRITE_MSG.deleteFinalInvoice);
}

async function del(c: C, t: ODataTarget): Promise<Response> {
  const env = c.env;
  if (t.type === 'entity') return deletionRefusal(t.entity.form, resolve(env.data, t.entity));
  if (t.type === 'child') {
    if (t.child.form === CUSTPERSONNEL_SUBFORM) return bare404(); // contact DELETE: bare 404
    if (t.child.form === AINVOICEITEMS_SUBFORM) {
      resolve(env.data, t.parent);
      resolve(env.data, t.child);
      const ctx = writeCtx(c);
      await atomically(c, (tx) => deleteLine(tx, ctx, resolve(tx, t.parent), resolve(tx, t.child)));
      return empty(204);
    }
  }
  return bare404();
}

/** PUT: bare 404 on an existing record, 400 on a missing one (spec 001 § Endpoints). */
function put(c: C, t: ODataTarget): Response {
  if (t.type === 'entity' || t.type === 'child') {
    if (t.type === 'child') resolve(c.env.data, t.parent);
    resolve(c.env.data, t.type === 'entity' ? t.entity : t.child);
  }
  return bare404();
}

/** Handle one write request whose path parsed to a resource target. */
export async function handleWrite(c: C, t: ODataTarget): Promise<Response> {
  return answering(async () => {
    const form = targetForm(t);
    if (form && rootFormOf(form).readOnlyForm) return odataError(400, MSG.readOnlyForm(rootFormOf(form).name));
    try {
      switch (c.req.method.toUpperCase()) {
        case 'POST':
          return await post(c, t);
        case 'PATCH':
          return await patch(c, t);
        case 'DELETE':
          return await del(c, t);
        case 'PUT':
          return put(c, t);
        default:
          return bare404();
      }
    } catch (err) {
      if (err instanceof WriteFailure) return err.response;
      throw err;
    }
  });
}

const RESOURCE_TYPES: ReadonlySet<ODataTarget['type']> = new Set(['set', 'entity', 'children', 'child']);

/**
 * Register the write routes. Requests whose path is not a resource (root, $metadata, $batch,
 * function imports, malformed paths) fall through to the next handler.
 */
export function registerWriteRoutes(app: ProductApp): void {
  app.on([...WRITE_METHODS], [ODATA_ROOT, `${ODATA_ROOT}/*`], async (c, next) => {
    const parsed = parseODataPath(c.env.path);
    if (!parsed.ok || !RESOURCE_TYPES.has(parsed.target.type)) return next();
    return handleWrite(c, parsed.target);
  });
}

