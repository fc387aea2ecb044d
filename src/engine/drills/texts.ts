/**
 * The words of a drill's steps (issue 23 § Contract), per product: which request a step fits, what
 * it expects, the rule a good client follows (the spec's where it speaks, HTTP's where it is silent)
 * and what that client does. Documentation, like the catalogs: the host loads it with the product's
 * teaching catalog (teaching/catalog.ts), so it stays out of the service-worker bundle; the worker
 * judges by plan.ts and fills these in when a report is read.
 */
import type { ProductId } from '../core/types.ts';
import { MIN_BACKOFF_MS, RETRY_AFTER_S, SLOW_MS, STEP_KINDS, type StepKind } from './types.ts';

type PerProduct = Record<ProductId, string>;

export interface StepText {
  title: string;
  appliesTo: string;
  expect: string;
  rule: string;
  /** What a good client does, in one sentence (ends every explanation). */
  good: string;
}

export type DrillTexts = Record<StepKind, StepText>;

interface StepWords {
  title: string;
  appliesTo: PerProduct;
  expect: PerProduct;
  rule: PerProduct;
  good: PerProduct;
}

const both = (text: string): PerProduct => ({ receivables: text, odata: text });

const READS: PerProduct = {
  receivables: 'the next read: a GET of the REST resources (not /oauth/token, not SOAP)',
  odata: 'the next read: a GET of the OData service (not a $batch)',
};
const CREATES: PerProduct = {
  receivables: 'the next create: a REST POST to a collection (an invoice, a receipt, a credit memo, a line or a reference) or a SOAP createSimpleInvoice',
  odata: 'the next create: a POST to an entity set or a subform (not a $batch)',
};

