/** Public surface of the engine: hosts import only from here. */
export { createEngine, ENV_KEY_PATTERN, type Engine, type EngineOptions } from './engine.ts';
export { openDatabase, DEFAULT_DB_NAME, type SimDatabase } from './storage/schema.ts';
export type { Change } from './storage/changes.ts';
export type { StorageBackend } from './storage/backend.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export type * from './core/types.ts';
export { DexieJournalPersistence, JOURNAL_DB_NAME } from './journal/dexie-persistence.ts';
export { MemoryJournalPersistence } from './journal/memory-persistence.ts';
export type { JournalEntry, JournalPersistence, JournalSnapshot, JournalExplanation, JournalService } from './journal/types.ts';
export type { FaultRule } from './faults/types.ts';
export { RECEIPT_PRIVILEGES } from './products/receivables/oauth/privileges.ts';
