/**
 * The contract between the engine core and the simulated products.
 * Everything here is host-agnostic: Web Request/Response, no DOM, no Node, no service-worker globals.
 */
import type { Hono } from 'hono';
import type { Rng } from './random.ts';
import type { KindSchema } from './record-schema.ts';

export type ProductId = 'receivables' | 'odata';

export const PRODUCT_IDS: readonly ProductId[] = ['receivables', 'odata'];

/** A simulated tenant. Stored in the `environments` table. */
export interface Environment {
  key: string;
  product: ProductId;
  name: string;
  createdAt: string;
  /** Milliseconds added to the host clock: the environment's test clock. */
  clockOffsetMs: number;
  /** Set while the clock is frozen: the environment's "now" (ms), which moves only when set or advanced. */
  clockFrozenMs?: number;
  /** The fixed instant the environment was created at, when one was given (a clean-slate reset returns to it). */
  clockStart?: { atMs: number; frozen: boolean };
  /** Next value of the environment's id sequence (see ids.ts). */
  idSeq: number;
  /** Tenant id derived from the key; OData GetTenantDetails shows it. */
  tenantId: string;
  /** Entries its request journal keeps, when set for this environment (else the host's size). */
  journalSize?: number;
  /** SHA-256 of the environment owner token (hosts with access control only; the token is shown once). */
  ownerTokenHash?: string;
}

/** A JSON-serializable record. Records are grouped by `kind` (a product-chosen table name). */
export type Row = Record<string, unknown>;

/** Read access to one environment's records, from the in-memory cache that mirrors IndexedDB. */
export interface DataView {
  get<T extends Row = Row>(kind: string, id: string): T | undefined;
  /** All rows of a kind, in id insertion order. Do not mutate the returned rows. */
  list<T extends Row = Row>(kind: string): readonly T[];
  count(kind: string): number;
  /**
   * A value derived from the rows of `kinds`, computed once and reused until one of those kinds
   * changes (e.g. a sorted index or a lookup map). `name` identifies the derivation.
   */
  derived<V>(name: string, kinds: readonly string[], build: () => V): V;
  /**
   * Like `derived` over one kind, but kept current instead of rebuilt: after a committed write, each
   * changed row of `kind` is passed to `spec.update`. Optional: call it through `core/indexed.ts`,
   * which falls back to `derived` on views without it.
   */
  indexed?<V>(name: string, kind: string, spec: IndexSpec<V>): V;
  /**
   * A kind whose rows are not made yet (as read from storage): its size, the values of `fields` by
   * position (list order), and the rows at chosen positions, made on their own. Null once its rows
   * are made. Optional: a first page sorted by a plain field needs only those.
   */
  scan?(kind: string, fields: readonly string[]): KindScan | null;
}

/** One kind read field by field (`DataView.scan`): `values[j][i]` is `fields[j]` of the row at position i. */
export interface KindScan {
  n: number;
  values: unknown[][];
  /** Rows equal to `list(kind)[p]` for each position (the same keys in the same order). */
  rowsAt(positions: readonly number[]): Row[];
  /** A value made from the fields, kept while the kind stays as read (sort keys a next page reuses). */
  memo<V>(name: string, make: () => V): V;
}

/** One changed row, as an incremental index sees it (`seq` orders rows as `list` does). */
export interface RowChange {
  id: string;
  /** The row before the write (absent: created). */
  before?: Row;
  /** The row after the write (absent: deleted). */
  after?: Row;
  seq: number;
}

/**
 * How an incremental index is built from scratch and patched by one changed row. Both get the view
 * that holds the index (use it, not a captured one, for any other reads).
 */
export interface IndexSpec<V> {
  /** `rows` as `list(kind)` gives them; `seqs[i]` is the position key of `rows[i]` (ascending). */
  build(rows: readonly Row[], seqs: readonly number[], data: DataView): V;
  update(value: V, change: RowChange, data: DataView): void;
  /**
   * `update` takes constant time and needs no row positions (a lookup map, not an order): the index
   * is patched after a commit of any size instead of rebuilt on next use.
   */
  constantUpdate?: boolean;
}

/** A write transaction: sees its own writes; committed as one IndexedDB transaction. */
export interface WriteTx extends DataView {
  put(kind: string, id: string, row: Row): void;
  delete(kind: string, id: string): void;
  /** A fresh numeric id, unique in the environment, 15-16 digits, exact in JSON. */
  nextId(): number;
}

/** Host clock: milliseconds since the epoch. Injectable so tests can fix it. */
export type HostClock = () => number;

