/**
 * The real framework's conventions beyond spec 000 in the OpenAPI document: the REST-Framework-Version
 * header on every REST operation, ETag / If-None-Match (304) on item reads, If-Match (412) on item
 * updates and deletes, and the batch endpoint at the version root.
 */
import { FRAMEWORK_VERSIONS } from '../products/receivables/rest/framework-version.ts';
import { BATCH_MEDIA } from '../products/receivables/rest/batch.ts';
import { FW } from '../products/receivables/rest/errors.ts';
import { FSCM_BASE } from '../products/receivables/rest/links.ts';

type Json = Record<string, unknown>;

/** The shape of receivables.ts's operations this module adds to. */
export interface ConventionOp {
  method: string;
  path: string;
  json: Json;
  errors: { [status: number]: string[] };
}

const header = (name: string, description: string, schema: Json = { type: 'string' }): Json => ({ name, in: 'header', required: false, schema, description });

const VERSION = header('REST-Framework-Version', 'The real framework’s version header (1 to 9; 1 when absent). The simulator answers the same under each; another value is refused with 400 SIM-REST-4015.', { type: 'string', enum: [...FRAMEWORK_VERSIONS] });
const ETAG_HEADER = { ETag: { description: 'Entity tag of the item; changes when the record or one of its children changes.', schema: { type: 'string' } } };

const isItemPath = (path: string) => path.endsWith('}');

/** Add the convention headers to the REST operations (not the token endpoint). */
export function addConventionHeaders(ops: ConventionOp[]): void {
  for (const op of ops) {
    if (!op.path.includes('RestApi/')) continue;
    const params = ((op.json.parameters as Json[] | undefined) ?? []).slice();
    // Once: OpenAPI forbids a parameter twice (the batch operation names it already).
    if (!params.includes(VERSION)) params.push(VERSION);
    const responses = (op.json.responses as Json | undefined) ?? {};
    if (isItemPath(op.path) && op.method === 'get') {
      params.push(header('If-None-Match', 'An ETag read earlier (or *): while it is current the answer is 304 with no body.'));
      responses[304] = { description: 'Not modified: the ETag named in If-None-Match is current (no body).', headers: ETAG_HEADER, 'x-catalog-code': FW.NOT_MODIFIED };
    }
    if (isItemPath(op.path) && (op.method === 'patch' || op.method === 'delete')) {
      params.push(header('If-Match', 'The ETag read with the item: a stale one answers 412 and nothing changes.'));
      if (!op.errors[412]?.includes(FW.PRECONDITION_FAILED)) (op.errors[412] ??= []).push(FW.PRECONDITION_FAILED);
    }
    for (const [status, r] of Object.entries(responses)) if (status.startsWith('2') && r && typeof r === 'object') (r as Json).headers = { ...((r as Json).headers as Json | undefined), ...(isItemPath(op.path) || status === '201' ? ETAG_HEADER : {}) };
    op.json.parameters = params;
    op.json.responses = responses;
    // The 304's entry has no body to show: it is the response above, not an error example.
    delete op.errors[304];
  }
}

const PART = {
  type: 'object',
  required: ['id', 'path', 'operation'],
  properties: {
    id: { type: 'string', description: 'Names the part in the answer.' },
    path: { type: 'string', description: 'Relative to the version root, e.g. /receivablesInvoices/{id}.' },
    operation: { type: 'string', enum: ['get', 'create', 'upsert', 'update', 'replace', 'delete'], description: 'upsert: a create with Upsert-Mode: true for this part alone. A part carries no headers; the batch request’s Upsert-Mode applies to every create part.' },
    payload: { type: ['object', 'null'], description: 'The body the same request alone would send (create, update, replace); the answer’s part carries the response body.' },
    ifMatch: { type: 'string' },
    ifNoneMatch: { type: 'string' },
    preconditionSucceeded: { type: 'boolean', description: 'In the answer, when ifMatch or ifNoneMatch was sent.' },
  },
};

/** POST {rest_base} with the batch media type. */
export function batchOp(): ConventionOp {
  const body = { type: 'object', required: ['parts'], properties: { parts: { type: 'array', items: PART } } };
  return {
    method: 'post',
    path: FSCM_BASE,
    errors: { 401: ['REST-01401'], 400: [FW.INVALID_BATCH, FW.BATCH_PART_FAILED] },
    json: {
      tags: ['Batch'],
      operationId: 'batch',
      summary: 'Batch actions: several operations in one request, all or none',
      description: 'The real framework’s batch (beyond spec 000). Parts run in order with the caller’s token, each obeying every rule of the same request alone; a failing part rolls every part back and is the only part listed, its error as payload (the status is that part’s).',
      parameters: [VERSION, header('Upsert-Mode', 'Applies to every create part, as to each create sent alone; a part has no headers of its own (its operation upsert upserts that part alone).')],
      requestBody: { required: true, content: { [BATCH_MEDIA]: { schema: body } } },
      responses: { 200: { description: 'Every part applied; each with its answer as payload.', content: { [BATCH_MEDIA]: { schema: body } } } },
    },
  };
}
