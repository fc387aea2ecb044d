/**
 * The lessons (issue 12 § 5), as data: each step's goal is checked from the journal (check.ts), so
 * any client counts, the console or the trainee's own program. Add a lesson by adding an object.
 */
import type { Lesson } from './types.ts';
import { CONVENTION_LESSONS } from './conventions.ts';

const INV = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const RCPT = '/fscmRestApi/resources/11.13.18.05/standardReceipts';

export const LESSONS: readonly Lesson[] = [
  {
    id: 'get-a-token',
    product: 'receivables',
    title: 'Get a token',
    summary: 'The receivables API takes OAuth 2 bearer tokens from the client credentials grant. Ask for one, then call the API with it.',
    steps: [
      {
        id: 'token',
        title: 'Get an access token from POST /oauth/token',
        how: 'Console, OAuth > "Get an access token": form-encoded grant_type=client_credentials, the consumer scope, your client id and secret. Expect 200 with access_token and expires_in.',
        goal: { kind: 'seen', pattern: { service: 'oauth', method: 'POST', path: '^/oauth/token', status: 200 } },
      },
      {
        id: 'use',
        title: 'Call a resource with Authorization: Bearer <token>',
        how: 'Any GET, e.g. Invoices > "List invoices". Without the header (or with a wrong token) the answer is 401 REST-01401.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', status: 200, requestHeader: { name: 'authorization', pattern: '^Bearer ' } } },
      },
    ],
  },
  {
    id: 'page-through-invoices',
    product: 'receivables',
    title: 'Page through every invoice',
    summary: 'Collections answer a page at a time (limit, default 25) with hasMore. Read all of them, without filters, following offset until hasMore is false.',
    steps: [
      {
        id: 'first-page',
        title: 'Read a first page with an explicit limit',
        how: `GET ${INV}?limit=50 — look at count, hasMore, limit and offset at the end of the answer.`,
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: `^${INV.replace(/\./g, '\\.')}\\?(.*&)?limit=`, status: 200 } },
      },
      {
        id: 'all-pages',
        title: 'Read the following pages until hasMore is false',
        how: 'Add offset=<offset + limit> each time. No q or finder: every invoice of the environment must come by.',
        goal: { kind: 'covers', path: INV, resource: 'receivablesInvoices' },
      },
    ],
  },
  {
    id: 'sync-incrementally',
    product: 'receivables',
    title: 'Sync incrementally',
    summary: 'Instead of reading everything again, ask for what changed since your last watermark: q=LastUpdateDate > \'<the highest LastUpdateDate you saw>\'.',
    steps: [
      {
        id: 'watermark',
        title: 'Read the invoices changed since a watermark',
        how: 'Console, Invoices > "Incremental sync: changed since a watermark". Keep the highest LastUpdateDate of the answer as your next watermark.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: `receivablesInvoices\\?(.*&)?q=[^&]*LastUpdateDate`, status: 200 } },
      },
      {
        id: 'change',
        title: 'Change an invoice (create one, or PATCH one)',
        how: 'Invoices > "Create an invoice…" or "Freeze …". Its LastUpdateDate moves past your watermark.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'POST|PATCH', path: 'receivablesInvoices', status: '2xx' } },
      },
      {
        id: 'again',
        title: 'Ask again with your new watermark: only the change comes back',
        how: 'The same request with q=LastUpdateDate > \'<new watermark>\'.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: `receivablesInvoices\\?(.*&)?q=[^&]*LastUpdateDate`, status: 200 } },
      },
    ],
  },
  {
    id: 'automatch-applies',
    product: 'receivables',
    title: 'Record a payment and watch AutoMatch apply it',
    summary: 'A receipt with a remittance reference naming an open invoice is applied by AutoMatch shortly after it is created. The create answers UNAPPLIED; a later read shows APPLIED.',
    steps: [
      {
        id: 'receipt',
        title: 'Record a standard receipt with a remittance reference',
        how: 'Console, "Cash cycle (guided)" > the receipt create request (the client needs AR_CREATE_RECEIVABLES_RECEIPT_PRIV).',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'POST', path: `^${RCPT.replace(/\./g, '\\.')}(\\?|$)`, status: 201 } },
      },
      {
        id: 'applied',
        title: 'Read the receipt again once AutoMatch applied it (State APPLIED)',
        how: 'AutoMatch runs a few seconds after the create, before the next request (or run it now in the AutoMatch view; moving the clock works too). Then "Cash cycle (guided)" > "2. Read it back", or GET the receipt by its StandardReceiptId.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', path: `^${RCPT.replace(/\./g, '\\.')}(/\\d+(\\?|$)|\\?(.*&)?q=[^&]*ReceiptNumber)`, status: 200, responseBody: '"State"\\s*:\\s*"APPLIED"' } },
      },
    ],
  },
  {
    id: 'survive-a-fault',
    product: 'receivables',
    title: 'Survive an injected fault with a safe retry',
    summary: 'A receipt POST can fail after the receipt was written (a timeout, a 500). Retrying blindly either duplicates it or earns AR_RCP_DUP_NUM; Upsert-Mode: true answers the receipt already recorded.',
    scenario: 'broken-integration-day',
    steps: [
      {
        id: 'fault',
        title: 'Meet an injected failure on a receipt POST',
        how: 'Add a fault rule (Faults view: POST */standardReceipts, 500, "after" the write), or load the scenario "A broken integration\'s day". Then send a receipt create.',
        goal: { kind: 'seen', pattern: { method: 'POST', path: 'standardReceipts', injected: true } },
      },
      {
        id: 'retry',
        title: 'Retry the same receipt with Upsert-Mode: true',
        how: 'Standard receipts > "Retry-safe create": the same body with the header Upsert-Mode: true answers the existing receipt instead of a duplicate error.',
        goal: { kind: 'seen', pattern: { method: 'POST', path: 'standardReceipts', status: '2xx', injected: false, requestHeader: { name: 'upsert-mode', pattern: '^true$' } } },
      },
    ],
  },
  {
    id: 'drill-by-hand',
    product: 'receivables',
    title: 'Walk through a resilience drill by hand',
    summary:
      'A drill injects the documented failures into your own traffic, one after another, and judges what you do next: a token that expires, a 429 with Retry-After, a 503, a 500 after a committed write, a dropped connection, an 8 s answer. Here the console is the client and you are its retry logic; the Drill view shows each verdict as it comes.',
    steps: [
      {
        id: 'expired',
        title: 'Start the standard plan, then read invoices: your token expires',
        how: 'Drill view: "Start the standard plan". Console, Invoices > "List invoices (newest first)", Send. The answer is 401 REST-01401, marked drill-1 step 1; the console fetches a new token and repeats the request by itself, which is what a good client does (spec 000 § Authentication 1 and 3).',
        goal: { kind: 'seen', pattern: { drill: '^token-expired$', status: 401 } },
      },
      {
        id: 'rate-limited',
        title: 'Send the read again: 429 Too Many Requests with Retry-After: 2',
        how: 'The same request, Send. Look at the Retry-After header of the answer: the seconds to wait (RFC 9110 § 10.2.3).',
        goal: { kind: 'seen', pattern: { drill: '^rate-limited$', status: 429 } },
      },
      {
        id: 'waited',
        title: 'Wait two seconds, then send the same request',
        how: 'Count to three and Send. Sent sooner, the Drill view fails step 2.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', status: 200, injected: false } },
      },
      {
        id: 'unavailable',
        title: 'Send it again: 503 Service Unavailable',
        how: 'Send. A 503 is temporary: the request was not carried out.',
        goal: { kind: 'seen', pattern: { drill: '^unavailable$', status: 503 } },
      },
      {
        id: 'backed-off',
        title: 'Back off a moment, then retry',
        how: 'Wait at least 200 ms (a breath is plenty) and Send again.',
        goal: { kind: 'seen', pattern: { service: 'rest', method: 'GET', status: 200, injected: false } },
      },
      {
        id: 'committed',
        title: 'Create a receipt: 500, although it was recorded',
        how: 'Console, Standard receipts > "Retry-safe create: Upsert-Mode answers the existing receipt on a duplicate", Send. The receipt was committed, then the answer was replaced by a 500.',
        goal: { kind: 'seen', pattern: { drill: '^server-error-after-write$', status: 500 } },
      },
      {
        id: 'upsert',
        title: 'Send it again unchanged: Upsert-Mode answers the receipt you already made',
        how: 'Send the same request (it carries Upsert-Mode: true): 200 with the existing receipt, no duplicate (spec 000 § Standard receipts).',
        goal: { kind: 'seen', pattern: { method: 'POST', path: 'standardReceipts', status: 200, requestHeader: { name: 'upsert-mode', pattern: '^true$' } } },
      },
      {
        id: 'dropped',
        title: 'Create another receipt: the connection drops',
        how: 'Change ReceiptNumber to a new value and Send. The console reports a network error: nothing was recorded this time.',
        goal: { kind: 'seen', pattern: { drill: '^connection-dropped-before-write$', status: 0 } },
      },
      {
        id: 'created',
        title: 'Send it again: the receipt is created once',
        how: 'Send the same request: 201. With Upsert-Mode the retry would have been safe even if the first had been carried out. The drill watches for a minute after the dropped connection that no second receipt comes, then passes the step.',
        goal: { kind: 'seen', pattern: { method: 'POST', path: 'standardReceipts', status: 201 } },
      },
      {
        id: 'slow',
        title: 'Read once more and wait: the answer takes 8 s',
        how: 'Once the Drill view shows step 5 passed (a minute after the dropped connection), Invoices > "List invoices", Send, and wait for it. Then open the Drill view: the score, each verdict with its rule and journal entries, and "Download JUnit XML".',
        goal: { kind: 'seen', pattern: { drill: '^slow-answer$', status: 200 } },
      },
    ],
  },
  ...CONVENTION_LESSONS.filter((l) => l.product === 'receivables'),
  {
    id: 'read-an-odata-error',
    product: 'odata',
    title: 'Read an OData error',
    summary: 'OData answers errors as {"error": {"code", "message"}}. The message names what is wrong; fix the request from it.',
    steps: [
      {
        id: 'error',
        title: 'Send a query with a mistake in $filter and read the error',
        how: 'Console, e.g. CUSTOMERS?$filter=NOPE eq 1 (an unknown property) or a string without quotes. The Journal explains the code.',
        goal: { kind: 'seen', pattern: { service: 'odata', method: 'GET', path: '\\$filter=', status: '4xx', inBatch: false } },
      },
      {
        id: 'fixed',
        title: 'Fix the $filter from the message: 200',
        how: 'Correct the property name or quoting, e.g. CUSTOMERS?$filter=STATDES eq \'Active\'.',
        goal: { kind: 'seen', pattern: { service: 'odata', method: 'GET', path: '\\$filter=', status: 200, inBatch: false } },
      },
    ],
  },
  {
    id: 'batch-failure',
    product: 'odata',
    title: 'Run a $batch and spot the operation that failed',
    summary: 'A JSON $batch answers 200 as a whole; each operation has its own status. Writes run in order and a failure does not roll back the others.',
    steps: [
      {
        id: 'batch',
        title: 'Run a $batch',
        how: 'Console, Batch > "Batch of reads" (POST $batch with {"requests": [...]}).',
        goal: { kind: 'seen', pattern: { service: 'batch', method: 'POST', status: 200 } },
      },
      {
        id: 'failed',
        title: 'Run a $batch in which one operation fails',
        how: 'Change one operation, e.g. a customer key that does not exist, or a POST missing a required field. The outer answer is still 200: find the failing operation\'s status in "responses".',
        goal: { kind: 'seen', pattern: { service: 'odata', inBatch: true, status: '4xx' } },
      },
      {
        id: 'fixed',
        title: 'Fix that operation and send the $batch again: every operation succeeds',
        how: 'Correct the operation the failure named.',
        goal: { kind: 'seen', pattern: { service: 'batch', method: 'POST', status: 200, batchAllSucceeded: true } },
      },
    ],
  },
  ...CONVENTION_LESSONS.filter((l) => l.product === 'odata'),
];
