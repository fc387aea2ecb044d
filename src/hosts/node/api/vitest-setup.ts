/**
 * `erp-integration-simulator/vitest/setup`, a Vitest globalSetup: one simulator for the whole run,
 * in this process, in memory, on a free port. Its URL and admin token go to the test workers
 * (`project.provide`), where the `erp-integration-simulator/vitest` fixture connects to it.
 *
 *   // vitest.config.ts
 *   export default defineConfig({ test: { globalSetup: ['erp-integration-simulator/vitest/setup'] } });
 */
import { startSimulator } from './simulator.ts';

/** What the globalSetup hands the workers. */
export interface ProvidedSimulator {
  url: string;
  adminToken: string | undefined;
}

/** The part of Vitest's TestProject this setup uses (so its declarations need no vitest/node import). */
interface Provider {
  provide(key: 'erpSimulator', value: ProvidedSimulator): void;
}

export default async function setup(project: Provider): Promise<() => Promise<void>> {
  const sim = await startSimulator({ port: 0 });
  project.provide('erpSimulator', { url: sim.url, adminToken: sim.adminToken });
  return () => sim.close();
}
