/**
 * The scenario library (issue 12 § 3): ready environments a trainer loads in one click. Each is data:
 * a product, and steps run in order on a freshly seeded environment, either control API calls
 * (relative to `/_admin/environments/<key>/`) or service requests (relative to the environment
 * base, authenticated with the environment's first credential). A new scenario needs no code.
 */

export interface ScenarioControlStep {
  control: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; path: string; body?: unknown };
}

export interface ScenarioRequestStep {
  request: { method: string; path: string; headers?: Record<string, string>; body?: string; auth: 'bearer' | 'basic' | 'none' };
  /** The status the step must get; anything else stops the load and removes the environment. */
  expect: number;
}

export type ScenarioStep = ScenarioControlStep | ScenarioRequestStep;

export interface Scenario {
  id: string;
  product: 'receivables' | 'odata';
  title: string;
  /** What the environment holds once loaded, and what to do with it. */
  summary: string;
  steps: ScenarioStep[];
  /** A control route the scenario needs (e.g. `faults`); the list says when this host lacks it. */
  needs?: string;
}

const RCPT = '/fscmRestApi/resources/11.13.18.05/standardReceipts';
const JSON_CT = { 'content-type': 'application/json' };

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'month-end-overdue',
    product: 'receivables',
    title: 'Month end: overdue customers',
    summary:
      'Forty more invoices dated today, then the clock moved 45 days on: most open invoices are past due (PaymentDaysLate, the Statement view). Practise the collections read: open balances by customer, oldest first.',
    steps: [
      { control: { method: 'POST', path: 'generate', body: { count: 40, kind: 'invoices' } } },
      { control: { method: 'PUT', path: 'clock', body: { advanceDays: 45 } } },
    ],
  },
  {
    id: 'cash-cycle',
    product: 'receivables',
    title: 'Cash cycle exercise',
    summary:
      'Twelve receipts waiting to be applied, their remittance references naming open invoices exactly, one typo away, wrongly or not at all; AutoMatch only on demand. Run it from the AutoMatch view and explain each applied, recommended and unmatched receipt.',
    steps: [
      { control: { method: 'PUT', path: 'automatch', body: { schedule: { enabled: false } } } },
      { control: { method: 'POST', path: 'generate', body: { count: 12, kind: 'receipts' } } },
    ],
  },
  {
    id: 'broken-integration-day',
    product: 'receivables',
    title: "A broken integration's day",
    summary:
      'A receipt already recorded (RETRY-0001: sent again without Upsert-Mode it gets AR_RCP_DUP_NUM), injected 503s on a third of the invoice reads, two 429s with Retry-After on receipt creation, then one 500 after the receipt was written, and answers 0.2-0.9 s slow. Make the client survive it: backoff, Retry-After, Upsert-Mode for receipts.',
    needs: 'faults',
    steps: [
      {
        request: {
          method: 'POST',
          path: RCPT,
          headers: JSON_CT,
          auth: 'bearer',
          body: JSON.stringify({ ReceiptNumber: 'RETRY-0001', ReceiptMethod: 'Check', ReceiptDate: '2026-01-15', BusinessUnit: 'US1 Business Unit', Amount: 250, Currency: 'USD', CustomerAccountNumber: '10010' }),
        },
        expect: 201,
      },
      { control: { method: 'POST', path: 'faults', body: { kind: 'status', method: 'GET', path: '/fscmRestApi/resources/*/receivablesInvoices*', status: 503, retryAfter: 2, probability: 0.33, note: 'The ERP is overloaded: retry after the Retry-After seconds.' } } },
      { control: { method: 'POST', path: 'faults', body: { kind: 'status', method: 'POST', path: '*/standardReceipts', status: 429, retryAfter: 2, count: 2, note: 'Rate limited twice: wait, then send again.' } } },
      { control: { method: 'POST', path: 'faults', body: { kind: 'status', method: 'POST', path: '*/standardReceipts', status: 500, when: 'after', count: 1, note: 'Fails after the write: retry with Upsert-Mode, never blindly.' } } },
      { control: { method: 'POST', path: 'faults', body: { kind: 'latency', path: '*', latencyMs: [200, 900] } } },
    ],
  },
  {
    id: 'odata-collections',
    product: 'odata',
    title: 'OData: a busy customer book',
    summary:
      'Three hundred more customers with contacts and invoices, the clock 30 days on. Page with $top/$skip and nextLink, filter on balances, expand contacts, and read the OData errors a careless $filter earns.',
    steps: [
      { control: { method: 'POST', path: 'generate', body: { count: 300 } } },
      { control: { method: 'PUT', path: 'clock', body: { advanceDays: 30 } } },
    ],
  },
];
