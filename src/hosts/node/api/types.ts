/** The programmatic API's option and answer shapes, as the control API sends them. */
// Straight from the modules that define them, not through for-node.ts: the published declarations
// of the API then reach no storage types (whose Dexie types the package does not install).
import type { IssuedCredential } from '../../../engine/admin/credentials.ts';
import type { ProductId } from '../../../engine/core/types.ts';
import type { FaultRuleInput } from '../../../engine/faults/types.ts';

export type { ProductId } from '../../../engine/core/types.ts';
export type { FaultRule } from '../../../engine/faults/types.ts';
export type { JournalEntry } from '../../../engine/journal/types.ts';
export type { CountRule, NearMiss, RequestPattern, Verification, VerifyResult } from '../../../engine/journal/match.ts';

export interface StartOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1: only this machine). */
  host?: string;
  /** Keep everything in this file across restarts (`--state`); default: in memory. */
  state?: string;
  /**
   * The host's admin token (`--admin-token`: `simadmin_` and 20+ characters); default: one generated
   * at start (`sim.adminToken`). Sent as a bearer token on control calls; a new environment's own
   * calls use its owner token.
   */
  adminToken?: string;
  /** Every control call needs a token, from this machine too (`--require-token`); the API sends them. */
  requireToken?: boolean;
  /**
   * @deprecated Ignored. Every secret the simulator mints is 128 random bits or more, stored as a
   * salted SHA-256 (stretching adds nothing against guessing it), on every host.
   */
  pbkdf2Iterations?: number;
  /** Entries the request journal keeps per environment unless one sets its own (default 500, at most 10,000). */
  journalSize?: number;
  /** Receives one access-log line per request (`--log`). */
  log?: (line: string) => void;
}

export interface ConnectOptions {
  /** The host's URL, e.g. `http://127.0.0.1:8787` (what `erp-sim serve` prints). */
  url: string;
  /** Sent as a bearer token on control calls (needed when the host requires tokens or is not on this machine). */
  adminToken?: string;
  /**
   * Instead of the admin token: a class code of the host (`--class-code`). It may create environments
   * and nothing else; each environment's own calls then go with its owner token.
   */
  classCode?: string;
}

/** A move of the environment clock: any of days, hours and minutes (negative to go back), a whole number of minutes in all. */
export interface ClockAdvance {
  days?: number;
  hours?: number;
  minutes?: number;
}

/**
 * The clock a new environment starts with: `now` (a date or UTC date-time) dates its seeded book, so
 * the same options give the same data on any day; `frozen: true` keeps it there until set or
 * advanced (default false: it runs on from `now`). Without it: host time, running.
 */
export interface ClockOption {
  now: string;
  frozen?: boolean;
}

/** Options of any new environment. */
interface CommonCreateOptions {
  name?: string;
  /** Entries its request journal keeps (default: the host's, 500). */
  journalSize?: number;
}

export type CreateOptions =
  | ({ product: ProductId; clock?: ClockOption } & CommonCreateOptions)
  /** A scenario of the library (`GET /sim/_admin/scenarios`), loaded as a new environment. */
  | ({ scenario: string } & CommonCreateOptions)
  /** A snapshot file (the object, or its JSON text) exported from the playground or the control API. */
  | ({ snapshot: object | string } & CommonCreateOptions);

export type OAuthClient = Extract<IssuedCredential, { type: 'oauth-client' }>;
export type SecretUser = Extract<IssuedCredential, { type: 'soap-user' | 'api-user' }>;
export type PersonalAccessToken = Extract<IssuedCredential, { type: 'pat' }>;

/** The credentials of a new environment, secrets included, as the 201 of its creation lists them. */
export interface Credentials {
  oauthClients?: OAuthClient[];
  soapUsers?: SecretUser[];
  apiUsers?: SecretUser[];
  personalAccessTokens?: PersonalAccessToken[];
}

/** What a new receivables environment is made with: two OAuth clients (the first may record receipts) and a SOAP user. */
export interface ReceivablesCredentials extends Credentials {
  oauthClients: OAuthClient[];
  soapUsers: SecretUser[];
}

/** What a new OData environment is made with: an API user (Basic) and a personal access token. */
export interface ODataCredentials extends Credentials {
  apiUsers: SecretUser[];
  personalAccessTokens: PersonalAccessToken[];
}

/** The credentials of an environment of product P (any product: every list may be absent). */
export type CredentialsOf<P extends ProductId> = [P] extends ['receivables'] ? ReceivablesCredentials : [P] extends ['odata'] ? ODataCredentials : Credentials;

/** What the 201 of a create, an import or a scenario load holds. */
export interface CreatedEnvironment {
  key: string;
  product: ProductId;
  name: string;
  baseUrl: string;
  createdAt: string;
  credentials: Credentials;
  /** The environment's owner token, from hosts that issue them. */
  ownerToken?: string;
}

/** A fault or latency rule as posted (`POST …/faults`); the host fills in the rest. */
export type FaultRuleRequest = Pick<FaultRuleInput, 'kind' | 'path'> & Partial<Omit<FaultRuleInput, 'kind' | 'path' | 'product'>>;

export interface JournalListOptions {
  /** Only entries after this id. */
  since?: number;
  /** At most this many (default 500; up to the journal's size). */
  limit?: number;
  /** A status (`401`), a class (`"4xx"`) or 0 (dropped connections). */
  status?: number | string;
  /** A substring of the path. */
  path?: string;
}
