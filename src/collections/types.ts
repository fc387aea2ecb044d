/**
 * Collections of requests (issue 24 § 3), shared by the playground and the Node host's runner: named
 * collections with folders, each request with its checks and the variables it sets from its answer.
 * A collection belongs to a product, not to an environment: it runs against any environment of it.
 * Pure data and functions: no DOM, no Node, no engine (the runner is given a fetch).
 */

export type Product = 'receivables' | 'odata';
export type AuthMode = 'bearer' | 'basic' | 'pat' | 'soap' | 'none';

export interface HeaderRow {
  name: string;
  value: string;
}

/** A request as the console holds it: relative path (or absolute URL), `{{variables}}` anywhere. */
export interface ItemRequest {
  method: string;
  path: string;
  headers: HeaderRow[];
  body: string;
  auth: AuthMode;
  /** Sign with an OAuth client holding exactly these privileges (the 403 examples). */
  privileges?: string[];
}

/** What an answer must show (a failed check fails the run). */
export type Check =
  | { kind: 'status'; equals: number }
  /** A JSON path (`$.items[0].InvoiceNumber`) exists, or equals the text given. */
  | { kind: 'json'; path: string; equals?: string }
  | { kind: 'header'; name: string; equals?: string };

/** A variable set from the answer: `$.CustomerTransactionId` (JSON path) or `header:Location`. */
export interface Capture {
  name: string;
  from: string;
}

export interface CollectionRequest {
  type: 'request';
  id: string;
  name: string;
  request: ItemRequest;
  checks: Check[];
  captures: Capture[];
}

export interface CollectionFolder {
  type: 'folder';
  id: string;
  name: string;
  items: CollectionItem[];
}

export type CollectionItem = CollectionRequest | CollectionFolder;

export interface Collection {
  id: string;
  name: string;
  product: Product;
  items: CollectionItem[];
  /** Variables the collection brings (e.g. an imported Postman collection's), below the environment's. */
  variables: { name: string; value: string }[];
  updatedAt: string;
}

/** One check's outcome. */
export interface CheckResult {
  label: string;
  pass: boolean;
  /** What was found when it failed. */
  detail?: string;
}

/** One request of a run. */
export interface RunStep {
  id: string;
  name: string;
  /** Folder names above the request. */
  folders: string[];
  method: string;
  url: string;
  status: number;
  ms: number;
  checks: CheckResult[];
  /** Variables it set. */
  captured: Record<string, string>;
  /** The request could not be sent or answered (dropped connection, no credential). */
  error?: string;
}

export interface RunReport {
  collection: string;
  environment: string;
  startedAt: string;
  ms: number;
  steps: RunStep[];
  passed: number;
  failed: number;
}

/** Every request of a collection in run order (depth first), with the folders above it. */
export function requestsInOrder(items: readonly CollectionItem[], folders: string[] = []): { item: CollectionRequest; folders: string[] }[] {
  return items.flatMap((i) => (i.type === 'request' ? [{ item: i, folders }] : requestsInOrder(i.items, [...folders, i.name])));
}

export function newId(): string {
  // crypto.randomUUID exists in browsers (secure contexts) and Node 19+.
  return globalThis.crypto.randomUUID();
}
