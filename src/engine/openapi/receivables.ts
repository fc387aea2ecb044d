/**
 * OpenAPI 3.1 for the receivables REST surface and its token endpoint (issue 12 § 4), generated
 * from the resource definitions that drive validation and /describe (fields, lengths, read-only
 * flags, finders, actions) and from the error catalog (each refusal's code under the operation that
 * earns it). Pure: the catalog comes from the host (CatalogSource), the server URL from the caller.
 */
import { CONSUMER_SCOPE, type ErrorEntry } from '../core/types.ts';
import { RCP, receiptResource } from '../products/receivables/receipts/definitions.ts';
import { FW, REST_CODES } from '../products/receivables/rest/errors.ts';
import { collectionPath, REST_VERSION } from '../products/receivables/rest/links.ts';
import type { ActionDef, FieldDef, ParamName, ResourceDef } from '../products/receivables/rest/types.ts';
import { REST_RESOURCES } from './resources.ts';
import { addConventionHeaders, batchOp } from './conventions.ts';

export { REST_RESOURCES };

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function fieldSchema(f: FieldDef, def: ResourceDef): Json {
  const child = f.type === 'array' ? def.children[f.name] : undefined;
  const base: Json =
    f.type === 'string'
      ? { type: 'string', ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}) }
      : f.type === 'date'
        ? { type: 'string', format: 'date' }
        : f.type === 'datetime'
          ? { type: 'string', format: 'date-time' }
          : f.type === 'array'
            ? { type: 'array', items: child ? ref(child.name) : {} }
            : { type: f.type };
  if (f.values) base.enum = [...f.values];
  // Non-key values may be null in answers (e.g. an unset BillToContact); 3.1 says so with a type list.
  if (!f.key && typeof base.type === 'string' && !f.values) base.type = [base.type, 'null'];
  const notes = [
    f.queryable ? 'queryable in q' : '',
    f.updatable && !f.readOnly ? 'updatable (PATCH)' : '',
    f.derived ? 'computed on read (filter only, not an orderBy key)' : '',
    f.scale ? `at most ${f.scale} decimals` : '',
  ].filter(Boolean);
  return { title: f.title, ...base, ...(f.readOnly ? { readOnly: true } : {}), ...(notes.length ? { description: `${notes.join('; ')}.` } : {}) };
}

function resourceSchemas(def: ResourceDef, out: Json): void {
  if (out[def.name]) return;
  const properties: Json = {};
  for (const f of def.fields) properties[f.name] = fieldSchema(f, def);
  properties.links = { type: 'array', readOnly: true, items: ref('Link') };
  out[def.name] = { type: 'object', title: def.title, properties };
  const required = def.fields.filter((f) => f.requiredOnCreate).map((f) => f.name);
  out[`${def.name}-create`] = { allOf: [ref(def.name), ...(required.length ? [{ required }] : [])], description: `${def.title} as a create body: read-only attributes are refused (${FW.READ_ONLY_ATTRIBUTE}).` };
  out[`${def.name}-collection`] = {
    type: 'object',
    properties: {
      items: { type: 'array', items: ref(def.name) },
      count: { type: 'integer' },
      hasMore: { type: 'boolean' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      totalResults: { type: 'integer', description: 'Only with totalResults=true.' },
      links: { type: 'array', items: ref('Link') },
    },
  };
  for (const child of Object.values(def.children)) resourceSchemas(child, out);
}

const PARAMS: Record<ParamName, Json> = {
  q: { name: 'q', in: 'query', schema: { type: 'string' }, description: "Filter: attribute operator value, joined by ';' (AND) or OR; only queryable attributes." },
  fields: { name: 'fields', in: 'query', schema: { type: 'string' }, description: 'Comma-separated attributes to return.' },
  limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 25 } },
  offset: { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  orderBy: { name: 'orderBy', in: 'query', schema: { type: 'string' }, description: 'attribute[:asc|:desc], comma-separated.' },
  totalResults: { name: 'totalResults', in: 'query', schema: { type: 'boolean' } },
  onlyData: { name: 'onlyData', in: 'query', schema: { type: 'boolean' }, description: 'true: no links.' },
  links: { name: 'links', in: 'query', schema: { type: 'string' }, description: 'Comma-separated link relations to keep.' },
  expand: { name: 'expand', in: 'query', schema: { type: 'string' }, description: 'Child accessors to inline, or all.' },
  finder: { name: 'finder', in: 'query', schema: { type: 'string' }, description: 'name;var=value[,var=value]' },
};

