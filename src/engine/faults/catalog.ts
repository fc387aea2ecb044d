/**
 * Error catalog entries of the answers the simulator injects on purpose (fault rules, issue 12 § 2;
 * resilience drills, issue 23). They are not spec behaviour, so they live here rather than in a
 * product's catalog, and every host's catalog lists them after the product's own entries: a drill
 * step, a journal entry and the Errors view all point at one entry per injected answer.
 */
import type { ErrorEntry, ProductId } from '../core/types.ts';
import { injectedCode } from './answers.ts';
import { reasonPhrase } from '../core/http.ts';
import { INJECTED_STATUSES } from './types.ts';

/** The catalog code of a dropped connection (it has no answer to carry a code). */
export const DROPPED_CODE = 'SIM-FAULT-DROP';

const HOW = 'Injected by the simulator only: add a fault rule in the Faults view, or start a resilience drill in the Drill view.';

/** What a client does with each status a rule may inject beyond 429, 500 and 503: its own advice each. */
const INJECTED_ADVICE: Record<number, string> = {
  400: 'Show the refusal and do not retry unchanged: a 400 says the request itself was refused, so a client logs it and fixes what it sent.',
  401: 'Fetch a new token (or re-read the credential) once and repeat the request; a second 401 means the credential itself is refused.',
  403: 'Do not retry: the credential lacks a privilege. Report which operation was refused so an administrator can grant it.',
  404: 'Treat the item as gone: re-read the collection before acting on it, and never create a duplicate to replace it blindly.',
  405: 'Check the method against what the resource offers (describe lists it) instead of retrying with the same one.',
  409: 'Read the current state of the record, then decide whether to retry; a conflict is not solved by sending the same request again.',
  413: 'Send a smaller body (fewer lines, or several requests); the same payload will be refused again.',
  415: 'Send the Content-Type the service accepts (application/json for REST, text/xml for SOAP) rather than retrying as is.',
  424: 'Fix the operation this one depended on first; a failed dependency resolves only when the earlier operation succeeds.',
  501: 'Fall back to a supported request: a 501 will not change on retry, so the client needs another way to do the same.',
  502: 'Retry after a delay, a bounded number of times: a gateway answer says nothing of whether the request reached the service; read before retrying a create.',
  504: 'Wait longer before a bounded retry: the gateway gave up waiting, so the request may still complete; read before creating again.',
};

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
    title: `${reasonPhrase(status)} (injected)`,
    meaning: `The simulator answered ${status} on purpose (a fault rule of kind "status"), whatever the request; ${status >= 500 ? 'as a failing server or gateway would' : 'the request was not carried out'}.`,
    spec: `${spec} ${limits}; RFC 9110 § 15 (status codes)`,
    avoid: INJECTED_ADVICE[status] ?? 'Handle the status as the product documents it; an injected one is not caused by the request.',
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
