/**
 * The secrets a host knows, for redaction that cannot miss (issue 26 § What to reach): the live
 * credentials (client secrets, SOAP and API user passwords, personal access tokens) and the access
 * tokens of every environment of the host (a secret of another environment sent here is redacted
 * as well: a shared host must not show one tenant another's secret).
 *
 * Secrets are never kept in plaintext, in storage or in memory: a credential keeps a SHA-256
 * fingerprint of its secret next to its PBKDF2 hash (admin/credentials.ts), and an access token is
 * stored under the SHA-256 of its value (oauth/tokens.ts). The secrets are random 128 to 256 bits, so
 * a fast hash reveals nothing a slow one would protect; it makes "is this string a secret?" one
 * hash and a lookup instead of a PBKDF2 run per credential. A credential minted before fingerprints
 * existed cannot be matched that way: while one is live, every string of its shape counts as a
 * secret (redacting too much beats missing one).
 *
 * Revoked credentials and expired tokens that were removed are no longer known; the journal's
 * field redaction (redact.ts) still hides whatever is sent in a secret's usual place.
 */
import { sha256Hex } from '../core/crypto.ts';
import type { CredentialType, StoredCredential } from '../core/types.ts';
import { CREDENTIAL_KIND } from '../admin/credentials.ts';
import { TOKEN_KIND } from '../products/receivables/oauth/tokens.ts';
import type { SimStore } from '../storage/store.ts';
import { redactSecrets, SHORTEST_SECRET_TEXT } from './secret-text.ts';

/** The shape of each credential type's secret (admin/credentials.ts mints them). */
const SHAPES: Record<CredentialType, RegExp> = {
  'oauth-client': /^[0-9a-f]{32}$/,
  'soap-user': /^[0-9a-f]{32}$/,
  'api-user': /^[0-9a-f]{32}$/,
  pat: /^pat_[0-9a-f]{40}$/,
};

/** Candidates remembered either way, at most (random secrets cannot later become one). */
const MEMO = 10_000;

/** A string too short to hold a secret in any form. */
const tooShort = (x: unknown): x is string => typeof x === 'string' && x.length < SHORTEST_SECRET_TEXT;

export class SecretIndex {
  private readonly notSecret = new Set<string>();
  /**
   * Fingerprints found to be secrets, remembered: a client sends its token on every request, and
   * finding it again walked every environment of the host (a class of 30 on each request). One
   * revoked since is still redacted, which errs the safe way.
   */
  private readonly secret = new Set<string>();

  constructor(private readonly store: SimStore) {}

  /**
   * Whether `candidate` (lowercase) is a live secret of any environment of this host: at once for a
   * candidate known to be none (most of them: the same environment keys and ETags on every answer).
   */
  isSecret(candidate: string): boolean | Promise<boolean> {
    return this.notSecret.has(candidate) ? false : this.lookUp(candidate);
  }

  private async lookUp(candidate: string): Promise<boolean> {
    const fingerprint = await sha256Hex(candidate);
    if (this.secret.has(fingerprint)) return true;
    if (await this.known(candidate, fingerprint)) {
      if (this.secret.size >= MEMO) this.secret.clear();
      this.secret.add(fingerprint);
      return true;
    }
    if (this.notSecret.size >= MEMO) this.notSecret.clear();
    this.notSecret.add(candidate);
    return false;
  }

  private async known(candidate: string, fingerprint: string): Promise<boolean> {
    for (const env of this.store.environments()) {
      // Credentials and tokens are kinds of the simulator's own: loaded with the environment.
      const data = await this.store.partial(env.key).catch(() => undefined);
      if (!data) continue;
      if (data.get(TOKEN_KIND, fingerprint)) return true;
      for (const cred of data.list<StoredCredential>(CREDENTIAL_KIND)) {
        if (cred.fingerprint === fingerprint) return true;
        if (cred.fingerprint === undefined && SHAPES[cred.type]?.test(candidate)) return true;
      }
    }
    return false;
  }

  /** `text` with every secret this host knows replaced, in any form it was written. */
  redact(text: string): Promise<string> {
    return redactSecrets(text, (c) => this.isSecret(c));
  }

  /** A copy of `value` (JSON-like) with every string redacted. */
  async redactDeep<T>(value: T): Promise<T> {
    if (typeof value === 'string') return (await this.redact(value)) as T;
    if (Array.isArray(value)) return (await Promise.all(value.map((v) => this.redactDeep(v)))) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      // Too short to hold a secret (most header names and values) is kept without a wait for each.
      for (const [k, v] of Object.entries(value)) {
        // Keys are data too (a header name could carry a secret); defineProperty keeps `__proto__` a key.
        const key = tooShort(k) ? k : await this.redact(k);
        Object.defineProperty(out, key, { value: tooShort(v) ? v : await this.redactDeep(v), enumerable: true, writable: true, configurable: true });
      }
      return out as T;
    }
    return value;
  }
}
