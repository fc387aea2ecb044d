/** Collections the collection tests share (issue 24 § 3). */
import type { Collection, CollectionItem } from '../../src/collections/types.ts';

export const REST = '/fscmRestApi/resources/11.13.18.05';

const memoBody = JSON.stringify(
  {
    BusinessUnit: 'US1 Business Unit',
    TransactionNumber: '{{memoNumber}}',
    TransactionDate: '2026-01-15',
    BillToCustomerNumber: '10010',
    CreditMemoCurrency: 'USD',
    receivablesCreditMemoLines: [{ LineNumber: 1, LineDescription: 'Damaged pump housing', LineAmountCredit: 420.5 }],
  },
  null,
  2,
);

/** Create a credit memo, read it back by the id the create answered, and one request whose check fails when `failing`. */
export function memoCollection(failing = false): Collection {
  const items: CollectionItem[] = [
    {
      type: 'folder',
      id: 'f1',
      name: 'Credit memos',
      items: [
        {
          type: 'request',
          id: 'r1',
          name: 'Create a credit memo',
          request: { method: 'POST', path: `${REST}/receivablesCreditMemos`, headers: [{ name: 'Content-Type', value: 'application/json' }], body: memoBody, auth: 'bearer' },
          checks: [{ kind: 'status', equals: 201 }, { kind: 'json', path: '$.TransactionNumber', equals: '{{memoNumber}}' }],
          captures: [{ name: 'memoId', from: '$.CustomerTransactionId' }],
        },
        {
          type: 'request',
          id: 'r2',
          name: 'Read it back',
          request: { method: 'GET', path: `${REST}/receivablesCreditMemos/{{memoId}}?onlyData=true`, headers: [], body: '', auth: 'bearer' },
          checks: [
            { kind: 'status', equals: 200 },
            { kind: 'json', path: '$.CreditMemoStatus', equals: 'Complete' },
            { kind: 'header', name: 'Content-Type' },
          ],
          captures: [],
        },
      ],
    },
    {
      type: 'request',
      id: 'r3',
      name: 'Receipts without receipt privileges',
      request: { method: 'GET', path: `${REST}/standardReceipts?limit=1`, headers: [], body: '', auth: 'bearer', privileges: [] },
      checks: [{ kind: 'status', equals: failing ? 200 : 403 }],
      captures: [],
    },
  ];
  return { id: 'c1', name: 'Credit memo round trip', product: 'receivables', items, variables: [{ name: 'memoNumber', value: 'CM-9001' }], updatedAt: '2026-03-15T10:00:00.000Z' };
}
