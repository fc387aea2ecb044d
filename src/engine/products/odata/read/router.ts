/**
 * Routing of an authenticated request by its parsed target: bare 404 for unparseable paths,
 * API-permission refusal for writes to read-only forms (before the body is read), PUT rules,
 * discovery (any registered method answers like GET), reads, and HEAD/OPTIONS on set-backed
 * paths (bare 404). Writes to writable forms fall through to the write routes; $batch goes to the
 * batch handler given by the product.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { EnvContext, ProductBindings } from '../../../core/types.ts';
import { bare404, answering, odataError } from '../errors/envelope.ts';
import { MSG } from '../errors/messages.ts';
import { kindOf, rootFormOf } from '../forms/index.ts';
import { callFunction, metadata, serviceDocument } from '../metadata/handlers.ts';
import { parseODataPath, targetForm, type ODataTarget } from '../query/path.ts';
import { methodOf, setTarget, targetOf } from '../query/target.ts';
import { countChildren, countSet, readChildren, readEntity, readSet } from './handlers.ts';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Parse the path once; an unparseable one is the bare 404 for every method. */
export const pathGate: MiddlewareHandler<ProductBindings> = async (c, next) => {
  const parsed = parseODataPath(c.env.path);
  if (!parsed.ok) return bare404();
  setTarget(c.env, parsed.target);
  await next();
};

/** The verbatim API-permission refusal (designed; spec 001 shows only that it exists). */
export function readOnlyRefusal(form: string): Response {
  return odataError(400, MSG.readOnlyForm(form), { target: form });
}

function putAnswer(c: Context<ProductBindings>, t: ODataTarget): Response {
  // PUT is not an update here: existing record -> bare 404, missing one -> 400 (spec 001 § Endpoints).
  if (t.type === 'entity') {
    return c.env.data.get(kindOf(t.entity.form), t.entity.id) ? bare404() : odataError(400, MSG.recordNotFound);
  }
  if (t.type === 'child') {
    if (!c.env.data.get(kindOf(t.parent.form), t.parent.id)) return odataError(400, MSG.recordNotFound);
    return c.env.data.get(kindOf(t.child.form), t.child.id) ? bare404() : odataError(400, MSG.recordNotFound);
  }
  return bare404();
}

function read(env: EnvContext, url: string, t: ODataTarget): Response | Promise<Response> {
  switch (t.type) {
    case 'set':
      return t.count ? countSet(env, url, t.form) : readSet(env, url, t.form);
    case 'entity':
      return readEntity(env, url, t.entity);
    case 'children':
      return t.count ? countChildren(env, url, t.parent, t.child) : readChildren(env, url, t.parent, t.child);
    default:
      return bare404(); // keyed subform items are not readable
  }
}

/**
 * The answer to a GET (or a discovery request with any method) on a parsed target other than
 * $batch: discovery documents, reads, and the bare 404 for keyed subform items.
 */
export function answerGet(env: EnvContext, url: string, t: ODataTarget): Response | Promise<Response> {
  switch (t.type) {
    case 'root':
      return serviceDocument(env);
    case 'metadata':
      return metadata();
    case 'function':
      return callFunction(env, t.name, t.entity);
    default:
      return answering(() => read(env, url, t));
  }
}

export type BatchHandler = (c: Context<ProductBindings>) => Response | Promise<Response>;

export function readRouter(batch: BatchHandler): MiddlewareHandler<ProductBindings> {
  return async (c, next) => {
    const t = targetOf(c);
    const method = methodOf(c);
    if (t.type === 'batch') return batch(c);
    if (t.type === 'root' || t.type === 'metadata' || t.type === 'function') return answerGet(c.env, c.req.url, t);
    const form = targetForm(t);
    if (form && WRITE_METHODS.has(method) && rootFormOf(form).readOnlyForm) return readOnlyRefusal(form.name);
    if (method === 'PUT') return putAnswer(c, t);
    if (method === 'HEAD' || method === 'OPTIONS') return bare404();
    if (method === 'GET') return answerGet(c.env, c.req.url, t);
    await next(); // POST / PATCH / DELETE on writable forms: the write routes
  };
}
