/**
 * Two lessons on the real products' conventions beyond the specs (ETags of the receivables REST
 * framework; the OData product's real-limits profile), each step checked from the journal like the
 * others. Plain data, self-contained: LESSONS (lessons.ts) lists them after its own.
 */
import type { Lesson } from './types.ts';

/** An invoice item (not a child, not an action, no describe). */
const INVOICE_ITEM = 'receivablesInvoices/\\d+(\\?|$)';

export const CONVENTION_LESSONS: readonly Lesson[] = [
  {
    id: 'dont-overwrite',
    product: 'receivables',
    title: "Don't overwrite a colleague's change",
    summary:
      'Every invoice answer carries an ETag that changes when the invoice (or one of its lines or installments) changes. Send it back in If-Match and an update made on a stale copy is refused with 412 instead of silently overwriting what a colleague just saved. This is the real framework’s convention; the specification leaves it out.',
    steps: [
      {
        id: 'read',
        title: 'Read one invoice and note its ETag',
        how: 'Console, Real-product conventions > "Read … note its ETag header", Send. Copy the ETag response header, quotes included.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: INVOICE_ITEM, status: 200, injected: false } },
      },
      {
        id: 'colleague',
        title: 'Play the colleague: change the invoice',
        how: 'Invoices > "Freeze …" (or any PATCH of the same invoice), Send. Its ETag changes.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'PATCH', path: INVOICE_ITEM, status: 200, injected: false } },
      },
      {
        id: 'refused',
        title: 'Update with the ETag you read first: 412 Precondition Failed',
        how: 'Real-product conventions > "Freeze … only if unchanged", paste the first ETag into If-Match, Send. The answer is 412 SIM-REST-4120 and the invoice is unchanged.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'PATCH|DELETE', path: INVOICE_ITEM, status: 412 } },
      },
      {
        id: 'reread',
        title: 'Read the invoice again',
        how: 'Send the read again: look at what the colleague changed and take the new ETag.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: INVOICE_ITEM, status: 200, injected: false } },
      },
      {
        id: 'update',
        title: 'Update with the new ETag in If-Match',
        how: 'The conditional PATCH again with the new ETag: it answers 200.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'PATCH', path: INVOICE_ITEM, status: 200, injected: false, requestHeader: { name: 'if-match', pattern: '.' } } },
      },
    ],
  },
  {
    id: 'back-off-when-throttled',
    product: 'odata',
    title: 'Back off when throttled',
    summary:
      'The real product allows a user 100 calls a minute and 10 running requests (5 more wait). The simulator follows the specification and throttles nothing until you switch on the real-limits profile; then a burst meets 429 with Retry-After, and a good client waits that long before it sends again.',
    steps: [
      {
        id: 'throttled',
        title: 'Switch on the real limits and send reads until one answers 429',
        how: 'Environments: tick "Apply the real product\'s limits". Console, Customers > a read; Send it more than 100 times within a minute (a collection run with 101 iterations does it). Look at Retry-After.',
        goal: { kind: 'seen', pattern: { service: 'odata', status: 429, injected: false } },
      },
      {
        id: 'backed-off',
        title: 'Wait the Retry-After seconds, then send the read again',
        how: 'Wait as long as Retry-After says (the environment clock counts: moving it a minute on also works), then Send: 200.',
        goal: { kind: 'seen', pattern: { service: 'odata', method: 'GET', status: 200, injected: false } },
      },
    ],
  },
];
