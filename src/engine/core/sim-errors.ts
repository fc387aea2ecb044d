/**
 * The simulator's own refusals (not a product's): one catalog, shown by the playground's Errors view
 * beside the products' catalogs, and the answers built from it.
 */
import { problem } from './http.ts';
import type { ErrorEntry } from './types.ts';

export const SIM_UNKNOWN_ENVIRONMENT = 'SIM-1000';
export const SIM_TOKEN_REQUIRED = 'SIM-1001';
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
];

/** 404 SIM-1000 for an environment key, the same text whether the key is unknown or not the caller's. */
export function unknownEnvironment(key: string): Response {
  return problem(404, SIM_UNKNOWN_ENVIRONMENT, 'Unknown environment', unknownEnvironmentDetail(key));
}

export const unknownEnvironmentDetail = (key: string) => `No environment with key '${key}' exists on this simulator.`;

/** 401 SIM-1001: no control-API token, or one this host does not know. */
export function tokenRequired(detail: string): Response {
  return problem(401, SIM_TOKEN_REQUIRED, 'Token required', detail, { 'www-authenticate': ADMIN_CHALLENGE });
}