/** Everything a product handler gets for one request. */
export interface EnvContext {
  env: Environment;
  /** Absolute base of the environment, e.g. `https://host/sim/env_…` (no trailing slash). */
  baseUrl: string;
  /** Raw (still percent-encoded) path after the environment base, starting with `/` (or ''). */
  path: string;
  /** The environment clock. */
  now(): Date;
  /**
   * Say, right after a read of `now()`, until when (environment ms) what was decided on it holds: a
   * read answered again later from memory may not outlive it (replay/time-terms.ts). Absent when
   * nothing keeps the answer.
   */
  holdsUntil?(ms: number): void;
  data: DataView;
  /**
   * Run `fn` as one atomic write. Throwing inside rolls everything back; nothing is stored. Every
   * kind of the environment is loaded first, unless `scope` names the only kinds the write touches.
   */
  write<T>(fn: (tx: WriteTx) => T | Promise<T>, scope?: WriteScope): Promise<T>;
  credentials: CredentialService;
}

/**
 * A write that touches (reads or changes) only `kinds`, after which the request reads no stored
 * record: only those kinds need loading first. A token issued right after a worker start then waits
 * for no large kind (100k invoices) to load. Touching another kind inside the
 * write throws; reading a kind still unloaded after it answers 500 (a request that has written
 * cannot be run again once the kind is in).
 */
export interface WriteScope {
  kinds: readonly string[];
}

/** Hono environment type for product routers: `c.env` is the EnvContext. */
export interface ProductBindings {
  Bindings: EnvContext;
}
export type ProductApp = Hono<ProductBindings>;

// ---- credentials -------------------------------------------------------------------------------

export type CredentialType = 'oauth-client' | 'soap-user' | 'api-user' | 'pat';

/** The fixed consumer scope OAuth clients are issued with (spec 000, Token endpoint). */
export const CONSUMER_SCOPE = 'urn:opc:resource:consumer::all';

/** Stored credential (kind `sim.credential`). Secrets exist only as salted PBKDF2 hashes. */
export interface StoredCredential extends Row {
  id: string;
  type: CredentialType;
  /** clientId, username, or (for a PAT) a non-secret token prefix used for display. */
  name: string;
  owner: string | null;
  privileges: string[];
  scope: string | null;
  salt: string;
  hash: string;
  /**
   * SHA-256 of the secret, so redaction can tell it in any text with one hash (journal/secrets.ts;
   * the secret is 128+ random bits, which a fast hash protects as well as PBKDF2). Absent on
   * credentials minted before it existed.
   */
  fingerprint?: string;
  /**
   * How `hash` was made: 'sha256' (salted SHA-256, every credential minted since generated secrets
   * stopped being stretched); absent: PBKDF2 with `iterations` (default 100,000).
   */
  scheme?: 'sha256';
  iterations?: number;
  createdAt: string;
}

export interface CredentialService {
  /** Active credential of `type` whose secret is `secret` and (when given) whose name is `name`. */
  verify(type: CredentialType, name: string | null, secret: string): Promise<StoredCredential | null>;
  /** Credential by id if it still exists (revoked credentials are deleted). */
  byId(id: string): StoredCredential | undefined;
}

// ---- products ----------------------------------------------------------------------------------

/** What a new environment of a product is provisioned with. */
export interface CredentialSpec {
  type: CredentialType;
  privileges?: string[];
  username?: string;
  owner?: string;
}

/** Seed writer: like a WriteTx, with the environment's clock at creation/reset time. */
export interface SeedContext {
  tx: WriteTx;
  rng: Rng;
  now: Date;
  env: Environment;
  /**
   * Long work (generate) awaits it once per document: it yields to the host when the current time
   * slice is used up, so other environments are answered meanwhile.
   */
  breathe?: () => Promise<void>;
}

/** Records related to a value: rows of `resource` whose (queryable) `column` equals it. */
export interface RelatedRef {
  resource: string;
  column: string;
  /** What the link shows, e.g. "This customer's invoices". */
  title: string;
}

/** A column as the UI's data browser and examples see it. */
export interface ColumnInfo {
  name: string;
  type: string;
  key?: boolean;
  readOnly?: boolean;
  queryable?: boolean;
  title?: string;
  related?: RelatedRef;
}

/** A browsable resource or form, described for the UI from the product's own definitions. */
export interface ResourceInfo {
  name: string;
  title: string;
  group: string;
  /** Collection path relative to the environment base, e.g. `/fscmRestApi/resources/11.13.18.05/receivablesInvoices`. */
  path: string;
  columns: ColumnInfo[];
  keys: string[];
  children: { name: string; title: string }[];
}

