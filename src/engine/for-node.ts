/**
 * What the Node host and the programmatic API take from the engine: everything they need and
 * nothing of IndexedDB (no Dexie), so the published package runs on plain Node with only its
 * runtime dependencies (issue 21 § 1). index.ts is the full surface (the worker, tests).
 */
export { createEngine, ENV_KEY_PATTERN, type Engine, type EngineOptions } from './engine.ts';
export type { Change } from './storage/changes.ts';
export type { StorageBackend } from './storage/backend.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export type * from './core/types.ts';
export { MemoryJournalPersistence } from './journal/memory-persistence.ts';
export type { JournalEntry, JournalPersistence, JournalSnapshot, JournalExplanation, JournalService } from './journal/types.ts';
export type { RequestPattern, CountRule, Verification, VerifyResult, NearMiss } from './journal/match.ts';
export type { FaultRule, FaultRuleInput } from './faults/types.ts';
export type { IssuedCredential } from './admin/credentials.ts';
export { builtInCatalog } from './teaching/catalogs.ts';
