/**
 * Fault and latency injection rules, stored with the environment (kind
 * `sim.fault-rule`, which a reset keeps) and matched against each request by method and path.
 */
import { REASON_PHRASES } from '../core/http.ts';
import type { ProductId, Row } from '../core/types.ts';

export const FAULT_KIND = 'sim.fault-rule';
export const FAULT_KINDS = ['latency', 'status', 'drop', 'expire-token'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/**
 * Statuses a status rule may answer: every 4xx and 5xx the products' error catalogs document, the
 * throttling and outage answers (429, 503) and what a gateway in front of them answers (502, 504).
 */
export const INJECTED_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 424, 429, 500, 501, 502, 503, 504] as const;
/** Characters of a status rule's fixed body. */
export const MAX_FAULT_BODY = 16_384;
export type InjectedStatus = (typeof INJECTED_STATUSES)[number];
// Every status a rule may answer has its reason phrase (a compile-time check).
REASON_PHRASES satisfies Record<InjectedStatus, string>;

/** Statuses after which the same request may succeed later. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Response header that marks an injected answer with the rule's id. */
export const INJECTED_HEADER = 'x-sim-injected';
export const MAX_RULES = 50;
export const MAX_LATENCY_MS = 30_000;

/** A rule as posted (validated), before it gets its id. */
export interface FaultRuleInput {
  kind: FaultKind;
  /** Defaults to the environment's product; a rule never matches another product. */
  product: ProductId;
  /** `*` or one method. */
  method: string;
  /** Relative to the environment base, without the query; `*` matches any run of characters. */
  path: string;
  /** Added latency: fixed, or a [min, max] range drawn per request. */
  latencyMs?: number | [number, number];
  status?: InjectedStatus;
  /** A fixed answer body instead of the product-styled one: a text, or JSON (an object or array). */
  body?: string | Record<string, unknown> | unknown[];
  /** The fixed body's content type (default: application/json for JSON, text/plain for a text). */
  contentType?: string;
  /** Seconds, sent as Retry-After (429 always has one). */
  retryAfter?: number;
  /** `after`: the real handling runs (its writes stay), then the answer is replaced. */
  when: 'before' | 'after';
  /** Chance per matching request (drawn from a generator seeded per environment and rule). */
  probability: number;
  /** Fires at most this many times. */
  count?: number;
  note?: string;
}

export interface FaultRule extends Row, FaultRuleInput {
  id: string;
  /** Times fired so far (persisted lazily, after the answer). */
  fired: number;
  createdAt: string;
}