/** A ready-to-send request. Paths are relative to the environment base. */
export interface ExampleRequest {
  id: string;
  group: string;
  title: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** How the console authenticates it: bearer (OAuth token), basic (API user), pat, soap (WS-Security inside the body), none. */
  auth: 'bearer' | 'basic' | 'pat' | 'soap' | 'none';
  /** Expected status when sent to a freshly seeded environment. */
  expectStatus?: number;
  /**
   * Bearer requests only: sign with a remembered OAuth client holding exactly these privileges
   * (e.g. `[]`: the default client without receipt privileges, to show a 403).
   */
  privileges?: string[];
  /**
   * Send it this many times in a row: the answer is one that only many calls get (a throttle). The
   * console repeats it and stops at the first answer with `expectStatus`.
   */
  repeat?: number;
  /** The environment's limits profile the request needs (the console asks before switching it on). */
  limitsProfile?: 'real-product';
}

/** One entry of the error catalog: what it means and a request that reproduces it. */
export interface ErrorEntry {
  code: string;
  status: number;
  title: string;
  meaning: string;
  /** Spec reference, e.g. `000 Errors table`. */
  spec: string;
  reproduce?: ExampleRequest;
  /** How a client avoids it, when the meaning alone does not say (shown beside a matching response). */
  avoid?: string;
  /** Why there is no `reproduce` request (e.g. the feature is not simulated yet); the UI shows it. */
  notReproducible?: string;
  /**
   * For a code several entries share: a regular expression (case-insensitive) over
   * the answer's message that this entry's refusals match. An entry with one is chosen only when it
   * matches; entries without one are told apart by the resource and method their request addresses.
   */
  message?: string;
  /**
   * The general form of a code that other entries narrow to one resource (Invalid q beside "Credit
   * memo: q on a non-queryable attribute"): the answer is this entry when the request addresses none
   * of theirs, e.g. a typo in q on invoices.
   */
  general?: boolean;
  /**
   * Where the answer alone cannot tell entries apart (an empty 404, one message with several causes):
   * a regular expression over `METHOD path` of the requests that get this entry (case-sensitive, as
   * paths are; `(?i)` in front makes it insensitive), the path relative to the environment base, tried
   * as sent and decoded.
   */
  request?: string;
}

export interface ProductCatalog {
  resources: ResourceInfo[];
  examples: ExampleRequest[];
  errors: ErrorEntry[];
}

export interface Product {
  id: ProductId;
  title: string;
  /** Credentials every new environment gets. */
  defaultCredentials: CredentialSpec[];
  /** Which credential types the control API may add to environments of this product. */
  credentialTypes: CredentialType[];
  /** Write the deterministic seeded book. */
  seed(ctx: SeedContext): void;
  /**
   * Add `count` synthetic main documents (invoices, customers) for load and paging trials; the
   * control API's `generate` runs it as one write. Returns what it added, for the caller to show.
   */
  generate?(ctx: SeedContext, count: number, kind?: string): GenerateResult | Promise<GenerateResult>;
  /** What `generate` can add (`{"kind": ...}`); the first is the default. */
  generateKinds?: readonly string[];
  /**
   * Build, over the rows there are before a generate, the indexes a write's answer reads, so the
   * generate keeps them current instead of the first write after it building them over every row.
   */
  beforeGenerate?(data: DataView): void;
  /** Router for paths under the environment base (routing on EnvContext.path). */
  app: ProductApp;
  /** Background processes of the product (receivables: AutoMatch). */
  processes?: readonly ProductProcess[];
  /**
   * Every record kind the product stores and the shape of its rows: a snapshot import checks each
   * record against them before anything is written. A kind not listed is not imported.
   */
  recordKinds: Readonly<Record<string, KindSchema>>;
}

export interface GenerateResult {
  resource: string;
  added: number;
}

/**
 * A recurring product process. Nothing is timed (a service worker is killed when idle): due times
 * live in the environment's records, and the engine calls catchUp before the environment answers
 * each request, so a moved clock runs what became due. The control API forwards
 * `/_admin/environments/<key>/<name>[/...]` to `control` with the environment as `c.env`.
 */
/** How far a long control-API task has come (its committed parts): hosts pass it to a progress display. */
export interface WorkProgress {
  env: string;
  task: 'generate';
  /** Documents committed so far, of `total`. */
  done: number;
  total: number;
}

export interface ProductProcess {
  name: string;
  /** Run whatever is due by the environment clock; must be cheap when nothing is. */
  catchUp(ctx: EnvContext): Promise<void>;
  /** Control routes, relative to `/_admin/environments/<key>/<name>`. */
  control: ProductApp;
}
