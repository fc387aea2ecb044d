/**
 * PAY (payment terms) with PAYITEMS_SUBFORM, and ACCOUNTS_RECEIVABLE (customer balances). Both
 * read-only; the spec shows none of their properties, so they are designed from the real product
 * (docs/reference/odata.md).
 */
import { D, form, I, S, T } from './define.ts';

export const PAY = form({
  name: 'PAY',
  title: 'Payment Terms',
  keys: ['PAYCODE'],
  subforms: ['PAYITEMS_SUBFORM'],
  readOnlyForm: true,
  properties: [
    S('PAYCODE', 4, 'Pay Terms Code', 'key', 'ro'),
    S('PAYDES', 24, 'Payment Terms', 'ro'),
    S('EPAYDES', 24, 'Payment Terms (Lang 2)', 'ro'),
    I('PAYDAYS', 'Days to Payment', 'ro'),
    S('MONTHLY', 1, 'From End of Month', 'ro'),
    I('PAYMONTHS', 'Months to Payment', 'ro'),
    S('INACTIVE', 1, 'Inactive', 'ro'),
    I('PAY', 'Pay Terms (ID)', 'ro', 'au'),
  ],
});

export const PAYITEMS_SUBFORM = form({
  name: 'PAYITEMS_SUBFORM',
  title: 'Installments',
  parent: 'PAY',
  keys: ['KLINE'],
  readOnlyForm: true,
  properties: [
    D('PERCENT', 6, 2, 'Percent of Total', 'ro'),
    I('DAYS', 'Days', 'ro'),
    I('MONTHS', 'Months', 'ro'),
    S('MONTHLY', 1, 'From End of Month', 'ro'),
    I('KLINE', 'Installment', 'key', 'ro'),
  ],
});

export const ACCOUNTS_RECEIVABLE = form({
  name: 'ACCOUNTS_RECEIVABLE',
  title: 'Customer Balances',
  keys: ['ACCNAME'],
  readOnlyForm: true,
  properties: [
    S('ACCNAME', 16, 'Account', 'key', 'ro'),
    S('ACCDES', 48, 'Account Description', 'ro'),
    S('CUSTNAME', 16, 'Customer Number', 'ro'),
    S('CUSTDES', 48, 'Customer Name', 'ro'),
    S('CODE', 3, 'Currency', 'ro'),
    D('DEBIT1', 16, 2, 'Debit Total', 'ro'),
    D('CREDIT1', 16, 2, 'Credit Total', 'ro'),
    D('BALANCE', 16, 2, 'Balance', 'ro'),
    D('MAX_CREDIT', 16, 2, 'Max Credit', 'ro'),
    T('LASTDATE', 'Last Activity', 'date', 'ro'),
    I('ACCOUNT', 'Account (ID)', 'ro', 'au'),
  ],
});
