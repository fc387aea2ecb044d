import { constantTimeEqual, pbkdf2, randomHex, sha256Hex } from '../core/crypto.ts';
import { CONSUMER_SCOPE, type CredentialService, type CredentialSpec, type CredentialType, type DataView, type StoredCredential, type WriteTx } from '../core/types.ts';

export const CREDENTIAL_KIND = 'sim.credential';

/** The credential as shown once, in the response that creates it. */
export type IssuedCredential =
  | { id: string; type: 'oauth-client'; clientId: string; clientSecret: string; scope: string; privileges: string[] }
  | { id: string; type: 'soap-user' | 'api-user'; username: string; password: string }
  | { id: string; type: 'pat'; token: string; owner: string };

export const CREDENTIAL_LIST_KEY: Record<CredentialType, string> = {
  'oauth-client': 'oauthClients',
  'soap-user': 'soapUsers',
  'api-user': 'apiUsers',
  pat: 'personalAccessTokens',
};

/**
 * Mint a credential: the secret is returned once; what is stored is its salted hash (to verify it)
 * and its SHA-256 fingerprint (to redact it wherever it turns up, journal/secrets.ts).
 */
export async function mintCredential(tx: WriteTx, spec: CredentialSpec, now: Date): Promise<IssuedCredential> {
  const { stored, issued } = await prepareCredential(spec, now);
  tx.put(CREDENTIAL_KIND, stored.id, stored);
  return issued;
}

/** Mint several credentials, stored in the order given. */
export async function mintCredentials(tx: WriteTx, specs: readonly CredentialSpec[], now: Date): Promise<IssuedCredential[]> {
  const minted = await Promise.all(specs.map((spec) => prepareCredential(spec, now)));
  for (const { stored } of minted) tx.put(CREDENTIAL_KIND, stored.id, stored);
  return minted.map((m) => m.issued);
}

/** A credential's secret, what is stored of it, and what is shown once. */
async function prepareCredential(spec: CredentialSpec, now: Date): Promise<{ stored: StoredCredential; issued: IssuedCredential }> {
  const id = `cred_${randomHex(8)}`;
  // Every secret is generated here (128 random bits or more); no person chooses one.
  const secret = spec.type === 'pat' ? `pat_${randomHex(20)}` : randomHex(16);
  const salt = randomHex(16);
  const hash = await generatedSecretHash(secret, salt);
  const fingerprint = await sha256Hex(secret);
  const name =
    spec.type === 'oauth-client'
      ? `client_${randomHex(6)}`
      : spec.type === 'pat'
        ? `${secret.slice(0, 8)}…`
        : (spec.username ?? (spec.type === 'soap-user' ? `soap.user.${randomHex(2)}` : `apiuser.${randomHex(2)}`));
  const stored: StoredCredential = {
    id,
    type: spec.type,
    name,
    owner: spec.type === 'pat' ? (spec.owner ?? 'apiuser') : null,
    privileges: spec.type === 'oauth-client' ? [...(spec.privileges ?? [])] : [],
    scope: spec.type === 'oauth-client' ? CONSUMER_SCOPE : null,
    salt,
    hash,
    fingerprint,
    scheme: GENERATED_SCHEME,
    createdAt: now.toISOString(),
  };
  switch (spec.type) {
    case 'oauth-client':
      return { stored, issued: { id, type: spec.type, clientId: name, clientSecret: secret, scope: CONSUMER_SCOPE, privileges: stored.privileges } };
    case 'pat':
      return { stored, issued: { id, type: spec.type, token: secret, owner: stored.owner ?? '' } };
    default:
      return { stored, issued: { id, type: spec.type, username: name, password: secret } };
  }
}

/**
 * How a generated secret is stored: one salted SHA-256. A secret of 128 random bits cannot be
 * guessed, so key stretching (PBKDF2) would add nothing but some 40 ms to every environment created.
 */
const GENERATED_SCHEME = 'sha256';

function generatedSecretHash(secret: string, salt: string): Promise<string> {
  return sha256Hex(`${salt}\u0000${secret}`);
}

/**
 * Whether `secret` is the one `cred` was minted with. Credentials stored before the salted SHA-256
 * (in a state file or an IndexedDB of an earlier version) carry no scheme: their PBKDF2 hash, with
 * the iterations stored beside it, still verifies.
 */
export async function secretMatches(cred: StoredCredential, secret: string): Promise<boolean> {
  const hash = cred.scheme === GENERATED_SCHEME ? await generatedSecretHash(secret, cred.salt) : await pbkdf2(secret, cred.salt, typeof cred.iterations === 'number' ? cred.iterations : undefined);
  return constantTimeEqual(hash, cred.hash);
}

/** Public view of a stored credential (no hash, no salt), as the control API shows it. */
export type PublicCredential = Pick<StoredCredential, 'id' | 'type' | 'name' | 'owner' | 'privileges' | 'scope' | 'createdAt'>;

export function publicCredential(c: StoredCredential): PublicCredential {
  return { id: c.id, type: c.type, name: c.name, owner: c.owner, privileges: c.privileges, scope: c.scope, createdAt: c.createdAt };
}

/**
 * Verifies secrets against stored hashes. Only a secret whose SHA-256 fingerprint matches is checked
 * against the hash (an older credential's is PBKDF2, deliberately slow), and a successful check is
 * remembered under a SHA-256 of what was presented; a revoked credential drops out because `byId` no
 * longer finds it.
 */
export class CredentialVerifier implements CredentialService {
  private readonly verified = new Map<string, string>();

  constructor(private readonly data: () => DataView) {}

  byId(id: string): StoredCredential | undefined {
    return this.data().get<StoredCredential>(CREDENTIAL_KIND, id);
  }

  async verify(type: CredentialType, name: string | null, secret: string): Promise<StoredCredential | null> {
    const memo = await sha256Hex(`${type}\u0000${name ?? ''}\u0000${secret}`);
    const hit = this.verified.get(memo);
    if (hit) {
      const cred = this.byId(hit);
      if (cred) return cred;
      this.verified.delete(memo);
    }
    const fingerprint = await sha256Hex(secret);
    // A credential with a fingerprint that differs cannot hold this secret: refused without PBKDF2,
    // so a wrong password costs one SHA-256, not a slow hash per credential (issue 26: a hostile
    // request is refused fast, and failed attempts cannot make a shared host burn CPU).
    const candidates = this.data()
      .list<StoredCredential>(CREDENTIAL_KIND)
      .filter((c) => c.type === type && (name === null || c.name === name) && (c.fingerprint === undefined || c.fingerprint === fingerprint));
    for (const cred of candidates) {
      if (await secretMatches(cred, secret)) {
        this.verified.set(memo, cred.id);
        return cred;
      }
    }
    return null;
  }
}
