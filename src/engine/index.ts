/** Public surface of the engine: hosts import only from here. */
export { createEngine, ENV_KEY_PATTERN, type Engine, type EngineOptions } from './engine.ts';
export { openDatabase, DEFAULT_DB_NAME, type SimDatabase } from './storage/schema.ts';
export type { Change } from './storage/changes.ts';
export type { StorageBackend } from './storage/backend.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export type * from './core/types.ts';
