/**
 * The request journal's contract: one entry per request to an environment, kept in a
 * bounded ring per environment and read back through the control API. Hosts choose where the ring
 * is persisted (a JournalPersistence): a separate IndexedDB database in the browser, memory (or a
 * file) in Node. Secrets never enter an entry (redact.ts); bodies are truncated to BODY_LIMIT.
 */
import type { ProductId } from '../core/types.ts';

/** Entries kept per environment by default; the oldest are dropped beyond it. Hosts and environments may set another size. */
export const RING_SIZE = 500;
/** The largest journal size a host or an environment may set (entries hold up to 8 KB of bodies each). */
export const MAX_JOURNAL_SIZE = 10_000;
/** Characters of a request or response body kept in an entry (after redaction). */
export const BODY_LIMIT = 4096;
/** The environment's journal setting (`{enabled}`), a row a reset keeps; absent: journaling on. */
export const JOURNAL_SETTINGS_KIND = 'sim.journal';
export const JOURNAL_SETTINGS_ID = 'settings';

export type JournalService = 'rest' | 'oauth' | 'odata' | 'batch' | 'soap';

/**
 * Who sent a request. The playground marks its own requests with the
 * SOURCE_HEADER request header: `console` (the learner's requests from the console), `view` (a
 * view's own reads: the data browser, the statement), `auto-token` (a token the console fetched to
 * sign a request). A request without it (curl, Postman, SDKs, a trainee's program) is `outside`.
 * The header only labels the entry: the journal does not keep it and no product reads it.
 */
export type JournalSource = 'console' | 'view' | 'auto-token' | 'outside';
export const JOURNAL_SOURCES: readonly JournalSource[] = ['console', 'view', 'auto-token', 'outside'];
/** Sources that are the learner's own requests: lessons count only these. */
export const LEARNER_SOURCES: readonly JournalSource[] = ['console', 'outside'];
/** The request header the playground sets (lower case, as Headers report it). */
export const SOURCE_HEADER = 'x-sim-source';

/** The source a request names in SOURCE_HEADER; anything else is an outside client. */
export function sourceOf(value: string | null | undefined): JournalSource {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'console' || v === 'view' || v === 'auto-token' ? v : 'outside';
}

/** An entry's source (entries journaled before sources existed are outside clients' or the console's). */
export const entrySource = (e: { source?: JournalSource }): JournalSource => e.source ?? 'outside';

export interface JournalExplanation {
  /** The spec rule that decided the answer, e.g. "000 Receipt rule 1". */
  rule: string;
  /** One plain sentence: the catalog entry's meaning or the answer's own detail. */
  sentence: string;
  catalog?: { code: string; title: string };
}

export interface JournalExchange {
  headers: Record<string, string>;
  body?: string;
}

export interface JournalEntry {
  /** Increasing per environment. */
  id: number;
  /** Environment clock at the start of the request (ISO). */
  at: string;
  /**
   * Host clock at the start of the request (ISO): "12 s ago" on the trainer's view, however the
   * environment's clock moved since. Absent in entries journaled before it was kept.
   */
  hostAt?: string;
  product: ProductId;
  service: JournalService;
  method: string;
  /** Relative to the environment base, query included. */
  path: string;
  /** 0 for a dropped connection. */
  status: number;
  ms: number;
  /** The answer's error code (o:errorCode, OAuth error, OData code or catalog name, SOAP faultcode). */
  code?: string;
  /** Filled when the entry is read (catalogs are loaded by the host). */
  explanation?: JournalExplanation;
  /** A near miss: what the client probably meant. */
  hint?: string;
  /** The fault rule (or drill step, `drill-1 step 2`) that decided the answer. */
  injected?: string;
  /**
   * The resilience-drill step that decided the answer: which one, what the simulator did
   * on purpose (one sentence) and the catalog entry of the answer.
   */
  drill?: { id: string; n: number; kind: string; note: string; catalog?: string };
  /** The $batch request an inner operation belongs to. */
  parent?: number;
  /** Who sent it (absent in entries journaled before sources existed: read as `outside`). */
  source?: JournalSource;
  request: JournalExchange;
  response: JournalExchange;
}

/** A stored ring: entries oldest first and the id the next entry gets (ids never go back, even after a clear). */
export interface JournalSnapshot {
  entries: JournalEntry[];
  nextId: number;
}

/** Where a host keeps the rings: kept apart from the environments' records and their write locks. */
export interface JournalPersistence {
  load(env: string): Promise<JournalSnapshot>;
  /** Add entries (one environment, increasing ids) and drop that environment's entries below `keepFrom`. */
  append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void>;
  /** Drop every entry; `nextId` null forgets the environment altogether (it was deleted). */
  clear(env: string, nextId: number | null): Promise<void>;
}
