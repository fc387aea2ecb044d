/**
 * Error catalog entries of the answers the simulator injects on purpose (fault rules, issue 12 § 2;
 * resilience drills, issue 23). They are not spec behaviour, so they live here rather than in a
 * product's catalog, and every host's catalog lists them after the product's own entries: a drill
 * step, a journal entry and the Errors view all point at one entry per injected answer.
 */
import type { ErrorEntry, ProductId } from '../core/types.ts';
import { injectedCode, TITLES } from './answers.ts';
import { INJECTED_STATUSES } from './types.ts';

/** The catalog code of a dropped connection (it has no answer to carry a code). */
export const DROPPED_CODE = 'SIM-FAULT-DROP';

const HOW = 'Injected by the simulator only: add a fault rule in the Faults view, or start a resilience drill in the Drill view.';

export function injectedErrors(product: ProductId): ErrorEntry[] {
  // Each product's entries cite its own spec first, in its catalog's style ("000 ", "001 § ").
  const spec = product === 'receivables' ? '000' : '001 §';
  const limits = product === 'receivables' ? 'Limits, Rate limiting, Idempotency keys (not enforced)' : 'Limits, Concurrency (none: last write wins)';
  const writes =
    product === 'receivables'
      ? 'Invoices Create rule 5 (a retried POST creates a new invoice); Standard receipts (Upsert-Mode: true returns the existing receipt)'
      : 'States and transitions (POST CUSTOMERS: 409 if key exists); Errors table, Key already exists on customer create (a POST is not idempotent)';
  const own = new Set([429, 500, 503]);
  // The other statuses a status rule may answer: one entry each, so their journal entries are explained too.
  const others: ErrorEntry[] = INJECTED_STATUSES.filter((s) => !own.has(s)).map((status) => ({
    code: injectedCode(status),
    status,
    title: `${TITLES[status]} (injected)`,
    meaning: `The simulator answered ${status} on purpose (a fault rule of kind "status"), whatever the request; ${status >= 500 ? 'as a failing server or gateway would' : 'the request was not carried out'}.`,
    spec: `${spec} ${limits}; RFC 9110 § 15 (status codes)`,
    avoid: status === 502 || status === 504 ? 'Retry after a delay, a bounded number of times: a gateway answer says nothing of whether the request reached the service; read before retrying a create.' : 'Handle the status as the product documents it; an injected one is not caused by the request.',
    notReproducible: HOW,
  }));
  return [
    {
      code: injectedCode(429),
      status: 429,
      title: 'Too Many Requests (injected)',
      meaning: 'The simulator answered 429 with a Retry-After header on purpose, as a throttling gateway would; the request was not carried out.',
      spec: `${spec} ${limits}; RFC 6585 § 4 (429) and RFC 9110 § 10.2.3 (Retry-After)`,
      avoid: 'Wait at least the Retry-After seconds, then send the same request again.',
      notReproducible: HOW,
    },
    {
      code: injectedCode(503),
      status: 503,
      title: 'Service Unavailable (injected)',
      meaning: 'The simulator answered 503 on purpose, as an overloaded or restarting service would; the request was not carried out.',
      spec: `${spec} ${limits}; RFC 9110 § 15.6.4 (503: a temporary condition)`,
      avoid: 'Retry after a delay (at least a few hundred milliseconds, growing with each attempt), a bounded number of times.',
      notReproducible: HOW,
    },
    {
      code: injectedCode(500),
      status: 500,
      title: 'Internal Server Error (injected)',
      meaning: 'The simulator answered 500 on purpose; when injected after the write (fault rule "when": "after", drill step server-error-after-write) the record was committed although the answer says it failed.',
      spec: `${spec} ${writes}; ${limits}`,
      avoid: product === 'receivables' ? 'Do not retry a create blindly: retry a receipt with Upsert-Mode: true, and read before retrying an invoice.' : 'Do not retry a create blindly: read the record back (by its key or a field you set) before retrying.',
      notReproducible: HOW,
    },
    {
      code: DROPPED_CODE,
      status: 0,
      title: 'Connection dropped (injected)',
      meaning: 'The simulator closed the connection without an answer on purpose, as a network failure would; whether the request was carried out depends on the rule (before or after handling).',
      spec: `${spec} ${writes}; ${limits}`,
      avoid: 'A dropped connection says nothing about the outcome: read to find out whether the write happened, then create it if it did not.',
      notReproducible: HOW,
    },
    ...others,
  ];
}
