/**
 * The control API's door (issue 19 § 1): decides, before any route runs, who a `/_admin` request
 * comes from and whether it may do what it asks. Without access options (the service worker, tests)
 * every caller is the admin; the Node host passes the peer address with each request.
 */
import { constantTimeEqual } from '../core/crypto.ts';
import { problem } from '../core/http.ts';
import { adminRequired, SIM_UNKNOWN_ENVIRONMENT, tokenRequired, unknownEnvironment } from '../core/sim-errors.ts';
import type { Environment } from '../core/types.ts';
import { isLoopback, type Caller } from './caller.ts';
import { permits } from './scope.ts';
import { hashToken, kindOf } from './tokens.ts';
import { ADMIN_GRANT, type AccessOptions, type Grant } from './types.ts';

/** The bearer token of an `Authorization` header, or null. */
export function bearer(request: Request): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.get('authorization') ?? '');
  return m ? (m[1] as string) : null;
}

/** Where `hash` is among `hashes` (-1: nowhere), comparing every one in full (no early exit). */
function anyEqual(hash: string, hashes: readonly (string | undefined)[]): number {
  let found = -1;
  hashes.forEach((h, i) => {
    if (h !== undefined && constantTimeEqual(hash, h) && found < 0) found = i;
  });
  return found;
}

export class AccessGate {
  constructor(
    private readonly options: AccessOptions | undefined,
    private readonly environments: () => Environment[],
    private readonly mount: string,
  ) {}

  /** True when this host checks tokens (new environments then get an owner token). */
  get enabled(): boolean {
    return this.options !== undefined;
  }

  /**
   * The grant of a control request, or the refusal to answer; null for a path outside `/_admin`
   * (product APIs keep their own authentication).
   */
  async check(request: Request, caller: Caller | undefined): Promise<Grant | Response | null> {
    const path = new URL(request.url).pathname;
    const root = `${this.mount}/_admin`;
    if (path !== root && !path.startsWith(`${root}/`)) return null;
    const options = this.options;
    if (!options || caller?.host) return ADMIN_GRANT;
    const grant = await this.grantOf(request, caller, options);
    if (grant instanceof Response) return grant;
    const segments = path.slice(root.length + 1).split('/');
    if (path === root) segments.length = 0;
    if (permits(grant, request.method, segments)) return grant;
    // The host's lessons are no secret (a class code reads them): a write is refused as what it is.
    if (segments[0] === 'lessons' && request.method !== 'GET' && request.method !== 'HEAD') return adminRequired(`Writing lessons (${request.method} ${path}) takes the admin token; a class code or an environment's owner token may only read them.`);
    // Outside what the token may do: the answer an unknown environment gets, so nothing leaks.
    if (segments[0] === 'environments' && segments[1] && segments[1] !== 'import') return unknownEnvironment(segments[1]);
    return problem(404, SIM_UNKNOWN_ENVIRONMENT, 'Unknown environment', `Nothing at ${path} for this token.`);
  }

  private async grantOf(request: Request, caller: Caller | undefined, options: AccessOptions): Promise<Grant | Response> {
    const token = bearer(request);
    if (!token) {
      // Loopback is the machine's own user (local use, CI) unless the host was told to trust no one.
      if (!options.requireToken && isLoopback(caller?.address)) return ADMIN_GRANT;
      return tokenRequired(
        options.requireToken
          ? 'This host runs with --require-token: send Authorization: Bearer <token> (the admin token, an environment owner token or a class code).'
          : 'Requests from other machines need a token: send Authorization: Bearer <token> (the admin token, an environment owner token or a class code).',
      );
    }
    const hash = await hashToken(token);
    const unknown = () => tokenRequired('The bearer token is not one this host issued (tokens start with simadmin_, simowner_ or simclass_). A deleted environment\'s owner token ends with it.');
    switch (kindOf(token)) {
      case 'admin':
        return anyEqual(hash, [options.adminTokenHash]) >= 0 ? ADMIN_GRANT : unknown();
      case 'class':
        return anyEqual(hash, options.classCodeHashes) >= 0 ? { role: 'class' } : unknown();
      case 'owner': {
        const envs = this.environments();
        const at = anyEqual(hash, envs.map((e) => e.ownerTokenHash));
        return at >= 0 ? { role: 'owner', key: (envs[at] as Environment).key } : unknown();
      }
      default:
        return unknown();
    }
  }
}
