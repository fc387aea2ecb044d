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
export type { RequestPattern, CountRule, Verification, VerifyResult, NearMiss } from './journal/match.ts';
export type { AccessOptions } from './access/types.ts';
export type { Caller } from './access/caller.ts';
export { chosenTokenProblem, hashToken, newToken, TOKEN_PREFIX, type TokenKind } from './access/tokens.ts';
