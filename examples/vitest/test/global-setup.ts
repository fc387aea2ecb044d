// One simulator for every test worker: started in this process, in memory, on a free port.
import { startSimulator } from 'erp-integration-simulator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    erpSimUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sim = await startSimulator({ port: 0 });
  project.provide('erpSimUrl', sim.url);
  return () => sim.close();
}
