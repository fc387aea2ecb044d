/**
 * What the Node host takes from the engine: everything it needs and nothing of IndexedDB (no Dexie
 * at run time), so the published package runs on plain Node with only its runtime dependencies
 * (issue 21 § 1). index.ts is the full surface (the worker, tests).
 */
export { createEngine, ENV_KEY_PATTERN, type Engine, type EngineOptions } from './engine.ts';
export type { Change, LessonChange, StoredLesson } from './storage/changes.ts';
export { StoreUnavailable, type StorageBackend, type Records } from './storage/backend.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export { decodeRows, encodeRows, type EncodedRows } from './storage/row-codec.ts';
export { isDropped, knownBytes, knownText } from './core/http.ts';
export { storeUnavailable } from './core/sim-errors.ts';
export type * from './core/types.ts';
export { MemoryJournalPersistence } from './journal/memory-persistence.ts';
export type { JournalEntry, JournalPersistence, JournalSnapshot, JournalExplanation, JournalService } from './journal/types.ts';
export type { FaultRule } from './faults/types.ts';
import type { CatalogSource } from './teaching/catalog.ts';

/**
 * The built-in catalogs, loaded on first use (the products' documentation, examples, lessons and
 * scenarios): the Node host starts without reading them, and the package bundle keeps them in a
 * chunk of their own.
 */
export const lazyBuiltInCatalog: CatalogSource = async (product) => (await import('./teaching/catalogs.ts')).builtInCatalog(product);
export type { AccessOptions } from './access/types.ts';
export type { Caller } from './access/caller.ts';
export { chosenTokenProblem, hashToken, newToken, redactTokens, TOKEN_PREFIX, type TokenKind } from './access/tokens.ts';
export { RECEIPT_PRIVILEGES } from './products/receivables/oauth/privileges.ts';
