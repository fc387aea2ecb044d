/** Message texts of JSON $batch (spec 001 § $batch, quoted verbatim where the spec quotes them). */
export const BATCH_MSG = {
  requiresPost: '$batch requires POST method',
  missingContentType: 'The batch request must have a "Content-Type" header.',
  multipart: 'Error reading batch part: multipart: NextPart: EOF',
  bodyEmpty: 'request body is empty',
  tooMany: 'Batch commands are limited to 100 operations in one batch call.',
  undeclaredReference: (id: string, url: string, dependsOn: readonly string[]) =>
    `Request Id reference [${id}] in Uri [${url}] is not found in effective depends-on-Ids [${dependsOn.join(',')}] of the request.`,
  failedDependency: (id: string) => `The request depends on request '${id}'; results of other requests cannot be referenced, so it was not run.`,
  needsMethodAndUrl: 'Each batch request needs a method and a url.',
  notImplemented: (method: string, path: string) => `Not implemented: ${method} ${path}`,
  nestedBatch: 'A batch request may not contain another $batch.',
  foreignBase: "A batch request url must address a resource under this environment's OData base.",
} as const;

/** Maximum operations in one $batch call (spec 001 § Limits). */
export const MAX_OPERATIONS = 100;

/** Methods an inner request may use (case-insensitive). */
export const INNER_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