interface OperationErrors {
  /** status -> codes (in order, no repeats). */
  [status: number]: string[];
}

function addCode(errs: OperationErrors, status: number, code: string): void {
  const list = (errs[status] ??= []);
  if (!list.includes(code)) list.push(code);
}

/** Path template of an operation as a pattern over concrete example paths (query ignored). */
function templateRegex(template: string): RegExp {
  const body = template
    .split(/\{[^}]+\}/)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${body}$`);
}

interface Op {
  method: string;
  path: string;
  json: Json;
  errors: OperationErrors;
}

function readErrors(def: ResourceDef, kind: 'collection' | 'item', hasParent: boolean): OperationErrors {
  const errs: OperationErrors = {};
  addCode(errs, 401, REST_CODES.UNAUTHENTICATED);
  const implemented = kind === 'collection' ? def.params.collection : def.params.item;
  if (implemented.length < (kind === 'collection' ? 10 : 4)) addCode(errs, 400, kind === 'collection' ? def.unimplementedParamCode.collection : def.unimplementedParamCode.item);
  if (kind === 'collection') {
    if (implemented.includes('q')) addCode(errs, 400, FW.INVALID_QUERY);
    if (implemented.includes('orderBy')) addCode(errs, 400, FW.INVALID_ORDER_BY);
    if (implemented.includes('finder')) addCode(errs, 400, FW.INVALID_FINDER);
  }
  if (implemented.includes('expand')) addCode(errs, 400, FW.INVALID_EXPAND);
  if (implemented.includes('fields')) addCode(errs, 400, FW.INVALID_FIELDS);
  if (implemented.includes('onlyData') || implemented.includes('totalResults')) addCode(errs, 400, FW.INVALID_PARAMETER_VALUE);
  if (kind === 'item' || hasParent) addCode(errs, 400, def.badKeyCode);
  if (kind === 'item') addCode(errs, def.notFound.status ?? 404, def.notFound.code);
  return errs;
}

function writeErrors(): OperationErrors {
  const errs: OperationErrors = {};
  addCode(errs, 401, REST_CODES.UNAUTHENTICATED);
  for (const code of [REST_CODES.INVALID_JSON, FW.BODY_NOT_OBJECT, FW.UNKNOWN_ATTRIBUTE, FW.READ_ONLY_ATTRIBUTE, FW.INVALID_ATTRIBUTE_VALUE, FW.VALUE_TOO_LONG, FW.TOO_MANY_DECIMALS, FW.NUMBER_OUT_OF_RANGE]) addCode(errs, 400, code);
  addCode(errs, 415, FW.UNSUPPORTED_MEDIA_TYPE);
  return errs;
}

const opId = (...parts: string[]) => parts.join('_').replace(/[^A-Za-z0-9_]/g, '');

function keyParam(def: ResourceDef, name: string): Json {
  const f = def.byName.get(def.pathKey ?? def.key) as FieldDef;
  return { name, in: 'path', required: true, schema: f.type === 'string' ? { type: 'string' } : { type: 'integer' }, description: `${f.title} (${f.name}).` };
}

function content(schema: Json, media: readonly string[] = ['application/json']): Json {
  return Object.fromEntries(media.map((m) => [m, { schema }]));
}

function resourceOps(def: ResourceDef, tag: string): Op[] {
  const base = collectionPath(def);
  const item = `${base}/{${def.pathKey ?? def.key}}`;
  const ops: Op[] = [];
  const has = (actions: ActionDef[], name: string) => actions.find((a) => a.name === name);
  const collectionParams = def.params.collection.map((p) => PARAMS[p]);
  const itemParams = def.params.item.map((p) => PARAMS[p]);
  ops.push({
    method: 'get',
    path: base,
    errors: readErrors(def, 'collection', false),
    json: {
      tags: [tag],
      operationId: opId('list', def.name),
      summary: `List ${def.titlePlural}`,
      description: `Default order ${def.defaultOrderBy}. Finders: PrimaryKey${def.finders.map((f) => `, ${f.name} (${f.variables.map((v) => v.name).join(', ')})`).join('')}.`,
      parameters: collectionParams,
      responses: { 200: { description: 'A page of items.', content: content(ref(`${def.name}-collection`), ['application/json', 'application/vnd.oracle.adf.resourcecollection+json']) } },
    },
  });
  const create = has(def.collectionActions, 'create');
  if (create) {
    ops.push({
      method: 'post',
      path: base,
      errors: writeErrors(),
      json: {
        tags: [tag],
        operationId: opId('create', def.name),
        summary: `Create a ${def.title}`,
        requestBody: { required: true, content: content(ref(`${def.name}-create`), create.requestType ?? ['application/json']) },
        responses: { 201: { description: 'Created; Location names the new item.', headers: { Location: { schema: { type: 'string', format: 'uri' } } }, content: content(ref(def.name)) } },
      },
    });
  }
  ops.push({
    method: 'get',
    path: `${base}/describe`,
    errors: { 401: [REST_CODES.UNAUTHENTICATED], 400: [def.unimplementedParamCode.collection] },
    json: { tags: [tag], operationId: opId('describe', def.name), summary: `Describe ${def.titlePlural} (attributes, finders, actions)`, responses: { 200: { description: 'Resource metadata.', content: content({ type: 'object' }, ['application/json', 'application/vnd.oracle.adf.description+json']) } } },
  });
  const keyName = def.pathKey ?? def.key;
  ops.push({
    method: 'get',
    path: item,
    errors: readErrors(def, 'item', false),
    json: { tags: [tag], operationId: opId('get', def.name), summary: `Get a ${def.title}`, parameters: [keyParam(def, keyName), ...itemParams], responses: { 200: { description: 'The item.', content: content(ref(def.name), ['application/json', 'application/vnd.oracle.adf.resourceitem+json']) } } },
  });
  for (const action of def.itemActions) {
    if (action.name === 'get') continue;
    const errors: OperationErrors = action.method === 'DELETE' ? { 401: [REST_CODES.UNAUTHENTICATED], 400: [def.badKeyCode] } : writeErrors();
    if (action.method !== 'DELETE') errors[400] = [def.badKeyCode, ...(errors[400] ?? [])];
    addCode(errors, def.notFound.status ?? 404, def.notFound.code);
    if (action.name === 'update') {
      const updatable = def.fields.filter((f) => f.updatable && !f.readOnly).map((f) => f.name);
      ops.push({
        method: 'patch',
        path: item,
        errors,
        json: { tags: [tag], operationId: opId('update', def.name), summary: `Update a ${def.title}`, description: `Updatable: ${updatable.join(', ') || 'none'}.`, parameters: [keyParam(def, keyName)], requestBody: { required: true, content: content(ref(def.name), action.requestType ?? ['application/json']) }, responses: { 200: { description: 'The updated item.', content: content(ref(def.name)) } } },
      });
    } else if (action.name === 'delete') {
      ops.push({ method: 'delete', path: item, errors, json: { tags: [tag], operationId: opId('delete', def.name), summary: `Delete a ${def.title}`, parameters: [keyParam(def, keyName)], responses: { 204: { description: 'Deleted.' } } } });
    } else {
      ops.push({
        method: 'post',
        path: `${item}/action/${action.name}`,
        errors,
        json: { tags: [tag], operationId: opId(action.name, def.name), summary: `${action.name} (custom action)`, parameters: [keyParam(def, keyName)], requestBody: { required: true, content: content({ type: 'object' }, action.requestType ?? ['application/json']) }, responses: { 200: { description: 'The action result.', content: content({ type: 'object' }, action.responseType ?? ['application/json']) } } },
      });
    }
  }
  for (const [accessor, child] of Object.entries(def.children)) {
    const childBase = `${item}/child/${accessor}`;
    const childKey = `${child.pathKey ?? child.key}`;
    const parentKey = keyParam(def, keyName);
    const list = readErrors(child, 'collection', true);
    addCode(list, def.notFound.status ?? 404, def.notFound.code);
    ops.push({
      method: 'get',
      path: childBase,
      errors: list,
      json: { tags: [tag], operationId: opId('list', def.name, accessor), summary: `List the ${child.titlePlural} of a ${def.title}`, parameters: [parentKey, ...child.params.collection.map((p) => PARAMS[p])], responses: { 200: { description: 'A page of child items.', content: content(ref(`${child.name}-collection`)) } } },
    });
    if (has(child.collectionActions, 'create')) {
      const errs = writeErrors();
      addCode(errs, def.notFound.status ?? 404, def.notFound.code);
      ops.push({
        method: 'post',
        path: childBase,
        errors: errs,
        json: { tags: [tag], operationId: opId('create', def.name, accessor), summary: `Add a ${child.title} to a ${def.title}`, parameters: [parentKey], requestBody: { required: true, content: content(ref(`${child.name}-create`)) }, responses: { 201: { description: 'Created.', content: content(ref(child.name)) } } },
      });
    }
    const one = readErrors(child, 'item', true);
    addCode(one, def.notFound.status ?? 404, def.notFound.code);
    ops.push({
      method: 'get',
      path: `${childBase}/{${childKey}}`,
      errors: one,
      json: { tags: [tag], operationId: opId('get', def.name, accessor), summary: `Get one ${child.title} of a ${def.title}`, parameters: [parentKey, keyParam(child, childKey), ...child.params.item.map((p) => PARAMS[p])], responses: { 200: { description: 'The child item.', content: content(ref(child.name)) } } },
    });
  }
  return ops;
}

const TOKEN_PATH = '/oauth/token';

function tokenOp(): Op {
  return {
    method: 'post',
    path: TOKEN_PATH,
    errors: {},
    json: {
      tags: ['OAuth'],
      operationId: 'token',
      summary: 'Client credentials grant: a bearer token for the REST resources',
      description: `Form-encoded; client_id and client_secret in the body or as HTTP Basic. scope must be ${CONSUMER_SCOPE} alone.`,
      security: [{}, { clientBasic: [] }],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['grant_type', 'scope'],
              properties: {
                grant_type: { type: 'string', enum: ['client_credentials'] },
                scope: { type: 'string', enum: [CONSUMER_SCOPE] },
                client_id: { type: 'string' },
                client_secret: { type: 'string', format: 'password' },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'The token.',
          content: content({ type: 'object', required: ['access_token', 'token_type', 'expires_in'], properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer' }, scope: { type: 'string' } } }),
        },
      },
    },
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad request', 401: 'Not authenticated', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict', 412: 'Precondition failed', 413: 'Too large', 415: 'Unsupported media type' };

export interface OpenApiOptions {
  /** Absolute base URL of the environment (the server URL). */
  serverUrl: string;
  /** Environment name, for the server's description. */
  name: string;
  /** The product's error catalog (what each code means; reproducing requests place codes on operations). */
  errors: readonly ErrorEntry[];
}

export function receivablesOpenApi(opts: OpenApiOptions): Json {
  const schemas: Json = {
    Link: { type: 'object', properties: { rel: { type: 'string' }, href: { type: 'string', format: 'uri' }, name: { type: 'string' }, kind: { type: 'string', enum: ['item', 'collection', 'describe', 'other'] } } },
    Error: {
      type: 'object',
      description: 'The REST framework error body.',
      required: ['title', 'status', 'o:errorCode'],
      properties: {
        title: { type: 'string' },
        status: { type: 'string', description: 'The HTTP status as a string, e.g. "400".' },
        detail: { type: 'string' },
        'o:errorCode': { type: 'string' },
        'o:errorPath': { type: ['string', 'null'] },
        'o:errorDetails': { type: 'array', items: { type: 'object', properties: { detail: { type: 'string' }, 'o:errorCode': { type: 'string' }, 'o:errorPath': { type: ['string', 'null'] } } } },
      },
    },
    OAuthError: { type: 'object', required: ['error'], properties: { error: { type: 'string', enum: ['invalid_request', 'invalid_scope', 'invalid_client', 'unsupported_grant_type'] }, error_description: { type: 'string' } } },
  };
  for (const def of REST_RESOURCES) resourceSchemas(def, schemas);

  const tagOf = (def: ResourceDef) => def.titlePlural;
  const ops: Op[] = [tokenOp(), batchOp()];
  for (const def of REST_RESOURCES) {
    const own = resourceOps(def, tagOf(def));
    // Every receipt operation needs a receipt privilege (spec 000 § Authentication 5).
    if (def === receiptResource) for (const op of own) addCode(op.errors, 403, RCP.NO_PRIVILEGE);
    ops.push(...own);
  }
  // Catalog entries with a reproducing request add their code to the operation that request calls.
  const byCode = new Map<string, ErrorEntry[]>();
  for (const e of opts.errors) {
    if (e.code.includes(':') || e.reproduce?.path.startsWith('/fscmService')) continue; // SOAP faults: not part of this REST document
    byCode.set(e.code, [...(byCode.get(e.code) ?? []), e]);
    const r = e.reproduce;
    if (!r || r.auth === 'soap') continue;
    const path = r.path.split('?')[0] as string;
    const op = ops.find((o) => o.method === r.method.toLowerCase() && templateRegex(o.path).test(path));
    if (op) addCode(op.errors, e.status, e.code);
  }
  addConventionHeaders(ops);

  // Each code's example body is written once (components.examples) and referenced by operations.
  const examples: Json = {};
  const exampleName = (code: string, status: string) => `${code.replace(/[^A-Za-z0-9._-]/g, '_')}-${status}`;
  const paths: Json = {};
  for (const op of ops) {
    const responses = op.json.responses as Json;
    for (const [status, codes] of Object.entries(op.errors) as [string, string[]][]) {
      if (!codes.length) continue;
      const isOAuth = op.path === TOKEN_PATH;
      const refs: Json = {};
      const lines: string[] = [];
      for (const code of codes) {
        const entry = (byCode.get(code) ?? []).find((e) => e.status === Number(status)) ?? byCode.get(code)?.[0];
        lines.push(`\`${code}\`${entry ? `: ${entry.title}` : ''}`);
        const name = exampleName(code, status);
        examples[name] ??= {
          summary: entry?.title ?? code,
          ...(entry ? { description: `${entry.meaning} (spec ${entry.spec})` } : {}),
          value: isOAuth
            ? { error: code, error_description: entry?.meaning ?? '' }
            : { title: STATUS_TEXT[Number(status)] ?? 'Error', status, detail: entry?.meaning ?? '', 'o:errorCode': code, 'o:errorPath': null, 'o:errorDetails': [{ detail: entry?.meaning ?? '', 'o:errorCode': code, 'o:errorPath': null }] },
        };
        refs[code.replace(/[^A-Za-z0-9._-]/g, '_')] = { $ref: `#/components/examples/${name}` };
      }
      responses[status] = {
        description: `${STATUS_TEXT[Number(status)] ?? 'Error'}. Codes: ${lines.join('; ')}.`,
        content: { 'application/json': { schema: ref(isOAuth ? 'OAuthError' : 'Error'), examples: refs } },
      };
    }
    const item = ((paths[op.path] as Json | undefined) ?? {}) as Json;
    item[op.method] = op.json;
    paths[op.path] = item;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Receivables REST API (ERP integration simulator)',
      version: REST_VERSION,
      description:
        'The receivables REST resources and the OAuth 2 token endpoint of one simulated environment (spec 000), generated from the definitions that drive the service and /describe. Error responses list every documented code an operation can answer.',
    },
    servers: [{ url: opts.serverUrl, description: opts.name }],
    security: [{ oauth2: [CONSUMER_SCOPE] }],
    tags: [{ name: 'OAuth' }, { name: 'Batch' }, ...REST_RESOURCES.map((d) => ({ name: tagOf(d) }))],
    // Every REST and token code with its meaning, also those no operation owns (unknown path 404, read-only 405).
    'x-error-catalog': [...byCode.values()].flat().map((e) => ({ code: e.code, status: e.status, title: e.title, meaning: e.meaning, spec: e.spec })),
    paths,
    components: {
      schemas,
      examples,
      securitySchemes: {
        oauth2: { type: 'oauth2', description: 'Client credentials grant.', flows: { clientCredentials: { tokenUrl: `${opts.serverUrl}${TOKEN_PATH}`, scopes: { [CONSUMER_SCOPE]: 'All receivables resources the client may use.' } } } },
        clientBasic: { type: 'http', scheme: 'basic', description: 'client_id and client_secret as HTTP Basic (token endpoint only).' },
      },
    },
  };
}
