// Generated secrets hashed cheaply (issue 36 § 1.11): every secret the simulator mints is 128 random
// bits or more, so it is stored as one salted SHA-256, not 100,000 PBKDF2 iterations; a credential
// stored with PBKDF2 before (a state file, an IndexedDB of an earlier version) still verifies.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CredentialVerifier, CREDENTIAL_KIND, secretMatches } from '../../src/engine/admin/credentials.ts';
import { pbkdf2, sha256Hex } from '../../src/engine/core/crypto.ts';
import type { DataView, StoredCredential } from '../../src/engine/core/types.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

afterEach(() => vi.restoreAllMocks());

const viewOf = (creds: StoredCredential[]) => ({ get: (kind: string, id: string) => (kind === CREDENTIAL_KIND ? creds.find((c) => c.id === id) : undefined), list: (kind: string) => (kind === CREDENTIAL_KIND ? creds : []) }) as unknown as DataView;

describe('credential hashing (issue 36 § 1.11)', () => {
  it('mints every credential of both products without PBKDF2: a salted SHA-256, marked as such', async () => {
    const sim = await createTestSim();
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    for (const product of ['receivables', 'odata'] as const) {
      const env = await createEnv(sim, product);
      const data = await sim.engine.store.data(env.key);
      const stored = data.list<StoredCredential>(CREDENTIAL_KIND);
      expect(stored.length).toBeGreaterThan(0);
      for (const cred of stored) {
        expect(cred.scheme, cred.type).toBe('sha256');
        expect(cred.hash).toMatch(/^[0-9a-f]{64}$/);
      }
      // Each minted secret verifies against what was stored, and a wrong one does not.
      const verifier = new CredentialVerifier(() => data);
      for (const client of env.credentials.oauthClients ?? []) expect((await verifier.verify('oauth-client', client.clientId, client.clientSecret))?.id).toBe(client.id);
      for (const user of env.credentials.apiUsers ?? []) {
        expect((await verifier.verify('api-user', user.username, user.password))?.id).toBe(user.id);
        expect(await verifier.verify('api-user', user.username, `${user.password.slice(1)}0`)).toBeNull();
      }
    }
    expect(derive).not.toHaveBeenCalled();
  });

  it('a credential stored with PBKDF2 before still verifies, with its own iteration count or the old default', async () => {
    const secret = '0123456789abcdef0123456789abcdef';
    const salt = 'aa'.repeat(16);
    const base = { type: 'api-user' as const, name: 'old.user', owner: null, privileges: [], scope: null, salt, fingerprint: await sha256Hex(secret), createdAt: '2026-01-01T00:00:00.000Z' };
    const counted: StoredCredential = { ...base, id: 'cred_counted', hash: await pbkdf2(secret, salt, 1000), iterations: 1000 };
    const defaulted: StoredCredential = { ...base, id: 'cred_default', name: 'older.user', hash: await pbkdf2(secret, salt) };
    expect(await secretMatches(counted, secret)).toBe(true);
    expect(await secretMatches(counted, `${secret}x`)).toBe(false);
    expect(await secretMatches(defaulted, secret)).toBe(true);
    const verifier = new CredentialVerifier(() => viewOf([counted, defaulted]));
    expect((await verifier.verify('api-user', 'old.user', secret))?.id).toBe('cred_counted');
    expect((await verifier.verify('api-user', 'older.user', secret))?.id).toBe('cred_default');
  });
});
