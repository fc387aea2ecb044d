/**
 * `import { startSimulator } from 'erp-integration-simulator'`: the package's entry point. Node, ESM,
 * typed; the simulator in a test suite, and request verification over its journal.
 */
export { startSimulator, connectSimulator, type Simulator, type StartedSimulator } from './simulator.ts';
export { SimEnvironment, VerificationError } from './environment.ts';
export { SimulatorError } from './control.ts';
export type * from './types.ts';
