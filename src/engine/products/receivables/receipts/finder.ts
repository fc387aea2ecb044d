/**
 * StandardReceiptsFinder (spec 000 § Receipt rule 3): ReceiptNumber, ReceiptDate and
 * CustomerAccountNumber; the real product's BusinessUnit, CustomerName and CustomerSite variables
 * are refused by name.
 */
import type { Row } from '../../../core/types.ts';
import type { FinderDef } from '../rest/types.ts';

const VARIABLES = ['ReceiptNumber', 'ReceiptDate', 'CustomerAccountNumber'] as const;

export const receiptsFinder: FinderDef = {
  name: 'StandardReceiptsFinder',
  variables: [
    { name: 'ReceiptNumber', type: 'string' },
    { name: 'ReceiptDate', type: 'date' },
    { name: 'CustomerAccountNumber', type: 'string' },
  ],
  refusedVariables: ['BusinessUnit', 'CustomerName', 'CustomerSite'],
  resolve: (vars) => ({
    filter: (row: Row) => VARIABLES.every((v) => vars[v] === undefined || String(row[v] ?? '') === vars[v]),
  }),
};
