/** $batch examples and the requests reproducing its refusals (spec 001 § $batch). */
import type { ErrorEntry, ExampleRequest } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';
import { BATCH_MSG } from './messages.ts';

const PATH = `${ODATA_ROOT}/$batch`;

function ex(id: string, title: string, body: unknown, expectStatus: number, opts: { headers?: Record<string, string>; method?: string; group?: string } = {}): ExampleRequest {
  const req: ExampleRequest = {
    id,
    group: opts.group ?? 'Batch',
    title,
    method: opts.method ?? 'POST',
    path: PATH,
    auth: 'basic',
    expectStatus,
  };
  const headers = opts.headers ?? (body === undefined ? undefined : { 'content-type': 'application/json' });
  if (headers) req.headers = headers;
  if (body !== undefined) req.body = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return req;
}

export const batchExamples: ExampleRequest[] = [
  ex('odata.batch.reads', 'Batch of reads', {
    requests: [
      { id: '1', method: 'GET', url: "CUSTOMERS?$filter=STATDES eq 'Active'&$select=CUSTNAME,CUSTDES&$top=5" },
      { id: '2', method: 'GET', url: "CUSTOMERS('C1001')?$expand=CUSTPERSONNEL_SUBFORM" },
      { id: '3', method: 'GET', url: 'AINVOICES/$count' },
    ],
  }, 200),
  ex('odata.batch.writes', 'Batch of writes (in order, no rollback)', {
    requests: [
      { id: 'c1', method: 'POST', url: 'CUSTOMERS', body: { CUSTNAME: 'C3001', CUSTDES: 'Lakeside Bakery' } },
      { id: 'i1', method: 'POST', url: 'AINVOICES', body: { CUSTNAME: 'C3001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'FILTER-10', TQUANT: 12, PRICE: 7.4 }] } },
      { id: 'c2', method: 'PATCH', url: "CUSTOMERS('C3001')", body: { PHONE: '555-0100' } },
    ],
  }, 200),
];

const err = (id: string, title: string, body: unknown, opts: { headers?: Record<string, string>; method?: string } = {}, status = 400) =>
  ex(id, title, body, status, { ...opts, group: 'Errors' });

export const batchErrorReproductions: Record<string, ExampleRequest> = {
  'batch.requiresPost': err('odata.err.batch.requiresPost', '$batch with GET', undefined, { method: 'GET' }),
  'batch.missingContentType': err('odata.err.batch.missingContentType', '$batch without Content-Type', '{"requests":[]}', { headers: {} }),
  'batch.multipart': err('odata.err.batch.multipart', 'Multipart $batch', '--batch\r\n', { headers: { 'content-type': 'multipart/mixed; boundary=batch' } }),
  'batch.mime': err('odata.err.batch.mime', '$batch with a non-JSON type', '{"requests":[]}', { headers: { 'content-type': 'text/xml' } }),
  'batch.bodyEmpty': err('odata.err.batch.bodyEmpty', '$batch body without requests', { calls: [] }),
  'batch.tooMany': err('odata.err.batch.tooMany', '101 operations', { requests: Array.from({ length: 101 }, (_, i) => ({ id: String(i + 1), method: 'GET', url: '$metadata' })) }),
  'batch.undeclaredReference': err('odata.err.batch.undeclaredReference', 'Back-reference not in dependsOn', {
    requests: [
      { id: '1', method: 'POST', url: 'CUSTOMERS', body: { CUSTDES: 'x' } },
      { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM' },
    ],
  }),
  'batch.itemRefusals': ex('odata.err.batch.items', 'Per-item refusals (424, 400, 501, nested, foreign)', {
    requests: [
      { id: '1', method: 'GET', url: 'CUSTOMERS' },
      { id: '2', method: 'GET', url: '$1/CUSTPERSONNEL_SUBFORM', dependsOn: ['1'] },
      { id: '3', url: 'CUSTOMERS' },
      { id: '4', method: 'MERGE', url: 'CUSTOMERS' },
      { id: '5', method: 'POST', url: '$batch', body: { requests: [] } },
      { id: '6', method: 'GET', url: 'https://elsewhere.example/odata/CUSTOMERS' },
    ],
  }, 200, { group: 'Errors' }),
};

const entry = (code: string, status: number, title: string, meaning: string, spec: string, avoid: string): ErrorEntry => ({
  code,
  status,
  title,
  meaning,
  spec,
  avoid,
  ...(batchErrorReproductions[code] ? { reproduce: batchErrorReproductions[code] } : {}),
});

export const batchErrorEntries: ErrorEntry[] = [
  entry('batch.requiresPost', 400, BATCH_MSG.requiresPost, 'Any method other than POST on /$batch (after authentication).', '001 § $batch 2',
    'Send $batch as POST with Content-Type: application/json and a body {"requests": [...]}.'),
  entry('batch.missingContentType', 400, BATCH_MSG.missingContentType, 'No Content-Type header; the answer is plain text.', '001 § $batch 2',
    'Send Content-Type: application/json on every $batch call; unlike single writes, $batch does not tolerate a missing one.'),
  entry('batch.multipart', 400, BATCH_MSG.multipart, 'A multipart batch; only the JSON format is served.', '001 § $batch 2',
    'Send the JSON batch format, {"requests": [...]} with Content-Type: application/json, instead of multipart/mixed.'),
  entry('batch.mime', 400, 'MIME refusal', 'A Content-Type that is neither JSON nor multipart.', '001 § $batch 2',
    'Send $batch with Content-Type: application/json; text/xml, text/plain and other types are refused before anything runs.'),
  entry('batch.bodyEmpty', 400, BATCH_MSG.bodyEmpty, 'The body is not an object with a requests array.', '001 § $batch 2',
    'Send one JSON object whose key requests is an array of {id, method, url, headers, body} objects (an empty array is allowed).'),
  entry('batch.tooMany', 400, BATCH_MSG.tooMany, 'More than 100 operations.', '001 § $batch 2; Limits, Operations per $batch',
    'Split the work into calls of at most 100 requests each; requests run in order with no rollback, so after a failure resume from the first item that did not succeed.'),
  entry('batch.undeclaredReference', 400, BATCH_MSG.undeclaredReference('N', 'URL', ['LIST']), 'A url starting with $N where N is not in the item dependsOn.', '001 § $batch 2',
    'Do not start an inner url with $N, since back-references never resolve: send a later call with the full path, using the key the earlier response returned.'),
  entry('batch.itemRefusals', 200, 'Per-item refusals', "Inside a 200: 424 for a declared back-reference, 400 'Each batch request needs a method and a url.', 501 'Not implemented: METHOD PATH', 400 nested $batch, 400 foreign base.", '001 § $batch 3',
    'Give every item a method among GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS and a url under this OData root (no $N, no $batch, no other host); check each responses[i].status, not only the outer 200.'),
];
