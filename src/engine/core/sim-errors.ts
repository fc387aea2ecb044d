/**
 * The simulator's own refusals (not a product's): one catalog, shown by the playground's Errors view
 * beside the products' catalogs, and the answers built from it.
 */
import { problem } from './http.ts';
import { BODY_LIMITS, formatLimit, LIMIT_NAMES, SIM_BODY_TOO_LARGE, type BodySurface } from './limits.ts';
import type { ErrorEntry } from './types.ts';

export const SIM_UNKNOWN_ENVIRONMENT = 'SIM-1000';
export const SIM_TOKEN_REQUIRED = 'SIM-1001';
export const SIM_ADMIN_REQUIRED = 'SIM-1002';
export const SIM_STORE_UNAVAILABLE = 'SIM-5030';
/** The `WWW-Authenticate` challenge of a control-API 401 (RFC 6750). */
export const ADMIN_CHALLENGE = 'Bearer realm="sim-admin"';

export const SIMULATOR_ERRORS: readonly ErrorEntry[] = [
  {
    code: SIM_UNKNOWN_ENVIRONMENT,
    status: 404,
    title: 'Unknown environment',
    meaning:
      'The environment key in the URL does not exist (or was deleted). Checked before any authentication, so the credential does not matter. On a shared Node host the control API answers the same to an environment owner token or class code used outside what it may do, so another environment\'s existence never shows.',
    spec: '001 Authentication 3; 001 Errors; issue 19 § 1',
    reproduce: { id: 'sim-1000', group: 'Simulator', title: 'Call an environment that does not exist', method: 'GET', path: '/env_00000000000000000000000000000000/odata/Priority/tabula.ini/demo/CUSTOMERS', auth: 'none', expectStatus: 404 },
  },
  {
    code: SIM_TOKEN_REQUIRED,
    status: 401,
    title: 'Control API token required',
    meaning:
      'The Node host\'s control API (/sim/_admin) was called without a bearer token, or with one this host did not issue: from another machine, or any request when the host runs with --require-token. Answered with WWW-Authenticate: Bearer realm="sim-admin".',
    spec: 'issue 19 § 1',
    avoid: 'Send Authorization: Bearer <token>: the admin token from the host\'s start banner, the environment\'s ownerToken (shown once when it was created) or a class code from the trainer.',
    notReproducible: 'The playground\'s own simulator answers only its pages and needs no token; try it against the Node host: curl -i http://<host>:8787/sim/_admin/environments from another machine, or with npm run serve -- --require-token.',
  },
  {
    code: SIM_ADMIN_REQUIRED,
    status: 403,
    title: 'Admin token required',
    meaning: 'A class code or an environment owner token asked the Node host\'s control API for something only the admin may do that is no secret, such as adding, replacing or deleting a lesson (POST, PUT, DELETE /sim/_admin/lessons).',
    spec: 'Control API access (docs/reference/lesson-format.md)',
    avoid: 'Send the admin token from the host\'s start banner, or ask the trainer to add the lesson.',
    notReproducible: 'The playground\'s own simulator takes every control request as its admin; try it against a Node host started with --class-code: curl -i -X POST -H "Authorization: Bearer <class code>" -d @lesson.json http://<host>:8787/sim/_admin/lessons',
  },
  {
    code: SIM_BODY_TOO_LARGE,
    status: 413,
    title: 'Request body too large',
    meaning: `A request body over the simulator's documented limit: ${(Object.keys(BODY_LIMITS) as BodySurface[]).map((s) => `${LIMIT_NAMES[s]} ${formatLimit(BODY_LIMITS[s])}`).join(', ')}. Refused before it is read further; nothing is stored. On SOAP paths it is the InvoiceService's own fault, env:Client.RequestTooLarge.`,
    spec: '000 Other behaviours (maximum request size: not shown); 001 (maximum request body size: not shown); issue 19 § 2',
    avoid: 'Send smaller requests: fewer lines per invoice, fewer requests per $batch, a snapshot of a smaller environment.',
    notReproducible: 'A body over 1 MB is more than the console should send; try it with curl against the Node host: head -c 2000000 /dev/zero | curl -i --data-binary @- <base>/fscmRestApi/resources/11.13.18.05/receivablesInvoices',
  },
  {
    code: SIM_STORE_UNAVAILABLE,
    status: 503,
    title: 'Store unavailable',
    meaning:
      'A Node host kept in PostgreSQL (--store) could not reach its database, or no longer holds the environment (another host took it over): it answers 503 with Retry-After rather than an answer that may be stale. Nothing of the request was stored. The host recovers by itself once the database answers.',
    spec: 'issue 38 § 2',
    avoid: 'Retry after the Retry-After seconds; an operator checks the database and GET /sim/_ready.',
    notReproducible: 'Only a host with --store postgres://… answers it: stop its database and send any request.',
  },
];

/** 503 SIM-5030: the store cannot be reached (or this host no longer holds the environment). */
export function storeUnavailable(detail: string): Response {
  return problem(503, SIM_STORE_UNAVAILABLE, 'Store unavailable', detail, { 'retry-after': '1' }, { error: detail });
}

/**
 * 404 SIM-1000 for an environment key, the same answer whether the key is unknown or not the
 * caller's (issue 19 § 1), on the control API and the product APIs alike. The detail is repeated as
 * `error`, the member the control API's other refusals carry and its clients (the playground, the
 * Node API's ControlClient) read.
 */
export function unknownEnvironment(key: string): Response {
  const detail = unknownEnvironmentDetail(key);
  return problem(404, SIM_UNKNOWN_ENVIRONMENT, 'Unknown environment', detail, {}, { error: detail });
}

export const unknownEnvironmentDetail = (key: string) => `No environment with key '${key}' exists on this simulator.`;

/** 403 SIM-1002: a token the host knows, asking for what only the admin may do. */
export function adminRequired(detail: string): Response {
  return problem(403, SIM_ADMIN_REQUIRED, 'Admin token required', detail, {}, { error: detail });
}

/** 401 SIM-1001: no control-API token, or one this host does not know. */
export function tokenRequired(detail: string): Response {
  return problem(401, SIM_TOKEN_REQUIRED, 'Token required', detail, { 'www-authenticate': ADMIN_CHALLENGE });
}
