// Issue 19 § 1: the engine's access decisions, host-agnostic (the Node host supplies the peer address).
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/engine/access/caller.ts';
import { permits } from '../../src/engine/access/scope.ts';
import { chosenTokenProblem, hashToken, kindOf, newToken } from '../../src/engine/access/tokens.ts';
import { createEngine, MemoryBackend } from '../../src/engine/index.ts';
import { createTestSim } from '../support/sim.ts';

describe('access control in the engine (issue 19 § 1)', () => {
  it('loopback is 127.0.0.0/8, ::1 and their IPv4-mapped form; nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of [undefined, '', '10.0.0.5', '::ffff:10.0.0.5', '192.0.2.2', 'fd00::2', '128.0.0.1', '127.0.0.1.evil']) expect(isLoopback(a), String(a)).toBe(false);
  });

  it('each token kind is recognisable by its prefix; generated ones carry 160 random bits', () => {
    expect(newToken('admin')).toMatch(/^simadmin_[0-9a-f]{40}$/);
    expect(kindOf(newToken('owner'))).toBe('owner');
    expect(kindOf('simclass_x')).toBe('class');
    expect(kindOf('Bearer simadmin_x')).toBeNull();
    expect(newToken('owner')).not.toBe(newToken('owner'));
  });

  it('chosen tokens need their prefix and length', () => {
    expect(chosenTokenProblem('admin', 'simadmin_0123456789abcdefghij')).toBeNull();
    expect(chosenTokenProblem('admin', 'simadmin_short')).toContain('at least 20');
    expect(chosenTokenProblem('class', 'simadmin_0123456789abcdefghij')).toContain('must start with simclass_');
    expect(chosenTokenProblem('class', 'simclass_has space')).toContain('only letters');
  });

  it('scopes: a class code creates and reads the documentation; an owner reaches its environment only', () => {
    const owner = { role: 'owner', key: 'env_a' } as const;
    const cls = { role: 'class' } as const;
    expect(permits(cls, 'POST', ['environments'])).toBe(true);
    expect(permits(cls, 'POST', ['environments', 'import'])).toBe(true);
    expect(permits(cls, 'POST', ['scenarios', 'cash-cycle'])).toBe(true);
    expect(permits(cls, 'GET', ['lessons'])).toBe(true);
    expect(permits(cls, 'GET', ['environments'])).toBe(false);
    expect(permits(cls, 'GET', ['environments', 'env_a'])).toBe(false);
    expect(permits(cls, 'DELETE', ['products'])).toBe(false);
    expect(permits(owner, 'DELETE', ['environments', 'env_a'])).toBe(true);
    expect(permits(owner, 'POST', ['environments', 'env_a', 'automatch', 'run'])).toBe(true);
    expect(permits(owner, 'GET', ['environments'])).toBe(true);
    expect(permits(owner, 'POST', ['environments'])).toBe(false);
    expect(permits(owner, 'GET', ['environments', 'env_b'])).toBe(false);
    expect(permits(owner, 'GET', ['environments', 'env_a%2F..%2Fenv_b'])).toBe(false);
    expect(permits(owner, 'GET', ['products'])).toBe(false);
  });

  it('an engine given access options asks a caller with no address for a token, and trusts the host itself', async () => {
    const engine = await createEngine({
      backend: new MemoryBackend(),
      access: { adminTokenHash: await hashToken('simadmin_0123456789abcdefghij'), classCodeHashes: [], requireToken: false },
    });
    const list = () => new Request('http://sim.test/sim/_admin/environments');
    expect((await engine.handle(list())).status).toBe(401);
    expect((await engine.handle(list(), { address: '10.1.2.3' })).status).toBe(401);
    expect((await engine.handle(list(), { address: '127.0.0.1' })).status).toBe(200);
    expect((await engine.handle(list(), { host: true })).status).toBe(200);
    const made = await engine.handle(new Request('http://sim.test/sim/_admin/environments', { method: 'POST', body: '{"product":"odata"}' }), { host: true });
    const body = (await made.json()) as { key: string; ownerToken: string };
    expect(body.ownerToken).toMatch(/^simowner_/);
    // Only the hash is kept, on the environment row.
    expect(engine.store.env(body.key)?.ownerTokenHash).toBe(await hashToken(body.ownerToken));
    expect(JSON.stringify(engine.store.env(body.key))).not.toContain(body.ownerToken);
  });

  it('the service worker host (no access options) answers its pages without tokens and mints no owner token', async () => {
    const sim = await createTestSim();
    const res = await sim.admin('POST', '/environments', { product: 'odata' });
    expect(res.status).toBe(201);
    expect(res.body.ownerToken).toBeUndefined();
    expect((await sim.admin('GET', '/stats')).status).toBe(200);
  });
});
