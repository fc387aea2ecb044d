import { describe, expect, it } from 'vitest';
import { createEnv, createTestSim } from '../support/sim.ts';

describe('engine smoke', () => {
  it('creates an environment and answers under its key', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    expect(env.key).toMatch(/^env_[0-9a-f]{32}$/);
    const res = await sim.fetch(`${env.base}/fscmRestApi/resources/11.13.18.05/receivablesInvoices`);
    expect(res.status).toBe(200);
  });
});