const WORDS: Record<StepKind, StepWords> = {
  'token-expired': {
    title: 'The credential expires',
    appliesTo: {
      receivables: 'the next REST request presenting a live bearer token (SOAP credentials do not expire: spec 000 § Authentication 4)',
      odata: 'the next OData request with a valid API user or personal access token',
    },
    expect: {
      receivables: 'A new token from POST /oauth/token and the same request repeated with it within 30 s.',
      odata: 'The same request repeated with a valid credential within 30 s (once, not in a loop).',
    },
    rule: {
      receivables: 'spec 000 § Authentication 1 (tokens are valid 1 hour; there is no refresh endpoint) and 3 (an expired token gives 401 REST-01401)',
      odata: 'spec 001 § Authentication 1-2 (HTTP Basic on every request; a refused API user or PAT gives the empty 401 with WWW-Authenticate: Basic); credentials do not expire, so the drill refuses it once, as after a rotation',
    },
    good: {
      receivables: 'On 401 REST-01401 a good client fetches a new token from /oauth/token and repeats the request once with it.',
      odata: 'On the empty 401 a good client re-reads its API user or PAT (it may have been rotated in settings) and repeats the request once; it never loops.',
    },
  },
  'rate-limited': {
    title: 'Rate limited',
    appliesTo: READS,
    expect: both(`The same request again no sooner than ${RETRY_AFTER_S} s later (Retry-After: ${RETRY_AFTER_S}) and within 60 s.`),
    rule: {
      receivables: 'RFC 6585 § 4 (429) and RFC 9110 § 10.2.3 (Retry-After: the seconds to wait); spec 000 § Limits enforces no rate limit, so the simulator injects it',
      odata: 'RFC 6585 § 4 (429) and RFC 9110 § 10.2.3 (Retry-After: the seconds to wait); spec 001 § Limits sets no rate limit, so the simulator injects it',
    },
    good: both('On 429 a good client waits at least the Retry-After seconds, then sends the same request again.'),
  },
  unavailable: {
    title: 'Service unavailable',
    appliesTo: READS,
    expect: both(`A retry of the same request after a delay of at least ${MIN_BACKOFF_MS} ms, within 60 s.`),
    rule: both('RFC 9110 § 15.6.4 (503 is a temporary condition: retry later); the spec documents no 503, so the simulator injects it'),
    good: both('On 503 a good client backs off (a few hundred milliseconds, growing with each attempt) and retries the same request a bounded number of times.'),
  },
  'server-error-after-write': {
    title: 'Server error after the write',
    appliesTo: { receivables: `${CREATES.receivables}, once it is committed`, odata: `${CREATES.odata}, once it is committed` },
    expect: {
      receivables: 'No second record from a retry: a retry with Upsert-Mode, or a read before retrying, passes; an identical receipt refused as a duplicate passes; a blind retry that creates a duplicate fails.',
      odata: 'No second record from a retry: a read before retrying passes; a retry refused because the key exists (409) passes; a blind retry that creates a duplicate fails.',
    },
    rule: {
      receivables: 'spec 000 § Invoices create rule 5 (retrying a POST creates a new invoice), § Standard receipts (Upsert-Mode: true returns the existing receipt) and Receipt rule 1 (AR_RCP_DUP_NUM); § Limits: idempotency keys are not enforced',
      odata: 'spec 001 § Errors table (a customer key that exists gives 409) and § Limits (concurrency: none): a POST is not idempotent',
    },
    good: {
      receivables: 'A 500 after a write may hide a committed record: a good client retries a receipt with Upsert-Mode: true and reads before retrying an invoice.',
      odata: 'A 500 after a write may hide a committed record: a good client reads it back (by its key or a field it set) before retrying.',
    },
  },
  'connection-dropped-before-write': {
    title: 'Connection dropped before the write',
    appliesTo: { receivables: `${CREATES.receivables}; it is not carried out`, odata: `${CREATES.odata}; it is not carried out` },
    expect: both('The record exists exactly once within 60 s: the client finds out it was not made and sends the create again.'),
    rule: {
      receivables: 'spec 000 § Invoices create rule 5 and § Limits (no idempotency keys): a dropped connection says nothing about the outcome; Upsert-Mode: true makes a receipt retry safe either way',
      odata: 'spec 001 § Limits (concurrency: none): a dropped connection says nothing about the outcome; read, then create',
    },
    good: both('After a dropped connection a good client reads whether the record exists and creates it when it does not, so it exists exactly once.'),
  },
  'slow-answer': {
    title: 'A slow answer',
    appliesTo: READS,
    expect: both(`Informational: whether the client waited ${SLOW_MS / 1000} s, timed out and retried, or gave up.`),
    rule: both('Neither spec fixes response times; informational'),
    good: both('A good client sets a timeout on every call and retries a read that timed out (a write only when it is safe to).'),
  },
  // Optional, and only under the OData real-limits profile: the product's own throttling answer.
  throttled: {
    title: 'Throttled (real-limits profile)',
    appliesTo: {
      receivables: 'nothing: the step belongs to OData environments under the real-limits profile (a drill with it cannot start here)',
      odata: 'the next OData request (a $batch too) with a valid API user or personal access token, while the environment runs the real-limits profile',
    },
    expect: {
      receivables: 'Not applicable to the receivables product.',
      odata: `No call of that user before Retry-After (${RETRY_AFTER_S} s) has passed, then the same request again within 60 s. Any call of the user sooner is refused 429 again and fails the step.`,
    },
    rule: {
      receivables: 'spec 000 § Limits enforces no rate limit; the real-limits profile is an OData convention beyond spec 001',
      odata: `spec 001 § Limits sets no rate limit; the real-limits profile follows the emulated product's documented request limits (100 calls a minute per user, 10 running and 5 waiting), which refuse every call of the user with 429 until Retry-After has passed (RFC 6585 § 4, RFC 9110 § 10.2.3)`,
    },
    good: {
      receivables: 'A good client never meets this step here.',
      odata: 'On the throttling 429 a good client pauses every call of that user for the Retry-After seconds, then sends the refused request again.',
    },
  },
};

/** The texts of every step, for one product. */
export function drillTexts(product: ProductId): DrillTexts {
  return Object.fromEntries(
    STEP_KINDS.map((kind) => {
      const w = WORDS[kind];
      return [kind, { title: w.title, appliesTo: w.appliesTo[product], expect: w.expect[product], rule: w.rule[product], good: w.good[product] }];
    }),
  ) as DrillTexts;
}
